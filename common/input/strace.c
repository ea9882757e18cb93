/*
 * strace.c - see strace.h.
 *
 * A line is a prefix (PID, time) and a body.  The body of a call is
 * scanned once for the parenthesis that closes its arguments; strings,
 * comments and -y paths are skipped whole on the way, so that no ')' or
 * ',' inside them is taken for structure.
 */
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "input/strace.h"

static const char unfinished_mark[] = "<unfinished ...>";

static bool
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool
is_name_char(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_' || c == '?';
}

static struct span
span_from(struct span s, size_t i)
{
	return span_make(s.p + i, s.n - i);
}

/* The index of the quote that ends the string opening at i, or s.n - 1. */
static size_t
string_end(struct span s, size_t i)
{
	for (size_t j = i + 1; j < s.n; j++) {
		if (s.p[j] == '\\')
			j++;
		else if (s.p[j] == '"')
			return j;
	}
	return s.n - 1;
}

/*
 * Does a -y path open at i?  It follows a descriptor: digits, or
 * AT_FDCWD.  ("1<<20" and "a <= b" are not paths.)
 */
static bool
path_opens(struct span s, size_t i)
{
	if (i + 1 >= s.n || s.p[i + 1] == '<' || s.p[i + 1] == '=')
		return false;
	return (i > 0 && is_digit(s.p[i - 1])) ||
	       (i >= 8 && memcmp(s.p + i - 8, "AT_FDCWD", 8) == 0);
}

/*
 * The index of the '>' that ends the -y path opening at i, or s.n - 1.
 * strace escapes '>' in paths, but -yy's "[1.2.3.4:80->5.6.7.8:9]" holds
 * one: brackets are skipped whole.
 */
static size_t
path_end(struct span s, size_t i)
{
	for (size_t j = i + 1; j < s.n; j++) {
		if (s.p[j] == '[') {
			const char *close = memchr(s.p + j, ']', s.n - j);
			if (close == NULL)
				return s.n - 1;
			j = (size_t)(close - s.p);
		} else if (s.p[j] == '>') {
			return j;
		}
	}
	return s.n - 1;
}

/*
 * The index of the first byte of s that is one of stops at depth 0:
 * outside strings, comments, -y paths and brackets.  s.n when none is.
 */
static size_t
scan(struct span s, const char *stops)
{
	int depth = 0;

	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (depth == 0 && c != '\0' && strchr(stops, c) != NULL)
			return i;
		switch (c) {
		case '"':
			i = string_end(s, i);
			break;
		case '/':
			if (i + 1 < s.n && s.p[i + 1] == '*') {
				const char *end =
				    memmem(s.p + i + 2, s.n - i - 2, "*/", 2);
				i = end != NULL ? (size_t)(end - s.p) + 1
				                : s.n - 1;
			}
			break;
		case '<':
			if (path_opens(s, i))
				i = path_end(s, i);
			break;
		case '(':
		case '[':
		case '{':
			depth++;
			break;
		case ')':
		case ']':
		case '}':
			if (depth > 0)
				depth--;
			break;
		default:
			break;
		}
	}
	return s.n;
}

/* Digits and one '.': "0.000032" seconds, as microseconds; -1 if not. */
static int64_t
parse_usec(struct span s)
{
	int64_t sec = 0, usec = 0;
	size_t i = 0;
	int frac = -1;

	if (s.n == 0)
		return -1;
	for (; i < s.n; i++) {
		char c = s.p[i];
		if (c == '.' && frac < 0) {
			frac = 0;
		} else if (!is_digit(c)) {
			return -1;
		} else if (frac < 0) {
			/* Past a million years a time is no time: unknown. */
			if (sec > INT64_MAX / 1000000 / 10)
				return -1;
			sec = sec * 10 + (c - '0');
		} else if (frac < 6) {
			usec = usec * 10 + (c - '0');
			frac++;
		}
	}
	for (; frac >= 0 && frac < 6; frac++)
		usec *= 10;
	return sec * 1000000 + usec;
}

/* "3", "-1", "0x7f12": a number at the start of s; its length, or 0. */
static size_t
parse_number(struct span s, int64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	bool minus = false;

	if (s.n > 2 && s.p[0] == '0' && s.p[1] == 'x') {
		for (i = 2; i < s.n; i++) {
			char c = s.p[i];
			int d = is_digit(c)              ? c - '0'
			        : (c >= 'a' && c <= 'f') ? c - 'a' + 10
			                                 : -1;
			if (d < 0)
				break;
			v = v * 16 + (uint64_t)d;
		}
		*out = (int64_t)v;
		return i > 2 ? i : 0;
	}
	if (s.n > 0 && s.p[0] == '-') {
		minus = true;
		i = 1;
	}
	size_t start = i;
	for (; i < s.n && is_digit(s.p[i]); i++)
		v = v * 10 + (uint64_t)(s.p[i] - '0');
	if (i == start)
		return 0;
	*out = (int64_t)(minus ? 0 - v : v); /* unsigned: no overflow */
	return i;
}

/* "= RESULT <0.000032>": what follows "= ", into c. */
static void
parse_result(struct span res, struct strace_call *c)
{
	res = span_trim(res);
	if (res.n > 2 && res.p[res.n - 1] == '>') {
		const char *lt = memrchr(res.p, '<', res.n);
		if (lt != NULL) {
			size_t at = (size_t)(lt - res.p);
			int64_t us =
			    parse_usec(span_make(lt + 1, res.n - at - 2));
			if (us >= 0) {
				c->usec = us;
				res = span_trim(span_make(res.p, at));
			}
		}
	}
	c->result = res;
	size_t i = parse_number(res, &c->ret);
	c->returned = i > 0;
	if (i == 0 && res.n > 0 && res.p[0] == '?')
		i = 1;
	if (c->returned && i < res.n && res.p[i] == '<') {
		size_t end = path_end(res, i);
		c->ret_path = span_make(res.p + i + 1, end - i - 1);
		i = end + 1;
	}
	while (i < res.n && res.p[i] == ' ')
		i++;
	/* "ENOENT (No such file or directory)", "ERESTARTSYS (...)" */
	size_t j = i;
	while (j < res.n &&
	       (is_digit(res.p[j]) || (res.p[j] >= 'A' && res.p[j] <= 'Z')))
		j++;
	if (j > i + 1 && res.p[i] == 'E' && (j == res.n || res.p[j] == ' ') &&
	    (!c->returned || c->ret < 0))
		c->error = span_make(res.p + i, j - i);
}

bool
strace_call_parse(struct span body, struct strace_call *c, bool *unfinished)
{
	size_t i = 0;

	memset(c, 0, sizeof *c);
	c->usec = -1;
	*unfinished = false;
	while (i < body.n && is_name_char(body.p[i]))
		i++;
	if (i == 0 || i == body.n || body.p[i] != '(')
		return false;
	c->name = span_make(body.p, i);
	struct span rest = span_from(body, i + 1);
	size_t close = scan(rest, ")");
	if (close == rest.n) {
		struct span t = span_trim(rest);
		if (!span_ends_with(t, unfinished_mark))
			return false;
		c->args = span_trim(
		    span_make(t.p, t.n - (sizeof unfinished_mark - 1)));
		*unfinished = true;
		return true;
	}
	c->args = span_make(rest.p, close);
	struct span after = span_trim(span_from(rest, close + 1));
	if (after.n == 0 || after.p[0] != '=')
		return false;
	parse_result(span_from(after, 1), c);
	return true;
}

/*
 * "[pid N] ", "PID ", "TIME ": what comes before the body.  The time is
 * the first word made of digits, '.' and ':' with a '.' or ':' in it.
 */
static struct span
parse_prefix(struct span line, int64_t *pid, struct span *time)
{
	size_t i = 0;

	*pid = -1;
	*time = span_make(NULL, 0);
	while (i < line.n && line.p[i] == ' ')
		i++;
	if (span_starts_with(span_from(line, i), "[pid")) {
		i += 4;
		while (i < line.n && line.p[i] == ' ')
			i++;
		size_t n = parse_number(span_from(line, i), pid);
		if (n == 0 || i + n >= line.n || line.p[i + n] != ']')
			return span_make(NULL, 0);
		i += n + 1;
	} else {
		size_t j = i;
		while (j < line.n && is_digit(line.p[j]))
			j++;
		if (j > i && j < line.n && line.p[j] == ' ') {
			parse_number(span_from(line, i), pid);
			i = j;
		}
	}
	while (i < line.n && line.p[i] == ' ')
		i++;
	size_t j = i;
	bool mark = false;
	while (j < line.n &&
	       (is_digit(line.p[j]) || line.p[j] == '.' || line.p[j] == ':')) {
		mark |= line.p[j] == '.' || line.p[j] == ':';
		j++;
	}
	if (j > i && mark && j < line.n && line.p[j] == ' ') {
		*time = span_make(line.p + i, j - i);
		i = j;
		while (i < line.n && line.p[i] == ' ')
			i++;
	}
	return span_from(line, i);
}

static bool
is_signal(struct span body)
{
	return body.n >= 8 && span_starts_with(body, "--- ") &&
	       span_ends_with(body, " ---");
}

static bool
is_exit(struct span body)
{
	return body.n >= 8 && span_starts_with(body, "+++ ") &&
	       span_ends_with(body, " +++");
}

bool
strace_detect(struct span head)
{
	struct span line = first_text_line(head, true);
	struct strace_call c;
	int64_t pid;
	struct span time;
	bool unfinished;

	if (line.p == NULL)
		return false;
	struct span body = parse_prefix(line, &pid, &time);
	return strace_call_parse(body, &c, &unfinished) || is_signal(body) ||
	       is_exit(body) || span_starts_with(body, "<... ");
}

void
strace_reader_init(struct strace_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	line_reader_init(&r->lines, fd, name);
}

void
strace_reader_free(struct strace_reader *r)
{
	for (size_t i = 0; i < r->npending; i++)
		free(r->pending[i].text);
	free(r->pending);
	free(r->join);
	line_reader_free(&r->lines);
	memset(r, 0, sizeof *r);
}

static struct strace_pending *
find_pending(struct strace_reader *r, int64_t pid)
{
	for (size_t i = 0; i < r->npending; i++)
		if (r->pending[i].used && r->pending[i].pid == pid)
			return &r->pending[i];
	return NULL;
}

/* Keep a first half: the time, then the body without the mark. */
static void
keep_pending(struct strace_reader *r, int64_t pid, struct span time,
             struct span body)
{
	struct strace_pending *slot = find_pending(r, pid);

	if (slot != NULL)
		line_reader_bad(&r->lines, r->lines.lineno,
		                "a second unfinished call of one thread: the "
		                "first is left out");
	for (size_t i = 0; slot == NULL && i < r->npending; i++)
		if (!r->pending[i].used)
			slot = &r->pending[i];
	if (slot == NULL) {
		r->pending = array_reserve(r->pending, &r->pending_cap,
		                           r->npending + 1, sizeof *r->pending);
		slot = &r->pending[r->npending++];
		memset(slot, 0, sizeof *slot);
	}
	body = span_trim(body);
	body.n -= sizeof unfinished_mark - 1;
	body = span_trim(body);
	slot->text =
	    array_reserve(slot->text, &slot->cap, time.n + body.n + 2, 1);
	if (time.n > 0)
		memcpy(slot->text, time.p, time.n);
	if (body.n > 0)
		memcpy(slot->text + time.n, body.p, body.n);
	slot->len = time.n + body.n;
	/* "f(a, b," then "c) = 0": keep the blank between the halves. */
	if (body.n > 0 && body.p[body.n - 1] == ',')
		slot->text[slot->len++] = ' ';
	slot->time_len = time.n;
	slot->pid = pid;
	slot->lineno = r->lines.lineno;
	slot->used = true;
}

/* The pending call with rest appended, into r->join. */
static void
join_pending(struct strace_reader *r, const struct strace_pending *slot,
             struct span rest)
{
	r->join =
	    array_reserve(r->join, &r->join_cap, slot->len + rest.n + 1, 1);
	memcpy(r->join, slot->text, slot->len);
	memcpy(r->join + slot->len, rest.p, rest.n);
	r->join[slot->len + rest.n] = '\0';
}

/* Hand out the joined text of slot as c; false when still unfinished. */
static bool
finish_joined(struct strace_reader *r, struct strace_pending *slot, size_t len,
              struct strace_call *c)
{
	bool unfinished;
	struct span body =
	    span_make(r->join + slot->time_len, len - slot->time_len);

	if (!strace_call_parse(body, c, &unfinished)) {
		line_reader_bad(&r->lines, r->lines.lineno,
		                "not a call, joined with its first half");
		slot->used = false;
		return false;
	}
	c->pid = slot->pid;
	c->time = span_make(r->join, slot->time_len);
	c->lineno = slot->lineno;
	c->joined = true;
	slot->used = false;
	r->calls++;
	return true;
}

/* A call in flight whose second half will not come: without result. */
static bool
hand_out_unfinished(struct strace_reader *r, struct strace_pending *slot,
                    struct strace_call *c)
{
	join_pending(r, slot,
	             span_make(unfinished_mark, sizeof unfinished_mark - 1));
	if (!finish_joined(r, slot, slot->len + sizeof unfinished_mark - 1, c))
		return false;
	r->unfinished++;
	return true;
}

/* "<... NAME resumed>REST": false when nothing is handed out yet. */
static bool
resume(struct strace_reader *r, int64_t pid, struct span body,
       struct strace_call *c)
{
	struct span rest = span_from(body, 5);
	const char *end = memmem(rest.p, rest.n, " resumed>", 9);
	struct strace_pending *slot = find_pending(r, pid);

	if (end == NULL) {
		line_reader_bad(&r->lines, r->lines.lineno,
		                "a resumed call without ' resumed>'");
		return false;
	}
	struct span name = span_make(rest.p, (size_t)(end - rest.p));
	rest = span_make(end + 9, rest.n - name.n - 9);
	if (slot == NULL) {
		line_reader_bad(&r->lines, r->lines.lineno,
		                "a resumed call that never began");
		return false;
	}
	struct span began = span_make(slot->text + slot->time_len, name.n);
	if (slot->len - slot->time_len <= name.n || !span_eq(began, name) ||
	    slot->text[slot->time_len + name.n] != '(') {
		line_reader_bad(&r->lines, r->lines.lineno,
		                "resumed, but another call of this thread is "
		                "unfinished");
		return false;
	}
	join_pending(r, slot, rest);
	size_t len = slot->len + rest.n;
	if (span_ends_with(span_trim(rest), unfinished_mark)) {
		/* Resumed and interrupted again: the join is the new half. */
		size_t n = len;
		while (n > slot->time_len && r->join[n - 1] == ' ')
			n--;
		n -= sizeof unfinished_mark - 1;
		while (n > slot->time_len && r->join[n - 1] == ' ')
			n--;
		if (n > slot->time_len && r->join[n - 1] == ',')
			r->join[n++] = ' ';
		char *text = slot->text;
		size_t cap = slot->cap;
		slot->text = r->join;
		slot->cap = r->join_cap;
		slot->len = n;
		r->join = text;
		r->join_cap = cap;
		return false;
	}
	return finish_joined(r, slot, len, c);
}

bool
strace_reader_next(struct strace_reader *r, struct strace_call *c)
{
	struct span line;

	while (!r->at_end && line_reader_next(&r->lines, &line)) {
		int64_t pid;
		struct span time;
		bool unfinished;

		if (span_trim(line).n == 0)
			continue;
		if (r->lines.too_long) {
			line_reader_bad(&r->lines, r->lines.lineno,
			                "a line too long to read");
			continue;
		}
		struct span body = parse_prefix(line, &pid, &time);
		if (is_signal(body)) {
			r->signals++;
		} else if (is_exit(body)) {
			r->exits++;
			struct strace_pending *slot = find_pending(r, pid);
			if (slot != NULL && hand_out_unfinished(r, slot, c))
				return true;
		} else if (span_starts_with(body, "<... ")) {
			if (resume(r, pid, body, c))
				return true;
		} else if (!strace_call_parse(body, c, &unfinished)) {
			line_reader_bad(&r->lines, r->lines.lineno,
			                "not a line of strace");
		} else if (unfinished) {
			keep_pending(r, pid, time, body);
		} else {
			c->pid = pid;
			c->time = time;
			c->lineno = r->lines.lineno;
			r->calls++;
			return true;
		}
	}
	r->at_end = true;
	for (size_t i = 0; i < r->npending; i++) {
		if (r->pending[i].used &&
		    hand_out_unfinished(r, &r->pending[i], c))
			return true;
	}
	return false;
}

void
strace_reader_summary(const struct strace_reader *r)
{
	line_reader_summary(&r->lines);
}

bool
strace_arg_next(struct span *args, struct span *arg)
{
	struct span s = span_trim(*args);

	if (s.n == 0)
		return false;
	size_t comma = scan(s, ",");
	*arg = span_trim(span_make(s.p, comma));
	*args = comma < s.n ? span_from(s, comma + 1) : span_make(s.p + s.n, 0);
	return true;
}

bool
strace_arg_string(struct span arg, struct span *text, bool *cut)
{
	if (arg.n < 2 || arg.p[0] != '"')
		return false;
	size_t end = string_end(arg, 0);
	if (end == 0 || arg.p[end] != '"')
		return false;
	*text = span_make(arg.p + 1, end - 1);
	*cut = span_starts_with(span_from(arg, end + 1), "...");
	return true;
}

bool
strace_arg_fd(struct span arg, int64_t *fd, struct span *path)
{
	size_t i;

	*path = span_make(NULL, 0);
	if (span_starts_with(arg, "AT_FDCWD")) {
		*fd = STRACE_AT_FDCWD;
		i = 8;
	} else if ((i = parse_number(arg, fd)) == 0 ||
	           span_starts_with(arg, "0x")) {
		return false;
	}
	if (i == arg.n)
		return true;
	if (arg.p[i] != '<' || arg.p[arg.n - 1] != '>' ||
	    path_end(arg, i) != arg.n - 1)
		return false;
	*path = span_make(arg.p + i + 1, arg.n - i - 2);
	return true;
}

bool
strace_arg_has_flag(struct span arg, const char *flag)
{
	struct span want = span_cstr(flag);

	while (arg.n > 0) {
		const char *bar = memchr(arg.p, '|', arg.n);
		size_t n = bar != NULL ? (size_t)(bar - arg.p) : arg.n;
		if (span_eq(span_trim(span_make(arg.p, n)), want))
			return true;
		arg = bar != NULL ? span_from(arg, n + 1) : span_make(NULL, 0);
	}
	return false;
}

static int
hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t
strace_unescape(struct span s, char *out)
{
	static const char named[] = "n\nt\tr\rv\vf\fa\ab\b";
	size_t n = 0;

	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (c != '\\' || i + 1 == s.n) {
			out[n++] = c;
			continue;
		}
		c = s.p[++i];
		const char *e = strchr(named, c);
		if (c != '\0' && e != NULL && (e - named) % 2 == 0) {
			out[n++] = e[1];
		} else if (c == 'x' && i + 1 < s.n &&
		           hex_value(s.p[i + 1]) >= 0) {
			int v = hex_value(s.p[++i]);
			if (i + 1 < s.n && hex_value(s.p[i + 1]) >= 0)
				v = v * 16 + hex_value(s.p[++i]);
			out[n++] = (char)v;
		} else if (c >= '0' && c <= '7') {
			int v = c - '0';
			for (int k = 0; k < 2 && i + 1 < s.n &&
			                s.p[i + 1] >= '0' && s.p[i + 1] <= '7';
			     k++)
				v = v * 8 + (s.p[++i] - '0');
			out[n++] = (char)v;
		} else {
			out[n++] = c; /* \" \\ and the rest: the character */
		}
	}
	return n;
}

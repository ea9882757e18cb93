/*
 * folded.c - see folded.h.
 */
#include <stdlib.h>
#include <string.h>

#include "input/folded.h"

/* A count: digits, optionally a '.' and more digits. */
static bool
parse_count(struct span t, double *out)
{
	double v = 0, scale = 0;
	size_t digits = 0;

	for (size_t i = 0; i < t.n; i++) {
		char c = t.p[i];
		if (c == '.' && scale == 0 && digits > 0) {
			scale = 1;
		} else if (c >= '0' && c <= '9') {
			if (scale > 0) {
				scale /= 10;
				v += (c - '0') * scale;
			} else {
				v = v * 10 + (c - '0');
			}
			digits++;
		} else {
			return false;
		}
	}
	*out = v;
	/* A count is a number of samples or a sum of periods: a uint64_t. */
	return digits > 0 && v < 0x1p64;
}

/* The last space-separated token of s, removed from s. */
static bool
pop_token(struct span *s, struct span *token)
{
	size_t end = s->n;

	while (end > 0 && (s->p[end - 1] == ' ' || s->p[end - 1] == '\t'))
		end--;
	size_t start = end;
	while (start > 0 && s->p[start - 1] != ' ' && s->p[start - 1] != '\t')
		start--;
	if (start == 0 || start == end)
		return false;
	*token = span_make(s->p + start, end - start);
	/*
	 * One blank separates the count; more belong to the stack, as
	 * flamegraph.pl reads it: in "a;  3" the leaf is the frame " ".
	 */
	s->n = start - 1;
	return true;
}

bool
folded_parse_line(struct span line, struct folded_line *out)
{
	struct span rest = line, last, before;

	if (!pop_token(&rest, &last) || !parse_count(last, &out->count[0]))
		return false;
	out->ncounts = 1;
	out->count[1] = 0;
	struct span try = rest;
	if (pop_token(&try, &before) && parse_count(before, &out->count[1])) {
		/* "stack A B": the first count is A. */
		double b = out->count[0];
		out->count[0] = out->count[1];
		out->count[1] = b;
		out->ncounts = 2;
		rest = try;
	}
	if (rest.n == 0)
		return false;
	out->stack = rest;
	return true;
}

bool
folded_next_frame(struct span *rest, struct span *frame)
{
	if (rest->p == NULL)
		return false;
	const char *semi = memchr(rest->p, ';', rest->n);
	if (semi == NULL) {
		*frame = *rest;
		*rest = span_make(NULL, 0);
		return true;
	}
	*frame = span_make(rest->p, (size_t)(semi - rest->p));
	rest->n -= frame->n + 1;
	rest->p = semi + 1;
	return true;
}

void
folded_reader_init(struct folded_reader *r, int fd, const char *name)
{
	memset(r, 0, sizeof *r);
	line_reader_init(&r->lines, fd, name);
}

void
folded_reader_free(struct folded_reader *r)
{
	line_reader_free(&r->lines);
}

/* How much of the head of an input tells a diff file from a plain one. */
enum { HEAD_BYTES = 64 << 10 };

/*
 * The counts of the stacks in head: 1 when a line has one (the file is not
 * a diff file, and a line "a;Thread 5 7" ends in the frame "Thread 5"), 2
 * when every line has two, 0 when no line has a count.  A last line cut by
 * the peek (cut) is not read.
 */
static int
head_counts(struct span head, bool cut)
{
	int counts = 0;
	struct folded_line fl;

	while (head.n > 0) {
		const char *nl = memchr(head.p, '\n', head.n);
		if (nl == NULL && cut)
			break;
		size_t n = nl ? (size_t)(nl - head.p) : head.n;
		struct span line = span_make(head.p, n);
		if (n > 0 && line.p[n - 1] == '\r')
			line.n--;
		head = span_make(head.p + n + (nl != NULL),
		                 head.n - n - (nl != NULL));
		if (line.n == 0 || line.p[0] == '#' ||
		    !folded_parse_line(line, &fl))
			continue;
		if (fl.ncounts == 1)
			return 1;
		counts = 2;
	}
	return counts;
}

bool
folded_reader_next(struct folded_reader *r, struct folded_line *out)
{
	struct span line;

	if (r->ncounts == 0 && r->stacks == 0 && r->lines.lineno == 0) {
		struct span head = line_reader_peek(&r->lines, HEAD_BYTES);
		r->ncounts = head_counts(head, head.n == HEAD_BYTES);
	}
	for (;;) {
		/* The lines before are done with: the buffer need not keep
		   them (memory stays one buffer, whatever the input's size). */
		line_reader_mark(&r->lines);
		if (!line_reader_next(&r->lines, &line))
			break;
		if (r->lines.too_long) {
			line_reader_bad(&r->lines, r->lines.lineno,
			                "line too long");
			continue;
		}
		if (line.n > 0 && line.p[0] == '#' && r->comment != NULL)
			r->comment(r->comment_ctx, line);
		if (line.n == 0 || line.p[0] == '#')
			continue;
		if (!folded_parse_line(line, out)) {
			line_reader_bad(&r->lines, r->lines.lineno,
			                "not a folded stack (no count)");
			continue;
		}
		if (r->ncounts == 0)
			r->ncounts = out->ncounts;
		if (out->ncounts == 2 && r->ncounts == 1) {
			/* "a;Thread 5 7": the 5 is part of the last frame. */
			out->stack.n = (size_t)(line.p + line.n - out->stack.p);
			struct span count;
			pop_token(&out->stack, &count);
			out->count[0] = out->count[1];
			out->count[1] = 0;
			out->ncounts = 1;
		}
		if (out->ncounts != r->ncounts) {
			line_reader_bad(&r->lines, r->lines.lineno,
			                "one count in a diff file");
			continue;
		}
		out->lineno = r->lines.lineno;
		r->stacks++;
		return true;
	}
	return false;
}

void
folded_reader_summary(const struct folded_reader *r)
{
	line_reader_summary(&r->lines);
}

int
folded_compare(const struct string_table *names, const uint32_t *a, uint32_t na,
               const uint32_t *b, uint32_t nb, int end)
{
	uint32_t i = 0;
	while (i < na && i < nb && a[i] == b[i])
		i++;
	if (i == na || i == nb) {
		/* One stack goes on where the other ends: ';' against end. */
		int next_a = i < na ? ';' : end;
		int next_b = i < nb ? ';' : end;
		return (next_a > next_b) - (next_a < next_b);
	}
	/* From the first difference: "name;rest" against "name;rest". */
	struct span x = string_table_get(names, a[i]);
	struct span y = string_table_get(names, b[i]);
	size_t common = x.n < y.n ? x.n : y.n;
	int r = common > 0 ? memcmp(x.p, y.p, common) : 0;
	if (r != 0)
		return r;
	/* One name is a prefix of the other: what follows it decides. */
	int next_x = x.n > common ? (unsigned char)x.p[common]
	             : i + 1 < na ? ';'
	                          : end;
	int next_y = y.n > common ? (unsigned char)y.p[common]
	             : i + 1 < nb ? ';'
	                          : end;
	return (next_x > next_y) - (next_x < next_y);
}

/*
 * category_rules.c - see category_rules.h.
 *
 * A line is cut into words at blanks; a rule is checked word by word and
 * every problem of the line is reported as one message, the first found.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "match/category_rules.h"
#include "match/pattern.h"

#ifndef PERFVIEWS_DATADIR
#define PERFVIEWS_DATADIR "/usr/local/share/perfviews"
#endif
#define RULES_FILE "cpython.rules"

/* Words of a rule: category, then up to two field and pattern pairs. */
enum { MAX_WORDS = 5 };

static const char *const field_names[] = {"sym", "dso", "module"};

void
category_rules_init(struct category_rules *r)
{
	memset(r, 0, sizeof *r);
	string_table_init(&r->categories);
	r->unknown = string_table_intern(&r->categories, span_cstr("unknown"));
}

void
category_rules_free(struct category_rules *r)
{
	for (size_t i = 0; i < r->count; i++)
		for (unsigned j = 0; j < r->rules[i].npairs; j++)
			pattern_free(r->rules[i].pairs[j].pattern);
	free(r->rules);
	free(r->path);
	string_table_free(&r->categories);
	memset(r, 0, sizeof *r);
}

struct parser {
	struct category_rules *rules;
	const char *path;
	size_t line;
	size_t errors;
	rule_error_fn error;
	void *ctx;
};

static void report(struct parser *ps, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
report(struct parser *ps, const char *fmt, ...)
{
	char what[512], msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (ps->line > 0)
		snprintf(msg, sizeof msg, "%s:%zu: %s", ps->path, ps->line,
		         what);
	else
		snprintf(msg, sizeof msg, "%s: %s", ps->path, what);
	if (ps->error != NULL)
		ps->error(ps->ctx, msg);
	else
		warnmsg("%s", msg);
	ps->errors++;
}

static bool
parse_field(struct span word, enum rule_field *out)
{
	for (size_t i = 0; i < sizeof field_names / sizeof *field_names; i++) {
		if (span_eq_cstr(word, field_names[i])) {
			*out = (enum rule_field)i;
			return true;
		}
	}
	return false;
}

static bool
category_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
	       c == '+';
}

/* Split a line into words; false when it has more than max. */
static bool
split_words(struct span line, struct span *words, size_t max, size_t *n)
{
	size_t i = 0;

	*n = 0;
	while (i < line.n) {
		while (i < line.n && is_blank_char(line.p[i]))
			i++;
		if (i == line.n || line.p[i] == '#')
			break;
		size_t start = i;
		while (i < line.n && !is_blank_char(line.p[i]))
			i++;
		if (*n == max)
			return false;
		words[(*n)++] = span_make(line.p + start, i - start);
	}
	return true;
}

static bool
check_category(struct parser *ps, struct span name)
{
	enum rule_field f;

	if (parse_field(name, &f)) {
		report(ps, "no category: the rule starts with the field '%s'",
		       field_names[f]);
		return false;
	}
	for (size_t i = 0; i < name.n; i++) {
		if (!category_char(name.p[i])) {
			report(ps,
			       "bad category name '%.*s' (letters, digits, _ - "
			       ". +)",
			       (int)name.n, name.p);
			return false;
		}
	}
	return true;
}

/* The pairs of a rule: words[1..n-1]; false, reported, when bad. */
static bool
parse_pairs(struct parser *ps, struct category_rule *rule,
            const struct span *words, size_t n)
{
	for (size_t i = 1; i < n; i += 2) {
		enum rule_field field;
		if (!parse_field(words[i], &field)) {
			report(ps, "unknown field '%.*s' (sym, dso or module)",
			       (int)words[i].n, words[i].p);
			return false;
		}
		if (i + 1 == n) {
			report(ps, "field '%s' has no pattern",
			       field_names[field]);
			return false;
		}
		for (unsigned j = 0; j < rule->npairs; j++) {
			if (rule->pairs[j].field == field) {
				report(ps, "field '%s' given twice",
				       field_names[field]);
				return false;
			}
		}
		char err[300];
		struct pattern *p =
		    pattern_try_compile(words[i + 1], err, sizeof err);
		if (p == NULL) {
			report(
			    ps, "bad pattern '%.*s': %s",
			    (int)(words[i + 1].n > 200 ? 200 : words[i + 1].n),
			    words[i + 1].p, err);
			return false;
		}
		rule->pairs[rule->npairs].field = field;
		rule->pairs[rule->npairs].pattern = p;
		rule->npairs++;
		if (field == RULE_MODULE)
			rule->has_module = true;
	}
	return true;
}

static void
parse_line(struct parser *ps, struct span line)
{
	struct span words[MAX_WORDS];
	size_t n;
	struct category_rule rule;

	if (line.n > 0 && line.p[line.n - 1] == '\r')
		line.n--;
	if (!split_words(line, words, MAX_WORDS, &n)) {
		report(ps,
		       "too many words: a rule is CATEGORY FIELD PATTERN "
		       "[FIELD PATTERN] (a pattern has no blanks: write \\s)");
		return;
	}
	if (n == 0)
		return;
	if (!check_category(ps, words[0]))
		return;
	if (n == 1) {
		report(ps, "category '%.*s' has no field and pattern",
		       (int)words[0].n, words[0].p);
		return;
	}
	memset(&rule, 0, sizeof rule);
	if (!parse_pairs(ps, &rule, words, n)) {
		for (unsigned j = 0; j < rule.npairs; j++)
			pattern_free(rule.pairs[j].pattern);
		return;
	}
	struct category_rules *r = ps->rules;
	rule.category = string_table_intern(&r->categories, words[0]);
	rule.line = (uint32_t)ps->line;
	r->rules =
	    array_reserve(r->rules, &r->cap, r->count + 1, sizeof *r->rules);
	r->rules[r->count++] = rule;
}

size_t
category_rules_parse(struct category_rules *r, const char *path,
                     struct span text, rule_error_fn error, void *ctx)
{
	struct parser ps = {r, path, 0, 0, error, ctx};

	free(r->path);
	r->path = xstrdup(path);
	while (text.n > 0) {
		const char *nl = memchr(text.p, '\n', text.n);
		size_t len = nl ? (size_t)(nl - text.p) : text.n;
		ps.line++;
		parse_line(&ps, span_make(text.p, len));
		text.p += len + (nl != NULL);
		text.n -= len + (nl != NULL);
	}
	return ps.errors;
}

size_t
category_rules_load(struct category_rules *r, const char *path,
                    rule_error_fn error, void *ctx)
{
	struct parser ps = {r, path, 0, 0, error, ctx};
	int fd = open(path, O_RDONLY);
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (fd < 0) {
		report(&ps, "%s", strerror(errno));
		return ps.errors;
	}
	for (;;) {
		buf = array_reserve(buf, &cap, len + 65536, 1);
		ssize_t got = read(fd, buf + len, cap - len);
		if (got == 0)
			break;
		if (got < 0) {
			if (errno == EINTR)
				continue;
			report(&ps, "%s", strerror(errno));
			break;
		}
		len += (size_t)got;
	}
	close(fd);
	if (ps.errors == 0) {
		ps.errors = category_rules_parse(r, path, span_make(buf, len),
		                                 error, ctx);
		if (ps.errors == 0 && r->count == 0)
			report(&ps, "no rules");
	}
	free(buf);
	return ps.errors;
}

char *
category_rules_find(const char *given)
{
	return rules_file_find(given, "PERFVIEWS_RULES", RULES_FILE);
}

char *
rules_file_find(const char *given, const char *variable, const char *file)
{
	const char *env = getenv(variable);
	char exe[PATH_MAX], path[PATH_MAX + 64];

	if (given != NULL)
		return xstrdup(given);
	if (env != NULL && env[0] != '\0')
		return xstrdup(env);
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	/* The program's directory, then up to three above it. */
	for (int up = 0; up < 4; up++) {
		char *slash = strrchr(exe, '/');
		if (slash == NULL)
			break;
		*slash = '\0';
		if (up == 0)
			continue;
		snprintf(path, sizeof path, "%s/share/perfviews/%s", exe, file);
		if (access(path, R_OK) == 0)
			return xstrdup(path);
	}
	return xasprintf("%s/%s", PERFVIEWS_DATADIR, file);
}

const char *
category_rules_shown(const struct category_rules *r, const char *given)
{
	return rules_file_shown(r, given, "PERFVIEWS_RULES",
	                        RULES_FILE " (the default rules)");
}

const char *
rules_file_shown(const struct category_rules *r, const char *given,
                 const char *variable, const char *default_name)
{
	const char *env = getenv(variable);

	if (given != NULL || (env != NULL && env[0] != '\0'))
		return r->path;
	return default_name;
}

void
category_rules_load_or_exit(struct category_rules *r, const char *given)
{
	char *path = category_rules_find(given);
	const char *env = getenv("PERFVIEWS_RULES");

	/* The installed rules missing: say how to give others. */
	if (given == NULL && (env == NULL || *env == '\0') &&
	    access(path, R_OK) != 0)
		die(EXIT_DATA,
		    "no category rules: %s: %s (the installed rules: is this "
		    "program installed with make install?); give --rules FILE "
		    "or set PERFVIEWS_RULES",
		    path, strerror(errno));
	rules_file_load_or_exit(r, path);
}

void
rules_file_load_or_exit(struct category_rules *r, char *path)
{
	bool readable = access(path, R_OK) == 0;

	category_rules_init(r);
	size_t errors = category_rules_load(r, path, NULL, NULL);
	free(path);
	if (errors > 0) {
		/* Unreadable is an I/O error; a bad line, a bad invocation. */
		category_rules_free(r);
		exit(readable ? EXIT_USAGE : EXIT_DATA);
	}
}

/* True when every pair of the rule matches the subject. */
static bool
category_rule_matches(const struct category_rule *rule,
                      const struct rule_subject *s)
{
	for (unsigned i = 0; i < rule->npairs; i++) {
		struct span subject = rule->pairs[i].field == RULE_SYM ? s->sym
		                      : rule->pairs[i].field == RULE_DSO
		                          ? s->dso
		                          : s->module;
		if (subject.p == NULL ||
		    !pattern_match(rule->pairs[i].pattern, subject))
			return false;
	}
	return true;
}

uint32_t
category_rules_match(const struct category_rules *r,
                     const struct rule_subject *s, uint32_t from,
                     bool module_only)
{
	for (size_t i = from; i < r->count; i++) {
		const struct category_rule *rule = &r->rules[i];
		if (module_only && !rule->has_module)
			continue;
		if (category_rule_matches(rule, s))
			return (uint32_t)i;
	}
	return RULE_NONE;
}

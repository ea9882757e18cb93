/*
 * category_rules.h - rules that put functions into categories.
 *
 * A rules file holds one rule a line:
 *
 *     CATEGORY FIELD PATTERN [FIELD PATTERN]
 *
 * FIELD is what the pattern is matched against: "sym" the function's name
 * (argument list and compiler clone suffixes removed by the caller), "dso"
 * the DSO's basename ("libc.so.6", "[kernel.kallsyms]") or "module" the
 * file of a Python frame ("py::NAME:FILE" gives FILE; other frames have no
 * module and never match a module pattern).  PATTERN is a PCRE2 pattern,
 * searched anywhere in the field unless anchored with ^ or $.  Words are
 * separated by blanks and tabs, so a pattern has none (write \s or \x20);
 * a word starting with '#' begins a comment, to the end of the line, and
 * blank lines are ignored.  With two pairs, both must match.  A category
 * name is letters, digits, '_', '-', '.' and '+'.
 *
 * The first rule that matches a function wins; a function no rule matches
 * is "unknown".  Lines have no length limit.
 *
 * Errors are reported one per bad line as "FILE:LINE: what is wrong", and
 * a file with errors is never half used: the caller stops.
 */
#ifndef PERFVIEWS_CATEGORY_RULES_H
#define PERFVIEWS_CATEGORY_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "base/string_table.h"

/* "No rule": what matching returns for a function no rule claims. */
#define RULE_NONE UINT32_MAX

enum rule_field { RULE_SYM, RULE_DSO, RULE_MODULE };

struct rule_pair {
	enum rule_field field;
	struct pattern *pattern;
};

struct category_rule {
	uint32_t category; /* id in the rules' categories */
	uint32_t line;     /* in the file, from 1 */
	unsigned npairs;   /* 1 or 2 */
	struct rule_pair pairs[2];
	bool has_module; /* a pair matches the module */
};

struct category_rules {
	char *path;                  /* the file, as named in messages */
	struct category_rule *rules; /* in file order */
	size_t count, cap;
	struct string_table categories; /* names, in order of first use */
	uint32_t unknown;               /* id of "unknown": always 0 */
};

/* What a function is matched on.  module.p is NULL for a native frame. */
struct rule_subject {
	struct span sym;
	struct span dso;
	struct span module;
};

/* Receives each error message ("FILE:LINE: what"); NULL: warnmsg. */
typedef void (*rule_error_fn)(void *ctx, const char *message);

void category_rules_init(struct category_rules *r);
void category_rules_free(struct category_rules *r);

/*
 * Add the rules of text, a file's contents, named path in messages.
 * Returns the number of bad lines, each reported through error.
 */
size_t category_rules_parse(struct category_rules *r, const char *path,
                            struct span text, rule_error_fn error, void *ctx);

/*
 * Read and parse the rules file at path.  Returns the number of errors
 * (a file that cannot be read, or holds no rule, is one).
 */
size_t category_rules_load(struct category_rules *r, const char *path,
                           rule_error_fn error, void *ctx);

/*
 * The rules file a program uses: given (its --rules) when not NULL, else
 * $PERFVIEWS_RULES when set, else share/perfviews/cpython.rules near the
 * program (PREFIX/bin/PROG, a source tree's bin/ or build/asan/bin/),
 * else the installed one, PERFVIEWS_DATADIR/cpython.rules.  A new string.
 */
char *category_rules_find(const char *given);

/*
 * The same search for another rules file: given, else $variable, else
 * share/perfviews/file near the program, else the installed one.
 */
char *rules_file_find(const char *given, const char *variable,
                      const char *file);

/*
 * category_rules_init, then load the rules file category_rules_find names,
 * or end: status 1 when it cannot be read, 2 when a line is bad (each
 * reported by warnmsg).
 */
void category_rules_load_or_exit(struct category_rules *r, const char *given);

/* The same for the rules file at path (a new string, freed here). */
void rules_file_load_or_exit(struct category_rules *r, char *path);

/*
 * The rules file as reports name it: its path when given (here, or by
 * $PERFVIEWS_RULES), the default rules by name alone ("cpython.rules (the
 * default rules)"), so that a report does not carry this machine's
 * directories.
 */
const char *category_rules_shown(const struct category_rules *r,
                                 const char *given);
/* The same for another rules file: default_name when it is the default. */
const char *rules_file_shown(const struct category_rules *r, const char *given,
                             const char *variable, const char *default_name);

/*
 * The index of the first rule at or after from that matches s, or
 * RULE_NONE.  With module_only, rules without a module pair are skipped
 * (the Python frames are categorised by module alone).
 */
uint32_t category_rules_match(const struct category_rules *r,
                              const struct rule_subject *s, uint32_t from,
                              bool module_only);

/* The category of a rule index, "unknown" for RULE_NONE. */
static inline uint32_t
category_of_rule(const struct category_rules *r, uint32_t rule)
{
	return rule == RULE_NONE ? r->unknown : r->rules[rule].category;
}

static inline uint32_t
category_count(const struct category_rules *r)
{
	return r->categories.count;
}

static inline struct span
category_name(const struct category_rules *r, uint32_t id)
{
	return string_table_get(&r->categories, id);
}

#endif

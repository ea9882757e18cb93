/*
 * compare.h - two profiles, A and B, compared item by item: what changed,
 * and is it more than noise?
 *
 * Each side is one input (perf script text, with or without the run
 * markers of a data set's raw file, or folded stacks) read into a profile
 * that keeps weights per run (compare_side.h: a side, its meta.json and
 * the unit of the values).  Items are what a view compares: functions
 * (name and DSO, as flatsort shows them), DSOs, categories (as bycategory
 * puts functions in them: compare_categorize), or whole stacks (as folded
 * text the way collapse writes it by default: command, then function names
 * from the root, no annotations).  An item of A and one of B are the same when
 * their names agree once DSO names have their version numbers set aside
 * (dso_family_name), unless exact_dso is set; the root of a stack (the command)
 * is matched the same way, so python3.11 and python3.12 are one.
 * (compare_match.h matches them.)
 * Instructions and families are those of CPython's eval loop, as the
 * bytecode view places a sample (views/bytecode_view.h: its innermost
 * _PyEval_EvalFrameDefault frame, by the interpreter's DWARF), matched by
 * name: the named parts of the loop and what could not be placed are items
 * too, each its own family.
 *
 * Per item and measure (self and total for functions, DSOs and categories,
 * the stack's weight for stacks; a sample's self goes to its leaf's item,
 * its total to every item with a frame in it, once; for instructions and
 * families, self and total as the bytecode view counts them: a sample's
 * one eval loop frame, self when it is the leaf) the result holds both
 * sides' shares, the difference and a test:
 *   - with two or more runs on both sides, the runs are the replicates:
 *     Welch's t-test on the per-run shares (per-run weights with absolute),
 *     each side's variance at least the counting error of a run (binomial
 *     for a share, Poisson for a count, pooled under the hypothesis of no
 *     difference): a few runs that agree by chance do not make a change
 *     certain;
 *   - otherwise the counting error of the sample counts: the two-proportion
 *     z-test on shares, a Poisson z-test on counts with absolute.  With
 *     weights by period, counts are the weights divided by the side's mean
 *     period.
 * Items with fewer than min_count samples on both sides together are not
 * tested (p and q are NaN): with so few samples no test tells a change
 * from noise, and leaving them out of the correction gives the others
 * their power back ("independent filtering": under the null hypothesis the
 * pooled count says nothing about the difference).  p-values of the items
 * tested are adjusted by Benjamini–Hochberg over the items of a measure; an
 * item is significant when its q-value is at most alpha.
 *
 * Memory: items x runs of both sides x measures doubles.
 */
#ifndef PERFVIEWS_COMPARE_H
#define PERFVIEWS_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/options.h"
#include "base/string_table.h"
#include "base/tuple_table.h"
#include "stats/significance.h"
#include "views/bytecode_view.h"
#include "views/profile.h"
#include "views/view_cli.h"
#include "compare/compare_side.h"

enum compare_key {
	KEY_FUNCTION,
	KEY_DSO,
	KEY_STACK,
	KEY_CATEGORY,
	KEY_INSTRUCTION, /* of the eval loop (family in the DSO's place) */
	KEY_FAMILY,      /* of instructions */
};

/* Keys of the eval loop: items from the sides' bytecode views. */
static inline bool
compare_key_eval_loop(enum compare_key key)
{
	return key == KEY_INSTRUCTION || key == KEY_FAMILY;
}

enum compare_test { TEST_WELCH, TEST_COUNTS };

struct compare_options {
	bool absolute;    /* counts (per run), not shares of each total */
	bool exact_dso;   /* DSO names must agree with their versions */
	bool force;       /* compare different events or weighting anyway */
	double alpha;     /* false discovery rate; 0.05 */
	double min_count; /* samples, both sides together, to be tested */
	enum compare_unit unit;
	bool eval_loop; /* place the eval loop's samples while reading, for
	                   compare_init_borrowing by instruction or family
	                   (always with those keys) */
};

/*
 * The options every comparison takes (flatdiff, diffstacks), one table
 * each program includes (OPT_TABLE over its struct compare_options):
 * --unit, --fdr (a percentage above 0, into alpha), --min-samples (a whole
 * number, into min_count), --exact-dso, --force; and their defaults (FDR
 * 5%, 10 samples).
 */
extern const struct option_row compare_option_table[];
void compare_options_default(struct compare_options *o);
/* --fdr's parser (OPT_CALL into a double alpha), for other tables. */
void compare_fdr_option(void *alpha, const char *value, const char *option);

#define COMPARE_NONE UINT32_MAX
enum { COMPARE_MEASURES = 2 }; /* self, total */

/*
 * What glue rules make of a function in stacks (compare_glue): nothing,
 * left out (category "glue"), one frame with its caller when directly
 * under itself (category "reentry"), or the start of the stack, its
 * callers left out (category "root").
 */
enum glue_kind { GLUE_NONE, GLUE_SKIP, GLUE_REENTRY, GLUE_ROOT };

struct compare_item {
	uint32_t name; /* id in names: function or stack text; NONE by DSO */
	uint32_t dso;  /* id in names: the DSO family; NONE for stacks */
	uint32_t dso_of[2]; /* each side's DSO name (the first seen), or NONE */
};

struct compare_result {
	double weight[2]; /* summed over the runs of each side */
	double share[2];  /* percent of the side's total; absolute: per run */
	double diff;      /* share[1] - share[0] */
	bool tested;      /* enough samples: test, q and significant are set */
	struct significance test; /* p is NaN when not tested */
	double q; /* Benjamini–Hochberg; NaN when not tested */
	bool significant;
};

struct compare {
	struct compare_options opt;
	enum compare_key key;
	struct compare_side side[2];
	struct string_table names; /* item names and DSO names */
	struct tuple_table index;  /* item key -> item id */
	struct compare_item *items;
	size_t items_cap;
	uint32_t nitems;
	uint32_t nmeasures; /* 2 (self, total), or 1 for stacks */
	enum compare_test test;
	enum compare_unit unit; /* resolved: never UNIT_AUTO */
	bool per_loop;          /* UNIT_TIME: per loop, not per run */
	bool by_name;           /* functions by name alone: a side is folded */
	uint32_t unknown;       /* "[unknown]" in names */
	char *rules;            /* KEY_CATEGORY: the rules file, as shown */
	char *glue;             /* KEY_STACK: the glue rules file, as shown */
	uint32_t nglue[2];      /* functions of each side that are glue */
	uint32_t nreentry[2];   /* and that merge their re-entries */
	uint32_t nroot[2];      /* and that start stacks */
	double *cells;          /* see compare.c */
	struct compare_result *results; /* by item * nmeasures + measure */
	uint32_t ntested[COMPARE_MEASURES];
	uint32_t nsignificant[COMPARE_MEASURES];
	char *buf; /* a stack's text, being built */
	size_t buf_cap;
	uint32_t *frames; /* a stack item's function ids, being listed */
	size_t frames_cap;
	char *fam; /* a name's family */
	size_t fam_cap;
};

void compare_init(struct compare *c, const struct compare_options *o,
                  enum compare_key key);
void compare_free(struct compare *c);

/* Both sides; stdin can be one of them only (a usage error). */
void compare_read_both(struct compare *c, const struct view_options *vo,
                       const char *a, const char *b);

/*
 * Both sides as another comparison read them (compare_read_both), shared
 * rather than read again: one reading of A and B serves the comparisons
 * by function, by stack and by category.  from must outlive c.
 */
void compare_share_sides(struct compare *c, const struct compare *from);

/*
 * A comparison by key of the sides another one read (compare_share_sides),
 * with from's options and, once from has run, its unit: so that one read
 * makes comparisons by several keys.  An eval loop key needs from read
 * with opt.eval_loop (fatal otherwise).
 */
void compare_init_borrowing(struct compare *c, const struct compare *from,
                            enum compare_key key);

/*
 * With opt.eval_loop, after reading: does side (0 A, 1 B) have samples of
 * the eval loop placed in an instruction or a named part?  When it does
 * not, *why says why (a static string): no eval loop frame, or none
 * placed (bytecode(1) on it says why).
 */
bool compare_eval_loop_placed(const struct compare *c, int side,
                              const char **why);

/*
 * Sides of different events or weighting (samples against period; with
 * period, mean periods more than 10% apart: other frequencies), each
 * difference said in a warning (how to force it, unless force): true
 * when there was one, forced or not.
 */
bool compare_refused(const struct compare *c, bool force);

/* compare_refused, and exit with status 1 when it refuses, unless forced. */
void compare_check(const struct compare *c);

/*
 * KEY_CATEGORY, after reading both sides: every function's category by
 * rules (its first rule that matches, as bycategory finds it; "unknown"
 * when none does), the rules named shown in the header.  In
 * compare_category.c, so that programs that compare no categories
 * do not link the rules.
 */
struct category_rules;
void compare_categorize(struct compare *c, struct category_rules *rules,
                        const char *shown);

/*
 * compare_categorize by the rules file category_rules_find finds from
 * given (NULL: the installed rules), loaded here and let go after: for a
 * caller that names rules but does not use them itself.  A file that
 * cannot be read or has a bad line ends the process, as in bycategory.
 */
void compare_categorize_file(struct compare *c, const char *given);

/*
 * Two inputs compared as flatdiff compares them given no options, but
 * different events or weighting allowed (a README that says what differs
 * is written whatever they are; the programs refuse them): compare_init
 * with the default options and force, both sides read, categorized by
 * compare_categorize_file(rules) when key is KEY_CATEGORY, glued by
 * compare_glue_file(NULL) when it is KEY_STACK, compare_run; the eval
 * loop placed while reading (opt.eval_loop), so that
 * compare_init_borrowing can compare it by instruction or family.
 */
void compare_defaults_run(struct compare *c, enum compare_key key,
                          const char *a, const char *b, const char *rules);

/*
 * compare_defaults_run over the sides another comparison read
 * (compare_share_sides), none read again.
 */
void compare_defaults_shared(struct compare *c, enum compare_key key,
                             const struct compare *from, const char *rules);

/*
 * KEY_STACK, after reading both sides: the functions that rules put in
 * category "glue" are left out of every stack but as its leaf, on both
 * sides, so that stacks of two versions whose interpreters call through
 * different wrappers (3.11's _PyEval_Vector;_PyEval_EvalFrame between
 * two _PyEval_EvalFrameDefault, 3.12's none) are matched as the same code;
 * a function of category "reentry" directly under itself once glue is
 * left out is one frame with its caller (3.11 re-enters
 * _PyEval_EvalFrameDefault through do_call_core where 3.12 stays in it);
 * a function of category "root" starts every stack it is in, its callers
 * left out (3.11 collects garbage from an allocation, 3.12 from the eval
 * loop).
 * In compare_category.c.
 */
void compare_glue(struct compare *c, struct category_rules *rules,
                  const char *shown);

/*
 * compare_glue by the rules file rules_file_find finds from given (NULL:
 * $PERFVIEWS_GLUE, else the installed glue.rules); a file that cannot be
 * read or has a bad line ends the process.
 */
void compare_glue_file(struct compare *c, const char *given);

/* Match the items of both sides, and compute every result. */
void compare_run(struct compare *c);

static inline const struct compare_result *
compare_result(const struct compare *c, uint32_t item, uint32_t measure)
{
	return &c->results[(size_t)item * c->nmeasures + measure];
}

/*
 * KEY_STACK, after compare_run: how much of each side (percent of its
 * total) is on stacks the other side lacks although the other side has
 * the command and every function of the stack (glue left out as in the
 * stacks): code both run, reached by paths that do not line up.  New and
 * gone code is not counted: a version's own functions are a real
 * difference, misaligned paths are the comparison's failing.  In
 * compare_match.c, as are compare_unmatched_text, compare_hidden_in_both
 * and compare_item_dso.
 */
void compare_unmatched(struct compare *c, double share[2]);

/*
 * The share of a side (percent) unmatched beyond which the stacks do not
 * line up: two recordings of one build (pyperformance's nbody, float and
 * richards, 3 runs of about 1,000 samples, CPython 3.12) leave 0.5-12%
 * unmatched, by chance alone (a stack of a sample or two is on one side
 * only); 3.11 against 3.12 before the re-entries were glued left 21-31%
 * (float) and 90% (nbody).
 */
enum { COMPARE_UNMATCHED_WARN = 20 };

/*
 * One line saying how much of each side is unmatched, a warning first when
 * either is beyond COMPARE_UNMATCHED_WARN (a new string; no end of line).
 */
char *compare_unmatched_text(const double share[2]);

/*
 * KEY_STACK, after compare_run: the names (ids in names, a new array of
 * *n) of the functions both sides have that glue leaves out of every
 * stack of one side only: drawn on one side, they are not new or gone.
 */
uint32_t *compare_hidden_in_both(struct compare *c, uint32_t *n);

/* Present on one side only: 0 (A, "gone"), 1 (B, "new"), or -1. */
int compare_only_in(const struct compare *c, uint32_t item);

/*
 * Every item, in the order a view shows them (a new array): those in both
 * sides, then new, then gone; in each, significant by measure first, then
 * by the size of the difference, then by name and DSO.
 */
uint32_t *compare_order(const struct compare *c, uint32_t measure);

/*
 * Every item by the size of its change alone, largest first, then by name
 * (a new array): what changed most, whatever its section or test.
 */
uint32_t *compare_by_size(const struct compare *c, uint32_t measure);

static inline struct span
compare_text(const struct compare *c, uint32_t id)
{
	return string_table_get(&c->names, id);
}

/*
 * The DSO an item is shown with: the sides' own name, or the family; empty
 * for a category.
 */
struct span compare_item_dso(const struct compare *c, uint32_t item);

/*
 * The header of a comparison, as lines each starting with prefix: both
 * sides (input, runs, total, event, weight), what shares are of, how DSOs
 * were matched, the test and how many items were significant.  No line
 * ends with a digit, so that a folded-stack reader never takes one for a
 * stack.  what names the items ("functions", "DSOs", "stacks").
 */
void compare_write_header(FILE *out, struct compare *c, const char *prefix,
                          const char *what);

/* The unit in words: "percent", "samples per run", "ms per loop". */
const char *compare_unit_text(const struct compare *c);

/* One line: "Welch's t-test on per-run shares (6 and 6 runs)" etc. */
const char *compare_test_text(const struct compare *c);

#endif

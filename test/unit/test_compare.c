/*
 * test_compare.c - two profiles compared item by item (views/compare.h):
 * items matched across versions, weights per run, the choice of test and
 * its numbers, items too small to test, the order views show, items by
 * category.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "match/category_rules.h"
#include "compare/compare.h"
#include "unit.h"

/* A sample of leaf `leaf` called from `caller`, in DSOs of version v. */
#define SAMPLE(v, leaf, caller)                                                \
	"python3." v " 1 1.0: 1 cpu-clock:\n"                                  \
	"\t1 " leaf " (/usr/lib/libpython3." v ".so.1.0)\n"                    \
	"\t2 " caller " (/usr/lib/libpython3." v ".so.1.0)\n"                  \
	"\t3 main (/usr/bin/python3." v ")\n\n"

/* Run 1: f f f g; run 2: f f g g (and h, recursive, once). */
static const char A[] = "# perfviews run 1/2\n" SAMPLE("11", "f", "eval")
    SAMPLE("11", "f", "eval") SAMPLE("11", "f", "eval") SAMPLE(
        "11", "g", "eval") "# perfviews run 2/2\n" SAMPLE("11", "f", "eval")
        SAMPLE("11", "f", "eval") SAMPLE("11", "g", "eval")
            SAMPLE("11", "g", "eval");
/* Runs 1 and 2: f g g, and new, a function of 3.12 only. */
static const char B[] = "# perfviews run 1/2\n" SAMPLE("12", "f", "eval")
    SAMPLE("12", "g", "eval") SAMPLE("12", "g", "eval") SAMPLE(
        "12", "new", "eval") "# perfviews run 2/2\n" SAMPLE("12", "f", "eval")
        SAMPLE("12", "g", "eval") SAMPLE("12", "g", "eval")
            SAMPLE("12", "new", "eval");

struct pair {
	char a[UNIT_PATH], b[UNIT_PATH];
};

static void
compare_texts(struct compare *c, const struct compare_options *o,
              enum compare_key key, const char *a, const char *b,
              struct pair *files)
{
	struct view_options vo;

	memset(&vo, 0, sizeof vo);
	unit_temp_file(files->a, a);
	unit_temp_file(files->b, b);
	compare_init(c, o, key);
	compare_read_both(c, &vo, files->a, files->b);
	compare_run(c);
	unlink(files->a);
	unlink(files->b);
}

/* The item whose name (or DSO, for DSO items) is text. */
static uint32_t
find(const struct compare *c, const char *text)
{
	for (uint32_t i = 0; i < c->nitems; i++) {
		uint32_t id = c->items[i].name != COMPARE_NONE
		                  ? c->items[i].name
		                  : c->items[i].dso;
		if (span_eq_cstr(compare_text(c, id), text))
			return i;
	}
	ck_abort_msg("no item %s", text);
	return 0;
}

START_TEST(functions_matched_across_versions)
{
	struct compare_options o = {.alpha = 0.05};
	struct compare c;
	struct pair files;

	compare_texts(&c, &o, KEY_FUNCTION, A, B, &files);
	ck_assert_int_eq(c.test, TEST_WELCH);
	ck_assert_uint_eq(c.side[0].nruns, 2);
	uint32_t f = find(&c, "f");
	ck_assert_int_eq(compare_only_in(&c, f), -1);
	ck_assert_span(compare_item_dso(&c, f), "libpython.so");
	ck_assert_int_eq(compare_only_in(&c, find(&c, "new")), 1);
	ck_assert_span(compare_item_dso(&c, find(&c, "new")),
	               "libpython3.12.so.1.0");
	/* main in python3.11 and python3.12: one item too. */
	ck_assert_int_eq(compare_only_in(&c, find(&c, "main")), -1);
	ck_assert_uint_eq(c.nitems, 5); /* f g eval main new */
	compare_free(&c);

	o.exact_dso = true;
	compare_texts(&c, &o, KEY_FUNCTION, A, B, &files);
	ck_assert_uint_eq(c.nitems, 9);
	ck_assert_int_eq(compare_only_in(&c, 0), 0);
	compare_free(&c);
}
END_TEST

START_TEST(shares_per_run_and_welch)
{
	struct compare_options o = {.alpha = 0.05, .min_count = 10};
	struct compare c;
	struct pair files;

	compare_texts(&c, &o, KEY_FUNCTION, A, B, &files);
	const struct compare_result *f = compare_result(&c, find(&c, "f"), 0);
	/* f: A 5 of 8, B 2 of 8. */
	ck_assert(f->weight[0] == 5 && f->weight[1] == 2);
	ck_assert(fabs(f->share[0] - 62.5) < 1e-12);
	ck_assert(fabs(f->diff - (25 - 62.5)) < 1e-12);
	/* 7 samples in all: too few to test. */
	ck_assert(!f->tested && isnan(f->test.p) && isnan(f->q));
	ck_assert(!f->significant);
	compare_free(&c);

	/* Tested: per-run shares 3/4, 2/4 against 1/4, 1/4, floored. */
	o.min_count = 1;
	compare_texts(&c, &o, KEY_FUNCTION, A, B, &files);
	f = compare_result(&c, find(&c, "f"), 0);
	ck_assert(f->tested);
	double a[] = {0.75, 0.5}, b[] = {0.25, 0.25};
	double p = 7.0 / 16, floor = p * (1 - p) / 4;
	struct significance want =
	    welch_t_test_floored(a, 2, b, 2, floor, floor);
	ck_assert(fabs(f->test.p - want.p) < 1e-12);
	ck_assert(f->test.statistic < 0);
	/* Total: eval in every sample, once; its share 100% on both sides. */
	const struct compare_result *eval =
	    compare_result(&c, find(&c, "eval"), 1);
	ck_assert(eval->weight[0] == 8 && eval->share[1] == 100);
	ck_assert(compare_result(&c, find(&c, "eval"), 0)->weight[0] == 0);
	compare_free(&c);
}
END_TEST

START_TEST(one_run_counting_error)
{
	struct compare_options o = {.alpha = 0.05, .min_count = 1};
	struct compare c;
	struct pair files;

	/* Without markers, A is one run: the two-proportion z-test. */
	compare_texts(&c, &o, KEY_FUNCTION,
	              SAMPLE("11", "f", "eval") SAMPLE("11", "g", "eval"), B,
	              &files);
	ck_assert_int_eq(c.test, TEST_COUNTS);
	ck_assert_uint_eq(c.side[0].nruns, 1);
	const struct compare_result *g = compare_result(&c, find(&c, "g"), 0);
	ck_assert(fabs(g->test.p - proportion_z_test(1, 2, 4, 8).p) < 1e-15);
	/* q: Benjamini-Hochberg over the tested items. */
	ck_assert(g->q >= g->test.p);
	ck_assert(strstr(compare_test_text(&c), "A has one run") != NULL);
	compare_free(&c);
}
END_TEST

START_TEST(stacks_as_folded_text)
{
	struct compare_options o = {.alpha = 0.05};
	struct compare c;
	struct pair files;

	compare_texts(&c, &o, KEY_STACK, A, "python;main;eval;f 3\n", &files);
	ck_assert_uint_eq(c.nmeasures, 1);
	uint32_t f = find(&c, "python;main;eval;f");
	ck_assert_int_eq(compare_only_in(&c, f), -1);
	ck_assert(compare_result(&c, f, 0)->weight[1] == 3);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "python;main;eval;g")),
	                 0);
	compare_free(&c);
}
END_TEST

/*
 * Glue rules on stacks: A (3.11-like) re-enters eval through call, and
 * collects garbage from alloc; B stays in eval and collects from eval.
 * With call glue, eval a re-entry and gc a root, the stacks are one;
 * B's "main;eval;f;eval;x" is the only stack unmatched (A has every
 * function of it, on other paths).  alloc, in both, is drawn in B's
 * stacks only (the root leaves it out of A's): "in both".
 */
START_TEST(stacks_glued)
{
	static const char rules_text[] =
	    "glue sym ^call$\nreentry sym ^eval$\nroot sym ^gc$\n";
	static const char a[] = "p;main;eval;call;eval;f 6\n"
	                        "p;main;eval;call;eval;alloc;gc;mark 2\n"
	                        "p;main;eval;call;eval;x 1\n"
	                        "p;main;eval;call 1\n";
	static const char b[] = "p;main;eval;f 6\n"
	                        "p;main;eval;gc;mark 2\n"
	                        "p;main;eval;f;eval;x 1\n"
	                        "p;main;alloc 1\n";
	struct compare_options o = {.alpha = 0.05};
	struct category_rules rules;
	struct view_options vo;
	struct compare c;
	struct pair files;
	double unmatched[2];

	category_rules_init(&rules);
	ck_assert_uint_eq(category_rules_parse(&rules, "glue.rules",
	                                       span_cstr(rules_text), NULL,
	                                       NULL),
	                  0);
	memset(&vo, 0, sizeof vo);
	unit_temp_file(files.a, a);
	unit_temp_file(files.b, b);
	compare_init(&c, &o, KEY_STACK);
	compare_read_both(&c, &vo, files.a, files.b);
	compare_glue(&c, &rules, "glue.rules");
	compare_run(&c);
	unlink(files.a);
	unlink(files.b);
	ck_assert_uint_eq(c.nglue[0], 1);
	ck_assert_uint_eq(c.nreentry[1], 1);
	ck_assert_uint_eq(c.nroot[0], 1);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "p;main;eval;f")), -1);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "p;gc;mark")), -1);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "p;main;eval;x")), 0);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "p;main;eval;call")), 0);
	compare_unmatched(&c, unmatched);
	/* A: x (A's path; B has x) 1 of 10; call is A's own (B lacks it). */
	ck_assert_double_eq_tol(unmatched[0], 10, 1e-9);
	/* B: f;eval;x 1 and alloc (A has alloc, elsewhere) 1 of 10. */
	ck_assert_double_eq_tol(unmatched[1], 20, 1e-9);
	uint32_t n, *both = compare_hidden_in_both(&c, &n);
	/* alloc: drawn in B, left out of A's by the root (call: A's only) */
	ck_assert_uint_eq(n, 1);
	ck_assert(span_eq_cstr(compare_text(&c, both[0]), "alloc"));
	free(both);
	compare_free(&c);
	category_rules_free(&rules);
}
END_TEST

/*
 * By category: f is "hot", g and eval "work", new and main none: "unknown".
 * Self: A 5 and 3 of 8 samples, B 2 and 4, and 2 unknown (new); total:
 * work (eval) and unknown (main) in every sample.
 */
START_TEST(categories_by_rules)
{
	static const char text[] = "hot sym ^f$\nwork sym ^(g|eval)$\n";
	struct compare_options o = {.alpha = 0.05};
	struct category_rules rules;
	struct view_options vo;
	struct compare c;
	struct pair files;

	category_rules_init(&rules);
	ck_assert_uint_eq(category_rules_parse(&rules, "t.rules",
	                                       span_cstr(text), NULL, NULL),
	                  0);
	memset(&vo, 0, sizeof vo);
	unit_temp_file(files.a, A);
	unit_temp_file(files.b, B);
	compare_init(&c, &o, KEY_CATEGORY);
	compare_read_both(&c, &vo, files.a, files.b);
	compare_categorize(&c, &rules, "t.rules");
	compare_run(&c);
	unlink(files.a);
	unlink(files.b);
	ck_assert_uint_eq(c.nitems, 3);
	ck_assert_str_eq(c.rules, "t.rules");
	uint32_t hot = find(&c, "hot"), work = find(&c, "work");
	uint32_t unknown = find(&c, "unknown");
	ck_assert_double_eq_tol(compare_result(&c, hot, 0)->share[0], 62.5,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, hot, 0)->share[1], 25, 1e-9);
	ck_assert_double_eq_tol(compare_result(&c, hot, 1)->share[1], 25, 1e-9);
	ck_assert_double_eq_tol(compare_result(&c, work, 0)->share[0], 37.5,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, work, 0)->share[1], 50,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, work, 1)->share[0], 100,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, unknown, 0)->share[0], 0,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, unknown, 0)->share[1], 25,
	                        1e-9);
	ck_assert_double_eq_tol(compare_result(&c, unknown, 1)->share[0], 100,
	                        1e-9);
	ck_assert_int_eq(compare_only_in(&c, unknown), -1);
	ck_assert_uint_eq(compare_item_dso(&c, hot).n, 0);
	compare_free(&c);
	category_rules_free(&rules);
}
END_TEST

START_TEST(order_both_new_gone)
{
	struct compare_options o = {.alpha = 0.05};
	struct compare c;
	struct pair files;

	compare_texts(&c, &o, KEY_FUNCTION,
	              SAMPLE("11", "gone", "eval") SAMPLE("11", "f", "eval"),
	              SAMPLE("12", "new", "eval") SAMPLE("12", "f", "eval"),
	              &files);
	uint32_t *order = compare_order(&c, 0);
	int last = -2;
	for (uint32_t i = 0; i < c.nitems; i++) {
		int only = compare_only_in(&c, order[i]);
		int section = only < 0 ? 0 : 2 - only;
		ck_assert_int_ge(section, last);
		last = section;
	}
	ck_assert_span(compare_text(&c, c.items[order[c.nitems - 1]].name),
	               "gone");
	free(order);
	compare_free(&c);
}
END_TEST

/* A sample whose leaf is at label L of the test's eval loop (or, with
 * CALLED, a function it called there), in bytecode-make.sh's template. */
#define EVAL(l)                                                                \
	"python3 1 1.0: 1 cpu-clock:\n"                                        \
	"\t@" l "@ _PyEval_EvalFrameDefault+0x@" l                             \
	"@ (@DIR@/lib/libpython3.99.so)\n\t1000 main (/usr/bin/python3)\n\n"
#define CALLED(l)                                                              \
	"python3 1 1.0: 1 cpu-clock:\n"                                        \
	"\t2000 called+0x4 (@DIR@/lib/libpython3.99.so)\n"                     \
	"\t@" l "@ _PyEval_EvalFrameDefault+0x@" l                             \
	"@ (@DIR@/lib/libpython3.99.so)\n\t1000 main (/usr/bin/python3)\n\n"

/* The samples of template rel (in the scratch directory) as perf script
 * text, their eval loop built by the golden tests' bytecode-make.sh. */
static const char *
eval_samples(const char *rel, const char *template)
{
	static char out[2][4096];
	static int turn;
	char *path = out[turn++ % 2], cmd[16384];

	unit_dir_write(rel, template);
	snprintf(path, 4096, "%s-raw.txt", unit_dir_path(rel));
	snprintf(cmd, sizeof cmd,
	         "sh test/golden/inputs/bytecode-make.sh %s %s > %s",
	         unit_dir_path("loop"), unit_dir_path(rel), path);
	ck_assert_int_eq(system(cmd), 0);
	return path;
}

START_TEST(eval_loop_by_family_and_instruction)
{
	/* A: run 1 LOAD_ATTR_INSTANCE_VALUE x3, LOAD_FAST; run 2 LOAD_ATTR
	 * x2, CALL calling.  B: run 1 LOAD_FAST x2; run 2 LOAD_FAST, error. */
	static const char a[] =
	    "# perfviews run 1/2\n" EVAL("LOAD_ATTR_INSTANCE_VALUE+1") EVAL(
	        "LOAD_ATTR_INSTANCE_VALUE+1") EVAL("LOAD_ATTR_INSTANCE_VALUE+4")
	        EVAL("LOAD_FAST+6") "# perfviews run 2/2\n" EVAL("LOAD_ATTR+0")
	            EVAL("LOAD_ATTR+0") CALLED("CALL+1");
	static const char b[] = "# perfviews run 1/2\n" EVAL("LOAD_FAST+6")
	    EVAL("LOAD_FAST+6") "# perfviews run 2/2\n" EVAL("LOAD_FAST+6")
	        EVAL("error+2");
	struct compare_options o = {.alpha = 0.05, .absolute = true};
	struct view_options vo;
	struct compare c, fam;

	memset(&vo, 0, sizeof vo);
	unit_dir_make();
	const char *pa = eval_samples("a", a), *pb = eval_samples("b", b);
	compare_init(&c, &o, KEY_INSTRUCTION);
	compare_read_both(&c, &vo, pa, pb);
	compare_run(&c);
	const char *why = NULL;
	ck_assert(compare_eval_loop_placed(&c, 0, &why));
	ck_assert(compare_eval_loop_placed(&c, 1, &why));
	/* Instructions: 5 of both sides and "[error]", B's alone. */
	ck_assert_uint_eq(c.nitems, 5);
	uint32_t iv = find(&c, "LOAD_ATTR_INSTANCE_VALUE");
	ck_assert_span(compare_item_dso(&c, iv), "LOAD_ATTR");
	const struct compare_result *r = compare_result(&c, iv, 0);
	ck_assert(r->weight[0] == 3 && r->weight[1] == 0);
	ck_assert_double_eq_tol(r->share[0], 1.5, 1e-12); /* per run */
	ck_assert_int_eq(compare_only_in(&c, iv), 0);
	ck_assert_int_eq(compare_only_in(&c, find(&c, "[error]")), 1);
	/* CALL: no self (its callee is the leaf), one total, A's run 2. */
	uint32_t call = find(&c, "CALL");
	ck_assert(compare_result(&c, call, 0)->weight[0] == 0);
	ck_assert(compare_result(&c, call, 1)->weight[0] == 1);

	/* By family, from the same read: LOAD_ATTR is 3 + 2 in A's runs. */
	compare_init_borrowing(&fam, &c, KEY_FAMILY);
	compare_run(&fam);
	ck_assert_uint_eq(fam.nitems, 4); /* LOAD_ATTR LOAD_FAST CALL [error] */
	uint32_t la = find(&fam, "LOAD_ATTR");
	r = compare_result(&fam, la, 0);
	ck_assert(r->weight[0] == 5);
	ck_assert_uint_eq(compare_item_dso(&fam, la).n, 0);
	/* Tested by Welch on the runs' counts, 3 and 2 against 0 and 0,
	 * floored by their pooled Poisson error (5 in 4 runs). */
	ck_assert_int_eq(fam.test, TEST_WELCH);
	double ra[] = {3, 2}, rb[] = {0, 0};
	struct significance want =
	    welch_t_test_floored(ra, 2, rb, 2, 1.25, 1.25);
	ck_assert(r->tested);
	ck_assert_double_eq_tol(r->test.p, want.p, 1e-12);
	const struct compare_result *lf =
	    compare_result(&fam, find(&fam, "LOAD_FAST"), 0);
	ck_assert_double_eq_tol(lf->share[0], 0.5, 1e-12);
	ck_assert_double_eq_tol(lf->share[1], 1.5, 1e-12);
	ck_assert_double_eq_tol(lf->diff, 1, 1e-12);
	compare_free(&fam);
	compare_free(&c);

	/* A side with no eval loop: said, not compared. */
	compare_init(&c, &o, KEY_FAMILY);
	compare_read_both(&c, &vo, pa,
	                  eval_samples("c",
	                               "python3 1 1.0: 1 cpu-clock:\n"
	                               "\t1000 main (/usr/bin/python3)\n\n"));
	ck_assert(!compare_eval_loop_placed(&c, 1, &why));
	ck_assert_ptr_nonnull(strstr(why, "no sample has a frame"));
	compare_free(&c);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    functions_matched_across_versions,
	    shares_per_run_and_welch,
	    one_run_counting_error,
	    stacks_as_folded_text,
	    order_both_new_gone,
	    stacks_glued,
	    categories_by_rules,
	    eval_loop_by_family_and_instruction,
	    NULL,
	};
	return unit_main("compare", tests);
}

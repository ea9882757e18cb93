/*
 * test_compare_readme.c - the README of a comparison of two data sets
 * (pages/comparison_readme.h, comparison_fairness.h, comparison_summary.h):
 * what differs, with both values; what is unknown and so not checked, and
 * a side without meta.json; what is alike; a side of one run and lost
 * samples; the test and the quote of a diff; both metadata side by side;
 * data sets found by their raw files.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include "pages/comparison_readme.h"
#include "pages/comparison_fairness.h"
#include "dataset/metadata.h"
#include "unit.h"

static char why[256];

/* The fields both sides share (FIELD, VALUE, ..., NULL). */
static const char *const common[] = {
    "workload.command",
    "python3 -c work",
    "tool.event",
    "cpu-clock",
    "tool.frequency",
    "999",
    "tool.call_graph",
    "dwarf",
    "tool.runs",
    "5",
    "tags",
    " ",
    "host.hostname",
    "box",
    "host.cpu_model",
    "Some CPU",
    "host.cpu_count",
    "8",
    "host.kernel",
    "6.1",
    "python.version",
    "3.12.1 (main)",
    "python.build.git_remote",
    "https://github.com/python/cpython",
    "python.build.git_branch",
    "main",
    "python.build.git_revision",
    "abc",
    "python.build.configure_args",
    "--enable-optimizations",
    "python.build.cflags",
    "-O3",
    "samples.unit",
    "samples",
    NULL,
};

/* The common fields, then the changes (NULL-terminated pairs). */
static void
meta_of(struct metadata *m, const char *id, const char *const *changes)
{
	metadata_init(m);
	ck_assert(metadata_set(m, "id", id, why, sizeof why));
	for (size_t i = 0; common[i] != NULL; i += 2)
		ck_assert_msg(
		    metadata_set(m, common[i], common[i + 1], why, sizeof why),
		    "%s", why);
	for (size_t i = 0; changes != NULL && changes[i] != NULL; i += 2)
		ck_assert_msg(metadata_set(m, changes[i], changes[i + 1], why,
		                           sizeof why),
		              "%s", why);
}

/* The README of a and b (b_meta false: B has no meta.json). */
static char *
readme(const struct metadata *a, const struct metadata *b, bool b_meta,
       const char *diff)
{
	static char *text; /* static: open_memstream sets it at fclose */
	static size_t n;
	struct comparison_readme r = {
	    {"x-perf-freq999x5", "y-perf-freq999x5"},
	    {"x-perf-freq999x5-raw.txt.xz", "y-perf-freq999x5-raw.txt"},
	    {a, b},
	    {true, b_meta},
	    diff,
	    NULL,
	    NULL,
	    {NULL, NULL},
	    {NULL, NULL},
	    false,
	    {0, 0},
	    NULL,
	};
	FILE *f = open_memstream(&text, &n);

	comparison_readme_write(f, &r);
	fclose(f);
	return text;
}

/* The line of text that starts with prefix, without its newline. */
static const char *
line_of(const char *text, const char *prefix)
{
	static char line[4096];
	size_t n = strlen(prefix);

	for (const char *p = text; *p != '\0';) {
		size_t len = strcspn(p, "\n");
		if (strncmp(p, prefix, n) == 0) {
			snprintf(line, sizeof line, "%.*s", (int)len, p);
			return line;
		}
		p += len + (p[len] == '\n');
	}
	return "";
}

static size_t
count_of(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

START_TEST(alike_data_sets)
{
	struct metadata a, b;

	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999x5", NULL);
	char *text = readme(&a, &b, true, NULL);
	ck_assert_str_eq(line_of(text, "# "),
	                 "# Comparison: y-perf-freq999x5 against "
	                 "x-perf-freq999x5");
	ck_assert_uint_eq(count_of(text, "\n- **"), 0);
	ck_assert_ptr_nonnull(strstr(text, "Nothing that the metadata tell"));
	ck_assert_str_eq(line_of(text, "Alike"),
	                 "Alike in A and B: workload, host, event, sampling, "
	                 "call graphs, runs, tags, unit.");
	/* No interpreter path: alike as far as known, and said so. */
	ck_assert_str_eq(
	    line_of(text, "The Python builds"),
	    "The Python builds are not fully known (A: Python "
	    "3.12.1 (main), revision abc; B: Python 3.12.1 (main), "
	    "revision abc): whether they differ could not all be "
	    "checked.");
	ck_assert_str_eq(line_of(text, "Unknown"), "");
	/* The ID differs: in bold; the rest alike. */
	ck_assert_str_eq(
	    line_of(text, "| **id** |"),
	    "| **id** | `x-perf-freq999x5` | `y-perf-freq999x5` |");
	ck_assert_str_eq(
	    line_of(text, "| field |"),
	    "| field | A: x-perf-freq999x5 | B: y-perf-freq999x5 |");
	ck_assert_str_eq(line_of(text, "| tags |"), "| tags | none | none |");
	ck_assert_str_eq(line_of(text, "| tool.period |"),
	                 "| tool.period | unknown | unknown |");
	/* Not a benchmark: no benchmark fields. */
	ck_assert_ptr_null(strstr(text, "| benchmark."));
	ck_assert_str_eq(line_of(text, "flatdiff --by category"),
	                 "flatdiff --by category x-perf-freq999x5-raw.txt.xz "
	                 "y-perf-freq999x5-raw.txt");
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

/* One interpreter on both sides, a build field unknown on both (a pyenv
 * build records no revision): one build, not "not fully known". */
START_TEST(one_build_with_a_field_unknown_on_both)
{
	static const char *const same[] = {
	    "python.executable", "/usr/bin/python3",
	    "python.build.git_revision", "", NULL};
	static const char *const other[] = {
	    "python.executable", "/opt/py/bin/python3",
	    "python.build.git_revision", "", NULL};
	struct metadata a, b, c;

	meta_of(&a, "x-perf-freq999x5", same);
	meta_of(&b, "y-perf-freq999x5", same);
	meta_of(&c, "y-perf-freq999x5", other);
	char *text = readme(&a, &b, true, NULL);
	ck_assert_str_eq(
	    line_of(text, "One Python build"),
	    "One Python build on both sides (Python 3.12.1 (main) at "
	    "/usr/bin/python3): the same interpreter, version and build "
	    "fields in both meta.json, unknown on both sides aside: "
	    "`python.implementation`, `python.build.git_revision`, "
	    "`python.build.options`.  What differs is what else changed "
	    "between A and B.");
	ck_assert_ptr_null(strstr(text, "not fully known"));
	free(text);
	/* Another interpreter, its revision unknown: not said to be one. */
	text = readme(&a, &c, true, NULL);
	ck_assert_ptr_null(strstr(text, "One Python build"));
	ck_assert_ptr_nonnull(strstr(text, "not fully known"));
	free(text);
	metadata_free(&a);
	metadata_free(&b);
	metadata_free(&c);
}
END_TEST

START_TEST(differences_with_both_values)
{
	static const char *const changes[] = {
	    "python.version",
	    "3.13.0 (main)",
	    "python.build.git_revision",
	    "def",
	    "python.build.cflags",
	    "-O2 | -g",
	    "tool.period",
	    "1",
	    "tags",
	    "faults",
	    "samples.unit",
	    "faults",
	    NULL,
	};
	struct metadata a, b;

	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999x5", changes);
	char *text = readme(&a, &b, true, NULL);
	/* The build is what is compared, not an unfairness. */
	ck_assert_uint_eq(count_of(text, "\n- **"), 3);
	ck_assert_ptr_null(strstr(text, "- **Python version**"));
	ck_assert_ptr_null(strstr(text, "- **Python build**"));
	ck_assert_str_eq(line_of(text, "Two Python builds"),
	                 "Two Python builds: the build is the difference under "
	                 "test.");
	ck_assert_str_eq(line_of(text, "- A: Python"),
	                 "- A: Python 3.12.1 (main), revision abc");
	ck_assert_str_eq(line_of(text, "- B: Python"),
	                 "- B: Python 3.13.0 (main), revision def");
	ck_assert_ptr_nonnull(strstr(
	    line_of(text, "- **Sampling**"),
	    ": `tool.period` A none (sampled at the frequency), B `1`."));
	ck_assert_ptr_nonnull(strstr(line_of(text, "- **Tags**"),
	                             ": `tags` A none, B `faults`."));
	ck_assert_ptr_nonnull(strstr(line_of(text, "- **Unit**"),
	                             ": `samples.unit` A `samples`, B "
	                             "`faults`."));
	ck_assert_str_eq(line_of(text, "Alike"),
	                 "Alike in A and B: workload, host, event, call "
	                 "graphs, runs.");
	ck_assert_ptr_null(strstr(text, "Nothing that the metadata tell"));
	ck_assert_str_eq(line_of(text, "| **python.version** |"),
	                 "| **python.version** | `3.12.1 (main)` | `3.13.0 "
	                 "(main)` |");
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

/* Build tags tell the builds apart: no unfairness; other tags are. */
START_TEST(build_tags_set_aside)
{
	static const char *const a_tags[] = {"tags", "nosite py311", NULL};
	static const char *const b_tags[] = {
	    "tags", "py3.12.1 nosite", "python.version", "3.12.1 (main)", NULL};
	static const char *const c_tags[] = {"tags", "py312", NULL};
	struct metadata a, b, c;

	meta_of(&a, "x-perf-freq999x5-nosite-py311", a_tags);
	meta_of(&b, "x-perf-freq999x5-nosite-py3.12.1", b_tags);
	meta_of(&c, "x-perf-freq999x5-py312", c_tags);
	char *text = readme(&a, &b, true, NULL);
	ck_assert_ptr_null(strstr(text, "- **Tags**"));
	ck_assert_ptr_nonnull(strstr(line_of(text, "Alike"), "tags"));
	free(text);
	text = readme(&a, &c, true, NULL);
	ck_assert_ptr_nonnull(strstr(line_of(text, "- **Tags**"),
	                             ": `tags` A `nosite py311`, B `py312`."));
	free(text);
	metadata_free(&a);
	metadata_free(&b);
	metadata_free(&c);
}
END_TEST

/* A field unknown on a side: not alike, not different, listed. */
START_TEST(unknown_fields_not_checked)
{
	struct metadata a, b;

	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999x5", NULL);
	ck_assert(metadata_set(&b, "host.kernel", "", why, sizeof why));
	ck_assert(metadata_set(&b, "samples.unit", "", why, sizeof why));
	ck_assert(metadata_set(&b, "host.hostname", "other", why, sizeof why));
	ck_assert(metadata_set(&a, "workload.command", "", why, sizeof why));
	ck_assert(metadata_set(&b, "workload.command", "", why, sizeof why));
	char *text = readme(&a, &b, true, NULL);
	/* The host differs in a field, and one is unknown: unknown. */
	ck_assert_uint_eq(count_of(text, "\n- **"), 0);
	ck_assert_str_eq(line_of(text, "Unknown"),
	                 "Unknown, so not checked: `workload.command` (A and "
	                 "B), `host.kernel` (B).");
	ck_assert_str_eq(line_of(text, "Alike"),
	                 "Alike in A and B: event, sampling, call graphs, "
	                 "runs, tags, unit.");
	ck_assert_str_eq(line_of(text, "| **host.kernel** |"),
	                 "| **host.kernel** | `6.1` | unknown |");
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

START_TEST(side_without_meta)
{
	struct metadata a, b;

	meta_of(&a, "x-perf-freq999x5", NULL);
	metadata_init(&b);
	char *text = readme(&a, &b, false, NULL);
	ck_assert_str_eq(
	    line_of(text, "- B:"),
	    "- B: [`y-perf-freq999x5`](y-perf-freq999x5-README.md), "
	    "`y-perf-freq999x5-raw.txt`: "
	    "no meta.json: how it was recorded is unknown.");
	ck_assert_uint_eq(count_of(text, "\n- **"), 1);
	ck_assert_ptr_nonnull(
	    strstr(text, "\n- **B has no meta.json** beside its raw file"));
	ck_assert_str_eq(line_of(text, "Alike"), "");
	ck_assert_str_eq(line_of(text, "Unknown"), "");
	ck_assert_str_eq(line_of(text, "| field |"),
	                 "| field | A: x-perf-freq999x5 | B: y-perf-freq999x5 "
	                 "(no meta.json) |");
	ck_assert_str_eq(line_of(text, "| **tool.runs** |"),
	                 "| **tool.runs** | `5` | unknown |");
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

/*
 * The two sections alone, of both metadata (as compare-suites writes them
 * for a pair of its data sets): the README's own, byte for byte, and
 * nothing else of it.
 */
START_TEST(fairness_alone)
{
	struct metadata a, b;
	char *alone;
	size_t n;

	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999x5",
	        (const char *const[]){"host.hostname", "other", "tool.runs",
	                              "1", NULL});
	FILE *f = open_memstream(&alone, &n);
	comparison_fairness_write(f, (const struct metadata *const[]){&a, &b},
	                          (const bool[]){true, true});
	fclose(f);
	char *text = readme(&a, &b, true, NULL);
	const char *from = strstr(text, "## What is compared\n");
	const char *to = strstr(text, "## Files\n");
	ck_assert_ptr_nonnull(from);
	ck_assert_ptr_nonnull(to);
	ck_assert_msg(strlen(alone) == (size_t)(to - from) &&
	                  memcmp(alone, from, strlen(alone)) == 0,
	              "alone:\n%s\nin the README:\n%.*s", alone,
	              (int)(to - from), from);
	ck_assert_ptr_nonnull(strstr(alone, "\n- **Host**: `host.hostname` A "
	                                    "`box`, B `other`."));
	ck_assert_ptr_nonnull(strstr(alone, "\n- **B is one run**"));
	free(alone);
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

START_TEST(one_run_and_lost_samples)
{
	static const char *const changes[] = {"tool.runs", "1", "samples.lost",
	                                      "12", NULL};
	struct metadata a, b;

	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999", changes);
	char *text = readme(&a, &b, true, NULL);
	ck_assert_ptr_nonnull(
	    strstr(line_of(text, "- **Runs**"), ": `tool.runs` A `5`, B `1`."));
	ck_assert_ptr_nonnull(strstr(text, "\n- **B is one run**: the test"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n- **perf lost 12 samples of B** (its ring"));
	ck_assert_ptr_null(strstr(text, "A is one run"));
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

/* The diff's test and counts in words, and its top quoted. */
START_TEST(diff_quoted)
{
	static const char diff[] =
	    "# flatdiff: B against A, a row per function (symbol and DSO)\n"
	    "# test: Welch's t-test on per-run shares (5 and 5 runs)\n"
	    "# significant (q <= 5%: Benjamini-Hochberg false discovery rate "
	    "over the functions tested): 3 by self, 2 by total\n"
	    "#\n"
	    "  row 1\n  row 2\n";
	char path[UNIT_PATH];
	struct metadata a, b;

	unit_temp_file(path, diff);
	meta_of(&a, "x-perf-freq999x5", NULL);
	meta_of(&b, "y-perf-freq999x5", NULL);
	char *text = readme(&a, &b, true, path);
	unlink(path);
	ck_assert_str_eq(line_of(text, "Here the test is"),
	                 "Here the test is Welch's t-test on per-run shares (5 "
	                 "and 5 runs); significant (q <= 5%): 3 by self, 2 by "
	                 "total.");
	ck_assert_ptr_nonnull(
	    strstr(text, "The top of "
	                 "`x-perf-freq999x5-vs-y-perf-freq999x5-diff.txt`:\n\n"
	                 "```\n# flatdiff: B against A"));
	ck_assert_ptr_nonnull(strstr(text, "  row 1\n  row 2\n```\n"));
	free(text);
	metadata_free(&a);
	metadata_free(&b);
}
END_TEST

/* Found by raw files: the IDs, the names, the meta.json beside them. */
START_TEST(of_raw_files)
{
	char dir[] = "/tmp/test_compare_readme.XXXXXX", path[2][128];
	char meta[128], *text = NULL;
	size_t n = 0;
	struct metadata m;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path[0], sizeof path[0], "%s/a-perf-freq9-raw.txt", dir);
	snprintf(path[1], sizeof path[1], "%s/b-perf-freq9-raw.txt", dir);
	snprintf(meta, sizeof meta, "%s/a-perf-freq9-meta.json", dir);
	meta_of(&m, "a-perf-freq9", NULL);
	FILE *f = fopen(meta, "w");
	ck_assert_ptr_nonnull(f);
	metadata_write(&m, f);
	fclose(f);
	metadata_free(&m);
	for (int s = 0; s < 2; s++) { /* folded stacks are a profile too */
		FILE *raw = fopen(path[s], "w");
		ck_assert_ptr_nonnull(raw);
		/* B's second stack: A's code reached another way. */
		fputs(s ? "python3;main;work 5\npython3;work 5\n"
		        : "python3;main;work 3\n",
		      raw);
		fclose(raw);
	}
	FILE *out = open_memstream(&text, &n);
	comparison_readme_of_raws(out, (char *const[]){path[0], path[1]}, NULL,
	                          NULL);
	fclose(out);
	unlink(meta);
	unlink(path[0]);
	unlink(path[1]);
	rmdir(dir);
	ck_assert_str_eq(line_of(text, "# "),
	                 "# Comparison: b-perf-freq9 against a-perf-freq9");
	ck_assert_ptr_nonnull(
	    strstr(line_of(text, "- A:"),
	           "- A: [`a-perf-freq9`](a-perf-freq9-README.md), "
	           "`a-perf-freq9-raw.txt`: python3 -c "
	           "work | "));
	ck_assert_ptr_nonnull(strstr(text, "\n- **B has no meta.json**"));
	ck_assert_ptr_null(strstr(text, "Here the test is"));
	ck_assert_ptr_nonnull(
	    strstr(text, "Here WARNING: the stacks do not line up, a change "
	                 "of a path may be the same code reached another "
	                 "way: 0.0% of A and 50.0% of B unmatched"));
	/* No eval loop on either side: no table of its families. */
	ck_assert_ptr_null(strstr(text, "eval loop's"));
	free(text);
}
END_TEST

/* A sample at label l of the golden tests' eval loop (bytecode-make.sh). */
#define EVAL(l)                                                                \
	"python3 1 1.0: 1 cpu-clock:\n"                                        \
	"\t@" l "@ _PyEval_EvalFrameDefault+0x@" l                             \
	"@ (@DIR@/lib/libpython3.99.so)\n\t1000 main (/usr/bin/python3)\n\n"

/* Both sides with the eval loop: its families that changed most. */
START_TEST(eval_loop_families)
{
	static const char *const templates[2] = {
	    EVAL("LOAD_ATTR+0") EVAL("LOAD_ATTR+0") EVAL("LOAD_FAST+6"),
	    EVAL("LOAD_ATTR_INSTANCE_VALUE+1") EVAL("LOAD_FAST+6")
	        EVAL("error+2") EVAL("error+2")};
	char path[2][4096], cmd[8192], *text = NULL;
	size_t n = 0;

	unit_dir_make();
	for (int s = 0; s < 2; s++) {
		char rel[16];
		snprintf(rel, sizeof rel, "t%d", s);
		unit_dir_write(rel, templates[s]);
		snprintf(path[s], sizeof path[s], "%s/%c-perf-freq9-raw.txt",
		         unit_dir_path(""), "ab"[s]);
		snprintf(cmd, sizeof cmd,
		         "sh test/golden/inputs/bytecode-make.sh %s %s > %s",
		         unit_dir_path("loop"), unit_dir_path(rel), path[s]);
		ck_assert_int_eq(system(cmd), 0);
	}
	FILE *out = open_memstream(&text, &n);
	comparison_readme_of_raws(out, (char *const[]){path[0], path[1]}, NULL,
	                          NULL);
	fclose(out);
	unit_dir_remove();
	/* Shares (no meta.json): LOAD_ATTR 2 of 3, then 1 of 4. */
	const char *table =
	    strstr(text, "- **Where the eval loop's share changed");
	ck_assert_ptr_nonnull(table);
	ck_assert_ptr_nonnull(strstr(table, "| `LOAD_ATTR` | 66.67 | 25.00 | "
	                                    "-41.67 | not tested |"));
	ck_assert_ptr_nonnull(strstr(table, "| `[error]` | 0.00 | 50.00 | "
	                                    "+50.00 | not tested (new: B "
	                                    "only) |"));
	/* After the functions' table. */
	const char *functions = strstr(text, "- **Where the share changed");
	ck_assert(functions != NULL && functions < table);
	free(text);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    alike_data_sets,
	    eval_loop_families,
	    one_build_with_a_field_unknown_on_both,
	    differences_with_both_values,
	    build_tags_set_aside,
	    unknown_fields_not_checked,
	    side_without_meta,
	    one_run_and_lost_samples,
	    fairness_alone,
	    diff_quoted,
	    of_raw_files,
	    NULL,
	};
	return unit_main("comparison_readme", tests);
}

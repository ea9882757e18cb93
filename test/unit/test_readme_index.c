/*
 * test_readme_index.c - the index of a directory of published data sets
 * (pages/readme_index.h), of hand-made meta.json files and empty files in
 * a scratch directory: a table per build, each data set's files linked as
 * found, every kind of file explained; comparisons linking both data sets,
 * suites, and the data sets whose paths were shortened.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "pages/readme_index.h"
#include "unit.h"

/* Write meta.json for kv (FIELD, VALUE, ..., NULL) into the scratch
 * directory as ID-meta.json; its path to path. */
static void
write_meta(const char *const *kv, char *path, size_t n)
{
	struct metadata m;
	char why[256];

	metadata_init(&m);
	for (size_t i = 0; kv[i] != NULL; i += 2)
		ck_assert_msg(
		    metadata_set(&m, kv[i], kv[i + 1], why, sizeof why), "%s",
		    why);
	snprintf(path, n, "%s", unit_dir_path(metadata_get(&m, "id")));
	strncat(path, "-meta.json", n - strlen(path) - 1);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	metadata_write(&m, f);
	fclose(f);
	metadata_free(&m);
}

/* The index of the scratch directory dir (a new string). */
static char *
index_of(const char *dir, const struct readme_index *ix)
{
	char *text;
	size_t n;
	FILE *f = open_memstream(&text, &n);

	ck_assert_ptr_nonnull(f);
	readme_index(f, dir, ix);
	fclose(f);
	return text;
}

START_TEST(index_of_a_directory)
{
	static const char *const a[] = {"id",
	                                "a-perf-freq99x2",
	                                "timestamp",
	                                "2024-01-02T03:04:05Z",
	                                "workload.command",
	                                "python3 -c 'a|b'",
	                                "python.version",
	                                "3.12.1 (main)",
	                                "python.build.git_revision",
	                                "2305ca5",
	                                "samples.total",
	                                "7",
	                                NULL};
	static const char *const b[] = {"id", "b-perf-freq1", NULL};
	char pa[128], pb[128];
	char *text;
	const char *dir = unit_dir_make();
	write_meta(a, pa, sizeof pa);
	write_meta(b, pb, sizeof pb);
	unit_dir_write("a-perf-freq99x2-flamegraph.svg", "");
	unit_dir_write("a-perf-freq99x2-raw.txt", "");
	unit_dir_write("a-perf-freq99x2-README.md", "");
	unit_dir_write("a-perf-freq99x2-stability.md", "");
	char *metas[] = {pa, pb};
	struct readme_index ix = {.metas = metas, .n = 2};
	text = index_of(dir, &ix);

	ck_assert_msg(strncmp(text,
	                      "# Profile data sets\n\nProfiles of "
	                      "programs recorded with Linux `perf`",
	                      50) == 0,
	              "%s", text);
	/* The ID explained for a reader without the man page. */
	ck_assert_ptr_nonnull(strstr(text, "`WORKLOAD-perf-freqHZ[xRUNS][-TAG"
	                                   "...]`"));
	/* Two builds (one unknown): a table each, under its name. */
	ck_assert_ptr_nonnull(
	    strstr(text, "\n\n### Python 3.12.1, revision 2305ca5\n\n"
	                 "| ID | date | workload | Python | revision | "
	                 "samples | files |\n|---|---|---|---|---|---|---|\n"
	                 "| [a-perf-freq99x2](a-perf-freq99x2-README.md) | "
	                 "2024-01-02 | python3 -c 'a\\|b' | 3.12.1 | 2305ca5 | "
	                 "7 | [flamegraph](a-perf-freq99x2-flamegraph.svg) "
	                 "[stability](a-perf-freq99x2-stability.md) "
	                 "[raw](a-perf-freq99x2-raw.txt) "
	                 "[meta](a-perf-freq99x2-meta.json) |\n"
	                 "\n### no Python known\n\n| ID | date | workload | "
	                 "Python | revision | samples | files |\n"
	                 "|---|---|---|---|---|---|---|\n"
	                 "| [b-perf-freq1](b-perf-freq1-README.md) | unknown | "
	                 "unknown | unknown | unknown | unknown | "
	                 "[meta](b-perf-freq1-meta.json) |\n\n"
	                 "## Opening the files\n\n"));
	/* No comparison, suite or shortened path: no section for them. */
	ck_assert_ptr_null(strstr(text, "## Comparisons"));
	ck_assert_ptr_null(strstr(text, "## Suites"));
	ck_assert_ptr_null(strstr(text, "## Paths"));
	/* GitHub shows an SVG as an image: how to use the flame graph. */
	ck_assert_ptr_nonnull(strstr(text, "as GitHub does, runs none of its "
	                                   "script"));
	ck_assert_ptr_nonnull(strstr(text, "https://www.speedscope.app/"));
	ck_assert_ptr_nonnull(strstr(text, "https://profiler.firefox.com/"));
	ck_assert_ptr_nonnull(
	    strstr(text, "\n\n## The files of a data set\n\n"
	                 "| kind | file | what it is | how to read it |\n"
	                 "|---|---|---|---|\n"));
	/* Every kind, with both names where it has two, and its tag. */
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		char row[1024], tag[64] = "";
		if (k->tag != NULL)
			snprintf(tag, sizeof tag, " (tag %s)", k->tag);
		if (k->python)
			snprintf(tag, sizeof tag,
			         " (with Python frames: tag xperf)");
		if (k->cpython)
			snprintf(tag, sizeof tag,
			         " (of a Python, counting time)");
		snprintf(row, sizeof row, "| %s | `ID%s`%s%s%s%s | %s | %s |\n",
		         k->kind, k->suffix, k->alt_suffix ? " or `ID" : "",
		         k->alt_suffix ? k->alt_suffix : "",
		         k->alt_suffix ? "`" : "", tag, k->what, k->how);
		ck_assert_msg(strstr(text, row) != NULL, "no row %s", row);
	}
	ck_assert_ptr_nonnull(strstr(text, "| raw | `ID-raw.txt.xz` or "
	                                   "`ID-raw.txt` | "));
	free(text);

	unit_dir_remove();
}
END_TEST

/* Comparisons link both data sets; suites; which paths were shortened. */
START_TEST(index_of_comparisons_suites_and_paths)
{
	static const char *const a[] = {"id", "a-perf-freq99", NULL};
	static const char *const b[] = {"id", "b-perf-freq99", NULL};
	char pa[128], pb[128];
	char *text, *comparisons[] = {"a-perf-freq99-vs-b-perf-freq99"};
	char *suites[] = {"small"};
	bool shortened[] = {true, false};

	const char *dir = unit_dir_make();
	write_meta(a, pa, sizeof pa);
	write_meta(b, pb, sizeof pb);
	unit_dir_write("a-perf-freq99-vs-b-perf-freq99-diffgraph.svg", "");
	unit_dir_write("small-categories.svg", "");
	char *metas[] = {pa, pb};
	struct readme_index ix = {.metas = metas,
	                          .shortened = shortened,
	                          .n = 2,
	                          .comparisons = comparisons,
	                          .ncomparisons = 1,
	                          .suites = suites,
	                          .nsuites = 1};
	text = index_of(dir, &ix);
	ck_assert_ptr_nonnull(strstr(
	    text, "| comparison | A | B | files |\n|---|---|---|---|\n"
	          "| [b-perf-freq99 against "
	          "a-perf-freq99](a-perf-freq99-vs-b-perf-freq99-README.md) | "
	          "[a-perf-freq99](a-perf-freq99-README.md) | "
	          "[b-perf-freq99](b-perf-freq99-README.md) | "
	          "[diffgraph](a-perf-freq99-vs-b-perf-freq99-diffgraph.svg) "
	          "|\n"));
	ck_assert_ptr_nonnull(strstr(
	    text, "| suite | files |\n|---|---|\n| [small](small-"
	          "README.md) | [categories](small-categories.svg) |\n"));
	ck_assert_ptr_nonnull(
	    strstr(text, "(`make publish PUBLISH_PATHS=short`), in the files "
	                 "of `a-perf-freq99`: "));
	ck_assert_ptr_nonnull(strstr(text, "- `$VENV/`: "));
	free(text);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {index_of_a_directory,
	                        index_of_comparisons_suites_and_paths, NULL};
	return unit_main("readme_index", tests);
}

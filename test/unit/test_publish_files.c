/*
 * test_publish_files.c - `make publish` (suite/publish.h): the files in
 * the destination.  Copies made only where the bytes differ, a file
 * publish did not write (or changed since) never replaced, the index
 * beside a README of someone else's, comparisons and suites published
 * with their data sets, and paths shortened in every file.  The data sets
 * published are tested in test_publish.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "publish_fixture.h"
#include "unit.h"

START_TEST(same_bytes_left_alone)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;
	struct stat before, after;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &before),
	                 0);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 0 file(s) copied, 10 "
	                        "already there\n");
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &after), 0);
	ck_assert_uint_eq(before.st_ino, after.st_ino);

	/* A changed view is replaced whole, by another file. */
	unit_dir_write("out/" ID "-flat.txt", "new flat, longer than before\n");
	/* A stability report, when there is one, is published too. */
	unit_dir_write("out/" ID "-stability.md", "stable\n");
	publish_run(&r, &c);
	ck_assert_str_eq(c.out, "published to TOP/pub: 2 file(s) copied, 9 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"),
	                 "new flat, longer than before\n");
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &after), 0);
	ck_assert_uint_ne(before.st_ino, after.st_ino);
	ck_assert_str_eq(contents("pub/" ID "-stability.md"), "stable\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"),
	                             "[stability](" ID "-stability.md)"));
	/* Nothing written beside is left. */
	ck_assert_ptr_null(strstr(listing("pub"), ".tmp"));
	ck_assert_uint_eq(assert_links_resolve("pub"), 11);
	unit_dir_remove();
}
END_TEST

/* A file publish did not write is never replaced: nothing is written. */
START_TEST(foreign_files_left_alone)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	make_dir("pub");
	unit_dir_write("pub/README.md", "the repository's own README\n");
	unit_dir_write("pub/" ID "-flat.txt", "someone's flat\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err,
	                 "prog: TOP/pub/" ID "-flat.txt is there already, and "
	                 "perfviews did not write it (it is not in "
	                 ".perfviews-published): leaving it, and publishing "
	                 "nothing\n"
	                 "prog: nothing published into TOP/pub: 1 file(s) in "
	                 "the way (move them, or publish elsewhere)\n");
	ck_assert_str_eq(listing("pub"), "README.md " ID "-flat.txt");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "someone's flat\n");
	ck_assert(!exists("pub/.perfviews-published"));

	/* Moved away: published, the index beside the README. */
	unlink(unit_dir_path("pub/" ID "-flat.txt"));
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "TOP/pub/README.md is not perfviews': the "
	                        "index is TOP/pub/perfviews-index.md\n"
	                        "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/README.md"),
	                 "the repository's own README\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/perfviews-index.md"),
	                             "| [" ID "](" ID "-README.md) |"));
	/* The manifest keeps the index's place. */
	ck_assert_ptr_nonnull(strstr(contents("pub/.perfviews-published"),
	                             "\nindex perfviews-index.md\n"));
	unlink(unit_dir_path("pub/README.md"));
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert(!exists("pub/README.md"));

	/* A file publish wrote, changed since, is not its own any more. */
	unit_dir_write("pub/" ID "-flat.txt", "edited by hand\n");
	unit_dir_write("out/" ID "-flat.txt", "a new flat\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err, "prog: TOP/pub/" ID "-flat.txt was "
	                                    "changed since perfviews "
	                                    "published it: leaving it"));
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "edited by hand\n");
	unit_dir_remove();
}
END_TEST

/*
 * Comparisons and suites of OUT are published when their data sets are,
 * comparisons of two suites when both suites are, and the index links
 * them.
 */
START_TEST(comparisons_and_suites)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unit_dir_write("out/" ID "-vs-" ID "-README.md", "same\n");
	unit_dir_write("out/" ID "-vs-" ID "-diff.txt", "diff\n");
	unit_dir_write("out/w-perf-freq99x2-vs-x-perf-freq1-README.md", "x\n");
	unit_dir_write("out/s1-README.md",
	               "# Suite s1\n| [" ID "](" ID "-README.md) |\n");
	unit_dir_write("out/s1-categories.svg", "<svg/>\n");
	unit_dir_write("out/s2-README.md", "# Suite s2\n| [x-perf-freq1]"
	                                   "(x-perf-freq1-README.md) |\n");
	unit_dir_write("out/s-3-README.md",
	               "# Suite s-3\n| [" ID "](" ID "-README.md) |\n");
	unit_dir_write("out/s1-vs-s-3-README.md",
	               "# Suites compared: s-3 against s1\n"
	               "[README](s1-README.md), [README](s-3-README.md)\n"
	               "| n | [README](" ID "-vs-" ID "-README.md) |\n");
	unit_dir_write("out/s1-vs-s-3-timing.csv", "benchmark\n");
	unit_dir_write("out/s1-vs-s2-README.md",
	               "# Suites compared: s2 against s1\n"
	               "[README](s1-README.md), [README](s2-README.md)\n");
	char *ids[] = {ID, "x-perf-freq1"};
	define_suite("s1", "data", ids, 1);
	define_suite("s2", "data", ids + 1, 1);
	define_suite("s-3", "data", ids, 1);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err,
	                 "prog: skipping the comparison "
	                 "w-perf-freq99x2-vs-x-perf-freq1: x-perf-freq1 is not "
	                 "published (not in TOP/pub)\n"
	                 "prog: skipping the suite s2: its data set "
	                 "x-perf-freq1 is not published (not in TOP/pub)\n"
	                 "prog: skipping the comparison of suites s1-vs-s2: "
	                 "s2 is not published (not in TOP/pub)\n");
	ck_assert(exists("pub/s1-vs-s-3-timing.csv"));
	ck_assert(!exists("pub/s1-vs-s2-README.md"));
	ck_assert(exists("pub/" ID "-vs-" ID "-diff.txt"));
	ck_assert(exists("pub/s1-categories.svg"));
	ck_assert(!exists("pub/s2-README.md"));
	const char *index = contents("pub/README.md");
	ck_assert_ptr_nonnull(strstr(
	    index, "| [" ID " against " ID "](" ID "-vs-" ID
	           "-README.md) | [" ID "](" ID "-README.md) | [" ID "](" ID
	           "-README.md) | [diff](" ID "-vs-" ID "-diff.txt) |\n"));
	ck_assert_ptr_nonnull(strstr(index, "| [s1](s1-README.md) | "
	                                    "[categories](s1-categories.svg) "
	                                    "[definition](s1-suite.json) "
	                                    "|\n"));
	ck_assert_ptr_nonnull(
	    strstr(index, "| [s-3 against s1](s1-vs-s-3-README.md) | "
	                  "[s1](s1-README.md) [s-3](s-3-README.md) | "
	                  "[timing](s1-vs-s-3-timing.csv) |\n"));
	ck_assert_ptr_nonnull(strstr(contents("pub/.perfviews-published"),
	                             "\nsuite-comparison s1-vs-s-3\n"));
	/* The suites' definitions too (they are checked against the data). */
	ck_assert_uint_eq(assert_links_resolve("pub"), 23);
	unit_dir_remove();
}
END_TEST

/* Short paths: in every file, the raw file's compressed again. */
START_TEST(short_paths_everywhere)
{
	struct run r = {"pub", {"data"}, 1,     "out",
	                "",    false,    false, PUBLISH_PATHS_SHORT};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	write_meta("data", ID, "/home/ann/py/bin/python3 /tmp/x/run.py");
	unit_dir_write("out/" ID "-flat.txt",
	               "py::f:/root/v/lib/python3.12/site-packages/m.py 1\n");
	/* A compressed raw file: decompressed, shortened, compressed. */
	unlink(unit_dir_path("data/" ID "-raw.txt"));
	char cmd[3 * PATH_MAX];
	snprintf(cmd, sizeof cmd,
	         "printf '\\t1 f (/tmp/perf-1.map)\\n' | xz >%s",
	         unit_dir_path("data/" ID "-raw.txt.xz"));
	ck_assert_int_eq(system(cmd), 0);
	make_views("data", ID);
	unit_dir_write("out/" ID "-flat.txt",
	               "py::f:/root/v/lib/python3.12/site-packages/m.py 1\n");
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_ptr_nonnull(strstr(contents("pub/" ID "-meta.json"),
	                             "\"~/py/bin/python3 $TMP/x/run.py\""));
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"),
	                 "py::f:$VENV/m.py 1\n");
	snprintf(cmd, sizeof cmd, "xz -dc %s >%s",
	         unit_dir_path("pub/" ID "-raw.txt.xz"), unit_dir_path("raw"));
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_str_eq(contents("raw"), "\t1 f ($TMP/perf-1.map)\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"), "## Paths\n"));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/.perfviews-published"), "\ndataset " ID " "));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/.perfviews-published"), " short\n"));
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {same_bytes_left_alone, foreign_files_left_alone,
	                        comparisons_and_suites, short_paths_everywhere,
	                        NULL};
	return unit_main("publish_files", tests);
}

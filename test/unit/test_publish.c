/*
 * test_publish.c - `make publish` (suite/publish.h) of data sets: copied
 * into one directory with an index whose every link is a file there,
 * data sets that cannot be published skipped or fatal, the first of two
 * directories holding an ID taken, the views command run for each, and
 * another recording under a published ID refused unless forced.  What
 * publish does with the files in the destination (copies, files it did
 * not write, comparisons and suites, short paths) is tested in
 * test_publish_files.c.
 */
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "publish_fixture.h"
#include "unit.h"

START_TEST(copies_and_indexes)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(listing("pub"),
	                 "README.md " ID "-README.md " ID "-bydso.txt " ID
	                 "-calltree.txt " ID "-categories.svg " ID
	                 "-categories.txt " ID "-flamegraph.svg " ID
	                 "-flat.txt " ID "-folded.txt " ID "-meta.json " ID
	                 "-raw.txt");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "flat.txt");
	char meta[4096];
	snprintf(meta, sizeof meta, "%s", contents("data/" ID "-meta.json"));
	ck_assert_str_eq(contents("pub/" ID "-meta.json"), meta);

	/* The index: one row, and nothing it links is missing. */
	const char *index = contents("pub/README.md");
	ck_assert_ptr_nonnull(strstr(index, "\n| [" ID "](" ID "-README.md) | "
	                                    "unknown | python3 -c pass | "));
	ck_assert_ptr_nonnull(strstr(index, "[raw](" ID "-raw.txt) [meta](" ID
	                                    "-meta.json) |\n"));
	/* README, 5 views, raw and meta. */
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);
	unit_dir_remove();
}
END_TEST

START_TEST(unpublishable_data_sets_skipped)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	/* No raw file; and an ID that is not one. */
	write_meta("data", "v-perf-freq1", "v");
	write_meta("data", "not_an_id", "n");
	unit_dir_write("data/not_an_id-raw.txt", "raw\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err,
	                 "prog: skipping TOP/data/not_an_id-meta.json: bad ID: "
	                 "missing tool and frequency (want "
	                 "WORKLOAD-perf-freqHZ[xRUNS][-TAG...])\n"
	                 "prog: skipping TOP/data/v-perf-freq1-meta.json: no "
	                 "raw file beside it\n");
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_ptr_null(strstr(listing("pub"), "v-perf"));
	ck_assert_ptr_null(strstr(listing("pub"), "not_an_id"));
	ck_assert_ptr_null(strstr(contents("pub/README.md"), "v-perf"));
	unit_dir_remove();
}
END_TEST

START_TEST(first_directory_wins)
{
	struct run r = {"pub", {"data", "data2"}, 2, "out", "", false, false,
	                0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	make_dir("data2");
	write_meta("data2", ID, "the other command");
	unit_dir_write("data2/" ID "-raw.txt.xz", "other raw\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert(!exists("pub/" ID "-raw.txt.xz"));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/" ID "-meta.json"), "python3 -c pass"));
	unit_dir_remove();
}
END_TEST

START_TEST(missing_view_is_fatal)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unlink(unit_dir_path("out/" ID "-calltree.txt"));
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: " ID ": no " ID "-calltree.txt in "
	                        "TOP/out\n");
	ck_assert_str_eq(c.out, "");
	ck_assert(!exists("pub/README.md"));
	unit_dir_remove();
}
END_TEST

START_TEST(destination_must_be_a_directory)
{
	struct run r = {"file", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unit_dir_write("file", "x");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: TOP/file: Not a directory\n");
	r.dest = "no/such/dir";
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err,
	                 "prog: TOP/no/such/dir: No such file or directory\n");
	unit_dir_remove();
}
END_TEST

/*
 * The views command: run through sh with the ID and directories quoted,
 * before the files are copied; a failure is fatal.
 */
START_TEST(views_rendered_by_make)
{
	struct run r = {"pub", {"da'ta"}, 1, "out dir", NULL, false, false, 0};
	struct unit_child c;
	char make[PATH_MAX + 32], want[2 * PATH_MAX];

	top = unit_dir_make();
	make_dir("da'ta");
	make_dir("out dir");
	write_meta("da'ta", ID, "python3 -c pass");
	unit_dir_write("da'ta/" ID "-raw.txt", "raw text\n");
	/* What make views notes first; then a make that logs its words and
	 * renders each view as its name. */
	note_source_in("da'ta", "out dir", ID);
	unit_dir_write("make.sh",
	               "log=$(dirname \"$0\")/log\n"
	               "printf '[%s]' \"$@\" >>\"$log\"; echo >>\"$log\"\n"
	               "id=${2#ID=}; out=${4#OUT=}\n"
	               "for v in flamegraph.svg flat.txt calltree.txt "
	               "bydso.txt categories.txt categories.svg folded.txt "
	               "README.md; do\n"
	               "  echo \"made $v\" >\"$out/$id-$v\"\n"
	               "done\n");
	snprintf(make, sizeof make, "sh %s", unit_dir_path("make.sh"));
	r.make = make;
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	snprintf(want, sizeof want, "[views][ID=%s][DATA=%s][OUT=%s]\n", ID,
	         unit_dir_path("da'ta"), unit_dir_path("out dir"));
	ck_assert_str_eq(contents("log"), want);
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "made flat.txt\n");
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);

	/* A make that fails stops the publishing. */
	unit_dir_write("make.sh", "exit 3\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err,
	                             " views ID='" ID "' DATA='TOP/da'\\''ta' "
	                             "OUT='TOP/out dir' failed (exit 3)\n"));
	ck_assert_msg(strncmp(c.err, "prog: sh TOP/make.sh views", 26) == 0,
	              "%s", c.err);
	unit_dir_remove();
}
END_TEST

/* No directories given: data; paths relative to where it runs. */
START_TEST(data_by_default)
{
	struct run r = {"pub", {NULL}, 0, "out", "", true, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_str_eq(c.out, "published to pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);
	unit_dir_remove();
}
END_TEST

START_TEST(nothing_to_publish)
{
	struct run r = {"pub", {"empty"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_dir("empty");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 0 file(s) copied, 0 "
	                        "already there\n");
	/* An index of nothing, still with the table of kinds. */
	ck_assert_str_eq(listing("pub"), "README.md");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"),
	                             "|---|---|---|---|---|---|---|\n\n"
	                             "## Opening the files\n"));
	unit_dir_remove();
}
END_TEST

/*
 * Another recording under a published ID is refused, saying what
 * differs, and nothing is written; --force replaces it.
 */
START_TEST(another_recording_refused)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	char before[8192];
	snprintf(before, sizeof before, "%s",
	         contents("pub/.perfviews-published"));

	make_dir("data2");
	write_meta("data2", ID, "python3 -c other");
	unit_dir_write("data2/" ID "-raw.txt", "another raw text\n");
	write_meta("data2", "n-perf-freq99", "python3 -c new");
	unit_dir_write("data2/n-perf-freq99-raw.txt", "new raw\n");
	make_views("data2", "n-perf-freq99");
	r.data[0] = "data2";
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(
	    c.err,
	    "prog: " ID ": another recording is published under this ID "
	    "in TOP/pub than the one in TOP/data2 (their raw files "
	    "differ); in their meta.json:\n"
	    "    workload.command: python3 -c pass published, python3 -c "
	    "other in TOP/data2\n"
	    "prog: nothing published: publish each recording under an "
	    "ID of its own (make record ID=... with a tag), or replace "
	    "the published one with FORCE=1 (--force)\n");
	ck_assert(!exists("pub/n-perf-freq99-meta.json"));
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert_str_eq(contents("pub/.perfviews-published"), before);

	/* Forced: data2's views of ID, and no other's, are published. */
	r.force = true;
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err, "was not made from TOP/data2/" ID
	                                    "-raw.txt (another recording"));
	make_views("data2", ID);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "prog: " ID ": replacing the recording "
	                        "published in TOP/pub with the one of "
	                        "TOP/data2 (force)\n");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "another raw text\n");
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/README.md"),
	           "| [n-perf-freq99](n-perf-freq99-README.md)"));
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {copies_and_indexes,
	                        unpublishable_data_sets_skipped,
	                        first_directory_wins,
	                        missing_view_is_fatal,
	                        destination_must_be_a_directory,
	                        views_rendered_by_make,
	                        data_by_default,
	                        nothing_to_publish,
	                        another_recording_refused,
	                        NULL};
	return unit_main("publish", tests);
}

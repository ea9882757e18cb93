/*
 * test_record_failures.c - what recording a data set (record/record.h)
 * refuses and what it leaves when it fails, with the stand-in perf of
 * record_fixture.h: the mistakes refused before anything runs or is
 * created, a failed run's message, a recording stopped by a signal
 * leaving nothing, a raw file left by a killed recording, and a data
 * directory that is not one.
 */
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

#include "base/message.h"
#include "record_fixture.h"
#include "unit.h"

START_TEST(mistakes_refused_before_anything_runs)
{
	struct job j;

	top = unit_dir_make();
	job_init(&j, "bad");
	assert_refused(&j, EXIT_DATA,
	               "prog: bad ID 'bad': missing tool and frequency (want "
	               "WORKLOAD-perf-freqHZ[xRUNS][-TAG...])\n");
	job_init(&j, "w-perf-freq99");
	j.opt.callgraph = "lbr";
	assert_refused(&j, EXIT_USAGE, "prog: --callgraph lbr: fp or dwarf\n");
	job_init(&j, "w-perf-freq99");
	j.opt.data = "";
	assert_refused(&j, EXIT_USAGE, "prog: --data: no directory given\n");
	job_init(&j, "mystery-perf-freq99");
	j.opt.cmd = NULL;
	assert_refused(&j, EXIT_USAGE,
	               "prog: workload mystery has no default command: give "
	               "CMD=... (or --cmd)\n");
	job_init(&j, "mystery-perf-freq99");
	j.opt.cmd = "";
	assert_refused(&j, EXIT_USAGE,
	               "prog: workload mystery has no default command: give "
	               "CMD=... (or --cmd)\n");
	/* Command lines are split as sh would, without running anything. */
	job_init(&j, "w-perf-freq99");
	j.opt.cmd = "python3 -c 'x";
	assert_refused(&j, EXIT_USAGE,
	               "prog: CMD: not a command line: 'python3 -c 'x'\n");
	job_init(&j, "w-perf-freq99");
	j.opt.cmd = "echo $(touch TOP/made)";
	assert_refused(&j, EXIT_USAGE,
	               "prog: CMD: not a command line: 'echo "
	               "$(touch TOP/made)'\n");
	job_init(&j, "w-perf-freq99");
	j.opt.cmd = "echo `id`";
	assert_refused(&j, EXIT_USAGE,
	               "prog: CMD: not a command line: 'echo `id`'\n");
	job_init(&j, "w-perf-freq99");
	j.opt.perf = "perf \"";
	assert_refused(&j, EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf \"'\n");
	job_init(&j, "w-perf-freq99");
	j.opt.xz = " ";
	assert_refused(&j, EXIT_USAGE, "prog: --xz: empty command: ' '\n");
	/* xperf needs a Python with -X perf: asked before anything else. */
	job_init(&j, "w-perf-freq99-xperf");
	j.opt.python = "false";
	assert_refused(&j, EXIT_DATA,
	               "prog: false has no -X perf (tag xperf needs Python "
	               "3.12 or later, built with perf trampoline support)\n");
	unit_dir_remove();
}
END_TEST

START_TEST(failed_run_leaves_nothing)
{
	struct job j;
	struct unit_child c;

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99x2");
	j.env = "FAIL_RECORD";
	j.fails = true;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: run 1 of 2 failed (exit 3); the end of "
	                        "its stderr:\n    line 1\n    perf: boom\n");
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");

	job_init(&j, "w-perf-freq99x2");
	j.env = "FAIL_SCRIPT";
	j.fails = true;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: perf script of run 1 failed (exit 4); "
	                        "the end of its stderr:\n    no data\n");
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");

	/* A workload that fails fails the run. */
	job_init(&j, "w-perf-freq99");
	j.opt.cmd = "false";
	j.fails = true;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: run 1 of 1 failed (exit 1); the end of "
	                        "its stderr:\n");
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");

	/* A compressor that fails. */
	job_init(&j, "w-perf-freq99");
	j.opt.xz = "false";
	j.fails = true;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: compression failed (exit 1)\n");
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");
	unit_dir_remove();
}
END_TEST

START_TEST(stopped_recording_leaves_nothing)
{
	struct job j;
	struct unit_child c;
	char want[128];
	time_t start = time(NULL);

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99x3");
	j.env = "SLOW_RECORD";
	j.signal = SIGTERM;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, 128 + SIGTERM);
	snprintf(want, sizeof want, "prog: stopped by %s; nothing recorded\n",
	         strsignal(SIGTERM));
	ck_assert_str_eq(c.err, want);
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");
	/* No further run was started. */
	assert_starts(c.out, "run 1/3: sh TOP/perf.sh record ");
	ck_assert_ptr_null(strstr(c.out, "run 2/3"));
	ck_assert_str_eq(c.out + strlen(c.out) - 8, "-- true\n");
	ck_assert_int_lt(time(NULL) - start, 10);
	unit_dir_remove();
}
END_TEST

/*
 * A raw file without meta.json is refused (whose is it?), unless the ID's
 * scratch directory is beside it: then the last recording was killed as
 * it moved its files in (its node lost), meta.json not yet, and this one
 * replaces what it left.
 */
START_TEST(raw_left_by_a_killed_recording_recorded_over)
{
	struct job j;
	struct unit_child c;

	top = unit_dir_make();
	ck_assert_int_eq(mkdir(unit_dir_path("data"), 0777), 0);
	unit_dir_write("data/w-perf-freq99-raw.txt.xz", "stale\n");
	job_init(&j, "w-perf-freq99");
	j.fails = true;
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	assert_starts(c.err,
	              "prog: TOP/data/w-perf-freq99 is there already: "
	              "a data set recorded without meta.json: when and "
	              "with what is unknown\nprog: not recorded over it");
	ck_assert_str_eq(listing(unit_dir_path("data")),
	                 "w-perf-freq99-raw.txt.xz");

	/* What a recording killed between its moves leaves: its scratch
	 * directory, meta.json in it, and its lock's file. */
	ck_assert_int_eq(mkdir(unit_dir_path("data/.w-perf-freq99.tmp"), 0777),
	                 0);
	unit_dir_write("data/.w-perf-freq99.tmp/meta.json", "{}\n");
	unit_dir_write("data/.w-perf-freq99.lock", "pid 1 since then\n");
	job_init(&j, "w-perf-freq99");
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	ck_assert_str_eq(listing(unit_dir_path("data")),
	                 "w-perf-freq99-meta.json w-perf-freq99-raw.txt.xz");
	ck_assert_str_ne(
	    unit_file_text(unit_dir_path("data/w-perf-freq99-raw.txt.xz")),
	    "stale\n");
	unit_dir_remove();
}
END_TEST

START_TEST(data_must_be_a_directory)
{
	struct job j;
	struct unit_child c;

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99");
	unit_dir_write("data", "a file\n");
	run_job(&j, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: TOP/data: Not a directory\n");
	/* Directories are made as needed. */
	snprintf(j.data, sizeof j.data, "%s", unit_dir_path("a/b/c"));
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "%s", c.err);
	ck_assert_str_eq(listing(unit_dir_path("a/b/c")),
	                 "w-perf-freq99-meta.json w-perf-freq99-raw.txt.xz");
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {mistakes_refused_before_anything_runs,
	                        failed_run_leaves_nothing,
	                        stopped_recording_leaves_nothing,
	                        raw_left_by_a_killed_recording_recorded_over,
	                        data_must_be_a_directory,
	                        NULL};
	return unit_main("record_failures", tests);
}

/*
 * test_record.c - recording a data set (record/record.h) without perf:
 * record.c exposes record_defaults and record, so a stand-in perf
 * (record_fixture.h) records whole data sets here.  What is checked: the
 * defaults, the perf record command line, the raw file with its run
 * markers, meta.json (written once, before the views), with frame
 * pointers, another event, tag faults and samples perf lost.  What is
 * refused, and what a failed or stopped recording leaves, are tested in
 * test_record_failures.c.
 */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>

#include "dataset/metadata.h"
#include "record_fixture.h"
#include "unit.h"

START_TEST(defaults)
{
	struct record_options opt;

	memset(&opt, 0xff, sizeof opt);
	record_defaults(&opt);
	ck_assert_str_eq(opt.data, "data");
	ck_assert_ptr_null(opt.cmd);
	ck_assert_str_eq(opt.python, "python3");
	ck_assert(!opt.python_given);
	ck_assert_str_eq(opt.callgraph, "dwarf");
	ck_assert_ptr_null(opt.python_src);
	ck_assert_str_eq(opt.perf, "perf");
	ck_assert_str_eq(opt.event, "cpu-clock");
	ck_assert_uint_eq(opt.timeout, 600);
	ck_assert_str_eq(opt.xz, "xz -9 -T1");
	ck_assert_str_eq(opt.out, "out");
	ck_assert_ptr_null(opt.views); /* perfviews views renders them */
}
END_TEST

/* Read a meta.json; the value of a field, "null" when it is null. */
static const char *
field(const struct metadata *m, const char *path)
{
	const char *v = metadata_get(m, path);
	return v != NULL ? v : "null";
}

START_TEST(records_a_data_set)
{
	struct job j;
	struct unit_child c;
	struct metadata m;
	char why[256], log[4096];

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99x2-_t1");
	j.opt.cmd = "sh -c 'echo workload ran >&2'";
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	/* The workload's stderr went to a file in memory. */
	ck_assert_str_eq(c.err, "");
	assert_starts(c.out,
	              "run 1/2: sh TOP/perf.sh record -e cpu-clock -F 99 "
	              "--call-graph dwarf -o TOP/data/.w-perf-freq99x2-_t1.tmp/"
	              "run.data -- sh -c 'echo workload ran >&2'\n"
	              "run 2/2: sh TOP/perf.sh record -e cpu-clock -F 99 "
	              "--call-graph dwarf -o TOP/data/.w-perf-freq99x2-_t1.tmp/"
	              "run.data -- sh -c 'echo workload ran >&2'\n"
	              "once more without the profiler: sh -c 'echo workload "
	              "ran >&2'\n"
	              "wrote TOP/data/w-perf-freq99x2-_t1-raw.txt.xz and "
	              "TOP/data/w-perf-freq99x2-_t1-meta.json (5 samples)\n"
	              "took ");
	ck_assert_str_eq(listing(unit_dir_path("data")),
	                 "w-perf-freq99x2-_t1-meta.json "
	                 "w-perf-freq99x2-_t1-raw.txt.xz");

	/* perf as it was called: version, then record and script per run. */
	snprintf(log, sizeof log, "%s", unit_file_text(unit_dir_path("log")));
	say_top(log, sizeof log);
#define RUN_DATA "[TOP/data/.w-perf-freq99x2-_t1.tmp/run.data]"
#define SCRIPT                                                                 \
	"[version][--build-options]\n"                                         \
	"[evlist][-v][-i]" RUN_DATA "\n"                                       \
	"[script][-i]" RUN_DATA "[-F][time][--ns][-G][--symfs][SYMFS]\n"       \
	"[script][-i]" RUN_DATA "[--no-inline]\n"                              \
	"[report][-i]" RUN_DATA "[--stats]\n"
	ck_assert_str_eq(log, "[--version]\n"
	                      "[record][-e][cpu-clock][-F][99][--call-graph]"
	                      "[dwarf][-o]" RUN_DATA "[--][sh][-c]"
	                      "[echo workload ran >&2]\n" SCRIPT
	                      "[record][-e][cpu-clock][-F][99][--call-graph]"
	                      "[dwarf][-o]" RUN_DATA "[--][sh][-c]"
	                      "[echo workload ran >&2]\n" SCRIPT);
#undef RUN_DATA
#undef SCRIPT

	/* The raw file: its header, then each run's text after its marker. */
	char cmd[PATH_MAX + 64];
	snprintf(cmd, sizeof cmd, "xz -dc %s >%s",
	         unit_dir_path("data/w-perf-freq99x2-_t1-raw.txt.xz"),
	         unit_dir_path("raw.txt"));
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_str_eq(
	    unit_file_text(unit_dir_path("raw.txt")),
	    "# ========\n"
	    "# perfviews raw file of data set w-perf-freq99x2-_t1: "
	    "the `perf script` text of 2 runs,\n"
	    "# each after a \"# perfviews run N/2\" line "
	    "(perfviews(5))\n"
	    "# ========\n"
	    "#\n"
	    "# perfviews run 1/2 (an end line follows)\n"
	    "py 1 1.1: 1 cpu-clock:\n\t1 f1 (/bin/py)\n\n"
	    "py 1 1.2: 1 cpu-clock:\n\t1 f1 (/bin/py)\n\n"
	    "# perfviews end of run 1/2: 2 samples\n"
	    "# perfviews run 2/2 (an end line follows)\n"
	    "py 1 2.1: 1 cpu-clock:\n\t1 f2 (/bin/py)\n\n"
	    "py 1 2.2: 1 cpu-clock:\n\t1 f2 (/bin/py)\n\n"
	    "py 1 2.3: 1 cpu-clock:\n\t1 f2 (/bin/py)\n\n"
	    "# perfviews end of run 2/2: 3 samples\n");

	/* meta.json: from the ID, perf, the options and the counts. */
	metadata_init(&m);
	ck_assert_msg(metadata_read_json(
	                  &m,
	                  unit_dir_path("data/w-perf-freq99x2-_t1-meta.json"),
	                  why, sizeof why),
	              "%s", why);
	ck_assert_str_eq(field(&m, "id"), "w-perf-freq99x2-_t1");
	ck_assert_str_eq(field(&m, "workload.name"), "w");
	ck_assert_str_eq(field(&m, "workload.command"),
	                 "sh -c 'echo workload ran >&2'");
	ck_assert_str_eq(field(&m, "tool.name"), "perf");
	ck_assert_str_eq(field(&m, "tool.version"), "9.9.test");
	ck_assert_str_eq(field(&m, "tool.event"), "cpu-clock");
	ck_assert_str_eq(field(&m, "tool.frequency"), "99");
	ck_assert_str_eq(field(&m, "tool.call_graph"), "dwarf");
	ck_assert_str_eq(field(&m, "tool.runs"), "2");
	ck_assert_str_eq(field(&m, "tags"), "_t1");
	snprintf(log, sizeof log, "%s", field(&m, "tool.record_command"));
	say_top(log, sizeof log);
	ck_assert_str_eq(log, "sh TOP/perf.sh record -e cpu-clock -F 99 "
	                      "--call-graph dwarf -o RUN.data -- sh -c 'echo "
	                      "workload ran >&2'");
	ck_assert_str_eq(field(&m, "samples.total"), "5");
	ck_assert_str_eq(field(&m, "samples.per_run"), "2 3");
	ck_assert_str_eq(field(&m, "samples.by_event"), "cpu-clock=5");
	ck_assert_str_eq(field(&m, "samples.lost"), "0");
	ck_assert_str_eq(field(&m, "samples.unit"), "samples");
	ck_assert_str_eq(field(&m, "tool.period"), "null");
	ck_assert_str_eq(field(&m, "strace.runs"), "null");
	/* A command of its own: Python was not asked about itself. */
	ck_assert_str_eq(field(&m, "python.version"), "null");
	ck_assert_str_eq(field(&m, "python.executable"), "null");
	/* The host and the time are the machine's. */
	ck_assert_int_eq(strlen(field(&m, "timestamp")), 20);
	ck_assert_str_ne(field(&m, "host.hostname"), "null");
	ck_assert_str_ne(field(&m, "host.kernel"), "null");
	ck_assert_str_ne(field(&m, "timing.record_seconds"), "null");
	ck_assert_str_ne(field(&m, "timing.other_seconds"), "null");
	metadata_free(&m);
	unit_dir_remove();
}
END_TEST

/*
 * The views come once the data set is in place, and meta.json is written
 * once, before them: the views command sees the file DATA keeps, the same
 * bytes and the same file (not replaced after), without the views' time,
 * which make record prints instead.
 */
START_TEST(views_after_meta_json_written_once)
{
	struct job j;
	struct unit_child c;
	struct metadata m;
	struct stat st;
	char why[256], views[PATH_MAX + 64];

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99");
	unit_dir_write("views.sh",
	               "d=$1; id=${2#ID=}\n"
	               "cp \"$d/$id-meta.json\" \"$d/../seen.json\"\n"
	               "ls -i \"$d/$id-meta.json\" >\"$d/../seen.inode\"\n");
	snprintf(views, sizeof views, "sh %s %s", unit_dir_path("views.sh"),
	         j.data);
	j.opt.views = views;
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	ck_assert_msg(strstr(c.out, "rendered the views of w-perf-freq99: sh "
	                            "TOP/views.sh TOP/data ID=w-perf-freq99\n"
	                            "took ") != NULL,
	              "%s", c.out);
	ck_assert_msg(strstr(c.out, ", views ") != NULL, "%s", c.out);
	const char *meta = unit_dir_path("data/w-perf-freq99-meta.json");
	char *kept = strdup(unit_file_text(meta));
	ck_assert_msg(
	    strcmp(kept, unit_file_text(unit_dir_path("seen.json"))) == 0,
	    "meta.json changed after the views saw it");
	free(kept);
	ck_assert_int_eq(stat(meta, &st), 0);
	ck_assert_uint_eq(
	    strtoull(unit_file_text(unit_dir_path("seen.inode")), NULL, 10),
	    st.st_ino);
	metadata_init(&m);
	ck_assert_msg(metadata_read_json(&m, meta, why, sizeof why), "%s", why);
	ck_assert_str_ne(field(&m, "timing.record_seconds"), "null");
	ck_assert_str_eq(field(&m, "timing.views_seconds"), "null");
	metadata_free(&m);
	unit_dir_remove();
}
END_TEST

/* Frame pointers, another event, the default command of "pass". */
START_TEST(records_with_options)
{
	struct job j;
	struct unit_child c;
	struct metadata m;
	char why[256], log[4096];

	top = unit_dir_make();
	job_init(&j, "pass-perf-freq7-nosite");
	j.opt.cmd = NULL;
	j.opt.python = "true";
	j.opt.callgraph = "fp";
	j.opt.event = "task-clock";
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	snprintf(log, sizeof log, "%s", unit_file_text(unit_dir_path("log")));
	say_top(log, sizeof log);
	ck_assert_str_eq(
	    log, "[--version]\n"
	         "[record][-e][task-clock][-F][7][-g][-o]"
	         "[TOP/data/.pass-perf-freq7-nosite.tmp/run.data][--][true]"
	         "[-S][-c][pass]\n"
	         "[version][--build-options]\n"
	         "[evlist][-v][-i][TOP/data/.pass-perf-freq7-nosite.tmp/"
	         "run.data]\n"
	         "[script][-i][TOP/data/.pass-perf-freq7-nosite.tmp/"
	         "run.data][-F][time][--ns][-G][--symfs][SYMFS]\n"
	         "[script][-i][TOP/data/.pass-perf-freq7-nosite.tmp/"
	         "run.data][--no-inline]\n"
	         "[report][-i][TOP/data/.pass-perf-freq7-nosite.tmp/"
	         "run.data][--stats]\n");
	metadata_init(&m);
	ck_assert_msg(
	    metadata_read_json(
	        &m, unit_dir_path("data/pass-perf-freq7-nosite-meta.json"), why,
	        sizeof why),
	    "%s", why);
	ck_assert_str_eq(field(&m, "workload.command"), "true -S -c pass");
	ck_assert_str_eq(field(&m, "tool.call_graph"), "fp");
	ck_assert_str_eq(field(&m, "tool.event"), "task-clock");
	ck_assert_str_eq(field(&m, "tool.runs"), "1");
	ck_assert_str_eq(field(&m, "tags"), "nosite");
	ck_assert_str_eq(field(&m, "samples.per_run"), "2");
	metadata_free(&m);
	unit_dir_remove();
}
END_TEST

/* Tag faults: every event a sample, a large buffer, what a count is. */
START_TEST(records_faults)
{
	struct job j;
	struct unit_child c;
	struct metadata m;
	char why[256], log[4096];

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99-faults");
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	assert_starts(c.out, "run 1/1: sh TOP/perf.sh record -e "
	                     "page-faults,major-faults -c 1 -m 16M "
	                     "--call-graph dwarf -o ");
	ck_assert_ptr_nonnull(strstr(c.out, "(2 faults)\n"));
	snprintf(log, sizeof log, "%s", unit_file_text(unit_dir_path("log")));
	say_top(log, sizeof log);
	ck_assert_ptr_nonnull(
	    strstr(log, "[record][-e][page-faults,major-faults][-c][1][-m][16M]"
	                "[--call-graph][dwarf][-o]"));
	/* perf record takes every fault (-c 1), at no frequency (-F). */
	char *record_line = strstr(log, "[record]");
	*strchr(record_line, '\n') = '\0';
	ck_assert_ptr_null(strstr(record_line, "[-F]"));
	metadata_init(&m);
	ck_assert_msg(metadata_read_json(
	                  &m,
	                  unit_dir_path("data/w-perf-freq99-faults-meta.json"),
	                  why, sizeof why),
	              "%s", why);
	ck_assert_str_eq(field(&m, "tool.event"), "page-faults,major-faults");
	ck_assert_str_eq(field(&m, "tool.frequency"), "99");
	ck_assert_str_eq(field(&m, "tool.period"), "1");
	ck_assert_str_eq(field(&m, "samples.unit"), "faults");
	ck_assert_ptr_nonnull(
	    strstr(field(&m, "samples.meaning"), "page fault"));
	metadata_free(&m);

	/* Another event is refused, before anything is made. */
	unit_dir_remove();
	top = unit_dir_make();
	job_init(&j, "w-perf-freq99-faults");
	j.opt.event = "cycles";
	j.opt.event_given = true;
	j.fails = true;
	assert_refused(&j, EXIT_USAGE,
	               "prog: tag faults records page-faults,major-faults: "
	               "PERF_EVENT (--event cycles) does not apply\n"
	               "Try 'prog --help'.\n");
	unit_dir_remove();
}
END_TEST

/* Samples perf lost: a warning, and meta.json's samples.lost. */
START_TEST(lost_samples_counted)
{
	struct job j;
	struct unit_child c;
	struct metadata m;
	char why[256];

	top = unit_dir_make();
	job_init(&j, "w-perf-freq99");
	j.env = "LOST_SAMPLES";
	run_job(&j, &c);
	ck_assert_msg(c.status == 0, "exit %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "prog: run 1: perf lost 7 samples (its ring "
	                        "buffer was full)\n");
	metadata_init(&m);
	ck_assert_msg(metadata_read_json(
	                  &m, unit_dir_path("data/w-perf-freq99-meta.json"),
	                  why, sizeof why),
	              "%s", why);
	ck_assert_str_eq(field(&m, "samples.lost"), "7");
	metadata_free(&m);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {defaults,
	                        records_a_data_set,
	                        views_after_meta_json_written_once,
	                        records_with_options,
	                        records_faults,
	                        lost_samples_counted,
	                        NULL};
	return unit_main("record", tests);
}

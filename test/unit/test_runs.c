/*
 * test_runs.c - the runs of a raw file (dataset/runs.h): markers found and
 * counted, samples given to their run, plain and xz-compressed files, the
 * metadata a raw file tells, and the data set a raw file's name names.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/metadata.h"
#include "base/cli.h"
#include "dataset/runs.h"
#include "unit.h"

/* One sample of event at time t, a frame or two. */
#define SAMPLE(t, event) "python 10 " t ": 1 " event ":\n\t1 main (/bin/py)\n"
#define CPU(t)           SAMPLE(t, "cpu-clock")

/* Three runs of 2, 1 and 3 samples; markers on lines 1, 9 and 13. */
static const char three_runs[] = /* line 1 */
    "# perfviews run 1/3\n"      /* 1 */
    CPU("1.0")                   /* 2-3 */
    "\n"                         /* 4 */
    "python 10 1.1: 1 cpu-clock:\n\t2 work (/bin/py)\n\t1 main "
    "(/bin/py)\n"           /* 5-7 */
    "\n"                    /* 8 */
    "# perfviews run 2/3\n" /* 9 */
    CPU("2.0")              /* 10-11 */
    "\n"                    /* 12 */
    "# perfviews run 3/3\n" /* 13 */
    CPU("3.0") "\n"         /* 14-16 */
    CPU("3.1") "\n"         /* 17-19 */
    CPU("3.2");             /* 20-21 */

/* The runs as "marker:samples", joined by spaces. */
static const char *
describe(const struct run_index *ix)
{
	static char out[512];
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < ix->nruns; i++)
		used += (size_t)snprintf(
		    out + used, sizeof out - used, "%s%lu:%lu", i ? " " : "",
		    ix->runs[i].marker_line, ix->runs[i].samples);
	return out;
}

/* Index text written to a temporary file; the runs as describe shows. */
static const char *
index_of(const char *text, struct run_index *ix)
{
	char path[UNIT_PATH];

	unit_temp_file(path, text);
	run_index_read(ix, path, false);
	unlink(path);
	return describe(ix);
}

START_TEST(markers_split_runs)
{
	struct run_index ix;

	ck_assert_str_eq(index_of(three_runs, &ix), "1:2 9:1 13:3");
	ck_assert_str_eq(ix.event, "cpu-clock");
	/* A sample belongs to the last run whose marker is before it. */
	ck_assert_uint_eq(run_index_find(&ix, 2), 0);
	ck_assert_uint_eq(run_index_find(&ix, 5), 0);
	ck_assert_uint_eq(run_index_find(&ix, 9), 0);
	ck_assert_uint_eq(run_index_find(&ix, 10), 1);
	ck_assert_uint_eq(run_index_find(&ix, 13), 1);
	ck_assert_uint_eq(run_index_find(&ix, 14), 2);
	ck_assert_uint_eq(run_index_find(&ix, 1000000), 2);
	run_index_free(&ix);
	ck_assert_uint_eq(ix.nruns, 0);
	ck_assert_ptr_null(ix.runs);
	ck_assert_ptr_null(ix.event);
}
END_TEST

START_TEST(no_markers_one_run)
{
	struct run_index ix;

	ck_assert_str_eq(index_of(CPU("1") "\n" CPU("2") "\n" CPU("3"), &ix),
	                 "0:3");
	ck_assert_uint_eq(run_index_find(&ix, 1), 0);
	ck_assert_uint_eq(run_index_find(&ix, 7), 0);
	run_index_free(&ix);
}
END_TEST

START_TEST(samples_before_the_first_marker)
{
	struct run_index ix;

	ck_assert_str_eq(
	    index_of(CPU("1") "\n# perfviews run 1/1\n" CPU("2") "\n" CPU("3"),
	             &ix),
	    "0:1 4:2");
	ck_assert_uint_eq(run_index_find(&ix, 1), 0);
	ck_assert_uint_eq(run_index_find(&ix, 5), 1);
	run_index_free(&ix);
}
END_TEST

START_TEST(runs_without_samples)
{
	struct run_index ix;

	/* Markers in a row, and one at the end: runs of no samples. */
	ck_assert_str_eq(
	    index_of("# perfviews run 1/3\n# perfviews run 2/3\n" CPU(
	                 "1") "\n# perfviews run 3/3\n",
	             &ix),
	    "1:0 2:1 6:0");
	run_index_free(&ix);
	ck_assert_str_eq(index_of("# perfviews run 1/1\n", &ix), "1:0");
	ck_assert_ptr_null(ix.event);
	run_index_free(&ix);
	/* Nothing at all: no runs. */
	ck_assert_str_eq(index_of("", &ix), "");
	ck_assert_uint_eq(ix.nruns, 0);
	ck_assert_ptr_null(ix.event);
	ck_assert_uint_eq(run_index_find(&ix, 1), 0);
	run_index_free(&ix);
	ck_assert_str_eq(index_of("# just a comment\n\n", &ix), "");
	run_index_free(&ix);
}
END_TEST

/* Lines are counted through comments, blank lines and long samples. */
START_TEST(marker_lines_counted_exactly)
{
	struct run_index ix;

	ck_assert_str_eq(
	    index_of("# ========\n# captured on: x\n#\n\n\n# perfviews run "
	             "1/2\n\n" CPU(
	                 "1") "\t2 a (/bin/py)\n\t3 b (/bin/py)\n"
	                      "\n\n# comment\n# perfviews run 2/2\n" CPU("2"),
	             &ix),
	    "6:1 15:1");
	run_index_free(&ix);
	/* CRLF line ends count as line ends. */
	ck_assert_str_eq(index_of("# perfviews run 1/2\r\npython 1 1.0: 1 "
	                          "cpu-clock:\r\n\t1 m (/b)\r\n\r\n"
	                          "# perfviews run 2/2\r\n" CPU("2"),
	                          &ix),
	                 "1:1 5:1");
	run_index_free(&ix);
}
END_TEST

START_TEST(only_exact_markers_count)
{
	struct run_index ix;

	ck_assert_str_eq(index_of("# perfviews run 1/2\n" CPU(
	                              "1") "\n#perfviews run 2/2\n"
	                                   "# perfviews runs 2/2\n"
	                                   "## perfviews run 2/2\n"
	                                   "# Perfviews run 2/2\n" CPU("2"),
	                          &ix),
	                 "1:2");
	run_index_free(&ix);
}
END_TEST

/* Samples of every event count; the event named is the first sample's. */
START_TEST(every_event_counted)
{
	struct run_index ix;

	ck_assert_str_eq(
	    index_of("# perfviews run 1/2\n" SAMPLE("1", "cycles:u") "\n" CPU(
	                 "2") "\n# perfviews run 2/2\n" SAMPLE("3", "cycles:u"),
	             &ix),
	    "1:2 8:1");
	ck_assert_str_eq(ix.event, "cycles:u");
	run_index_free(&ix);
}
END_TEST

/* Compress text into path (which ends in .xz) with xz. */
static void
write_xz(const char *path, const char *text)
{
	char plain[UNIT_PATH], cmd[256];

	unit_temp_file(plain, text);
	snprintf(cmd, sizeof cmd, "xz -c %s >%s", plain, path);
	ck_assert_int_eq(system(cmd), 0);
	unlink(plain);
}

START_TEST(xz_read_decoded)
{
	char dir[] = "/tmp/perfviews-unit.XXXXXX", path[128];
	struct run_index ix;
	char buf[sizeof three_runs + 16];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/w-perf-freq1x3-raw.txt.xz", dir);
	write_xz(path, three_runs);
	run_index_read(&ix, path, false);
	ck_assert_str_eq(describe(&ix), "1:2 9:1 13:3");
	ck_assert_str_eq(ix.event, "cpu-clock");
	run_index_free(&ix);

	/* Every input named *.xz reads as the text it holds. */
	int fd = input_open(path);
	size_t got = 0;
	ssize_t n;
	while ((n = input_read(fd, buf + got, sizeof buf - 1 - got)) > 0)
		got += (size_t)n;
	buf[got] = '\0';
	ck_assert_str_eq(buf, three_runs);
	input_close(fd);
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(plain_file_read_as_it_is)
{
	char path[UNIT_PATH];
	char buf[64];

	unit_temp_file(path, "text\n");
	int fd = input_open(path);
	ck_assert_int_eq(read(fd, buf, sizeof buf), 5);
	input_close(fd);
	unlink(path);
}
END_TEST

static void
index_file(void *arg)
{
	struct run_index ix;

	progname = "prog";
	run_index_read(&ix, arg, false);
	printf("%s\n", describe(&ix));
	run_index_free(&ix);
}

START_TEST(corrupt_xz_is_fatal)
{
	char dir[] = "/tmp/perfviews-unit.XXXXXX", path[128];
	struct unit_child c;
	char want[256];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/x-raw.txt.xz", dir);
	FILE *f = fopen(path, "w");
	fputs("not xz at all\n", f);
	fclose(f);
	unit_child_run(index_file, path, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	snprintf(want, sizeof want,
	         "prog: %s: the file is cut or corrupt (xz: not xz data)\n",
	         path);
	size_t n = strlen(c.err), m = strlen(want);
	ck_assert_msg(n >= m && strcmp(c.err + n - m, want) == 0, "%s", c.err);
	ck_assert_str_eq(c.out, "");
	unlink(path);
	rmdir(dir);
}
END_TEST

START_TEST(missing_file_is_fatal)
{
	struct unit_child c;

	/* The same words for a plain file and a compressed one. */
	unit_child_run(index_file, "/nonexistent/x-raw.txt", &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: /nonexistent/x-raw.txt: No such file "
	                        "or directory\n");
	unit_child_run(index_file, "/nonexistent/x-raw.txt.xz", &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: /nonexistent/x-raw.txt.xz: No such "
	                        "file or directory\n");
}
END_TEST

static void
index_stdin(void *arg)
{
	int fd = unit_pipe(arg, strlen(arg));

	dup2(fd, STDIN_FILENO);
	close(fd);
	index_file("-");
}

START_TEST(stdin_read)
{
	struct unit_child c;

	unit_child_run(index_stdin, (void *)three_runs, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "1:2 9:1 13:3\n");
	ck_assert_str_eq(c.err, "");
}
END_TEST

START_TEST(describe_sets_sample_counts)
{
	struct run_index ix;
	struct metadata m;

	index_of(three_runs, &ix);
	metadata_init(&m);
	ck_assert_uint_eq(run_index_describe(&ix, &m), 6);
	ck_assert_str_eq(metadata_get(&m, "samples.total"), "6");
	ck_assert_str_eq(metadata_get(&m, "samples.per_run"), "2 1 3");
	ck_assert_str_eq(metadata_get(&m, "tool.event"), "cpu-clock");
	metadata_free(&m);

	/* An event already known is kept. */
	char why[128];
	metadata_init(&m);
	ck_assert(metadata_set(&m, "tool.event", "cycles", why, sizeof why));
	run_index_describe(&ix, &m);
	ck_assert_str_eq(metadata_get(&m, "tool.event"), "cycles");
	metadata_free(&m);
	run_index_free(&ix);

	/* No runs: no samples, and a list known to be empty. */
	index_of("", &ix);
	metadata_init(&m);
	ck_assert_uint_eq(run_index_describe(&ix, &m), 0);
	ck_assert_str_eq(metadata_get(&m, "samples.total"), "0");
	ck_assert_str_eq(metadata_get(&m, "samples.per_run"), "");
	ck_assert_ptr_null(metadata_get(&m, "tool.event"));
	metadata_free(&m);
	run_index_free(&ix);
}
END_TEST

static void
describe_file_with_runs(void *arg)
{
	const char *const *a = arg;
	struct metadata m;
	char why[128];

	progname = "prog";
	metadata_init(&m);
	if (a[1] != NULL)
		metadata_set(&m, "tool.runs", a[1], why, sizeof why);
	run_index_describe_file(&m, a[0], false);
	printf("%s\n", metadata_get(&m, "samples.per_run"));
	metadata_free(&m);
}

START_TEST(describe_file_warns_of_other_run_counts)
{
	char path[UNIT_PATH], want[256];
	const char *args[2];
	struct unit_child c;

	unit_temp_file(path, three_runs);
	args[0] = path;
	args[1] = "2";
	unit_child_run(describe_file_with_runs, args, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "2 1 3\n");
	snprintf(want, sizeof want, "prog: %s: 3 runs, but the ID says 2\n",
	         path);
	ck_assert_str_eq(c.err, want);

	args[1] = "3";
	unit_child_run(describe_file_with_runs, args, &c);
	ck_assert_str_eq(c.out, "2 1 3\n");
	ck_assert_str_eq(c.err, "");
	args[1] = NULL;
	unit_child_run(describe_file_with_runs, args, &c);
	ck_assert_str_eq(c.out, "2 1 3\n");
	ck_assert_str_eq(c.err, "");
	unlink(path);
}
END_TEST

static void
assert_name(const char *path, const char *want)
{
	char *got = raw_dataset_name(path);
	ck_assert_msg(strcmp(got, want) == 0, "'%s': got '%s', want '%s'", path,
	              got, want);
	free(got);
}

/* Two runs of the present form: start and end lines. */
#define START(n)  "# perfviews run " n "/2 (an end line follows)\n"
#define END(n, s) "# perfviews end of run " n "/2: " s " samples\n"
static const char two_whole[] =
    START("1") CPU("1.0") "\n" CPU("1.1") "\n" END("1", "2") START("2")
        CPU("2.0") "\n" END("2", "1");

START_TEST(end_lines_make_runs_whole)
{
	struct run_index ix;

	ck_assert_str_eq(index_of(two_whole, &ix), "1:2 9:1");
	ck_assert_str_eq(ix.whole, "whole");
	ck_assert_uint_eq(ix.not_whole, 0);
	run_index_free(&ix);
	/* The old form: start lines alone. */
	ck_assert_str_eq(index_of(three_runs, &ix), "1:2 9:1 13:3");
	ck_assert_str_eq(ix.whole, "unknown");
	run_index_free(&ix);
}
END_TEST

/* Each cut leaves a run not whole, never quietly one run more or less. */
START_TEST(cut_runs_are_not_whole)
{
	static const char *const cuts[] = {
	    /* the end of the file lost, inside run 2 */
	    START("1") CPU("1.0") "\n" CPU("1.1") "\n" END("1", "2") START("2")
	        CPU("2.0"),
	    /* run 1's end and run 2's start lost: one run of 3 samples */
	    START("1")
	        CPU("1.0") "\n" CPU("1.1") "\n" CPU("2.0") "\n" END("2", "1"),
	    /* a sample of run 1 lost */
	    START("1") CPU("1.0") "\n" END("1", "2") START("2")
	        CPU("2.0") "\n" END("2", "1"),
	    /* run 1's end lost, run 2 whole */
	    START("1") CPU("1.0") "\n" CPU("1.1") "\n" START("2")
	        CPU("2.0") "\n" END("2", "1"),
	    /* cut in the middle of a sample: the start line joins it */
	    START("1") CPU("1.0") "\n" CPU("1.1") "\n" END(
	        "1", "2") "python "
	                  "10 2.0"
	                  ": 1 "
	                  "cpu-"
	                  "clock:"
	                  "\n\t1 "
	                  "ma" START("2") CPU("2."
	                                      "1") "\n" END("2", "1"),
	    /* the start line of run 1 lost */
	    CPU("1.0") "\n" CPU("1.1") "\n" END("1", "2") START("2")
	        CPU("2.0") "\n" END("2", "1"),
	};
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		struct run_index ix;
		index_of(cuts[i], &ix);
		ck_assert_msg(strcmp(ix.whole, "not whole") == 0, "cut %zu: %s",
		              i, ix.whole);
		ck_assert_uint_ge(ix.not_whole, 1);
		run_index_free(&ix);
	}
}
END_TEST

START_TEST(raw_dataset_names)
{
	assert_name("w-perf-freq99x3-raw.txt.xz", "w-perf-freq99x3");
	assert_name("w-perf-freq99-raw.txt", "w-perf-freq99");
	assert_name("data/sub/w-perf-freq99-raw.txt", "w-perf-freq99");
	assert_name("/abs/w-perf-freq1-t-raw.txt.xz", "w-perf-freq1-t");
	/* Other names are kept whole, without their directory. */
	assert_name("dir/profile.txt", "profile.txt");
	assert_name("w-raw.txt.gz", "w-raw.txt.gz");
	assert_name("w-raw.TXT", "w-raw.TXT");
	assert_name("-raw.txt", "-raw.txt");
	assert_name("dir/-raw.txt.xz", "-raw.txt.xz");
	assert_name("raw.txt", "raw.txt");
	assert_name("-", "-");
	assert_name("dir/", "");
}
END_TEST

/*
 * The header perfviews writes: perf's form, read as no run, and it passes
 * Firefox Profiler's test for perf script text (its first line is
 * "# ========").
 */
START_TEST(header_in_perfs_form)
{
	char path[UNIT_PATH];
	struct run_index ix;

	unit_temp_file(path, "");
	int fd = open(path, O_WRONLY | O_APPEND);
	ck_assert_int_ge(fd, 0);
	raw_header_write(fd, path, "w-perf-freq9x3", 3);
	ck_assert_int_eq(write(fd, three_runs, strlen(three_runs)),
	                 (ssize_t)strlen(three_runs));
	close(fd);
	const char *text = unit_file_text(path);
	ck_assert_msg(
	    strncmp(text,
	            "# ========\n"
	            "# perfviews raw file of data set w-perf-freq9x3: "
	            "the `perf script` text of 3 runs,\n"
	            "# each after a \"# perfviews run N/3\" line "
	            "(perfviews(5))\n"
	            "# ========\n#\n# perfviews run 1/3\n",
	            strlen("# ========\n")) == 0,
	    "%s", text);
	ck_assert_ptr_nonnull(strstr(text, "(perfviews(5))\n# ========\n#\n"
	                                   "# perfviews run 1/3\n"));
	run_index_read(&ix, path, false);
	/* The same runs, five lines further down. */
	ck_assert_str_eq(describe(&ix), "6:2 14:1 18:3");
	run_index_free(&ix);
	unlink(path);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {header_in_perfs_form,
	                        markers_split_runs,
	                        no_markers_one_run,
	                        samples_before_the_first_marker,
	                        runs_without_samples,
	                        marker_lines_counted_exactly,
	                        only_exact_markers_count,
	                        every_event_counted,
	                        xz_read_decoded,
	                        plain_file_read_as_it_is,
	                        corrupt_xz_is_fatal,
	                        missing_file_is_fatal,
	                        stdin_read,
	                        describe_sets_sample_counts,
	                        describe_file_warns_of_other_run_counts,
	                        raw_dataset_names,
	                        end_lines_make_runs_whole,
	                        cut_runs_are_not_whole,
	                        NULL};
	return unit_main("runs", tests);
}

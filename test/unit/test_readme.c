/*
 * test_readme.c - a data set described for people (pages/readme.h,
 * readme_recording.h, readme_text.h): the README of a hand-made meta.json
 * (unknown, none and known values, the files table, the top of a flat
 * view, timings, the machine's state, the profiler's distortion) and the
 * subtitle line.  The index of a directory: test_readme_index.c.
 */
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/file_kinds.h"
#include "dataset/trust.h"
#include "dataset/measure.h"
#include "dataset/metadata.h"
#include "pages/readme.h"
#include "pages/readme_index.h"
#include "unit.h"

static char why[256];

/* Set FIELD=VALUE pairs (NULL-terminated) on a new metadata. */
static void
meta_of(struct metadata *m, const char *const *kv)
{
	metadata_init(m);
	for (size_t i = 0; kv[i] != NULL; i += 2)
		ck_assert_msg(
		    metadata_set(m, kv[i], kv[i + 1], why, sizeof why), "%s",
		    why);
}

static char *
readme(const struct metadata *m, const char *flat, const char *raw)
{
	struct readme_options opt = {.flat = flat, .raw = raw};
	static char *text; /* static: open_memstream sets it at fclose */
	static size_t n;
	FILE *f = open_memstream(&text, &n);

	readme_write(f, m, &opt);
	fclose(f);
	return text;
}

static char *
subtitle(const struct metadata *m)
{
	static char *text;
	static size_t n;
	FILE *f = open_memstream(&text, &n);

	readme_subtitle(f, m);
	fclose(f);
	return text;
}

static void
assert_starts(const char *text, const char *want)
{
	ck_assert_msg(strncmp(text, want, strlen(want)) == 0,
	              "got:\n%s\nwant it to start with:\n%s", text, want);
}

/* The line of text that starts with prefix, with its newline. */
static const char *
line_of(const char *text, const char *prefix)
{
	static char line[1024];
	size_t n = strlen(prefix);

	for (const char *p = text; *p != '\0';) {
		size_t len = strcspn(p, "\n");
		if (strncmp(p, prefix, n) == 0) {
			snprintf(line, sizeof line, "%.*s\n", (int)len, p);
			return line;
		}
		p += len + (p[len] == '\n');
	}
	return "";
}

static const char *const full[] = {
    "id",
    "w-perf-freq99x2-nosite",
    "workload.command",
    "python3 -S -c pass",
    "tool.name",
    "perf",
    "tool.version",
    "6.1.76",
    "tool.event",
    "cpu-clock",
    "tool.frequency",
    "99",
    "tool.call_graph",
    "dwarf",
    "tool.runs",
    "2",
    "tool.record_command",
    "perf record -e cpu-clock -F 99 --call-graph dwarf -o RUN.data -- "
    "python3 -S -c pass",
    "tags",
    "nosite",
    "timestamp",
    "2024-01-02T03:04:05Z",
    "host.hostname",
    "box",
    "host.kernel",
    "6.1.0-18-amd64",
    "host.cpu_model",
    "Some CPU @ 2.00GHz",
    "host.cpu_count",
    "8",
    "python.executable",
    "/usr/bin/python3",
    "python.version",
    "3.12.1 (main, Jan  1 2024, 00:00:00) [GCC 12.2.0]",
    "python.build.git_remote",
    "https://github.com/python/cpython",
    "python.build.git_branch",
    "v3.12.1",
    "python.build.git_revision",
    "2305ca5",
    "samples.total",
    "7",
    "samples.per_run",
    "3 4",
    "timing.record_seconds",
    "1.25",
    "timing.script_seconds",
    "2",
    "timing.compress_seconds",
    "0.3",
    "timing.other_seconds",
    "0.2",
    NULL,
};

START_TEST(readme_of_a_known_data_set)
{
	struct metadata m;

	meta_of(&m, full);
	char *text = readme(&m, NULL, NULL);
	assert_starts(
	    text, "# Profile data set w-perf-freq99x2-nosite\n\n"
	          "`python3 -S -c pass` profiled with perf 6.1.76: event "
	          "cpu-clock at 99 Hz, dwarf call graphs, 2 runs combined, 7 "
	          "samples in all.\n"
	          "Recorded 2024-01-02T03:04:05Z on box (Some CPU @ 2.00GHz, 8 "
	          "CPUs, Linux 6.1.0-18-amd64).\n"
	          "The machine's state while it recorded is unknown.\n"
	          "Python: 3.12.1 (main, Jan  1 2024, 00:00:00) [GCC 12.2.0], "
	          "at /usr/bin/python3; build options unknown; source "
	          "https://github.com/python/cpython, branch v3.12.1, revision "
	          "2305ca5.\n\n"
	          "The flame graph is drawn with the `python` palette: Python "
	          "functions (`py::`, with `-X perf`) green, the interpreter "
	          "yellow, other native code red, the kernel orange.\n\n"
	          "## Files\n\n");
	ck_assert_ptr_nonnull(
	    strstr(text, "## How it was made\n\n```\nperf record -e cpu-clock "
	                 "-F 99 --call-graph dwarf -o RUN.data -- python3 -S "
	                 "-c pass\n```\n\nonce per run, `perf script` of each "
	                 "run appended to the raw file; then `make views "
	                 "ID=w-perf-freq99x2-nosite` ran collapse, flatsort, "
	                 "calltree, bydso and flamesvg on it.\n\n"));
	ck_assert_ptr_nonnull(strstr(
	    text, "\n\nRecording took 3.8 s: perf record 1.2 s, perfviews "
	          "script 2.0 s, compression 0.3 s, the rest 0.2 s.\n\n"
	          "## Metadata\n\n| field | value |\n|---|---|\n"
	          "| id | `w-perf-freq99x2-nosite` |\n"));
	ck_assert_str_eq(line_of(text, "| tags |"), "| tags | `nosite` |\n");
	ck_assert_str_eq(line_of(text, "| samples.per_run |"),
	                 "| samples.per_run | `3 4` |\n");
	ck_assert_str_eq(line_of(text, "| timing.script_seconds |"),
	                 "| timing.script_seconds | `2` |\n");
	/* No flat view given: no top functions. */
	ck_assert_ptr_null(strstr(text, "## Top functions"));
	free(text);
	metadata_free(&m);
}
END_TEST

/* Unknown values are "unknown", an empty list "none": nothing guessed. */
START_TEST(readme_says_unknown_and_none)
{
	static const char *const bare[] = {"id", "w-perf-freq99", "tags", " ",
	                                   NULL};
	struct metadata m;

	meta_of(&m, bare);
	char *text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(
	    strstr(text, "\n`unknown` profiled with unknown unknown: event "
	                 "unknown at unknown Hz, unknown call graphs, unknown "
	                 "runs combined, unknown samples in all.\nRecorded "
	                 "unknown on unknown (unknown, unknown CPUs, Linux "
	                 "unknown).\nThe machine's state while it recorded is "
	                 "unknown.\nPython: unknown, at unknown; build options "
	                 "unknown; source "
	                 "unknown, branch unknown, revision unknown.\n"));
	ck_assert_ptr_nonnull(strstr(text, "```\nunknown\n```\n"));
	ck_assert_str_eq(line_of(text, "| tags |"), "| tags | none |\n");
	ck_assert_str_eq(line_of(text, "| host.kernel |"),
	                 "| host.kernel | unknown |\n");
	ck_assert_str_eq(line_of(text, "| tool.runs |"),
	                 "| tool.runs | unknown |\n");
	/* Timings are told only when all of them are known. */
	ck_assert_ptr_null(strstr(text, "Recording took"));
	free(text);
	metadata_free(&m);

	/* Null tags: unknown; and one run is "1 run". */
	static const char *const one[] = {"id",
	                                  "w-perf-freq99",
	                                  "tool.runs",
	                                  "1",
	                                  "timing.record_seconds",
	                                  "1",
	                                  "timing.script_seconds",
	                                  "1",
	                                  "timing.compress_seconds",
	                                  "1",
	                                  NULL};
	meta_of(&m, one);
	text = readme(&m, NULL, NULL);
	ck_assert_str_eq(line_of(text, "| tags |"), "| tags | unknown |\n");
	ck_assert_ptr_nonnull(strstr(text, ", 1 run combined,"));
	ck_assert_ptr_null(strstr(text, "Recording took"));
	free(text);
	metadata_free(&m);
}
END_TEST

START_TEST(metadata_cells_escaped)
{
	static const char *const odd[] = {
	    "id", "w-perf-freq99", "workload.command", "a | b\nc\r|", NULL};
	struct metadata m;

	meta_of(&m, odd);
	char *text = readme(&m, NULL, NULL);
	ck_assert_str_eq(line_of(text, "| workload.command |"),
	                 "| workload.command | `a \\| b c \\|` |\n");
	free(text);
	metadata_free(&m);
}
END_TEST

START_TEST(files_table_rows)
{
	static const char *const bare[] = {"id", "x-perf-freq1", NULL};
	struct metadata m;

	meta_of(&m, bare);
	char *text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(text, "## Files\n\n| kind | file | what "
	                                   "it is | how to read it |\n"
	                                   "|---|---|---|---|\n| "));
	/*
	 * One row per recorded file and view, in the table's order; none for
	 * the kinds of a tag this data set has not (the strace text of tag
	 * files).
	 */
	size_t last = 0;
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		char row[1024];
		snprintf(row, sizeof row,
		         "| %s | [x-perf-freq1%s](x-perf-freq1%s) "
		         "| %s | %s |\n",
		         k->kind, k->suffix, k->suffix, k->what, k->how);
		const char *at = strstr(text, row);
		size_t pos = at != NULL ? (size_t)(at - text) : 0;
		if ((k->origin == FILE_RECORDED || k->origin == FILE_VIEW) &&
		    k->tag == NULL && !k->python && !k->cpython) {
			ck_assert_msg(pos > last, "row %s", k->kind);
			last = pos;
		} else {
			ck_assert_msg(at == NULL, "row %s", k->kind);
		}
	}
	ck_assert_str_eq(line_of(text, "| stability |"), "");
	ck_assert_str_eq(line_of(text, "| readme |"), "");
	free(text);

	/* The raw file's own name, when given. */
	text = readme(&m, NULL, "x-perf-freq1-raw.txt");
	ck_assert_ptr_nonnull(
	    strstr(text, "| raw | [x-perf-freq1-raw.txt](x-perf-freq1-raw.txt) "
	                 "| "));
	ck_assert_ptr_null(strstr(text, "raw.txt.xz"));
	free(text);
	metadata_free(&m);

	/* Tag files: its strace text, files and callers views too. */
	static const char *const files[] = {"id", "x-perf-freq1-files", NULL};
	meta_of(&m, files);
	text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(text, "| strace | [x-perf-freq1-files-"
	                                   "strace.txt.xz]("));
	ck_assert_ptr_nonnull(
	    strstr(text, "| files | [x-perf-freq1-files-files.txt]("));
	ck_assert_ptr_nonnull(
	    strstr(text, "| callers | [x-perf-freq1-files-callers.txt]("));
	free(text);
	metadata_free(&m);
}
END_TEST

START_TEST(top_of_the_flat_view_quoted)
{
	static const char *const bare[] = {"id", "x-perf-freq1", NULL};
	char flat[UNIT_PATH], text_in[2048] = "# header 1\n# header 2\n";
	struct metadata m;

	/* 12 rows, a comment among them: comments are not rows. */
	for (int i = 1; i <= 12; i++) {
		snprintf(text_in + strlen(text_in),
		         sizeof text_in - strlen(text_in), "row %d\n", i);
		if (i == 5)
			strcat(text_in, "# between\n");
	}
	unit_temp_file(flat, text_in);
	meta_of(&m, bare);
	char *text = readme(&m, flat, NULL);
	ck_assert_ptr_nonnull(strstr(text, "\n## Top functions\n\nBy self "
	                                   "samples, from "
	                                   "`x-perf-freq1-flat.txt`.  "));
	/* Which rule gives an inlined leaf's samples, and perf's. */
	ck_assert_ptr_nonnull(strstr(text, "`flatsort --inline caller`"));
	ck_assert_ptr_nonnull(strstr(
	    text, "differ).\n\n```\n# header 1\n# header 2\n"
	          "row 1\nrow 2\nrow 3\nrow 4\nrow 5\n# between\nrow 6\nrow 7\n"
	          "row 8\nrow 9\nrow 10\n```\n\n## How it was made\n"));
	ck_assert_ptr_null(strstr(text, "row 11"));
	free(text);
	unlink(flat);
	metadata_free(&m);
}
END_TEST

static void
readme_without_id(void *arg)
{
	struct metadata m;

	(void)arg;
	progname = "prog";
	metadata_init(&m);
	free(readme(&m, NULL, NULL));
}

START_TEST(readme_needs_an_id)
{
	struct unit_child c;

	unit_child_run(readme_without_id, NULL, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: meta.json without an id\n");
}
END_TEST

START_TEST(subtitle_line)
{
	struct metadata m;

	meta_of(&m, full);
	char *text = subtitle(&m);
	ck_assert_str_eq(text, "python3 -S -c pass | perf cpu-clock 99 Hz, "
	                       "dwarf stacks, 2 run(s), 7 samples | Python "
	                       "3.12.1 | box, 2024-01-02T03:04:05Z\n");
	free(text);
	metadata_free(&m);

	static const char *const bare[] = {"id", "w-perf-freq99", NULL};
	meta_of(&m, bare);
	text = subtitle(&m);
	ck_assert_str_eq(text, "unknown | unknown unknown unknown Hz, unknown "
	                       "stacks, unknown run(s), unknown samples | "
	                       "Python unknown | unknown, unknown\n");
	free(text);
	metadata_free(&m);
}
END_TEST

/* Call graphs and a Python's frame pointers: what the README says, what
 * make record warns of. */
START_TEST(call_graphs_and_frame_pointers)
{
	struct metadata m;
	static const char *const fp_dwarf[] = {
	    "id",
	    "bm_x-perf-freq99-xperf",
	    "tags",
	    "xperf",
	    "python.executable",
	    "/p/python3",
	    "tool.call_graph",
	    "dwarf",
	    "python.build.cflags",
	    "-O3 -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer",
	    NULL};
	static const char *const none_fp[] = {"id",
	                                      "bm_x-perf-freq99-xperf",
	                                      "tags",
	                                      "xperf",
	                                      "python.executable",
	                                      "/p/python3",
	                                      "tool.call_graph",
	                                      "fp",
	                                      "python.build.cflags",
	                                      "-O3 -Wall",
	                                      NULL};

	meta_of(&m, fp_dwarf);
	ck_assert_int_eq(measure_python_frame_pointers(&m), FRAME_POINTERS_YES);
	char *w = measure_call_graph_warning("dwarf", &m);
	ck_assert_ptr_nonnull(w);
	assert_starts(w, "CALLGRAPH=dwarf, but /p/python3 has frame pointers");
	free(w);
	ck_assert_ptr_null(measure_call_graph_warning("fp", &m));
	char *text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(text, "Python stacks are cut at the "
	                                   "innermost Python frame"));
	free(text);
	ck_assert(metadata_set(&m, "python.build.cflags",
	                       "-fno-omit-frame-pointer -fomit-frame-pointer",
	                       why, sizeof why));
	ck_assert_int_eq(measure_python_frame_pointers(&m), FRAME_POINTERS_NO);
	metadata_free(&m);

	meta_of(&m, none_fp);
	ck_assert_int_eq(measure_python_frame_pointers(&m), FRAME_POINTERS_NO);
	w = measure_call_graph_warning("fp", &m);
	ck_assert_ptr_nonnull(w);
	assert_starts(w, "CALLGRAPH=fp, but /p/python3 was built without "
	                 "frame pointers");
	free(w);
	ck_assert_ptr_null(measure_call_graph_warning("dwarf", &m));
	text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(text, "**Call graphs by frame pointers, "
	                                   "but this Python was built without "
	                                   "them**"));
	free(text);
	ck_assert(metadata_set(&m, "python.build.cflags",
	                       "-O2 -fno-omit-frame-pointer", why, sizeof why));
	text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(text, "Call graphs by frame pointers, "
	                                   "through a Python built with them"));
	free(text);
	ck_assert(metadata_set(&m, "python.build.cflags", "", why, sizeof why));
	ck_assert_int_eq(measure_python_frame_pointers(&m),
	                 FRAME_POINTERS_UNKNOWN);
	ck_assert_ptr_null(measure_call_graph_warning("fp", &m));
	metadata_free(&m);
}
END_TEST

/* The distortion sentence of a data set of these fields, or NULL. */
static char *
distortion(const char *const *kv)
{
	static char buf[1024];
	struct metadata m;

	meta_of(&m, kv);
	bool said = trust_distortion(&m, buf, sizeof buf);
	metadata_free(&m);
	return said ? buf : NULL;
}

/*
 * Relative, however short the workload: python -S -c pass (10 ms of CPU)
 * at 50 kHz, whose samples stood for 16 ms, and the issue's 5,266 samples
 * for 9 ms; at 1 kHz, 64 times slower in wall time (perf's start-up) but
 * its samples as many as its CPU time: not.  Noise is not: a 1.5 ms
 * workload half a millisecond over, a 10 ms one counted at 100 Hz.
 */
START_TEST(distortion_relative_for_short_runs)
{
#define PASS(hz, total, cpu)                                                   \
	"id", "pass-perf-freq" hz "-nosite", "tool.frequency", hz,             \
	    "tool.runs", "1", "samples.total", total,                          \
	    "timing.profiled_seconds", "1.4", "timing.unprofiled_seconds",     \
	    "0.02", "timing.unprofiled_cpu_seconds", cpu
	const char *const f50k[] = {PASS("50000", "808", "0.010"), NULL};
	const char *const issue[] = {PASS("50000", "5266", "0.009"), NULL};
	const char *const f1k[] = {PASS("1000", "10", "0.010"), NULL};
	const char *const f1k_more[] = {PASS("1000", "14", "0.010"), NULL};
	const char *const tiny[] = {PASS("100000", "150", "0.001"), NULL};
	const char *const coarse[] = {PASS("100", "4", "0.010"), NULL};
	const char *const lost[] = {PASS("100000", "900", "0.010"),
	                            "samples.lost", "400", NULL};
	const char *const faults[] = {PASS("50000", "808", "0.010"), "tags",
	                              "faults", NULL};
	const char *const period[] = {PASS("50000", "808", "0.010"),
	                              "tool.period", "1", NULL};
	/* Long: 10 s of CPU at 1 kHz, its samples a tenth over, or 1.3x. */
	const char *const long_ok[] = {PASS("1000", "11000", "10.000"), NULL};
	const char *const long_bad[] = {PASS("1000", "13000", "10.000"), NULL};
	/* Three runs, the fastest unprofiled held against the least
	 * profiled run (10 ms each), not their mean (20 ms); without the
	 * list, the mean. */
	const char *const runs_apart[] = {"id",
	                                  "pass-perf-freq50000x3-nosite",
	                                  "tool.frequency",
	                                  "50000",
	                                  "tool.runs",
	                                  "3",
	                                  "samples.total",
	                                  "3000",
	                                  "samples.per_run",
	                                  "500 1000 1500",
	                                  "timing.unprofiled_cpu_seconds",
	                                  "0.010",
	                                  NULL};
	const char *const runs_mean[] = {"id",
	                                 "pass-perf-freq50000x3-nosite",
	                                 "tool.frequency",
	                                 "50000",
	                                 "tool.runs",
	                                 "3",
	                                 "samples.total",
	                                 "3000",
	                                 "timing.unprofiled_cpu_seconds",
	                                 "0.010",
	                                 NULL};
#undef PASS
	const char *why50 = distortion(f50k);

	ck_assert_ptr_nonnull(why50);
	ck_assert_msg(strstr(why50, "its samples stand for 0.016 s of CPU per "
	                            "run, 1.6 times the 0.010 s it uses "
	                            "without the profiler (38% of the "
	                            "profile") != NULL,
	              "%s", why50);
	/* What to do: a lower frequency, fp, more runs at a lower one. */
	ck_assert_msg(strstr(why50, "freq5000)") != NULL &&
	                  strstr(why50, "CALLGRAPH=fp") != NULL &&
	                  strstr(why50, "freq5000x10") != NULL,
	              "%s", why50);
	ck_assert_ptr_nonnull(distortion(issue));
	ck_assert_ptr_nonnull(strstr(distortion(issue), "11.7 times"));
	ck_assert_ptr_null(distortion(f1k));
	ck_assert_ptr_null(distortion(f1k_more)); /* 4 ms: under 5 samples */
	ck_assert_ptr_null(distortion(tiny));
	ck_assert_ptr_null(distortion(coarse));
	/* Lost samples were taken too: 1300 at 100 kHz stand for 13 ms. */
	ck_assert_ptr_nonnull(distortion(lost));
	ck_assert_ptr_nonnull(strstr(distortion(lost), "0.013 s of CPU"));
	ck_assert_ptr_null(distortion(faults));
	ck_assert_ptr_null(distortion(period));
	ck_assert_ptr_null(distortion(long_ok));
	ck_assert_ptr_nonnull(distortion(long_bad));
	ck_assert_ptr_null(distortion(runs_apart));
	ck_assert_ptr_nonnull(distortion(runs_mean));
}
END_TEST

/* Slower in wall time: past perf's start-up (2 s), five times. */
START_TEST(distortion_by_wall_time)
{
	const char *const slow[] = {
	    "id",  "w-perf-freq1000",           "timing.profiled_seconds",
	    "3.2", "timing.unprofiled_seconds", "0.02",
	    NULL};
	const char *const startup[] = {
	    "id",  "w-perf-freq1000",           "timing.profiled_seconds",
	    "1.9", "timing.unprofiled_seconds", "0.02",
	    NULL};

	ck_assert_ptr_nonnull(distortion(slow));
	ck_assert_ptr_nonnull(
	    strstr(distortion(slow), "a profiled run took 3.20 s, 160 times"));
	ck_assert_ptr_null(distortion(startup));
}
END_TEST

/* The machine's state: a line, and busy past a tenth of a CPU. */
START_TEST(machine_busy_or_quiet)
{
	const char *const busy[] = {"id",
	                            "w-perf-freq1000",
	                            "host.cpu_count",
	                            "2",
	                            "machine.measured_seconds",
	                            "3.5",
	                            "machine.load_before",
	                            "1.2",
	                            "machine.load_after",
	                            "1.9",
	                            "machine.other_cpus",
	                            "0.95",
	                            "machine.steal_cpus",
	                            "0",
	                            NULL};
	const char *const quiet[] = {"id",
	                             "w-perf-freq1000",
	                             "host.cpu_count",
	                             "2",
	                             "machine.measured_seconds",
	                             "3.5",
	                             "machine.other_cpus",
	                             "0.05",
	                             NULL};
	/* 0.2 CPUs over 0.1 s: within a tick of each of 2 CPUs (0.4). */
	const char *const brief[] = {"id",
	                             "w-perf-freq1000",
	                             "host.cpu_count",
	                             "2",
	                             "machine.measured_seconds",
	                             "0.1",
	                             "machine.other_cpus",
	                             "0.2",
	                             NULL};
	const char *const stolen[] = {"id",
	                              "w-perf-freq1000",
	                              "host.cpu_count",
	                              "2",
	                              "machine.measured_seconds",
	                              "10",
	                              "machine.other_cpus",
	                              "0",
	                              "machine.steal_cpus",
	                              "0.5",
	                              NULL};
	const char *const old[] = {"id", "w-perf-freq1000", NULL};
	struct metadata m;
	char buf[1024];

	meta_of(&m, busy);
	ck_assert(trust_busy(&m, buf, sizeof buf));
	ck_assert_msg(strstr(buf, "other processes kept 0.95 CPUs busy on "
	                          "average (of 2)") != NULL &&
	                  strstr(buf, "load average 1.20") != NULL &&
	                  strstr(buf, "hypervisor") == NULL,
	              "%s", buf);
	char *text = readme(&m, NULL, NULL);
	/* Said in its first lines. */
	ck_assert_msg(strstr(text, "samples in all.\n\n**The machine was "
	                           "busy**: other processes kept 0.95") != NULL,
	              "%s", text);
	ck_assert_ptr_nonnull(
	    strstr(text, "\nWhile it recorded (over 3.5 s): load average "
	                 "1.2, then 1.9; other processes kept 0.95 CPUs busy "
	                 "on average; steal 0 CPUs.\n"));
	free(text);
	metadata_free(&m);
	meta_of(&m, quiet);
	ck_assert(!trust_busy(&m, buf, sizeof buf));
	text = readme(&m, NULL, NULL);
	ck_assert_ptr_null(strstr(text, "busy**"));
	free(text);
	metadata_free(&m);
	meta_of(&m, brief);
	ck_assert(!trust_busy(&m, buf, sizeof buf));
	metadata_free(&m);
	meta_of(&m, stolen);
	ck_assert(trust_busy(&m, buf, sizeof buf));
	ck_assert_ptr_nonnull(
	    strstr(buf, "the hypervisor took 0.50 CPUs for other guests"));
	metadata_free(&m);
	/* An older data set: unknown, never quiet nor busy. */
	meta_of(&m, old);
	ck_assert(!trust_busy(&m, buf, sizeof buf));
	text = readme(&m, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(
	    text, "\nThe machine's state while it recorded is unknown.\n"));
	free(text);
	metadata_free(&m);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {readme_of_a_known_data_set,
	                        readme_says_unknown_and_none,
	                        metadata_cells_escaped,
	                        files_table_rows,
	                        top_of_the_flat_view_quoted,
	                        readme_needs_an_id,
	                        subtitle_line,
	                        call_graphs_and_frame_pointers,
	                        distortion_relative_for_short_runs,
	                        distortion_by_wall_time,
	                        machine_busy_or_quiet,
	                        NULL};
	return unit_main("readme", tests);
}

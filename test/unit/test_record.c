/*
 * test_record.c - recording a data set (record/record.h) without perf:
 * record.c exposes record_defaults and record, so a stand-in perf (a
 * shell script that logs its arguments and prints `perf script` text)
 * records whole data sets here.  What is checked: the defaults, the
 * mistakes refused before anything runs or is created, the perf record
 * command line, the raw file with its run markers, meta.json, a failed
 * run's message, and a recording stopped by a signal leaving nothing.
 */
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/metadata.h"
#include "record/record.h"
#include "unit.h"

/* The test's scratch directory (unit_dir_make). */
static const char *top;

static void
assert_starts(const char *text, const char *want)
{
	ck_assert_msg(strncmp(text, want, strlen(want)) == 0,
	              "got:\n%s\nwant it to start with:\n%s", text, want);
}

/* Replace every top in text (of size n) by TOP. */
static void
say_top(char *text, size_t n)
{
	char *p;

	while ((p = strstr(text, top)) != NULL) {
		memcpy(p, "TOP", 3);
		memmove(p + 3, p + strlen(top), strlen(p + strlen(top)) + 1);
	}
	ck_assert(strlen(text) < n - 1);
}

/* The names in a directory, hidden ones too, sorted, joined by spaces. */
static const char *
listing(const char *path)
{
	static char out[4096];
	struct dirent **names;
	int n = scandir(path, &names, NULL, alphasort);
	size_t used = 0;

	if (n < 0)
		return "(none)";
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
			used += (size_t)snprintf(out + used, sizeof out - used,
			                         "%s%s", used ? " " : "", name);
		free(names[i]);
	}
	free(names);
	return out;
}

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

/*
 * A stand-in perf: "--version"; "record ... -o FILE -- CMD" runs CMD and
 * writes FILE; "script -i FILE" prints run N's N + 1 samples, and "script
 * -i FILE -F time ..." (perfviews script's prepass) nothing, so one slice;
 * "evlist" an event without user stacks, "version --build-options"
 * nothing; "report -i FILE --stats" its statistics.  Every call is logged,
 * one line of [words] each (--symfs DIR as [SYMFS]), to top/log.
 * FAIL_RECORD and FAIL_SCRIPT in the environment make those fail;
 * SLOW_RECORD sleeps; LOST_SAMPLES makes the statistics say 7 samples of
 * cpu-clock were lost (in 1 record).
 */
static const char fake_perf[] =
    "dir=$(dirname \"$0\")\n"
    "prev=; for a in \"$@\"; do [ \"$prev\" = --symfs ] && a=SYMFS\n"
    "  printf '[%s]' \"$a\" >>\"$dir/log\"; prev=$a; done\n"
    "echo >>\"$dir/log\"\n"
    "case $1 in\n"
    "--version) echo 'perf version 9.9.test' ;;\n"
    "version) ;;\n"
    "evlist) echo 'cpu-clock: type: 1, sample_type: IP|TID|TIME' ;;\n"
    "record)\n"
    "  [ -n \"$FAIL_RECORD\" ] && { echo 'line 1' >&2;\n"
    "    echo 'perf: boom' >&2; exit 3; }\n"
    "  [ -n \"$SLOW_RECORD\" ] && sleep 30\n"
    "  while [ \"$1\" != -- ]; do\n"
    "    [ \"$1\" = -o ] && out=$2; shift; done; shift\n"
    "  \"$@\" || exit 1; echo recorded >\"$out\" ;;\n"
    "script)\n"
    "  [ -n \"$FAIL_SCRIPT\" ] && { echo 'no data' >&2; exit 4; }\n"
    "  [ \"$4\" = -F ] && exit 0\n"
    "  [ \"$(cat \"$3\")\" = recorded ] || exit 5\n"
    "  n=$(cat \"$dir/count\" 2>/dev/null || echo 0); n=$((n + 1))\n"
    "  echo $n >\"$dir/count\"\n"
    "  i=0; while [ $i -le $n ]; do i=$((i + 1))\n"
    "    printf 'py 1 %d.%d: 1 cpu-clock:\\n\\t1 f%d (/bin/py)\\n\\n' "
    "$n $i $n; done ;;\n"
    "report)\n"
    "  echo; echo 'Aggregated stats:'\n"
    "  echo '          SAMPLE events:          3  (99.0%)'\n"
    "  [ -n \"$LOST_SAMPLES\" ] &&\n"
    "    echo '    LOST_SAMPLES events:          1  ( 1.0%)'\n"
    "  echo 'cpu-clock stats:'; echo '          SAMPLE events:          3'\n"
    "  [ -n \"$LOST_SAMPLES\" ] &&\n"
    "    echo '    LOST_SAMPLES events:          7'\n"
    "  true ;;\n"
    "*) exit 9 ;;\n"
    "esac\n";

struct job {
	const char *id;
	struct record_options opt;
	char perf[PATH_MAX + 8];
	char data[PATH_MAX];
	const char *env; /* NAME of a variable to set, or NULL */
	bool fails;      /* it is meant to fail */
	int signal;      /* sent to the recording after 0.3 s, or 0 */
};

static void
job_init(struct job *j, const char *id)
{
	memset(j, 0, sizeof *j);
	j->id = id;
	record_defaults(&j->opt);
	unit_dir_write("perf.sh", fake_perf);
	snprintf(j->perf, sizeof j->perf, "sh %s", unit_dir_path("perf.sh"));
	snprintf(j->data, sizeof j->data, "%s", unit_dir_path("data"));
	j->opt.perf = j->perf;
	j->opt.data = j->data;
	j->opt.cmd = "true";
	j->opt.xz = "xz -1";
	j->opt.timeout = 60;
	j->opt.views = ""; /* no views: record_views is not tested here */
}

static void
record_in_child(void *arg)
{
	struct job *j = arg;

	progname = "prog";
	if (j->fails)
		FAILURE_EXPECTED();
	if (j->env != NULL)
		setenv(j->env, "1", 1);
	if (j->signal != 0) {
		pid_t me = getpid();
		if (fork() == 0) {
			struct timespec t = {0, 300 * 1000 * 1000};
			nanosleep(&t, NULL);
			kill(me, j->signal);
			_exit(0);
		}
	}
	record(j->id, &j->opt);
}

/*
 * The warning that other work kept the machine busy while it recorded
 * (record_step.h) taken out of err: make check runs three tests at once,
 * so whether it is said depends on them, not on what is tested here.
 */
static void
drop_busy_warning(char *err)
{
	char *line = err;

	while (*line != '\0') {
		char *end = strchr(line, '\n');
		size_t n =
		    end != NULL ? (size_t)(end - line) + 1 : strlen(line);
		if (strncmp(line, "prog: WARNING: ", 15) == 0 &&
		    memmem(line, n, ": the machine was busy: ", 24) != NULL)
			memmove(line, line + n, strlen(line + n) + 1);
		else
			line += n;
	}
}

static void
run_job(struct job *j, struct unit_child *c)
{
	unit_child_run(record_in_child, j, c);
	say_top(c->out, sizeof c->out);
	say_top(c->err, sizeof c->err);
	drop_busy_warning(c->err);
}

/* Refused with status and exactly message; nothing run, nothing made. */
static void
assert_refused(struct job *j, int status, const char *message)
{
	struct unit_child c;

	run_job(j, &c);
	ck_assert_msg(c.status == status, "%s: exit %d, want %d: %s", j->id,
	              c.status, status, c.err);
	ck_assert_str_eq(c.err, message);
	ck_assert_str_eq(c.out, "");
	ck_assert_str_eq(listing(unit_dir_path("data")), "(none)");
	ck_assert_str_eq(listing(top), "perf.sh");
}

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
	const TTest *tests[] = {defaults,
	                        mistakes_refused_before_anything_runs,
	                        records_a_data_set,
	                        views_after_meta_json_written_once,
	                        records_with_options,
	                        records_faults,
	                        lost_samples_counted,
	                        failed_run_leaves_nothing,
	                        stopped_recording_leaves_nothing,
	                        raw_left_by_a_killed_recording_recorded_over,
	                        data_must_be_a_directory,
	                        NULL};
	return unit_main("record", tests);
}

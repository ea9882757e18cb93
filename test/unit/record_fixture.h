/*
 * record_fixture.h - what the unit tests of recording (test_record.c and
 * test_record_failures.c) share: record (record/record.h) run without
 * perf, in a child, by a stand-in perf (a shell script that logs its
 * arguments and prints `perf script` text), in a scratch directory whose
 * path the output names TOP.
 *
 * A unit test program is its own file linked with unit.c, so what two of
 * them share is defined here, static inline: each includes it once and
 * uses part of it.
 */
#ifndef PERFVIEWS_RECORD_FIXTURE_H
#define PERFVIEWS_RECORD_FIXTURE_H

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "base/message.h"
#include "record/record.h"
#include "unit.h"

/* The test's scratch directory (unit_dir_make). */
static const char *top;

static inline void
assert_starts(const char *text, const char *want)
{
	ck_assert_msg(strncmp(text, want, strlen(want)) == 0,
	              "got:\n%s\nwant it to start with:\n%s", text, want);
}

/* Replace every top in text (of size n) by TOP. */
static inline void
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
static inline const char *
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

static inline void
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

static inline void
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
static inline void
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

static inline void
run_job(struct job *j, struct unit_child *c)
{
	unit_child_run(record_in_child, j, c);
	say_top(c->out, sizeof c->out);
	say_top(c->err, sizeof c->err);
	drop_busy_warning(c->err);
}

/* Refused with status and exactly message; nothing run, nothing made. */
static inline void
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

#endif

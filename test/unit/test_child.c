/*
 * test_child.c - running other programs (os/child.h): exit statuses
 * and their descriptions, redirection, time limits, stop signals passed on
 * to the child's process group, command lines split as sh would, and the
 * message of a failed child with the end of its stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/message.h"
#include "os/child.h"
#include "unit.h"

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *
describe(const struct child_result *r)
{
	static char buf[128];
	return child_describe(r, buf, sizeof buf);
}

START_TEST(exit_status_reported)
{
	char *ok[] = {"true", NULL};
	char *three[] = {"sh", "-c", "exit 3", NULL};
	struct child_result r;

	ck_assert(child_run(ok, NULL, 0, &r));
	ck_assert_int_eq(r.status, 0);
	ck_assert(!r.timed_out);
	ck_assert_str_eq(describe(&r), "exit 0");

	ck_assert(!child_run(three, NULL, 0, &r));
	ck_assert(WIFEXITED(r.status));
	ck_assert_int_eq(WEXITSTATUS(r.status), 3);
	ck_assert(!r.timed_out);
	ck_assert_str_eq(describe(&r), "exit 3");
}
END_TEST

START_TEST(signal_and_failed_start_described)
{
	char *killed[] = {"sh", "-c", "kill -9 $$", NULL};
	char *missing[] = {"/nonexistent/perfviews-no-such-program", NULL};
	char *unknown[] = {"perfviews-no-such-program-in-path", NULL};
	struct child_result r;

	ck_assert(!child_run(killed, NULL, 0, &r));
	ck_assert(WIFSIGNALED(r.status));
	ck_assert_int_eq(WTERMSIG(r.status), SIGKILL);
	ck_assert_str_eq(describe(&r), "killed by signal 9 (Killed)");

	ck_assert(!child_run(missing, NULL, 0, &r));
	ck_assert_int_eq(r.status, -1);
	ck_assert_int_eq(r.error, ENOENT);
	ck_assert_str_eq(describe(&r),
	                 "could not start: No such file or directory");
	ck_assert(!child_run(unknown, NULL, 0, &r));
	ck_assert_int_eq(r.status, -1);
	ck_assert_int_eq(r.error, ENOENT);

	/* A description is cut to its buffer. */
	char small[6];
	ck_assert_str_eq(child_describe(&r, small, sizeof small), "could");
}
END_TEST

START_TEST(files_redirected)
{
	char out[UNIT_PATH], err[UNIT_PATH];
	char *argv[] = {"sh", "-c", "cat; echo to-err >&2; echo to-out", NULL};
	struct child_result r;

	unit_temp_file(out, "");
	unit_temp_file(err, "");
	int in = unit_pipe("from-pipe\n", 10);
	int ofd = child_open(out, O_WRONLY | O_TRUNC);
	int efd = child_open(err, O_WRONLY | O_TRUNC);
	struct child_io io = {in, ofd, efd};
	ck_assert(child_run(argv, &io, 0, &r));
	close(in);
	close(ofd);
	close(efd);
	ck_assert_str_eq(unit_file_text(out), "from-pipe\nto-out\n");
	ck_assert_str_eq(unit_file_text(err), "to-err\n");
	unlink(out);
	unlink(err);
}
END_TEST

/* The child leads a process group of its own, not ours. */
START_TEST(child_in_its_own_group)
{
	char out[UNIT_PATH];
	/* Fields 1 and 5 of /proc/PID/stat: the pid and its group. */
	char *argv[] = {"sh", "-c", "cut -d' ' -f1,5 /proc/$$/stat", NULL};
	struct child_result r;
	unsigned long pid = 0, group = 0;

	unit_temp_file(out, "");
	int fd = child_open(out, O_WRONLY | O_TRUNC);
	struct child_io io = {-1, fd, -1};
	ck_assert(child_run(argv, &io, 0, &r));
	close(fd);
	ck_assert_int_eq(sscanf(unit_file_text(out), "%lu %lu", &pid, &group),
	                 2);
	ck_assert_uint_eq(group, pid);
	ck_assert_uint_ne(group, (unsigned long)getpgrp());
	unlink(out);
}
END_TEST

/* The pid a command wrote to file, once it is there. */
static pid_t
pid_in(const char *file)
{
	for (int i = 0; i < 100; i++) {
		long pid = 0;
		if (sscanf(unit_file_text(file), "%ld", &pid) == 1 && pid > 0)
			return (pid_t)pid;
		struct timespec t = {0, 10 * 1000 * 1000};
		nanosleep(&t, NULL);
	}
	ck_abort_msg("no pid in %s", file);
	return 0;
}

/*
 * Has the process ended, within a second?  Gone, or a zombie: its parent
 * ended before it, and whoever adopted it may reap it late.
 */
static bool
ended(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	for (int i = 0; i < 100; i++) {
		FILE *f = fopen(path, "r");
		char state = 'X';
		if (f != NULL) {
			/* "pid (comm) S ...": the state after the last ')'. */
			char buf[512];
			size_t n = fread(buf, 1, sizeof buf - 1, f);
			buf[n] = '\0';
			fclose(f);
			const char *paren = strrchr(buf, ')');
			if (paren != NULL && paren[1] == ' ')
				state = paren[2];
		}
		if (state == 'Z' || state == 'X')
			return true;
		struct timespec t = {0, 10 * 1000 * 1000};
		nanosleep(&t, NULL);
	}
	return false;
}

START_TEST(time_limit_stops_the_group)
{
	char file[UNIT_PATH], cmd[128];
	struct child_result r;
	double start = now();

	/* sh waits for a sleep of its own: both must be stopped. */
	unit_temp_file(file, "");
	snprintf(cmd, sizeof cmd, "sleep 30 & echo $! >%s; wait", file);
	char *argv[] = {"sh", "-c", cmd, NULL};
	ck_assert(!child_run(argv, NULL, 1, &r));
	double took = now() - start;
	ck_assert(r.timed_out);
	ck_assert(WIFSIGNALED(r.status));
	ck_assert_int_eq(WTERMSIG(r.status), SIGTERM);
	ck_assert_str_eq(describe(&r), "stopped at its time limit");
	ck_assert_msg(took >= 1 && took < 4, "took %.2f s", took);
	pid_t sleeper = pid_in(file);
	ck_assert_msg(ended(sleeper), "sleep %ld still runs", (long)sleeper);
	unlink(file);
}
END_TEST

/* Send sig to this process after a short while, from another one. */
static pid_t
signal_me_soon(int sig)
{
	pid_t me = getpid(), pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct timespec t = {0, 300 * 1000 * 1000};
		nanosleep(&t, NULL);
		kill(me, sig);
		_exit(0);
	}
	return pid;
}

/*
 * SIGTERM while waiting: passed on to the child's group, taken as the stop
 * signal, and the process ends by it.
 */
static void
stopped_while_waiting(void *arg)
{
	char cmd[128];
	struct child_result r;
	double start = now();

	snprintf(cmd, sizeof cmd, "sleep 30 & echo $! >%s; wait",
	         (const char *)arg);
	char *argv[] = {"sh", "-c", cmd, NULL};
	progname = "prog";
	child_hold_signals();
	pid_t killer = signal_me_soon(SIGTERM);
	bool ok = child_run(argv, NULL, 0, &r);
	waitpid(killer, NULL, 0);
	printf("ok=%d stopped=%d %s fast=%d\n", ok, child_stopped(),
	       describe(&r), now() - start < 4);
	child_exit_by_signal(child_stopped());
}

START_TEST(stop_signal_passed_on)
{
	struct unit_child c;
	char want[128], file[UNIT_PATH];

	unit_temp_file(file, "");
	unit_child_run(stopped_while_waiting, file, &c);
	snprintf(want, sizeof want,
	         "ok=0 stopped=%d killed by signal %d (%s) fast=1\n", SIGTERM,
	         SIGTERM, strsignal(SIGTERM));
	ck_assert_str_eq(c.out, want);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 128 + SIGTERM);
	/* The whole group had it. */
	pid_t sleeper = pid_in(file);
	ck_assert_msg(ended(sleeper), "sleep %ld still runs", (long)sleeper);
	unlink(file);
}
END_TEST

/* A stop signal that came while no child ran is still seen. */
static void
stopped_between_children(void *arg)
{
	(void)arg;
	printf("before holding: %d\n", child_stopped());
	child_hold_signals();
	child_hold_signals(); /* twice is once */
	printf("held: %d\n", child_stopped());
	raise(SIGINT);
	printf("pending: %d\n", child_stopped());
	/* The first stop signal is the one: a later one changes nothing. */
	raise(SIGHUP);
	printf("again: %d\n", child_stopped());
	child_exit_by_signal(child_stopped());
}

START_TEST(pending_stop_signal_seen)
{
	struct unit_child c;
	char want[128];

	unit_child_run(stopped_between_children, NULL, &c);
	snprintf(want, sizeof want,
	         "before holding: 0\nheld: 0\npending: %d\nagain: %d\n", SIGINT,
	         SIGINT);
	ck_assert_str_eq(c.out, want);
	ck_assert_int_eq(c.status, 128 + SIGINT);
}
END_TEST

/* The words of text, joined by '|', and their count. */
static const char *
words(const char *text)
{
	static char out[512];
	struct child_args a = {0};
	size_t used = 0;

	args_add_words(&a, text, "CMD");
	ck_assert_ptr_null(a.v[a.n]);
	out[0] = '\0';
	for (size_t i = 0; i < a.n; i++)
		used += (size_t)snprintf(out + used, sizeof out - used, "%s%s",
		                         i ? "|" : "", a.v[i]);
	args_free(&a);
	ck_assert_uint_eq(a.n, 0);
	ck_assert_ptr_null(a.v);
	return out;
}

START_TEST(words_split_as_sh_would)
{
	setenv("PV_TEST_VAR", "v a l", 1);
	setenv("HOME", "/home/test", 1);
	unsetenv("PV_TEST_UNSET");
	ck_assert_str_eq(words("python3 -c 'print(\"a b\")'"),
	                 "python3|-c|print(\"a b\")");
	ck_assert_str_eq(words("  xz   -9e\t-T1 "), "xz|-9e|-T1");
	ck_assert_str_eq(words("a\\ b \"c d\" ''"), "a b|c d|");
	ck_assert_str_eq(words("echo $PV_TEST_VAR \"$PV_TEST_VAR\""),
	                 "echo|v|a|l|v a l");
	ck_assert_str_eq(words("x $PV_TEST_UNSET y"), "x|y");
	ck_assert_str_eq(words("ls ~ ~/d '~'"), "ls|/home/test|/home/test/d|~");
	ck_assert_str_eq(words("echo '$(id)' '`id`'"), "echo|$(id)|`id`");

	struct child_args a = {0};
	args_add(&a, "one");
	args_add(&a, "two words");
	args_add_words(&a, "three four", "CMD");
	ck_assert_uint_eq(a.n, 4);
	ck_assert_str_eq(a.v[1], "two words");
	ck_assert_str_eq(a.v[3], "four");
	ck_assert_ptr_null(a.v[4]);
	args_free(&a);
}
END_TEST

static void
split_words(void *arg)
{
	struct child_args a = {0};

	progname = "prog";
	args_add_words(&a, arg, "--perf");
	printf("accepted %zu words\n", a.n);
}

/* Split text in a child: it must end with status and exactly message. */
static void
assert_refused(const char *text, int status, const char *message)
{
	struct unit_child c;

	unit_child_run(split_words, (void *)text, &c);
	ck_assert_msg(c.status == status, "'%s': exit %d, want %d (%s)", text,
	              c.status, status, c.out);
	ck_assert_str_eq(c.err, message);
	ck_assert_str_eq(c.out, "");
}

START_TEST(command_substitution_refused)
{
	assert_refused("perf $(id)", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf $(id)'\n");
	assert_refused("perf `id`", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf `id`'\n");
	assert_refused("perf \"$(id)\"", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf \"$(id)\"'\n");
	assert_refused("perf 'open", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf 'open'\n");
	assert_refused("perf | cat", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf | cat'\n");
	assert_refused("perf; id", EXIT_USAGE,
	               "prog: --perf: not a command line: 'perf; id'\n");
	assert_refused("", EXIT_USAGE, "prog: --perf: empty command: ''\n");
	assert_refused(" \t ", EXIT_USAGE,
	               "prog: --perf: empty command: ' \t '\n");
}
END_TEST

START_TEST(open_creates_or_names_the_file)
{
	char dir[] = "/tmp/perfviews-unit.XXXXXX";
	char path[64];
	struct stat st;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/new", dir);
	mode_t old = umask(022);
	int fd = child_open(path, O_WRONLY | O_CREAT);
	umask(old);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(fstat(fd, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0644);
	ck_assert_int_eq(fcntl(fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	close(fd);
	unlink(path);
	rmdir(dir);
}
END_TEST

static void
open_missing(void *arg)
{
	(void)arg;
	progname = "prog";
	child_open("/nonexistent/perfviews/file", O_RDONLY);
}

START_TEST(open_failure_is_fatal)
{
	struct unit_child c;

	unit_child_run(open_missing, NULL, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: /nonexistent/perfviews/file: No such "
	                        "file or directory\n");
}
END_TEST

static void
run_quietly(void *arg)
{
	struct child_args a = {0};

	args_add(&a, "sh");
	args_add(&a, "-c");
	args_add(&a, arg);
	printf("%d\n", child_quiet(&a));
	args_free(&a);
}

START_TEST(quiet_hides_output)
{
	struct unit_child c;

	unit_child_run(run_quietly, "echo out; echo err >&2", &c);
	ck_assert_str_eq(c.out, "1\n");
	ck_assert_str_eq(c.err, "");
	unit_child_run(run_quietly, "echo out; exit 1", &c);
	ck_assert_str_eq(c.out, "0\n");
}
END_TEST

START_TEST(output_is_the_first_line)
{
	char file[UNIT_PATH];
	struct child_args a = {0};

	unit_temp_file(file, "old text, longer than what replaces it\n");
	args_add(&a, "sh");
	args_add(&a, "-c");
	args_add(&a, "printf 'first\\nsecond\\n'; echo err >&2");
	char *out = child_output(&a, file);
	ck_assert_str_eq(out, "first");
	free(out);
	ck_assert_str_eq(unit_file_text(file), "first\nsecond\n");
	args_free(&a);

	/* No newline: all of it; a failure: nothing, even with output. */
	static const char *const cases[][2] = {
	    {"printf 'no newline'", "no newline"},
	    {"echo partial; exit 2", ""},
	    {"true", ""},
	};
	for (size_t i = 0; i < 3; i++) {
		args_add(&a, "sh");
		args_add(&a, "-c");
		args_add(&a, cases[i][0]);
		out = child_output(&a, file);
		ck_assert_str_eq(out, cases[i][1]);
		free(out);
		args_free(&a);
	}
	unlink(file);
}
END_TEST

START_TEST(whole_output)
{
	char file[UNIT_PATH];
	struct child_args a = {0};

	unit_temp_file(file, "old text, longer than what replaces it\n");
	args_add(&a, "sh");
	args_add(&a, "-c");
	args_add(&a, "printf 'first\\nsecond\\n'");
	char *out = child_whole_output(&a, file);
	ck_assert_str_eq(out, "first\nsecond\n");
	free(out);
	ck_assert_int_ne(access(file, F_OK), 0); /* removed */
	args_free(&a);

	/* A failure, or nothing written: NULL. */
	static const char *const cases[] = {"echo partial; exit 2", "true"};
	for (size_t i = 0; i < 2; i++) {
		args_add(&a, "sh");
		args_add(&a, "-c");
		args_add(&a, cases[i]);
		ck_assert_ptr_null(child_whole_output(&a, file));
		ck_assert_int_ne(access(file, F_OK), 0);
		args_free(&a);
	}
}
END_TEST

struct failure {
	const char *what;
	const char *stderr_path;
};

static void
fail_child(void *arg)
{
	const struct failure *f = arg;
	char *argv[] = {"sh", "-c", "exit 3", NULL};
	struct child_result r;

	progname = "prog";
	printf("before");
	child_run(argv, NULL, 0, &r);
	child_failed(f->what, &r, f->stderr_path);
}

START_TEST(failure_message_without_stderr)
{
	struct failure f = {"compression", NULL};
	struct unit_child c;

	unit_child_run(fail_child, &f, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.out, "before");
	ck_assert_str_eq(c.err, "prog: compression failed (exit 3)\n");
}
END_TEST

START_TEST(failure_message_with_short_stderr)
{
	char err[UNIT_PATH];
	struct failure f = {"run 1 of 2", err};
	struct unit_child c;

	/* All of it, indented; a last line without newline too. */
	unit_temp_file(err, "warning: x\nerror: y");
	unit_child_run(fail_child, &f, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: run 1 of 2 failed (exit 3); the end of "
	                        "its stderr:\n"
	                        "    warning: x\n"
	                        "    error: y\n");
	unlink(err);

	/* An empty or missing stderr file shows nothing more. */
	unit_temp_file(err, "");
	unit_child_run(fail_child, &f, &c);
	ck_assert_str_eq(c.err, "prog: run 1 of 2 failed (exit 3); the end of "
	                        "its stderr:\n");
	unlink(err);
	unit_child_run(fail_child, &f, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: run 1 of 2 failed (exit 3); the end of "
	                        "its stderr:\n");
}
END_TEST

START_TEST(failure_message_with_long_stderr)
{
	char err[UNIT_PATH], text[256] = "", want[512];
	struct failure f = {"perf script of run 2", err};
	struct unit_child c;

	for (int i = 1; i <= 12; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
		         "line %d\n", i);
	unit_temp_file(err, text);
	unit_child_run(fail_child, &f, &c);
	snprintf(want, sizeof want,
	         "prog: perf script of run 2 failed (exit 3); the end of its "
	         "stderr:\n");
	/* The last lines; how many is the module's choice, but in order. */
	ck_assert_msg(strncmp(c.err, want, strlen(want)) == 0, "%s", c.err);
	ck_assert_msg(strstr(c.err, "    line 12\n") != NULL, "%s", c.err);
	ck_assert_ptr_null(strstr(c.err, "line 1\n"));
	ck_assert_ptr_null(strstr(c.err, "line 2\n"));
	ck_assert(strstr(c.err, "line 11\n") < strstr(c.err, "line 12\n"));
	/* Ten lines, though the text ends with a newline. */
	ck_assert_msg(strstr(c.err, "    line 3\n") != NULL, "%s", c.err);
	ck_assert_ptr_null(strstr(c.err, "    line 2\n"));
	unlink(err);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {exit_status_reported,
	                        signal_and_failed_start_described,
	                        files_redirected,
	                        child_in_its_own_group,
	                        time_limit_stops_the_group,
	                        stop_signal_passed_on,
	                        pending_stop_signal_seen,
	                        words_split_as_sh_would,
	                        command_substitution_refused,
	                        open_creates_or_names_the_file,
	                        open_failure_is_fatal,
	                        quiet_hides_output,
	                        output_is_the_first_line,
	                        whole_output,
	                        failure_message_without_stderr,
	                        failure_message_with_short_stderr,
	                        failure_message_with_long_stderr,
	                        NULL};
	return unit_main("child", tests);
}

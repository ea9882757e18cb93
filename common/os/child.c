/*
 * child.c - see child.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wordexp.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"

extern char **environ;

/* Seconds a stopped group has before SIGKILL; lines of stderr shown. */
enum { GRACE_SECONDS = 5, TAIL_LINES = 10 };

static bool holding;
static int stop_signal; /* the first stop signal taken */

/* The signals that stop the work, and SIGCHLD, which wakes the wait. */
static void
stop_set(sigset_t *set, bool with_child)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
	if (with_child)
		sigaddset(set, SIGCHLD);
}

void
child_hold_signals(void)
{
	sigset_t set;

	if (holding)
		return;
	stop_set(&set, true);
	sigprocmask(SIG_BLOCK, &set, NULL);
	holding = true;
}

static pid_t
spawn(const char *dir, char *const argv[], const struct child_io *io,
      int *error)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t none, defaults;
	pid_t pid = -1;

	posix_spawn_file_actions_init(&fa);
	if (io != NULL) {
		const int fds[3] = {io->in, io->out, io->err};
		for (int i = 0; i < 3; i++)
			if (fds[i] >= 0)
				posix_spawn_file_actions_adddup2(&fa, fds[i],
				                                 i);
	}
	if (dir != NULL)
		posix_spawn_file_actions_addchdir_np(&fa, dir);
	posix_spawnattr_init(&attr);
	sigemptyset(&none);
	stop_set(&defaults, true);
	sigaddset(&defaults, SIGPIPE);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &defaults);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
	                                    POSIX_SPAWN_SETSIGMASK |
	                                    POSIX_SPAWN_SETSIGDEF);
	*error = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	return *error == 0 ? pid : -1;
}

bool
child_run(char *const argv[], const struct child_io *io, unsigned timeout,
          struct child_result *r)
{
	return child_run_in(NULL, argv, io, timeout, r);
}

pid_t
child_start(const char *dir, char *const argv[], const struct child_io *io,
            struct child_result *r)
{
	child_hold_signals();
	memset(r, 0, sizeof *r);
	pid_t pid = spawn(dir, argv, io, &r->error);
	if (pid < 0)
		r->status = -1;
	return pid;
}

bool
child_wait(pid_t pid, unsigned timeout, struct child_result *r)
{
	sigset_t wake;
	double deadline, kill_at = 0;
	int status = 0;

	stop_set(&wake, true);
	deadline = timeout > 0 ? clock_seconds() + timeout : 0;
	for (;;) {
		pid_t done = waitpid(pid, &status, WNOHANG);
		if (done == pid)
			break;
		if (done == -1 && errno != EINTR)
			die_errno(EXIT_DATA, "waitpid");
		double t = clock_seconds();
		if (deadline > 0 && t >= deadline && !r->timed_out) {
			r->timed_out = true;
			kill(-pid, SIGTERM);
			kill_at = t + GRACE_SECONDS;
		}
		if (kill_at > 0 && t >= kill_at) {
			kill(-pid, SIGKILL);
			kill_at = t + GRACE_SECONDS;
		}
		struct timespec wait = {0, 200 * 1000 * 1000};
		int sig = sigtimedwait(&wake, NULL, &wait);
		if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
			if (stop_signal == 0)
				stop_signal = sig;
			kill(-pid, sig);
			if (kill_at == 0)
				kill_at = t + GRACE_SECONDS;
		}
	}
	r->status = status;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool
child_ended(pid_t pid, struct child_result *r)
{
	int status;

	if (waitpid(pid, &status, WNOHANG) != pid)
		return false;
	r->status = status;
	return true;
}

void
child_stop(pid_t pid, struct child_result *r)
{
	kill(-pid, SIGTERM);
	child_wait(pid, GRACE_SECONDS, r);
}

bool
child_run_in(const char *dir, char *const argv[], const struct child_io *io,
             unsigned timeout, struct child_result *r)
{
	pid_t pid = child_start(dir, argv, io, r);
	return pid >= 0 && child_wait(pid, timeout, r);
}

int
child_stopped(void)
{
	sigset_t pending, stops;
	struct timespec zero = {0, 0};

	if (stop_signal != 0 || !holding)
		return stop_signal;
	stop_set(&stops, false);
	sigpending(&pending);
	for (int sig = 1; sig < NSIG; sig++) {
		if (sigismember(&stops, sig) && sigismember(&pending, sig)) {
			stop_signal = sigtimedwait(&stops, NULL, &zero);
			break;
		}
	}
	return stop_signal;
}

void
child_exit_by_signal(int sig)
{
	sigset_t set;

	fflush(NULL);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

const char *
child_describe(const struct child_result *r, char *buf, size_t size)
{
	if (r->status == -1)
		snprintf(buf, size, "could not start: %s", strerror(r->error));
	else if (r->timed_out)
		snprintf(buf, size, "stopped at its time limit");
	else if (WIFEXITED(r->status))
		snprintf(buf, size, "exit %d", WEXITSTATUS(r->status));
	else if (WIFSIGNALED(r->status))
		snprintf(buf, size, "killed by signal %d (%s)",
		         WTERMSIG(r->status), strsignal(WTERMSIG(r->status)));
	else
		snprintf(buf, size, "status %d", r->status);
	return buf;
}

void
args_add(struct child_args *a, const char *word)
{
	a->v = array_reserve(a->v, &a->cap, a->n + 2, sizeof *a->v);
	a->v[a->n++] = xstrdup(word);
	a->v[a->n] = NULL;
}

void
args_add_words(struct child_args *a, const char *text, const char *what)
{
	wordexp_t we;

	if (wordexp(text, &we, WRDE_NOCMD) != 0)
		die(EXIT_USAGE, "%s: not a command line: '%s'", what, text);
	if (we.we_wordc == 0)
		die(EXIT_USAGE, "%s: empty command: '%s'", what, text);
	for (size_t i = 0; i < we.we_wordc; i++)
		args_add(a, we.we_wordv[i]);
	wordfree(&we);
}

void
args_free(struct child_args *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof *a);
}

int
child_open(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);
	if (fd < 0)
		die_errno(EXIT_DATA, "%s", path);
	return fd;
}

bool
child_quiet(struct child_args *a)
{
	struct child_result r;
	int null = child_open("/dev/null", O_WRONLY);
	struct child_io io = {-1, null, null};
	bool ok = child_run(a->v, &io, 0, &r);

	close(null);
	return ok;
}

/*
 * Run a, its stdout into file, its stderr into err (-1: this process's):
 * what it wrote (up to a NUL byte), or NULL when it failed or wrote
 * nothing.
 */
static char *
output_through(struct child_args *a, const char *file, int err)
{
	struct child_result r;
	int fd = child_open(file, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, err};
	bool ok = child_run(a->v, &io, 0, &r);
	FILE *f = ok ? fopen(file, "re") : NULL;
	char *text = NULL;
	size_t cap = 0;

	close(fd);
	if (f != NULL && getdelim(&text, &cap, '\0', f) < 0) {
		free(text);
		text = NULL;
	}
	if (f != NULL)
		fclose(f);
	return text;
}

char *
child_output(struct child_args *a, const char *file)
{
	int null = child_open("/dev/null", O_WRONLY);
	char *text = output_through(a, file, null);

	close(null);
	if (text == NULL)
		return xstrdup("");
	text[strcspn(text, "\n")] = '\0';
	return text;
}

char *
child_whole_output(struct child_args *a, const char *file)
{
	char *text = output_through(a, file, -1);

	unlink(file);
	return text;
}

/* The last lines of a file, on stderr, indented. */
static void
show_tail(int fd)
{
	char buf[16384];
	off_t size = lseek(fd, 0, SEEK_END);
	off_t from = size > (off_t)sizeof buf ? size - (off_t)sizeof buf : 0;
	ssize_t n = size > 0 ? pread(fd, buf, sizeof buf, from) : 0;
	if (n <= 0)
		return;
	size_t end = (size_t)n;
	if (buf[end - 1] == '\n')
		end--; /* a last newline ends a line, it does not start one */
	size_t start = end;
	for (int lines = 0; start > 0; start--)
		if (buf[start - 1] == '\n' && ++lines == TAIL_LINES)
			break;
	for (size_t i = start; i < end;) {
		const char *nl = memchr(buf + i, '\n', end - i);
		size_t len = nl != NULL ? (size_t)(nl - (buf + i)) : end - i;
		fprintf(stderr, "    %.*s\n", (int)len, buf + i);
		i += len + 1;
	}
}

static void (*failure_note)(void);

void
child_on_failure(void (*note)(void))
{
	failure_note = note;
}

/* The failure line; the tail of the stderr file when there is one. */
static _Noreturn void
failed(const char *what, const struct child_result *r, bool has_stderr, int fd)
{
	char how[128];

	fflush(stdout);
	fprintf(stderr, "%s: %s failed (%s)%s\n", progname, what,
	        child_describe(r, how, sizeof how),
	        has_stderr ? "; the end of its stderr:" : "");
	if (fd >= 0)
		show_tail(fd);
	if (failure_note != NULL)
		failure_note();
	exit(EXIT_DATA);
}

void
child_failed(const char *what, const struct child_result *r,
             const char *stderr_path)
{
	int fd =
	    stderr_path != NULL ? open(stderr_path, O_RDONLY | O_CLOEXEC) : -1;
	failed(what, r, stderr_path != NULL, fd);
}

void
child_failed_fd(const char *what, const struct child_result *r, int fd)
{
	failed(what, r, fd >= 0, fd);
}

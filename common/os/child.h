/*
 * child.h - running other programs (perf, xz, python, make) and waiting
 * for them in a way that can be stopped.
 *
 * After child_hold_signals, SIGINT, SIGTERM and SIGHUP no longer end this
 * process: they are taken while it waits for a child.  Each child runs in
 * a process group of its own, so that it and everything it starts (perf's
 * workload) can be stopped together: a stop signal received while waiting
 * is passed on to the whole group, a child past its time limit is sent
 * SIGTERM, and a group still there 5 seconds later SIGKILL.  The caller
 * then sees the stop signal (child_stopped), cleans up, and ends with
 * child_exit_by_signal, so that its own caller (make, a shell) sees it
 * interrupted.
 */
#ifndef PERFVIEWS_CHILD_H
#define PERFVIEWS_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The files a child reads and writes; -1 keeps this process's. */
struct child_io {
	int in, out, err;
};

struct child_result {
	int status;     /* as from waitpid; -1 when it could not start */
	int error;      /* errno when it could not start */
	bool timed_out; /* it was stopped after its time limit */
};

void child_hold_signals(void);

/*
 * Run argv[0] (searched in PATH) and wait for it, at most timeout seconds
 * (0: no limit).  Returns true when it ran and exited 0.
 */
bool child_run(char *const argv[], const struct child_io *io, unsigned timeout,
               struct child_result *r);

/* child_run, the child starting in directory dir. */
bool child_run_in(const char *dir, char *const argv[],
                  const struct child_io *io, unsigned timeout,
                  struct child_result *r);

/*
 * Start argv[0] as child_run_in does, without waiting: its pid, or -1
 * when it could not start (r says why).  Several may run at once; each is
 * then waited for with child_wait, or stopped with child_stop.
 */
pid_t child_start(const char *dir, char *const argv[],
                  const struct child_io *io, struct child_result *r);

/* Wait for a started child as child_run does; true when it exited 0. */
bool child_wait(pid_t pid, unsigned timeout, struct child_result *r);

/* Has a started child ended?  r->status set when it has (no waiting). */
bool child_ended(pid_t pid, struct child_result *r);

/* Stop a started child and its group (SIGTERM, then SIGKILL), and reap. */
void child_stop(pid_t pid, struct child_result *r);

/* The stop signal received so far (also one pending now), or 0. */
int child_stopped(void);

/* End the process as if killed by sig (after cleaning up). */
_Noreturn void child_exit_by_signal(int sig);

/* An argument list, NULL-terminated, grown one word at a time. */
struct child_args {
	char **v;
	size_t n, cap;
};

void args_add(struct child_args *a, const char *word);
/*
 * The words of a command line, split and expanded as sh would (quotes,
 * $VAR, ~; no command substitution); what names it in messages.
 */
void args_add_words(struct child_args *a, const char *text, const char *what);
void args_free(struct child_args *a);

/* Open with O_CLOEXEC (mode 0644 when created), or end with a message. */
int child_open(const char *path, int flags);

/* Run with stdout and stderr to /dev/null; true when it exited 0. */
bool child_quiet(struct child_args *a);

/*
 * The first line of a command's stdout, through file (stderr to
 * /dev/null); "" when it failed.  Free it.
 */
char *child_output(struct child_args *a, const char *file);

/*
 * The whole of a command's stdout, through file, which is removed after
 * (stderr is this process's); NULL when it failed or wrote nothing.
 */
char *child_whole_output(struct child_args *a, const char *file);

/*
 * A child failed: "PROG: what failed (exit 3)", then the last lines of
 * its stderr file when there is one; exit 1.
 */
_Noreturn void child_failed(const char *what, const struct child_result *r,
                            const char *stderr_path);
/* child_failed, its stderr an open file (fd), or none (-1). */
_Noreturn void child_failed_fd(const char *what, const struct child_result *r,
                               int fd);

/* "exit 3", "killed by signal 9", "could not start: ...": for messages. */
/*
 * Called by child_failed and child_failed_fd after their message, before
 * the exit: what the caller knows that may explain it (a full disk).
 */
void child_on_failure(void (*note)(void));

const char *child_describe(const struct child_result *r, char *buf,
                           size_t size);

#endif

/*
 * strace.h - a streaming reader of strace's text: one system call at a time.
 *
 * The text is what `strace -f -ttt -T -y -o FILE CMD` writes; other
 * timestamp forms (-t, -tt, -r) and no -f, -T or -y read too:
 *
 *   PID TIME NAME(ARGS) = RESULT <SECONDS>
 *   PID TIME NAME(ARGS <unfinished ...>          a call that another
 *   PID TIME <... NAME resumed>ARGS) = RESULT     thread's lines interrupted
 *   PID TIME --- SIGCHLD {si_signo=SIGCHLD, ...} ---    a signal
 *   PID TIME +++ exited with 0 +++                      a process ends
 *
 * (`[pid N] `, as strace writes without -o, is a PID too.)  A call split in
 * two is handed out once, whole, when its second half comes: halves are
 * joined by PID (a thread has at most one call in flight), with the line
 * and time of the first.  A call whose second half never comes (its process
 * ended, the file was cut) is handed out without a result when its process
 * ends, or at the end of the input.  Signals and exits are counted, not
 * handed out.
 *
 * Nothing is allocated per line: a call is spans into the line reader's
 * buffer, or into the reader's own buffer when it was joined, valid until
 * the next call.  Memory grows with the longest call and with the threads
 * that have a call in flight at once.
 *
 * A line that is none of these is reported with the input's name and line
 * number (line_reader_bad: a warning, or fatal when lines.strict is set)
 * and skipped.
 *
 * strace writes strings in C syntax ("a\"b\n\303\251"), and with -y the
 * path of a file descriptor after it, with the same escapes ("3</lib/x>",
 * "AT_FDCWD</home/me>"; '<' and '>' in a path are escaped).  The argument
 * helpers split the text of the arguments and decode those.
 */
#ifndef PERFVIEWS_STRACE_H
#define PERFVIEWS_STRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"
#include "input/line_reader.h"

/* AT_FDCWD, as strace_arg_fd reads it. */
#define STRACE_AT_FDCWD (-100)

struct strace_call {
	int64_t pid;          /* -1 when not printed (no -f) */
	struct span time;     /* as printed: "1796022765.419059"; or empty */
	struct span name;     /* "openat" */
	struct span args;     /* between the call's parentheses */
	struct span result;   /* after "= ", without -T's time; empty: none */
	bool returned;        /* the result is a number, in ret */
	int64_t ret;          /* -1 for a failure; 0x... read as unsigned */
	struct span ret_path; /* -y path of a returned descriptor (escaped) */
	struct span error;    /* "ENOENT" when the call failed; else empty */
	int64_t usec;         /* -T: time in the call (us); -1 when absent */
	unsigned long lineno; /* of its (first) line */
	bool joined;          /* made of an unfinished and a resumed line */
};

/* A first half, waiting for its second. */
struct strace_pending {
	int64_t pid;
	unsigned long lineno;
	char *text; /* the time, then "NAME(ARGS" */
	size_t time_len, len, cap;
	bool used;
};

struct strace_reader {
	struct line_reader lines;
	unsigned long calls;      /* handed out */
	unsigned long signals;    /* "--- SIG... ---" lines */
	unsigned long exits;      /* "+++ ... +++" lines */
	unsigned long unfinished; /* calls handed out without a result */
	struct strace_pending *pending;
	size_t npending, pending_cap;
	char *join; /* the text of the joined call handed out last */
	size_t join_cap;
	bool at_end; /* input read: the pending halves are handed out */
};

void strace_reader_init(struct strace_reader *r, int fd, const char *name);
void strace_reader_free(struct strace_reader *r);

/* The next call, or false at the end of the input. */
bool strace_reader_next(struct strace_reader *r, struct strace_call *c);

/* One line on stderr if lines were bad: how many, and the first. */
void strace_reader_summary(const struct strace_reader *r);

/*
 * The parts of one line's text, after its PID and time: exposed for the
 * unit tests.  False when it is not a call; *unfinished is set for a
 * first half ("NAME(ARGS <unfinished ...>"), whose args run to its end.
 */
bool strace_call_parse(struct span body, struct strace_call *c,
                       bool *unfinished);

/* True when the start of the input looks like strace text. */
bool strace_detect(struct span head);

/*
 * The next argument of args (a call's args, or what is left of them) in
 * *arg, blanks trimmed; *args is moved past it and its comma.  Commas in
 * strings, comments, -y paths and {} [] () do not split.  False when
 * nothing is left.
 */
bool strace_arg_next(struct span *args, struct span *arg);

/*
 * A string argument: its text between the quotes, still escaped, and
 * whether strace cut it ("..." after the quote).  False when arg is not a
 * string (NULL, an address).
 */
bool strace_arg_string(struct span arg, struct span *text, bool *cut);

/*
 * A descriptor argument: "3", "3</path>", "AT_FDCWD</path>" (fd
 * STRACE_AT_FDCWD).  *path is its -y path, still escaped, or empty with
 * p NULL when there is none.  False when arg is not a descriptor.
 */
bool strace_arg_fd(struct span arg, int64_t *fd, struct span *path);

/* Does a flags argument ("O_RDONLY|O_CLOEXEC") hold flag? */
bool strace_arg_has_flag(struct span arg, const char *flag);

/*
 * Decode strace's escapes (\" \\ \n \t \r \v \f \a \b, \NNN octal, \xHH)
 * into bytes; out needs s.n bytes at most.  Returns the length.
 */
size_t strace_unescape(struct span s, char *out);

#endif

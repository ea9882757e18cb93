/*
 * message.h - messages to the user, and the exit status that goes with them.
 *
 * Messages go to stderr as "PROG: text", in the style of err(3).  Exit
 * status: 0 success, 1 bad data or I/O error, 2 bad usage.  Every module
 * that can fail reports through here, so every program speaks alike.
 */
#ifndef PERFVIEWS_MESSAGE_H
#define PERFVIEWS_MESSAGE_H

#include <stdnoreturn.h>

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

/* The program's name, set once by cli_start. */
extern const char *progname;

noreturn void die(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Like die, with ": strerror(errno)" appended. */
noreturn void die_errno(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void warnmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Like warnmsg, with ": strerror(errno)" appended. */
void warnmsg_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "PROG: text", the hint to --help, exit 2: a bad value or operand. */
noreturn void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

#endif

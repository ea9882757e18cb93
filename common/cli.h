/*
 * cli.h - what every filter does the same way on its command line.
 *
 * Messages go to stderr as "PROG: text", in the style of err(3).  Exit
 * status: 0 success, 1 bad data or I/O error, 2 bad usage.  The x*
 * allocators never return NULL: running out of memory ends the program
 * with a message and status 1.
 */
#ifndef PERFVIEWS_CLI_H
#define PERFVIEWS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>

#define PERFVIEWS_VERSION "0.1.0"

enum { EXIT_OK = 0, EXIT_DATA = 1, EXIT_USAGE = 2 };

extern const char *progname;

/* Set the program name for messages and give stdout a large buffer. */
void cli_init(const char *name);

noreturn void die(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Like die, with ": strerror(errno)" appended. */
noreturn void die_errno(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void warnmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "PROG: text" and "Try 'PROG --help'.", then exit 2. */
noreturn void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void print_version(void);
/*
 * Call before getopt_long: getopt's own messages would name the program by
 * its path.  After getopt_long returned '?', option_error says what was
 * wrong, in the program's own words.
 */
void cli_quiet_getopt(void);
void option_error(char *const argv[]);

struct option;

/*
 * A getopt_long table of a's options then b's (each ends with a zero
 * entry), in one new array for the caller to free: how a filter adds the
 * options it shares with others to its own.
 */
struct option *options_join(const struct option *a, const struct option *b);

/* A percentage option's value, 0 to 100; a usage error otherwise. */
double option_percent(const char *arg, const char *option);

/* Call read(ctx, path) for each path, or for "-" when there are none. */
void each_input(int argc, char *const argv[],
                void (*read)(void *ctx, const char *path), void *ctx);

/* Flush stdout; a write error (disk full, closed pipe) is fatal. */
void finish_output(void);

/* The name to show for an input path: "stdin" for "-". */
const char *input_name(const char *path);
/* Open an input for reading ("-" is stdin); fatal when it cannot. */
int input_open(const char *path);
void input_close(int fd);

/* Strict number parsing for option values: the whole string must parse. */
bool parse_u64(const char *s, uint64_t *out);
bool parse_double(const char *s, double *out);

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xreallocarray(void *p, size_t count, size_t size);
char *xstrdup(const char *s);
/*
 * Room for need items of size bytes in the array p of *cap items: p, or
 * p moved into a larger one (capacity doubled, at least 256), *cap updated.
 */
void *array_reserve(void *p, size_t *cap, size_t need, size_t size);
char *xstrndup(const char *s, size_t n);

#endif

/*
 * cli.h - what every program does the same way on its command line.
 *
 * A program describes itself once, in a struct program: its usage lines
 * (as its man page's SYNOPSIS), its help, and its getopt_long options.
 * program_option is getopt_long for it, with -h/--help and --version
 * handled and bad options reported in one wording everywhere; the caller's
 * switch sees only its own options.  Inputs are paths or "-" for stdin,
 * read in order; output goes to stdout, whose write errors are fatal.
 */
#ifndef PERFVIEWS_CLI_H
#define PERFVIEWS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/message.h"

#define PERFVIEWS_VERSION "0.1.0"

struct option;

struct program {
	const char *name;
	const char *usage; /* "NAME [-a] [file ...]\n" lines, after "usage: " */
	const char *summary; /* one line: what the program does */
	/* Its own options (all three NULL when it has none): */
	const char *help;      /* their lines, as --help shows them */
	const char *shortopts; /* a leading '+': options end at an operand */
	const struct option *options; /* ends with a zero entry */
	/* Options shared with other programs (NULL: none), and their help. */
	const struct option *shared;
	const char *shared_help;
	bool reads_files; /* --help says how file arguments are read */
};

/* Name the program in messages and give stdout a large buffer. */
void cli_start(const char *name);

/*
 * getopt_long over the program's own and shared options.  Returns the next
 * option's code (optarg set) or -1 after the last (then optind is the
 * first operand).  --help and --version print and exit 0; an unknown
 * option or a missing value is reported, with the usage, and exits 2.
 */
int program_option(const struct program *p, int argc, char *const argv[]);

/* The usage lines on stderr, "Try 'PROG --help'.", then exit 2. */
noreturn void program_usage(const struct program *p);

/* "PROG: text", the hint to --help, exit 2: a bad value or operand. */
noreturn void usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Values of options; each is a usage error naming the option when bad. */
double option_percent(const char *arg, const char *option);
uint64_t option_count(const char *arg, const char *option, bool zero_ok);

/* The values of an option given again and again (--set A --set B), in order. */
struct option_list {
	const char **v; /* NULL until the first */
	size_t n, cap;
};
void option_list_add(struct option_list *values, const char *value);
void option_list_free(struct option_list *values);

/* Strict number parsing: the whole string must be the number. */
bool parse_u64(const char *s, uint64_t *out);
bool parse_double(const char *s, double *out);

/* Call read(ctx, path) for each path, or for "-" when there are none. */
void each_input(int argc, char *const argv[],
                void (*read)(void *ctx, const char *path), void *ctx);
/* The name to show for an input path: "stdin" for "-". */
const char *input_name(const char *path);
/*
 * Open an input for reading ("-" is stdin).  A path that cannot be read,
 * or that is a directory, is fatal with a message naming it.  A file
 * named *.xz is read decompressed, through xz -dc.
 */
int input_open(const char *path);
/* Close it; xz failing on a *.xz file (cut, corrupt) is fatal. */
void input_close(int fd);

/* Flush stdout; a write error (disk full, closed pipe) is fatal. */
void finish_output(void);

#endif

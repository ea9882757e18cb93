/*
 * cli.h - what every program does the same way on its command line.
 *
 * A program describes itself once, in a struct program: its operands,
 * its summary, and its table of options (options.h), which its usage
 * lines (as its man page's SYNOPSIS) are made from (usage.h) and
 * program_parse reads the command line by, with
 * -h/--help, --version and --list-options handled and bad options reported
 * in one wording everywhere.  Inputs are paths or "-" for stdin, read in
 * order; output goes to stdout, whose write errors are fatal.
 */
#ifndef PERFVIEWS_CLI_H
#define PERFVIEWS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "base/message.h"
#include "base/options.h"

#define PERFVIEWS_VERSION "0.1.0"

struct program {
	const char *name;
	/* Its usage, made from its options (usage.h): what follows them,
	 * "[file ...]", or its forms, a line each ("--raw [--out] ID"). */
	const char *operands;
	const char *forms;
	const char *summary;              /* one line: what the program does */
	const struct option_row *options; /* its table; NULL: none */
	bool options_first;               /* options end at the first operand */
	bool reads_files; /* --help says how file arguments are read */
};

/* Name the program in messages and give stdout a large buffer. */
void cli_start(const char *name);

/*
 * Read the options of argv by the program's table, each value into its
 * field of opts, in order; returns the index of the first operand.  --help
 * and --version print and exit 0, as does --list-options alone (each long
 * option, for the man-page check); an unknown option, a missing value or
 * a bad one is reported, with the usage, and exits 2.
 */
int program_parse(const struct program *p, int argc, char *argv[], void *opts);

/* Its usage lines (usage.h), the first after lead ("usage: "). */
void program_usage_write(FILE *out, const char *lead, const struct program *p);

/* The usage lines on stderr, "Try 'PROG --help'.", then exit 2. */
noreturn void program_usage(const struct program *p);

/* Call read(ctx, path) for each path, or for "-" when there are none. */
void each_input(int argc, char *const argv[],
                void (*read)(void *ctx, const char *path), void *ctx);
/* The name to show for an input path: "stdin" for "-". */
const char *input_name(const char *path);
/*
 * Open an input for reading ("-" is stdin).  A path that cannot be read,
 * or that is a directory, is fatal with a message naming it.  A file
 * named *.xz is read decompressed (liblzma): read it with input_read or
 * input_stream, not read(2).  A cut or corrupt one is fatal when the
 * reading reaches the damage.
 */
int input_open(const char *path);
/*
 * Fatal, as input_open, when an input of argv cannot be opened: called
 * before a program reads anything else it needs (category rules), so that
 * the file the user gave is the one named when both are unreadable.
 */
void inputs_check(int argc, char *const argv[]);
/* read(2) on an open input: up to n bytes of its text, 0 at its end. */
ssize_t input_read(int fd, void *buf, size_t n);
/* An open input as a stdio stream; closing it leaves fd to input_close. */
FILE *input_stream(int fd);
/* Close it, and its decoder. */
void input_close(int fd);

/* Flush stdout; a write error (disk full, closed pipe) is fatal. */
void finish_output(void);

#endif

/*
 * commands.h - a program made of subcommands, as `perfviews record ...`:
 * each subcommand is a struct program named "PROG COMMAND" with a function
 * that runs it on its own arguments (argv[0] is its name).
 *
 * commands_main dispatches on argv[1]; with no command it prints every
 * command's usage and exits 2, with -h/--help every command's usage,
 * summary and options, with --version the version.  An unknown command is
 * a usage error.
 */
#ifndef PERFVIEWS_COMMANDS_H
#define PERFVIEWS_COMMANDS_H

#include <stddef.h>

#include "base/cli.h"

struct command {
	const struct program *program;
	int (*run)(const struct program *p, int argc, char *argv[]);
};

/*
 * Run the command argv[1] names among n; summary is the program's one
 * line for --help.  Returns the exit status.
 */
int commands_main(const char *prog, const char *summary,
                  const struct command *commands, size_t n, int argc,
                  char *argv[]);

/* After the options: between min and max operands, or a usage error. */
void command_operands(const struct program *p, int argc, int min, int max,
                      const char *what);

/* A command without options of its own: --help, --version, operands. */
void command_no_options(const struct program *p, int argc, char *argv[]);

#endif

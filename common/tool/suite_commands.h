/*
 * suite_commands.h - perfviews' commands over many data sets: `perfviews
 * publish` (every data set into one directory, with an index), `suite`
 * (make suite's steps), `suite run` (a whole suite in one command) and
 * `compare-suites` (two suites, benchmark by benchmark).
 *
 * Each command is its struct program and the function that runs it on
 * its own arguments: a row of perfviews' table of commands
 * (base/commands.h).  `perfviews suite run` is run by cmd_suite, and has
 * its row for --help and --list-options.
 */
#ifndef PERFVIEWS_SUITE_COMMANDS_H
#define PERFVIEWS_SUITE_COMMANDS_H

#include "base/cli.h"

extern const struct program publish_program, suite_program, suite_run_program,
    compare_suites_program;

int cmd_publish(const struct program *p, int argc, char *argv[]);
int cmd_suite(const struct program *p, int argc, char *argv[]);
int cmd_suite_run(const struct program *p, int argc, char *argv[]);
int cmd_compare_suites(const struct program *p, int argc, char *argv[]);

#endif

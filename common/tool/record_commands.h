/*
 * record_commands.h - perfviews' commands that make a data set's text:
 * `perfviews record` (a data set recorded, its views rendered) and
 * `script` (perf script's text of a perf.data).
 *
 * Each command is its struct program and the function that runs it on
 * its own arguments: a row of perfviews' table of commands
 * (base/commands.h).
 */
#ifndef PERFVIEWS_RECORD_COMMANDS_H
#define PERFVIEWS_RECORD_COMMANDS_H

#include "base/cli.h"

extern const struct program record_program, script_program;

int cmd_record(const struct program *p, int argc, char *argv[]);
int cmd_script(const struct program *p, int argc, char *argv[]);

#endif

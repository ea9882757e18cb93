/*
 * compare_commands.h - `perfviews compare`: two data sets compared, the
 * README of their comparison or all its files (make compare).
 *
 * Its struct program and the function that runs it: a row of perfviews'
 * table of commands (base/commands.h).
 */
#ifndef PERFVIEWS_COMPARE_COMMANDS_H
#define PERFVIEWS_COMPARE_COMMANDS_H

#include "base/cli.h"

extern const struct program compare_program;

int cmd_compare(const struct program *p, int argc, char *argv[]);

#endif

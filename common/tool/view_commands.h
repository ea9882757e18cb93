/*
 * view_commands.h - perfviews' commands that write about one data set:
 * `perfviews readme` (its README), `views` (its views, from one read of
 * its raw file or of a perf.data) and `stability` (does combining its
 * runs stabilise the profile?).
 *
 * Each command is its struct program and the function that runs it on
 * its own arguments: a row of perfviews' table of commands
 * (base/commands.h).
 */
#ifndef PERFVIEWS_VIEW_COMMANDS_H
#define PERFVIEWS_VIEW_COMMANDS_H

#include "base/cli.h"

extern const struct program readme_program, views_program, stability_program;

int cmd_readme(const struct program *p, int argc, char *argv[]);
int cmd_views(const struct program *p, int argc, char *argv[]);
int cmd_stability(const struct program *p, int argc, char *argv[]);

#endif

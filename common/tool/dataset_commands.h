/*
 * dataset_commands.h - perfviews' commands about a data set's names and
 * its meta.json: `perfviews id` (an ID's parts), `name` (its files' names
 * from the table of files, and make's names for them), `meta` (writes
 * meta.json) and `get` (one field of one).
 *
 * Each command is its struct program and the function that runs it on
 * its own arguments: a row of perfviews' table of commands
 * (base/commands.h).
 */
#ifndef PERFVIEWS_DATASET_COMMANDS_H
#define PERFVIEWS_DATASET_COMMANDS_H

#include "base/cli.h"

extern const struct program id_program, name_program, meta_program, get_program;

int cmd_id(const struct program *p, int argc, char *argv[]);
int cmd_name(const struct program *p, int argc, char *argv[]);
int cmd_meta(const struct program *p, int argc, char *argv[]);
int cmd_get(const struct program *p, int argc, char *argv[]);

#endif

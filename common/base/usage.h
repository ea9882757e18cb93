/*
 * usage.h - a program's usage lines, made from its table of options.
 *
 * What --help and a usage error print, and what the program's man page
 * says in its SYNOPSIS, word for word (test/t-synopsis.sh checks).  Only
 * the operands are written by hand; the options are the table's rows with
 * help (rows without are not shown), as OpenBSD shows them: the flags of a
 * letter together, "[-ai]"; each option of a letter with its value,
 * "[-n N]", letters in alphabetical order, a capital before its small
 * letter; then each long option in the table's order, "[--period]",
 * "[--event NAME]".  An option given again and again (OPT_LIST) is
 * followed by "...": "[--set FIELD=VALUE]...".
 *
 * A command of several forms (perfviews views) writes a line per form
 * instead: the options it takes, named by long name, then its operands,
 * as "--source --raw --meta [--out] ID"; the table gives each option its
 * letter and value ("--source --raw RAW --meta META [--out DIR] ID").
 * Every option shown in --help is in one form at least.
 *
 * Lines are at most 80 columns: a line too long goes on under its first
 * option; a bracket, or an operand and the "..." after it, is not cut.
 */
#ifndef PERFVIEWS_USAGE_H
#define PERFVIEWS_USAGE_H

#include <stdio.h>

#include "base/options.h"

/* What follows a program's name in its usage, besides its options. */
struct usage {
	const char *name;                 /* "flatsort", "perfviews views" */
	const struct option_row *options; /* its table, or NULL */
	const char *operands;             /* "[file ...]", "ID", or NULL */
	const char *forms; /* or its forms, a line each, as above */
};

/*
 * The usage lines, the first after lead ("usage: "), the others after as
 * many spaces.  A form naming no option of the table is fatal, as is an
 * option in no form: the program is wrong, not its user.
 */
void usage_write(FILE *out, const char *lead, const struct usage *u);

#endif

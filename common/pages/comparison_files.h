/*
 * comparison_files.h - the three files of a comparison of two data sets
 * (comparison_readme.h), written in one process from one reading of each
 * raw file: NAME-diff.txt (flatdiff A B), NAME-diffgraph.svg (diffstacks
 * A B | flamesvg) and NAME-README.md, in one directory.
 *
 * Both raw files are read once into one comparison by function, as
 * flatdiff reads them given no options; the comparison by stack shares its
 * sides (compare_defaults_shared).  Each file is written by its program's
 * own library call: flatdiff's table (compare/compare_table), diffstacks'
 * stacks (compare/diff_stacks) into memory, drawn by flamesvg's reading of
 * them (flame/flame_input, flame_view), and the README
 * (comparison_readme_of_compared), so that every byte is the programs'.  The
 * files are made in a scratch directory inside out and renamed into place
 * together: all three land, or none does.
 */
#ifndef PERFVIEWS_COMPARISON_FILES_H
#define PERFVIEWS_COMPARISON_FILES_H

#include <stdbool.h>

#include "compare/compare.h"

/*
 * The files of B's raw file against A's (raws[0], raws[1]), named NAME-*
 * in out (made when missing); force: other events or weighting compared
 * anyway, as flatdiff --force (else refused, with a warning saying what
 * differs).  True when all three were written.
 */
bool comparison_files_write(const char *out, const char *name,
                            char *const raws[2], bool force);

/*
 * The same of the raw files' comparison by function already made as
 * compare_defaults_run makes it (compare.h), none read again: a comparison
 * of suites reads each benchmark's pair once for its rows and its files.
 */
bool comparison_files_of(const char *out, const char *name, char *const raws[2],
                         bool force, struct compare *functions);

/*
 * The prefix of the files comparing two raw files (a new string):
 * "IDA-vs-IDB", or for one ID twice (two builds, a directory each)
 * "ID-DIRA-vs-DIRB", DIR the last part of each directory, as make compare
 * names them.
 */
char *comparison_files_name(char *const raws[2]);

#endif

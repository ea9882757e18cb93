/*
 * compare_files.h - the three files of a comparison of two data sets
 * (compare_readme.h), written without make: NAME-diff.txt (flatdiff A B),
 * NAME-diffgraph.svg (diffstacks A B | flamesvg) and NAME-README.md, in
 * one directory.
 *
 * The programs are the ones beside perfviews (dirs_program), as make's BIN
 * holds them.  The files are made in a scratch directory inside out and
 * renamed into place together: all three land, or none does (a program
 * that fails said why on stderr).
 */
#ifndef PERFVIEWS_COMPARE_FILES_H
#define PERFVIEWS_COMPARE_FILES_H

#include <stdbool.h>

/*
 * The files of B's raw file against A's (raws[0], raws[1]), named NAME-*
 * in out (made when missing); force passes --force to flatdiff and
 * diffstacks (other events or weighting compared anyway).  True when all
 * three were written.
 */
bool compare_files_write(const char *out, const char *name, char *const raws[2],
                         bool force);

/*
 * The prefix of the files comparing two raw files (a new string):
 * "IDA-vs-IDB", or for one ID twice (two builds, a directory each)
 * "ID-DIRA-vs-DIRB", DIR the last part of each directory, as make compare
 * names them.
 */
char *compare_files_name(char *const raws[2]);

#endif

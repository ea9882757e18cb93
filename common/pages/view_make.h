/*
 * view_make.h - how each view of a data set is made, from the table of
 * its kinds of file (file_kinds.h): the arguments of the view's program
 * for this data set, every view written from one read of its raw file,
 * and one view written by its program.
 *
 * A view's program gets, in order: --event with the event the data set's
 * measure shows (VIEW_EVENT); the row's args; for a Python data set --kernel
 * --jit, and --python with tag xperf (VIEW_ANNOTATE); --colors and
 * --countname (VIEW_PALETTE); --title ID and --subtitle, the line
 * readme_subtitle writes (VIEW_TITLE); --label ID (VIEW_LABEL); then its
 * input.  view_pass.h writes a row with the same options from one read
 * (struct view_given holds them); a row it has no writer for is its
 * program's, found beside perfviews (the directory of /proc/self/exe),
 * where make's BIN holds them all.
 *
 * make views (datasets.mk) runs `perfviews views ID` once per data set:
 * its README, written last, stands for every view, made again when the
 * raw file, OUT/.ID.source or perfviews is newer; no make fragment, no
 * rule per view.  The note (view_source_write, asked first) changes with
 * the raw file, another raw file of the ID, or what meta.json holds, not
 * with its date: meta.json written anew with the same fields renders
 * nothing again.
 */
#ifndef PERFVIEWS_VIEW_MAKE_H
#define PERFVIEWS_VIEW_MAKE_H

#include <stdbool.h>
#include <stdio.h>

#include "dataset/metadata.h"

/* The files a view of a data set is made from. */
struct view_files {
	const char *id;
	const char *raw;  /* its raw file */
	const char *meta; /* its meta.json */
	const char *out;  /* where the views are (those a view reads) */
};

/*
 * `perfviews readme --options VIEW`: what data set m gives the program of
 * view (its args, --event, the annotations, the palette): one line of
 * single-quoted sh words, "" when none.  False for a view that has no
 * program.
 */
bool view_options_write(FILE *out, const struct metadata *m, const char *view);

/*
 * A data set's views know what they were made from: OUT/.ID.source names
 * its raw file (real path, size, time of change) and meta.json (real path,
 * and the hash of what it holds).  make
 * views renders every view again when that changes (views of the same ID
 * from another DATA in one OUT), and publish copies only views whose
 * source is the data set it publishes.  view_source_write rewrites the
 * file only when its text changes (removing then the views made on
 * request, the stability report, which were of the other source);
 * view_source_matches says whether the views in f->out are of f->raw and
 * f->meta, and, given the path of one of them, whether it was made since
 * (a view older than the note was made from an earlier source).
 */
char *view_source_path(const char *out, const char *id);
void view_source_write(const struct view_files *f);
bool view_source_matches(const struct view_files *f, const char *view);

/*
 * Are the views of f in f->out current, so that make views would make
 * none of them again?  make's rule exactly (datasets.mk), with its times
 * to the nanosecond, a time equal to the README's being no newer: the
 * README (which stands for every view, written last) is there, and the raw
 * file and perfviews were changed no later than it; the note
 * (view_source_path) holds what view_source_write would write now (this
 * raw file by real path, size and time; this meta.json by real path and
 * what it holds) and was changed no later than the README.  meta.json's
 * date is none of it: written anew with the same fields, the views stay
 * current.  f->raw NULL: the raw file found in data; f->meta NULL: the
 * meta.json beside it, or the one made into f->out; none: not current.
 * perfviews: the program make's rule names ($(BIN)/perfviews); NULL, the
 * one beside this program.  A meta.json that cannot be read is fatal.
 */
bool view_current(const char *data, const struct view_files *f,
                  const char *perfviews);

/*
 * Write view to stdout: its program run in place of this process, or the
 * README written (from the views it quotes in f->out).  An unknown view is
 * a usage error; a program that cannot run is fatal.
 */
void view_render(const char *view, const struct view_files *f);

/*
 * `perfviews views ID`: every view of the data set written into f->out,
 * each whole (beside, then renamed), what a view reads before it.  f->raw NULL:
 * the raw file found in data; f->meta NULL: the meta.json beside it, or
 * one made from the raw text into f->out.  The views' programs are found
 * beside perfviews.  A view that fails ends the process (its program said
 * why), leaving the views before it.
 */
void view_render_all(const char *data, const struct view_files *f);

/*
 * make views' line on stderr when the README in f->out says the raw file
 * f->raw is short of its counts (raw_file_shortfall), said on each make
 * views; nothing else.
 */
void view_incomplete_say(const struct view_files *f);

#endif

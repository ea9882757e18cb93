/*
 * file_kinds.h - the kinds of file a data set is made of (perfviews(5)),
 * and how each view among them is made: the one table of them.
 *
 * Every file of a data set is named "<ID><suffix>".  The table holds one
 * row per kind: its name, its suffix, where it comes from, what it is and
 * how to read it, which data sets have it, and for a view the program that
 * makes it, from which input, with which options (perf's table of output
 * fields is the model).  The data set's README, the index of a published
 * directory, `make publish` and `make views` (view_make.h) are all written
 * from this table, so a new kind of file, or a new view, is one new row.
 */
#ifndef PERFVIEWS_FILE_KINDS_H
#define PERFVIEWS_FILE_KINDS_H

#include <stdbool.h>
#include <stddef.h>

#include "dataset/metadata.h"

enum file_origin {
	FILE_RECORDED, /* by make record, in DATA (or examples/) */
	FILE_VIEW,     /* by make views, in OUT */
	FILE_README,   /* by make views, in OUT: the README itself */
	FILE_EXTRA,    /* on request (make stability), in OUT; may be absent */
	FILE_OPTIONAL, /* by make record for some workloads, in DATA; may be
	                  absent */
};

/* What a view is made from. */
enum view_input {
	VIEW_FROM_NOTHING, /* not a view */
	VIEW_FROM_RAW,     /* the raw file */
	VIEW_FROM_FOLDED,  /* a folded view: "folded", or the row's from */
	VIEW_FROM_STRACE,  /* the strace text beside the raw file */
	VIEW_FROM_VIEWS,   /* the views it quotes (the README) */
};

/* Options a view's program gets from the data set (view_make.h). */
enum view_option {
	VIEW_EVENT = 1, /* --event: the event its measure shows */
	VIEW_ANNOTATE =
	    2,            /* a Python's: --kernel --jit, and --python -X perf */
	VIEW_PALETTE = 4, /* --colors and --countname, from the measure */
	VIEW_TITLE = 8,   /* --title ID --subtitle (readme_subtitle) */
	VIEW_LABEL = 16,  /* --label ID */
};

struct file_kind {
	const char *kind;
	const char *suffix;     /* after the ID: "-flat.txt" */
	const char *alt_suffix; /* or this, when there is no suffix file */
	enum file_origin origin;
	const char *what; /* what it is (Markdown) */
	const char *how;  /* how to read it (Markdown) */
	const char *tag;  /* only data sets with this tag have it; or NULL */
	bool python;      /* only data sets with Python frames (tag xperf, or
	                     samples.python above 0) have it */
	bool cpython;     /* only data sets of a Python (meta.json's python.*)
	                     that count time have it: its eval loop's time */
	/* A view (FILE_VIEW, FILE_EXTRA): how it is made. */
	const char *program;   /* run on its input (NULL: perfviews) */
	enum view_input input; /* what it reads */
	const char *from;      /* VIEW_FROM_FOLDED: its kind (NULL: folded) */
	const char *args[4];   /* options it always gets */
	unsigned options;      /* enum view_option: from the data set */
};

extern const struct file_kind file_kinds[];
extern const size_t file_kind_count;

/*
 * The path "DIR/ID<suffix>" of a kind's file that exists (the suffix, else
 * the alternative), or NULL when neither does.  Free it.
 */
char *file_kind_find(const struct file_kind *k, const char *dir,
                     const char *id);

/*
 * The directory of a data set's file at path, for file_kind_find: "." for
 * a bare name, "/" for one at the root.  Free it.
 */
char *file_kind_dir(const char *path);

/* Does the data set m describes have such a file (tag, Python frames)? */
bool file_kind_applies(const struct file_kind *k, const struct metadata *m);

/* "ID<suffix>" (a new string: free it). */
char *file_kind_name(const struct file_kind *k, const char *id);

/* The kind named name, or NULL. */
const struct file_kind *file_kind_named(const char *name);

/*
 * The path "DIR/ID<suffix>" of the kind named kind (a new string: free
 * it); an unknown kind is a programming error, fatal.  Every writer and
 * reader of a data set's file names it so: this table owns the names.
 */
char *file_kind_path(const char *kind, const char *dir, const char *id);

/*
 * The suffix of the kind named kind ("-flat.txt"), for a file named in
 * words ("`ID-flat.txt`"); an unknown kind is fatal, as above.
 */
const char *file_kind_suffix(const char *kind);

/*
 * The ID the name of a data set's file at path holds: its base name less
 * the suffix (or alternative) of a kind, the longest that fits, with that
 * kind into *kind when not NULL; NULL when none fits (a new string).
 */
char *file_kind_id_of(const char *path, const struct file_kind **kind);

/*
 * path less its suffix, "d311/ID" of "d311/ID-raw.txt.xz", when its name
 * is that of a file of the kind named kind (the longest suffix that fits,
 * as file_kind_id_of); NULL when it is not.  Free it.
 */
char *file_kind_stem(const char *path, const char *kind);

/*
 * Two data sets compared (make compare) make files named after the
 * comparison, "NAME<suffix>": the one table of them, as for a data set's.
 */
struct comparison_kind {
	const char *kind;   /* "diff" */
	const char *suffix; /* "-diff.txt" */
};

extern const struct comparison_kind comparison_kinds[];
extern const size_t comparison_kind_count;

/* What separates the two IDs of a comparison's name: "A-vs-B". */
#define COMPARISON_SEPARATOR "-vs-"

/*
 * A comparison's name: "IDA-vs-IDB", or for one ID in two directories
 * "ID-DIRA-vs-DIRB" (dir_a and dir_b the directories' last names).  Free
 * it.
 */
char *comparison_name(const char *id_a, const char *id_b, const char *dir_a,
                      const char *dir_b);

/* The path "DIR/NAME<suffix>" of a comparison's file of kind (fatal when
 * there is no such kind).  Free it. */
char *comparison_path(const char *kind, const char *dir, const char *name);

/* The suffix of a comparison's file of kind ("-diff.txt"; fatal when there
 * is no such kind). */
const char *comparison_suffix(const char *kind);

/*
 * A short label for an input at path (bycategory's columns): the ID of a
 * data set's raw file; else its file name less a packer's suffix (.xz,
 * .gz, .zst, .bz2) and .txt or .folded; "stdin" for "-".  Free it.
 */
char *file_kind_label(const char *path);

/*
 * The ID the name of a data set's file at path holds, of the kind named
 * kind (NULL: of any kind); else the file's whole name, its directory
 * left out.  Free it.
 */
char *file_kind_id_or_name(const char *path, const char *kind);

/*
 * The last name of directory dir as its real path has it ("data" for
 * "../x/data/."; dir itself when it cannot be resolved): what tells one ID
 * in two directories apart in a comparison's name.  Free it.
 */
char *file_kind_dir_name(const char *dir);

#endif

/*
 * perf_data_views.h - every view of one perf.data file, from one read of
 * it: `perfviews views --perf-data`.
 *
 * The samples are read once, by perfdata straight into a sample_stream
 * (no perf script text in between), into one profile (views/profile) and,
 * in the same pass, one fold (views/fold, collapse's stacks).  Every view
 * is then written from those aggregates by the code its program runs
 * (views/ and flame/), so that each file is byte for byte what its
 * program writes given the same perf.data:
 *
 *   NAME-flamegraph.svg   collapse PERF.DATA | flamesvg --title NAME
 *   NAME-flat.txt         flatsort PERF.DATA
 *   NAME-calltree.txt     calltree PERF.DATA
 *   NAME-categories.txt   bycategory PERF.DATA
 *   NAME-categories.svg   bycategory --format=svg --label NAME PERF.DATA
 *   NAME-bydso.txt        bydso PERF.DATA
 *   NAME-folded.txt       collapse PERF.DATA
 *
 * and, when the recording has Python frames (py::, -X perf), the Python
 * views: NAME-python.txt, .csv and .json (pyprofile [--format=csv|json]),
 * NAME-python-folded.txt (pyprofile --folded) and
 * NAME-python-flamegraph.svg (that, | flamesvg --title NAME).  Each view
 * given an event gets --event EVENT.  The views and their file names are
 * the data sets' (file_kinds): those a data set has that are made from its
 * samples, without the tag files (callers) and the README.
 *
 * Memory is the profile's and the fold's: distinct frames and stacks, and
 * the reader's DSO tables; never the file's size.
 */
#ifndef PERFVIEWS_PERF_DATA_VIEWS_H
#define PERFVIEWS_PERF_DATA_VIEWS_H

struct perf_data_views {
	const char *path;  /* the perf.data file */
	const char *out;   /* the directory the views go into */
	const char *name;  /* the files' prefix and the graphs' title */
	const char *event; /* the event shown; NULL: the first seen */
};

/*
 * NAME for a perf.data file's views: its file name without ".data"
 * ("perf.data" -> "perf").  A new string.
 */
char *perf_data_views_name(const char *path);

/*
 * Every view written into v->out (made if need be), each whole (written
 * beside, then renamed); returns how many.  A file that is no perf.data,
 * or that the reader cannot read, ends the process with a message, as do
 * a recording without samples and a view that cannot be written.
 */
unsigned perf_data_views_write(const struct perf_data_views *v);

#endif

/*
 * file_kinds.c - see file_kinds.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"

/* In the order a reader wants them: the pictures first, the data last. */
const struct file_kind file_kinds[] = {
    {"flamegraph", "-flamegraph.svg", NULL, FILE_VIEW,
     "flame graph: every stack, root at the bottom, width = share of "
     "samples",
     "open the SVG in a browser; hover for details, click a frame to zoom, "
     "Reset Zoom to go back, Ctrl-F to search by regular expression (the "
     "matched share is shown)",
     NULL},
    {"flat", "-flat.txt", NULL, FILE_VIEW,
     "flat profile: each function's self samples (its own code) and total "
     "samples (with its callees)",
     "sorted by self%: the top rows are where the time is spent; a high "
     "total% with a low self% is a caller",
     NULL},
    {"calltree", "-calltree.txt", NULL, FILE_VIEW,
     "call tree from the process down, each node with its inclusive % and "
     "self count",
     "read down the largest branch; small nodes are folded into [other] so "
     "each level sums",
     NULL},
    {"categories", "-categories.txt", NULL, FILE_VIEW,
     "samples by category (interpreter, lookup, gc, memory, dict, str, "
     "..., C library, kernel), each with its top functions, from "
     "bycategory's CPython rules",
     "the coarse answer first: which part of CPython the time is in; "
     "`bycategory --explain` says which rule took each function",
     NULL},
    {"categories-svg", "-categories.svg", NULL, FILE_VIEW,
     "the categories as one stacked bar, a colour each (the same in every "
     "chart perfviews draws)",
     "open in a browser; hover a segment for its share", NULL},
    {"bydso", "-bydso.txt", NULL, FILE_VIEW,
     "samples by shared object (binary, library, kernel), then by function",
     "which library the time is in: interpreter, C library, kernel", NULL},
    {"callers", "-callers.txt", NULL, FILE_VIEW,
     "who makes the calls: each C function that made system calls, and "
     "beneath it its callers, three levels up (calltree --inverted)",
     "the top level is the system call's wrapper in libc or ld.so; the "
     "levels beneath say which code called it: ld.so's library search, "
     "getpath, the import system",
     "files"},
    {"files", "-files.txt", NULL, FILE_VIEW,
     "files view, from strace: per path, the calls made on it by kind, "
     "those that failed, the failed lookups (`ENOENT`) and the time",
     "sorted by calls; the summary on top gives the failed lookups and "
     "their share; type `x` is a path never found; the last table says in "
     "which directories searches failed",
     "files"},
    {"folded", "-folded.txt", NULL, FILE_VIEW,
     "folded stacks, `root;caller;...;leaf COUNT`",
     "input to flamegraph.pl, inferno or speedscope; grep it for a "
     "function",
     NULL},
    {"stability", "-stability.md", NULL, FILE_EXTRA,
     "how far apart the profiles of disjoint groups of runs are, and the "
     "top functions' self % in single runs (only where `make stability` "
     "was run)",
     "if the distances for k runs are close to the noise column, combining "
     "k runs gives a stable profile",
     NULL},
    {"raw", "-raw.txt.xz", "-raw.txt", FILE_RECORDED,
     "`perf script` text of every run, each after a `" RUN_MARKER "N/M` line",
     "`xz -dc` it; any perfviews filter, or FlameGraph's "
     "stackcollapse-perf.pl, reads it",
     NULL},
    {"pyperf", "-pyperf.json", NULL, FILE_OPTIONAL,
     "pyperf's result of the benchmark (`bm_` workloads): every value "
     "and warmup of every worker, and pyperf's metadata, from the run "
     "that was profiled",
     "`python -m pyperf show` or `stats` it; `python -m pyperf "
     "compare_to` compares two",
     NULL},
    {"strace", "-strace.txt.xz", NULL, FILE_RECORDED,
     "`strace -f -ttt -T -y` text of one more run of the workload: every "
     "file-system call, with the names of its files",
     "`xz -dc` it; `fileaccess` reads it", "files"},
    {"meta", "-meta.json", NULL, FILE_RECORDED,
     "the metadata: workload, perf, host, Python build, sample counts, "
     "timings",
     "plain JSON; unknown values are null", NULL},
    {"readme", "-README.md", NULL, FILE_README,
     "the data set described: how it was made, its top functions, its "
     "metadata",
     "start here", NULL},
};
const size_t file_kind_count = sizeof file_kinds / sizeof file_kinds[0];

bool
file_kind_applies(const struct file_kind *k, const char *id)
{
	struct dataset_id parsed;
	char why[256];

	if (k->tag == NULL)
		return true;
	if (!dataset_id_parse(id, &parsed, why, sizeof why))
		return false;
	bool has = dataset_id_has_tag(&parsed, k->tag);
	dataset_id_free(&parsed);
	return has;
}

char *
file_kind_name(const struct file_kind *k, const char *id)
{
	size_t n = strlen(id) + strlen(k->suffix) + 1;
	char *name = xmalloc(n);
	snprintf(name, n, "%s%s", id, k->suffix);
	return name;
}

char *
file_kind_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	return slash == path ? xstrdup("/")
	                     : xstrndup(path, (size_t)(slash - path));
}

char *
file_kind_find(const struct file_kind *k, const char *dir, const char *id)
{
	const char *suffixes[2] = {k->suffix, k->alt_suffix};

	for (int i = 0; i < 2 && suffixes[i] != NULL; i++) {
		size_t n = strlen(dir) + strlen(id) + strlen(suffixes[i]) + 2;
		char *path = xmalloc(n);
		snprintf(path, n, "%s/%s%s", dir, id, suffixes[i]);
		if (access(path, F_OK) == 0)
			return path;
		free(path);
	}
	return NULL;
}

/*
 * file_kinds.c - see file_kinds.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/span.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/measure.h"
#include "dataset/runs.h"
#include "input/run_marks.h"

/*
 * In the order a reader wants them: the pictures first, the data last.
 * A view's program is found beside perfviews; its options are args and
 * those the options bits ask of the data set (view_make.h).
 */
const struct file_kind file_kinds[] = {
    {.kind = "flamegraph",
     .suffix = "-flamegraph.svg",
     .origin = FILE_VIEW,
     .what = "flame graph: every stack, root at the bottom, width = share "
             "of samples",
     .how = "open the SVG in a browser; hover for details, click a frame to "
            "zoom, Reset Zoom to go back, Ctrl-F to search by regular "
            "expression (the matched share is shown)",
     .program = "flamesvg",
     .input = VIEW_FROM_FOLDED,
     .options = VIEW_PALETTE | VIEW_TITLE},
    {.kind = "python-flamegraph",
     .suffix = "-python-flamegraph.svg",
     .origin = FILE_VIEW,
     .what = "flame graph of the Python frames only (`-X perf`): the "
             "native frames under each Python function folded into one "
             "leaf per category (`[interpreter]`, `[float]`, `[dict]`, "
             "...)",
     .how = "the Python call tree at a glance: read up from the "
            "benchmark's entry to its hot functions; the leaves say which "
            "part of CPython each one's own time is in",
     .python = true,
     .program = "flamesvg",
     .input = VIEW_FROM_FOLDED,
     .from = "python-folded",
     .options = VIEW_PALETTE | VIEW_TITLE},
    {.kind = "flat",
     .suffix = "-flat.txt",
     .origin = FILE_VIEW,
     .what = "flat profile: each function's self samples (its own code) and "
             "total samples (with its callees)",
     .how = "sorted by self%: the top rows are where the time is spent; a "
            "high total% with a low self% is a caller",
     .program = "flatsort",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "calltree",
     .suffix = "-calltree.txt",
     .origin = FILE_VIEW,
     .what = "call tree from the process down, each node with its inclusive "
             "% and self count",
     .how = "read down the largest branch; small nodes are folded into "
            "[other] so each level sums",
     .program = "calltree",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "categories",
     .suffix = "-categories.txt",
     .origin = FILE_VIEW,
     .what = "samples by category (interpreter, lookup, gc, memory, dict, "
             "str, ..., C library, kernel), each with its top functions, "
             "from bycategory's CPython rules",
     .how = "the coarse answer first: which part of CPython the time is in; "
            "`bycategory --explain` says which rule took each function",
     .program = "bycategory",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "categories-svg",
     .suffix = "-categories.svg",
     .origin = FILE_VIEW,
     .what = "the categories as one stacked bar, a colour each (the same in "
             "every chart perfviews draws)",
     .how = "open in a browser; hover a segment for its share",
     .program = "bycategory",
     .input = VIEW_FROM_RAW,
     .args = {"--format=svg"},
     .options = VIEW_EVENT | VIEW_LABEL},
    {.kind = "python",
     .suffix = "-python.txt",
     .origin = FILE_VIEW,
     .what = "each Python function (`-X perf`): self and total samples, "
             "its own time by category, and the callers and callees of the "
             "top ones (`pyprofile`)",
     .how = "the benchmark's functions first, the harness (pyperf, "
            "pyperformance) last; the header says when the stacks stop at "
            "the innermost Python frame (then total is self)",
     .python = true,
     .program = "pyprofile",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "python-csv",
     .suffix = "-python.csv",
     .origin = FILE_VIEW,
     .what = "the Python functions as CSV, with the full path of each file "
             "and every function's callers and callees",
     .how = "one row per function; load it in a spreadsheet or pandas",
     .python = true,
     .program = "pyprofile",
     .input = VIEW_FROM_RAW,
     .args = {"--format=csv"},
     .options = VIEW_EVENT},
    {.kind = "python-json",
     .suffix = "-python.json",
     .origin = FILE_VIEW,
     .what = "the Python functions as JSON, as the CSV",
     .how = "`rows`, one object per function; `notes` says what the "
            "stacks can show",
     .python = true,
     .program = "pyprofile",
     .input = VIEW_FROM_RAW,
     .args = {"--format=json"},
     .options = VIEW_EVENT},
    {.kind = "bytecode",
     .suffix = "-bytecode.txt",
     .origin = FILE_VIEW,
     .what = "CPython's eval loop (`_PyEval_EvalFrameDefault`) by bytecode "
             "instruction, from the interpreter's debug information: each "
             "instruction's self samples (its own code) and total samples "
             "(with the C functions it called), its family, then the parts "
             "of the loop that are no instruction (`bytecode`)",
     .how = "the header says how many samples were placed and how, or in "
            "one line why none could be (no eval loop, no debug "
            "information, the interpreter not on this machine); a high "
            "total with a low self is an instruction whose time is in "
            "the C functions it calls",
     .cpython = true,
     .program = "bytecode",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "bytecode-csv",
     .suffix = "-bytecode.csv",
     .origin = FILE_VIEW,
     .what = "the instructions as CSV: `instruction,family,self,total,"
             "self_pct,total_pct,kind,self_all_pct,total_all_pct` "
             "(`bytecode --format csv`)",
     .how = "one row per instruction, named part or unplaced cause; "
            "nothing when no row could be placed",
     .cpython = true,
     .program = "bytecode",
     .input = VIEW_FROM_RAW,
     .args = {"--format=csv"},
     .options = VIEW_EVENT},
    {.kind = "bydso",
     .suffix = "-bydso.txt",
     .origin = FILE_VIEW,
     .what = "samples by shared object (binary, library, kernel), then by "
             "function",
     .how = "which library the time is in: interpreter, C library, kernel",
     .program = "bydso",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "callers",
     .suffix = "-callers.txt",
     .origin = FILE_VIEW,
     .what = "who makes the calls: each C function that made system calls, "
             "and beneath it its callers, three levels up (calltree "
             "--inverted)",
     .how = "the top level is the system call's wrapper in libc or ld.so; "
            "the levels beneath say which code called it: ld.so's library "
            "search, getpath, the import system",
     .tag = "files",
     .program = "calltree",
     .input = VIEW_FROM_RAW,
     .args = {"--inverted", "--max-depth=4", "--percent-limit=1"},
     .options = VIEW_EVENT},
    {.kind = "files",
     .suffix = "-files.txt",
     .origin = FILE_VIEW,
     .what = "files view, from strace: per path, the calls made on it by "
             "kind, those that failed, the failed lookups (`ENOENT`) and the "
             "time",
     .how = "sorted by calls; the summary on top gives the failed lookups "
            "and their share; type `x` is a path never found; the last table "
            "says in which directories searches failed",
     .tag = "files",
     .program = "fileaccess",
     .input = VIEW_FROM_STRACE},
    {.kind = "folded",
     .suffix = "-folded.txt",
     .origin = FILE_VIEW,
     .what = "folded stacks, `root;caller;...;leaf COUNT`",
     .how = "input to flamegraph.pl, inferno or speedscope; grep it for a "
            "function",
     .program = "collapse",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT | VIEW_ANNOTATE},
    {.kind = "python-folded",
     .suffix = "-python-folded.txt",
     .origin = FILE_VIEW,
     .what = "folded stacks of the Python frames only, a leaf per category "
             "of the native code under them (`pyprofile --folded`)",
     .how = "the Python flame graph's input; grep it for a function",
     .python = true,
     .program = "pyprofile",
     .input = VIEW_FROM_RAW,
     .args = {"--folded"},
     .options = VIEW_EVENT},
    {.kind = "stability",
     .suffix = "-stability.md",
     .origin = FILE_EXTRA,
     .what = "how far apart the profiles of disjoint groups of runs are, and "
             "the top functions' self % in single runs (only where `make "
             "stability` was run)",
     .how = "if the distances for k runs are close to the noise column, "
            "combining k runs gives a stable profile",
     .program = "perfviews stability",
     .input = VIEW_FROM_RAW,
     .options = VIEW_EVENT},
    {.kind = "raw",
     .suffix = "-raw.txt.xz",
     .alt_suffix = "-raw.txt",
     .origin = FILE_RECORDED,
     .what = "`perf script` text of every run, each between a `" RUN_MARK_START
             "N/M` line and a `" RUN_MARK_END "N/M: S samples` line",
     .how = "`xz -dc` it; any perfviews filter, or FlameGraph's "
            "stackcollapse-perf.pl, reads it"},
    {.kind = "pyperf",
     .suffix = "-pyperf.json",
     .origin = FILE_OPTIONAL,
     .what = "pyperf's result of the benchmark (`bm_` workloads): every "
             "value and warmup of every worker, and pyperf's metadata, from "
             "the run that was profiled",
     .how = "`python -m pyperf show` or `stats` it; `python -m pyperf "
            "compare_to` compares two"},
    {.kind = "strace",
     .suffix = "-strace.txt.xz",
     .origin = FILE_RECORDED,
     .what = "`strace -f -ttt -T -y` text of one more run of the workload: "
             "every file-system call, with the names of its files",
     .how = "`xz -dc` it; `fileaccess` reads it",
     .tag = "files"},
    {.kind = "meta",
     .suffix = "-meta.json",
     .origin = FILE_RECORDED,
     .what = "the metadata: workload, perf, host, Python build, sample "
             "counts, timings",
     .how = "plain JSON; unknown values are null"},
    {.kind = "readme",
     .suffix = "-README.md",
     .origin = FILE_README,
     .what = "the data set described: how it was made, its top functions, "
             "its metadata",
     .how = "start here",
     .input = VIEW_FROM_VIEWS},
};
const size_t file_kind_count = sizeof file_kinds / sizeof file_kinds[0];

/* Does the ID of the data set m describes carry tag? */
static bool
id_has_tag(const struct metadata *m, const char *tag)
{
	const char *id = metadata_get(m, "id");
	struct dataset_id parsed;
	char why[256];

	if (id == NULL || !dataset_id_parse(id, &parsed, why, sizeof why))
		return false;
	bool has = dataset_id_has_tag(&parsed, tag);
	dataset_id_free(&parsed);
	return has;
}

bool
file_kind_applies(const struct file_kind *k, const struct metadata *m)
{
	/* Page faults and file calls are no interpreter time to split. */
	if (k->cpython)
		return measure_of_python(m) &&
		       measure_of_meta(m)->kind == MEASURE_TIME;
	if (k->python) {
		const char *python = metadata_get(m, "samples.python");
		return id_has_tag(m, "xperf") ||
		       (python != NULL && strtoul(python, NULL, 10) > 0);
	}
	return k->tag == NULL || id_has_tag(m, k->tag);
}

char *
file_kind_name(const struct file_kind *k, const char *id)
{
	size_t n = strlen(id) + strlen(k->suffix) + 1;
	char *name = xmalloc(n);
	snprintf(name, n, "%s%s", id, k->suffix);
	return name;
}

const struct file_kind *
file_kind_named(const char *name)
{
	for (size_t i = 0; i < file_kind_count; i++)
		if (strcmp(file_kinds[i].kind, name) == 0)
			return &file_kinds[i];
	return NULL;
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

const struct comparison_kind comparison_kinds[] = {
    {"diff", "-diff.txt"},
    {"diffgraph", "-diffgraph.svg"},
    {"readme", "-README.md"},
};
const size_t comparison_kind_count =
    sizeof comparison_kinds / sizeof comparison_kinds[0];

const char *
file_kind_suffix(const char *kind)
{
	const struct file_kind *k = file_kind_named(kind);

	if (k == NULL)
		die(EXIT_DATA, "no kind of file %s (file_kinds.c)", kind);
	return k->suffix;
}

char *
file_kind_path(const char *kind, const char *dir, const char *id)
{
	return xasprintf("%s/%s%s", dir, id, file_kind_suffix(kind));
}

/* Does name end in suffix, with something before it? */
static bool
ends_in(const char *name, size_t n, const char *suffix)
{
	size_t k = suffix != NULL ? strlen(suffix) : 0;
	return k > 0 && n > k && memcmp(name + n - k, suffix, k) == 0;
}

char *
file_kind_id_of(const char *path, const struct file_kind **kind)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash != NULL ? slash + 1 : path;
	size_t n = strlen(base), best = 0;
	const struct file_kind *found = NULL;

	for (size_t i = 0; i < file_kind_count; i++) {
		const char *suffixes[2] = {file_kinds[i].suffix,
		                           file_kinds[i].alt_suffix};
		for (int j = 0; j < 2; j++)
			if (ends_in(base, n, suffixes[j]) &&
			    strlen(suffixes[j]) > best) {
				best = strlen(suffixes[j]);
				found = &file_kinds[i];
			}
	}
	if (kind != NULL)
		*kind = found;
	return found != NULL ? xstrndup(base, n - best) : NULL;
}

char *
file_kind_stem(const char *path, const char *kind)
{
	const struct file_kind *k;
	char *id = file_kind_id_of(path, &k);
	const char *slash = strrchr(path, '/');
	size_t dir = slash != NULL ? (size_t)(slash + 1 - path) : 0;
	char *stem = id != NULL && strcmp(k->kind, kind) == 0
	                 ? xstrndup(path, dir + strlen(id))
	                 : NULL;

	free(id);
	return stem;
}

char *
comparison_name(const char *id_a, const char *id_b, const char *dir_a,
                const char *dir_b)
{
	if (strcmp(id_a, id_b) != 0)
		return xasprintf("%s" COMPARISON_SEPARATOR "%s", id_a, id_b);
	return xasprintf("%s-%s" COMPARISON_SEPARATOR "%s", id_a, dir_a, dir_b);
}

const char *
comparison_suffix(const char *kind)
{
	for (size_t i = 0; i < comparison_kind_count; i++)
		if (strcmp(comparison_kinds[i].kind, kind) == 0)
			return comparison_kinds[i].suffix;
	die(EXIT_DATA, "no kind of comparison file %s (file_kinds.c)", kind);
}

char *
comparison_path(const char *kind, const char *dir, const char *name)
{
	return xasprintf("%s/%s%s", dir, name, comparison_suffix(kind));
}

/* Any other input: its file name less a packer's and a text suffix. */
static char *
file_name_label(const char *path)
{
	static const char *const packed[] = {".xz", ".gz", ".zst", ".bz2"};
	static const char *const kinds[] = {".txt", ".folded"};
	struct span s = span_basename(span_cstr(path));

	if (strcmp(path, "-") == 0)
		return xstrdup("stdin");
	for (size_t i = 0; i < 4; i++)
		if (span_ends_with(s, packed[i]) && s.n > strlen(packed[i]))
			s.n -= strlen(packed[i]);
	for (size_t i = 0; i < 2; i++)
		if (span_ends_with(s, kinds[i]) && s.n > strlen(kinds[i])) {
			s.n -= strlen(kinds[i]);
			break;
		}
	return xstrndup(s.p, s.n);
}

char *
file_kind_label(const char *path)
{
	const struct file_kind *k;
	char *id = file_kind_id_of(path, &k);

	if (id != NULL && strcmp(k->kind, "raw") == 0)
		return id;
	free(id);
	return file_name_label(path);
}

char *
file_kind_id_or_name(const char *path, const char *kind)
{
	const struct file_kind *k;
	char *id = file_kind_id_of(path, &k);
	const char *base = strrchr(path, '/');

	if (id != NULL && (kind == NULL || strcmp(k->kind, kind) == 0))
		return id;
	free(id);
	return xstrdup(base != NULL ? base + 1 : path);
}

char *
file_kind_dir_name(const char *dir)
{
	char *abs = realpath(dir, NULL);
	const char *p = abs != NULL ? abs : dir;
	const char *slash = strrchr(p, '/');
	char *last = xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 : p);

	free(abs);
	return last;
}

/*
 * readme_index.c - see readme_index.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/suite_file.h"
#include "pages/publish_manifest.h"
#include "pages/readme.h"
#include "pages/readme_index.h"
#include "pages/readme_text.h"
#include "pages/short_paths.h"

/* One row: the data set, and a link to each of its files in dir. */
static void
index_row(FILE *out, const char *dir, const struct metadata *m)
{
	const char *id = readme_id(m);
	const char *version = metadata_known(m, "python.version");

	fprintf(out, "| [%s](%s%s) | %.10s | ", id, id,
	        file_kind_suffix("readme"), metadata_known(m, "timestamp"));
	readme_cell(out, metadata_known(m, "workload.command"));
	fprintf(out, " | %.*s | ", (int)strcspn(version, " "), version);
	readme_cell(out, metadata_known(m, "python.build.git_revision"));
	fprintf(out, " | %s |", metadata_known(m, "samples.total"));
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		char *path = file_kind_find(k, dir, id);
		if (path != NULL && k->origin != FILE_README)
			fprintf(out, " [%s](%s)", k->kind,
			        strrchr(path, '/') + 1);
		free(path);
	}
	fputs(" |\n", out);
}

/*
 * The files of a suite, and of a comparison of two suites, the index links
 * beside its README, in its order: each by its kind (suite_file.h's
 * tables), under its label.
 */
struct suite_file_link {
	const char *kind, *label;
};

static const struct suite_file_link suite_links[] = {
    {"categories-svg", "categories"},
    {"categories", "categories table"},
    {"loops", "loops"},
    {"definition", "definition"},
};
static const struct suite_file_link suites_compared_links[] = {
    {"timing", "timing"},
    {"categories-svg", "categories"},
    {"categories", "categories table"},
    {"json", "JSON"},
};

/* " [label](NAME<suffix>)", when dir has that file. */
static void
link_if_there(FILE *out, const char *dir, const char *name, const char *suffix,
              const char *label)
{
	char *path = xasprintf("%s/%s%s", dir, name, suffix);

	if (access(path, F_OK) == 0)
		fprintf(out, " [%s](%s%s)", label, name, suffix);
	free(path);
}

/*
 * A comparison's first cells, name being "A-vs-B" split at vs (its
 * COMPARISON_SEPARATOR): "B against A" linking its README (name<readme>),
 * then A and B linking theirs (A<side_readme>, B<side_readme>), sep
 * between them.
 */
static void
index_pair(FILE *out, const char *name, const char *vs, const char *sep,
           const char *readme, const char *side_readme)
{
	int alen = (int)(vs - name);
	const char *b = vs + strlen(COMPARISON_SEPARATOR);

	fprintf(out, "| [%s against %.*s](%s%s) | [%.*s](%.*s%s)%s[%s](%s%s) |",
	        b, alen, name, name, readme, alen, name, alen, name,
	        side_readme, sep, b, b, side_readme);
}

/* The index's rows of comparisons: each links both data sets. */
static void
index_comparisons(FILE *out, const char *dir, const struct readme_index *ix)
{
	if (ix->ncomparisons == 0)
		return;
	fputs("## Comparisons\n\n"
	      "Data set B against data set A: the functions whose time per "
	      "loop (or share, where pyperf's loops are not known) changed "
	      "by more than run-to-run noise, and B's flame graph coloured "
	      "by what changed.  Each README says what is compared (two "
	      "Python builds, say) and what else differs between the two "
	      "recordings that makes the comparison unfair (host, event, "
	      "frequency...).\n\n"
	      "| comparison | A | B | files |\n|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->ncomparisons; i++) {
		const char *name = ix->comparisons[i];
		const char *vs = strstr(name, COMPARISON_SEPARATOR);
		if (vs == NULL)
			continue;
		index_pair(out, name, vs, " | ", comparison_suffix("readme"),
		           file_kind_suffix("readme"));
		/* Its other files, each linked by its kind. */
		for (size_t k = 0; k < comparison_kind_count; k++)
			if (strcmp(comparison_kinds[k].kind, "readme") != 0)
				link_if_there(out, dir, name,
				              comparison_kinds[k].suffix,
				              comparison_kinds[k].kind);
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* The index's rows of suites. */
static void
index_suites(FILE *out, const char *dir, const struct readme_index *ix)
{
	if (ix->nsuites == 0)
		return;
	fputs("## Suites\n\n"
	      "pyperformance benchmarks recorded at one setting: a row per "
	      "data set with its top functions and its shares by "
	      "category.  *loops*: the iterations of each benchmark's timed "
	      "loop, as pyperf calibrated them; give it to another build's "
	      "`make suite LOOPS=FILE` to run the same loops.  "
	      "*definition*: the suite's data sets (here, beside it), for "
	      "`perfviews compare-suites` against another suite.\n\n"
	      "| suite | files |\n|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->nsuites; i++) {
		const char *name = ix->suites[i];
		fprintf(out, "| [%s](%s%s) |", name, name,
		        suite_file_suffix("readme"));
		for (size_t k = 0; k < sizeof suite_links / sizeof *suite_links;
		     k++)
			link_if_there(out, dir, name,
			              suite_file_suffix(suite_links[k].kind),
			              suite_links[k].label);
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* Is name[0..n) one of the index's suites? */
static bool
index_suite(const struct readme_index *ix, const char *name, size_t n)
{
	for (size_t i = 0; i < ix->nsuites; i++)
		if (strlen(ix->suites[i]) == n &&
		    strncmp(ix->suites[i], name, n) == 0)
			return true;
	return false;
}

/*
 * The index's rows of comparisons of two suites: "S1-vs-S2" split where
 * both halves are suites of the index (a suite's name may hold the
 * separator).
 */
static void
index_suite_comparisons(FILE *out, const char *dir,
                        const struct readme_index *ix)
{
	if (ix->nsuite_comparisons == 0)
		return;
	fputs("## Suites compared\n\n"
	      "Two suites, benchmark by benchmark (`perfviews "
	      "compare-suites`): the timing ratios, and the categories and "
	      "functions that changed most; each benchmark's comparison is "
	      "under *Comparisons*.\n\n"
	      "| comparison | suites | files |\n|---|---|---|\n",
	      out);
	for (size_t i = 0; i < ix->nsuite_comparisons; i++) {
		const char *name = ix->suite_comparisons[i];
		const char *vs = strstr(name, COMPARISON_SEPARATOR);
		size_t skip = strlen(COMPARISON_SEPARATOR);
		while (vs != NULL &&
		       !(index_suite(ix, name, (size_t)(vs - name)) &&
		         index_suite(ix, vs + skip, strlen(vs + skip))))
			vs = strstr(vs + 1, COMPARISON_SEPARATOR);
		if (vs == NULL)
			continue; /* not two suites of the index */
		index_pair(out, name, vs, " ", suites_compared_suffix("readme"),
		           suite_file_suffix("readme"));
		for (size_t k = 0; k < sizeof suites_compared_links /
		                           sizeof *suites_compared_links;
		     k++)
			link_if_there(out, dir, name,
			              suites_compared_suffix(
			                  suites_compared_links[k].kind),
			              suites_compared_links[k].label);
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

/* Which data sets' paths were shortened, and the placeholders. */
static void
index_paths(FILE *out, const struct readme_index *ix)
{
	size_t shortened = 0;

	for (size_t i = 0; ix->shortened != NULL && i < ix->n; i++)
		shortened += ix->shortened[i];
	if (shortened == 0)
		return;
	fputs("## Paths\n\n"
	      "The recording machine's paths were shortened when these files "
	      "were published (`make publish PUBLISH_PATHS=short`)",
	      out);
	if (shortened < ix->n) {
		fputs(", in the files of", out);
		for (size_t i = 0, k = 0; i < ix->n; i++) {
			if (!ix->shortened[i])
				continue;
			char *id = file_kind_id_of(ix->metas[i], NULL);
			fprintf(out, "%s `%s`",
			        k++ == 0 ? "" : (k == shortened ? " and" : ","),
			        id != NULL ? id : ix->metas[i]);
			free(id);
		}
	}
	fprintf(out,
	        ": in meta.json, the raw files (the names of frames, such as "
	        "`py::` names, and of shared objects) and every view, the "
	        "beginning of a path is replaced by a placeholder:\n\n%s\n"
	        "Everything else, every sample and count, is as recorded.\n\n",
	        short_paths_legend);
}

/*
 * The build a data set is of, as the index groups them (a new string):
 * the Python's version, its revision when known, and the ID's build tags
 * ("Python 3.12.1, tag py312"); "no Python known" for a workload of
 * none, or of one its meta.json does not name.
 */
static char *
index_build(const struct metadata *m)
{
	const char *version = metadata_get(m, "python.version");
	const char *revision = metadata_get(m, "python.build.git_revision");
	const char *tags = metadata_get(m, "tags");
	char *text = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);
	if (version == NULL)
		fputs("no Python known", f);
	else
		fprintf(f, "Python %.*s", (int)strcspn(version, " "), version);
	if (revision != NULL && *revision != '\0')
		fprintf(f, ", revision %.12s", revision);
	for (const char *t = tags; t != NULL && *t != '\0';) {
		size_t len = strcspn(t, " ");
		if (dataset_tag_is_build(t, len))
			fprintf(f, ", tag %.*s", (int)len, t);
		t += len + strspn(t + len, " ");
	}
	xclose_memstream(f);
	return text;
}

struct index_entry {
	char *build;
	size_t i; /* in the index's order of IDs */
};

static int
index_entry_compare(const void *a, const void *b)
{
	const struct index_entry *x = a, *y = b;
	int c = strcmp(x->build, y->build);
	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * The table of data sets: one, or with data sets of several builds a table
 * per build, under a heading that names it, so that two builds published
 * into one directory read apart.
 */
static void
index_data_sets(FILE *out, const char *dir, const struct readme_index *ix)
{
	static const char head[] =
	    "| ID | date | workload | Python | revision | samples | files "
	    "|\n|---|---|---|---|---|---|---|\n";
	struct index_entry *e = xcalloc(ix->n + 1, sizeof *e);
	size_t builds = 0;

	for (size_t i = 0; i < ix->n; i++) {
		struct metadata m;
		metadata_read_or_die(&m, ix->metas[i]);
		e[i] = (struct index_entry){index_build(&m), i};
		metadata_free(&m);
	}
	qsort(e, ix->n, sizeof *e, index_entry_compare);
	for (size_t i = 0; i < ix->n; i++)
		builds += i == 0 || strcmp(e[i].build, e[i - 1].build) != 0;
	if (builds <= 1)
		fputs(head, out);
	for (size_t i = 0; i < ix->n; i++) {
		struct metadata m;
		if (builds > 1 &&
		    (i == 0 || strcmp(e[i].build, e[i - 1].build) != 0))
			fprintf(out, "%s### %s\n\n%s", i == 0 ? "" : "\n",
			        e[i].build, head);
		metadata_read_or_die(&m, ix->metas[e[i].i]);
		index_row(out, dir, &m);
		metadata_free(&m);
	}
	for (size_t i = 0; i < ix->n; i++)
		free(e[i].build);
	free(e);
}

void
readme_index(FILE *out, const char *dir, const struct readme_index *ix)
{
	fputs("# Profile data sets\n\n"
	      "Profiles of programs recorded with Linux `perf` and rendered "
	      "by perfviews.  Each row is one data set, named by its ID, "
	      "`WORKLOAD-perf-freqHZ[xRUNS][-TAG...]`: the workload, the "
	      "profiler, the sampling frequency in Hz, the number of runs "
	      "combined (1 when absent) and tags (`nosite`: Python ran with "
	      "`-S`; `xperf`: with `-X perf`; `faults`: every page fault "
	      "counted instead of time, the frequency unused; `files`: every "
	      "file-system call, with strace's file names; `py312`, `py` and "
	      "a digit: the build that recorded it; `_NAME`: a label of the "
	      "recorder's own).  The ID links the data set's README: how it "
	      "was made, its top functions and all its metadata.  Data sets "
	      "of several builds are listed by build.\n\n",
	      out);
	index_data_sets(out, dir, ix);
	fputc('\n', out);
	index_comparisons(out, dir, ix);
	index_suites(out, dir, ix);
	index_suite_comparisons(out, dir, ix);
	fprintf(
	    out,
	    "## Opening the files\n\n"
	    "The flame graphs (`ID%s`, a comparison's "
	    "`%s`) and the bars by category are interactive in "
	    "a browser: hover a frame for its counts, click to zoom, Ctrl-F "
	    "to search.  A page that shows an SVG as an image, as GitHub "
	    "does, runs none of its script: the graph reads, with its "
	    "labels and legend, but does not zoom or search.  To use it, "
	    "download the file (on GitHub: the file's Raw button, then "
	    "save) and open it in a browser, or serve this directory as a "
	    "web site (GitHub Pages) and open the SVG's own address.\n\n",
	    file_kind_suffix("flamegraph"), comparison_suffix("diffgraph"));
	readme_viewers(out, NULL, NULL);
	index_paths(out, ix);
	fputs("## The files of a data set\n\n"
	      "| kind | file | what it is | how to read it |\n"
	      "|---|---|---|---|\n",
	      out);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		fprintf(out, "| %s | `ID%s`", k->kind, k->suffix);
		if (k->alt_suffix != NULL)
			fprintf(out, " or `ID%s`", k->alt_suffix);
		if (k->tag != NULL)
			fprintf(out, " (tag %s)", k->tag);
		if (k->python)
			fputs(" (with Python frames: tag xperf)", out);
		if (k->cpython)
			fputs(" (of a Python, counting time)", out);
		fprintf(out, " | %s | %s |\n", k->what, k->how);
	}
	fprintf(out,
	        "\nThis index and `%s`, the list of the files perfviews "
	        "wrote here, were written by `make publish` (perfviews): it "
	        "replaces those files, while they are as it wrote them, and "
	        "no other.\n",
	        PUBLISH_MANIFEST);
}

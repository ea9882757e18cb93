/*
 * suite_readme.c - see suite_readme.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/numbers.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "dataset/suite_file.h"
#include "dataset/trust.h"
#include "pages/readme.h"
#include "suite/suite.h"
#include "suite/suite_readme.h"
#include "suite/suite_time.h"
#include "views/profile.h"

enum category { INTERPRETER, RUNTIME, LIBC, KERNEL, OTHER, NCATEGORIES };

static const char *const category_names[NCATEGORIES] = {
    "interpreter", "runtime", "C library", "kernel", "other"};

/* The category of a function (the owner of a sample's self weight). */
static enum category
categorize(struct span name, struct span dso)
{
	static const char *const eval[] = {"_PyEval_EvalFrame", "PyEval_Eval",
	                                   "_PyEval_Vector"};
	static const char *const libc[] = {"libc.",    "libc-",      "libm.",
	                                   "libm-",    "libpthread", "libdl",
	                                   "ld-linux", "ld-2.",      "ld64."};
	bool python = span_starts_with(dso, "libpython") ||
	              span_starts_with(dso, "python") ||
	              memmem(dso.p, dso.n, ".cpython-", 9) != NULL ||
	              (span_starts_with(dso, "perf-") && dso.n > 4 &&
	               memcmp(dso.p + dso.n - 4, ".map", 4) == 0);

	if (python) {
		for (size_t i = 0; i < sizeof eval / sizeof eval[0]; i++)
			if (span_starts_with(name, eval[i]))
				return INTERPRETER;
		return RUNTIME;
	}
	for (size_t i = 0; i < sizeof libc / sizeof libc[0]; i++)
		if (span_starts_with(dso, libc[i]))
			return LIBC;
	if (span_starts_with(dso, "[kernel") ||
	    span_starts_with(dso, "[guest.kernel"))
		return KERNEL;
	return OTHER;
}

/* One data set's row: its top functions and shares. */
struct row {
	uint64_t total;
	uint64_t share[NCATEGORIES];
	uint32_t top[3]; /* function ids, by self */
	uint64_t top_self[3];
	struct profile profile;
};

static void
analyse(struct row *row, const char *raw)
{
	struct profile_options opt;

	memset(row, 0, sizeof *row);
	memset(&opt, 0, sizeof opt); /* self to the inlined leaf, as flat */
	profile_init(&row->profile, &opt);
	row->profile.stream.folded = NULL; /* perf script text */
	profile_read(&row->profile, raw);
	if (!profile_finish(&row->profile))
		return;
	const struct profile *p = &row->profile;
	uint32_t nfn = profile_function_count(p);
	uint64_t *self = xcalloc(nfn + 1, sizeof *self);
	for (uint32_t i = 0; i < profile_stack_count(p); i++) {
		struct profile_stack st = profile_stack_get(p, i);
		if (st.n == 0)
			continue;
		self[st.functions[0]] += st.weight;
		uint32_t owner = 0; /* the function it was inlined into */
		while (owner + 1 < st.n &&
		       profile_function(p, st.functions[owner])->inlined)
			owner++;
		const struct function *f =
		    profile_function(p, st.functions[owner]);
		row->share[categorize(profile_text(p, f->name),
		                      profile_text(p, f->dso))] += st.weight;
		row->total += st.weight;
	}
	for (uint32_t fn = 0; fn < nfn; fn++) {
		for (int k = 0; k < 3; k++) {
			if (self[fn] <= row->top_self[k])
				continue;
			for (int m = 2; m > k; m--) {
				row->top[m] = row->top[m - 1];
				row->top_self[m] = row->top_self[m - 1];
			}
			row->top[k] = fn;
			row->top_self[k] = self[fn];
			break;
		}
	}
	free(self);
}

/* The log's line for a data set that failed: its message, or NULL. */
static char *
failure(const char *log, const char *id)
{
	FILE *f = log != NULL ? fopen(log, "re") : NULL;
	char *line = NULL, *why = NULL;
	size_t cap = 0, n = strlen(id);

	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "done\t", 5) != 0 ||
		    strncmp(line + 5, id, n) != 0 || line[5 + n] != '\t')
			continue;
		char *status = strchr(line + 5 + n + 1, '\t');
		free(why);
		why = NULL;
		if (status != NULL && strncmp(status + 1, "failed\t", 7) == 0)
			why = xstrndup(status + 8, strcspn(status + 8, "\n"));
	}
	free(line);
	if (f != NULL)
		fclose(f);
	return why;
}

/* A field for prose: its value, or "?". */
static const char *
field(const struct metadata *m, const char *path)
{
	const char *v = metadata_get(m, path);
	return v != NULL ? v : "?";
}

/*
 * The Python's version for prose: pyperf's ("3.12.1 (64-bit)"), else
 * sys.version's first word, else "?".  (pyperf's is null in a data set
 * recorded before it was kept, and of a variant.)
 */
static const char *
python_version(const struct metadata *m)
{
	static char version[64];
	const char *v = metadata_get(m, "benchmark.python_version");

	if (v != NULL)
		return v;
	v = metadata_get(m, "python.version");
	if (v == NULL)
		return "?";
	snprintf(version, sizeof version, "%.*s", (int)strcspn(v, " "), v);
	return version;
}

/* The table's columns before the categories': the header, the rule and
 * the mean row are each as wide as this. */
static const struct {
	const char *name, *rule;
} leading_columns[] = {
    {"benchmark", "---|"},
    {"data set", "---|"},
    {"Python build", "---|"},
    {"samples", "--:|"},
    {"runs", "--:|"},
    {"time", "--:|"},
    {"top self functions", "---|"},
};
enum { NLEADING = sizeof leading_columns / sizeof leading_columns[0] };

static void
header(FILE *out, const char *name, const char *meta, size_t n, size_t recorded)
{
	struct metadata m;

	fprintf(out, "# Suite %s\n\n", name);
	if (meta != NULL)
		metadata_read_or_die(&m, meta); /* the first data set's */
	else
		metadata_init(&m);
	fprintf(out,
	        "%zu data sets (%zu recorded) of pyperformance %s benchmarks, "
	        "each profiled "
	        "with perf (%s at %s Hz, %s call graphs) around its timed "
	        "loops only, %s value workers (runs) each; Python %s (%s) on "
	        "%s (%s, %s CPUs).  Each row links the data set's README; "
	        "time is pyperf's mean ± standard deviation per loop of the "
	        "profiled run, marked **busy machine** where other processes "
	        "kept the CPUs busy while it recorded (its wall time is "
	        "stretched: record it again on a quiet machine).\n\n",
	        n, recorded, field(&m, "benchmark.pyperformance_version"),
	        field(&m, "tool.event"), field(&m, "tool.frequency"),
	        field(&m, "tool.call_graph"), field(&m, "tool.runs"),
	        python_version(&m), field(&m, "python.executable"),
	        field(&m, "host.hostname"), field(&m, "host.cpu_model"),
	        field(&m, "host.cpu_count"));
	metadata_free(&m);
	fputs("|", out);
	for (size_t c = 0; c < NLEADING; c++)
		fprintf(out, " %s |", leading_columns[c].name);
	for (int c = 0; c < NCATEGORIES; c++)
		fprintf(out, " %s |", category_names[c]);
	fputs("\n|", out);
	for (size_t c = 0; c < NLEADING; c++)
		fputs(leading_columns[c].rule, out);
	for (int c = 0; c < NCATEGORIES; c++)
		fputs("--:|", out);
	fputc('\n', out);
}

static void
put_cell(FILE *out, struct span s)
{
	for (size_t i = 0; i < s.n; i++)
		fputs(s.p[i] == '|' ? "\\|" : (char[2]){s.p[i], '\0'}, out);
}

/* A recorded data set's row; adds its shares to sum. */
static void
recorded_row(FILE *out, const char *id, const char *meta, const char *raw,
             double sum[NCATEGORIES])
{
	struct metadata m;
	struct row row;
	char a[32], b[32];
	const char *v;

	metadata_read_or_die(&m, meta);
	analyse(&row, raw);
	const struct profile *p = &row.profile;
	v = metadata_get(&m, "benchmark.result");
	fprintf(out, "| %s | [%s](%s%s) | ", v ? v : id + 3, id, id,
	        file_kind_suffix("readme"));
	char *build = metadata_build_label(&m);
	put_cell(out, span_cstr(build != NULL ? build : "unknown"));
	free(build);
	fprintf(out, " | %llu | %s | ", (unsigned long long)row.total,
	        field(&m, "tool.runs"));
	const char *mean = metadata_get(&m, "benchmark.mean_seconds");
	const char *stdev = metadata_get(&m, "benchmark.stdev_seconds");
	if (mean != NULL && stdev != NULL) {
		readme_seconds(a, sizeof a, strtod(mean, NULL));
		readme_seconds(b, sizeof b, strtod(stdev, NULL));
		fprintf(out, "%s ± %s", a, b);
	}
	/* Its time stretched by other work: marked (trust_busy). */
	char busy[512];
	if (trust_busy(&m, busy, sizeof busy))
		fprintf(out, " (**busy machine**: %s CPUs used by others)",
		        field(&m, "machine.other_cpus"));
	fputs(" | ", out);
	for (int k = 0; k < 3 && row.top_self[k] > 0; k++) {
		const struct function *f = profile_function(p, row.top[k]);
		fputs(k ? ", `" : "`", out);
		put_cell(out, profile_text(p, f->name));
		fprintf(out, "` %.1f%%",
		        percent_of(row.top_self[k], row.total));
	}
	fputs(" |", out);
	for (int c = 0; c < NCATEGORIES; c++) {
		double s = percent_of(row.share[c], row.total);
		fprintf(out, " %.1f%% |", s);
		sum[c] += s;
	}
	fputc('\n', out);
	profile_free(&row.profile);
	metadata_free(&m);
}

/* A family's share of a data set's eval loop (self, percent). */
struct family_share {
	char name[64];
	double pct;
};

static int
by_share(const void *a, const void *b)
{
	const struct family_share *x = a, *y = b;
	return (x->pct < y->pct) - (x->pct > y->pct);
}

/*
 * OUT/ID-bytecode.csv's (file kind bytecode-csv) instructions summed by family
 * (self_pct, of the samples with an eval loop frame), largest first, at most
 * max; how many. None without the file (no eval loop, or no debug information).
 */
static size_t
families_of(const char *views, const char *id, struct family_share *f,
            size_t max)
{
	char *path = file_kind_path("bytecode-csv", views, id);
	FILE *in = fopen(path, "re");
	char line[512];
	size_t n = 0;

	free(path);
	if (in == NULL)
		return 0;
	/* Columns by the header's names (bytecode_view writes them), fields
	 * by strsep: an empty one keeps its place. */
	int family = -1, pct = -1, kind = -1;
	while (fgets(line, sizeof line, in) != NULL) {
		char *field[16], *rest = line;
		int k = 0;
		line[strcspn(line, "\n")] = '\0';
		while (k < 16 && (field[k] = strsep(&rest, ",")) != NULL)
			k++;
		if (kind < 0) {
			for (int c = 0; c < k; c++) {
				family =
				    strcmp(field[c], "family") ? family : c;
				pct = strcmp(field[c], "self_pct") ? pct : c;
				kind = strcmp(field[c], "kind") ? kind : c;
			}
			if (family < 0 || pct < 0 || kind < 0)
				break; /* not the csv it reads */
			continue;
		}
		if (k <= kind || k <= family || k <= pct ||
		    strcmp(field[kind], "instruction") != 0)
			continue;
		size_t i = 0;
		while (i < n && strcmp(f[i].name, field[family]) != 0)
			i++;
		if (i == n) {
			if (n == max)
				continue;
			snprintf(f[n].name, sizeof f[n].name, "%s",
			         field[family]);
			f[n++].pct = 0;
		}
		f[i].pct += strtod(field[pct], NULL);
	}
	fclose(in);
	qsort(f, n, sizeof *f, by_share);
	return n;
}

/*
 * The eval loop by instruction family, a row per benchmark whose views
 * have it: the families that lead by self time.
 */
static void
families_section(FILE *out, const char *views, char *const ids[], size_t n)
{
	static struct family_share f[256];
	bool heading = false;

	for (size_t i = 0; i < n; i++) {
		size_t got = families_of(views, ids[i], f, 256);
		if (got == 0)
			continue;
		if (!heading)
			fprintf(
			    out,
			    "\n## The eval loop by instruction family\n\n"
			    "The families of bytecode instructions that lead "
			    "each benchmark's eval loop by self time (their "
			    "own code), in percent of the samples with an eval "
			    "loop frame (each data set's `ID%s` "
			    "has every instruction, and how its samples were "
			    "placed).\n\n| benchmark | families that lead |\n"
			    "|---|---|\n",
			    file_kind_suffix("bytecode"));
		heading = true;
		fprintf(out, "| [%s](%s%s) |", ids[i], ids[i],
		        file_kind_suffix("bytecode"));
		for (size_t k = 0; k < got && k < 5; k++)
			fprintf(out, "%s `%s` %.1f%%", k ? "," : "", f[k].name,
			        f[k].pct);
		fputs(" |\n", out);
	}
}

/* The largest categories given a column each; the rest are summed. */
enum { CATEGORY_COLUMNS = 8 };

/*
 * bycategory --each's text: "# category ID ..." names the columns, each
 * row "  NAME P% P% ..." (largest first).  Words into a new array.
 */
static char **
words_of(const char *line, size_t *n)
{
	char **w = NULL;
	size_t cap = 0;

	*n = 0;
	for (const char *p = line;;) {
		p += strspn(p, " \t\n");
		size_t len = strcspn(p, " \t\n");
		if (len == 0)
			return w;
		w = array_reserve(w, &cap, *n + 1, sizeof *w);
		w[(*n)++] = xstrndup(p, len);
		p += len;
	}
}

static void
words_free(char **w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(w[i]);
	free(w);
}

/* A data set's short name in a table: its benchmark (bm_NAME-...). */
static void
put_benchmark(FILE *out, const char *id)
{
	const char *name = strncmp(id, "bm_", 3) == 0 ? id + 3 : id;

	fprintf(out, "%.*s", (int)strcspn(name, "-"), name);
}

/*
 * The benchmarks by category, from bycategory --each's text: a Markdown
 * table, a row per data set and a column per large category, the others
 * summed in "rest" (the text itself, a column per data set, grows too
 * wide to read at suite size).
 */
static void
categories(FILE *out, const char *suite, const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, **ids = NULL, **names = NULL;
	size_t cap = 0, nids = 0, nnames = 0, names_cap = 0, vcap = 0;
	double *v = NULL; /* row (category) by column (data set) */

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	while (getline(&line, &cap, f) != -1) {
		size_t n;
		char **w = words_of(line, &n);
		if (strncmp(line, "# category", 10) == 0 && ids == NULL) {
			ids = w;
			nids = n; /* "#", "category", then the IDs */
			continue;
		}
		if (line[0] == ' ' && ids != NULL && n == nids - 1) {
			names = array_reserve(names, &names_cap, nnames + 1,
			                      sizeof *names);
			names[nnames] = xstrdup(w[0]);
			v = array_reserve(v, &vcap, (nnames + 1) * nids,
			                  sizeof *v);
			for (size_t k = 1; k < n; k++)
				v[nnames * nids + k - 1] = strtod(w[k], NULL);
			nnames++;
		}
		words_free(w, n);
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	fclose(f);
	free(line);
	if (ids == NULL || nids < 3)
		die(EXIT_DATA,
		    "%s: not bycategory --each's text (no \"# "
		    "category\" line naming the data sets)",
		    path);
	size_t shown = nnames < CATEGORY_COLUMNS ? nnames : CATEGORY_COLUMNS;
	fprintf(out,
	        "\n## By category\n\nThe same samples by CPython's categories "
	        "(bycategory's rules: each sample counts for the category of "
	        "its leaf function), percent of each data set's samples: a "
	        "row per data set, a column for each of the %zu largest "
	        "categories over the suite, the %zu others summed in *rest*. "
	        " Every category, a column per data set: "
	        "`%s%s`; the chart: `%s%s`.\n\n| benchmark |",
	        shown, nnames - shown, suite, suite_file_suffix("categories"),
	        suite, suite_file_suffix("categories-svg"));
	for (size_t c = 0; c < shown; c++)
		fprintf(out, " %s |", names[c]);
	fputs(nnames > shown ? " rest |\n|---|" : "\n|---|", out);
	for (size_t c = 0; c < shown + (nnames > shown); c++)
		fputs("--:|", out);
	fputc('\n', out);
	for (size_t d = 0; d + 2 < nids; d++) {
		double rest = 0;
		fputs("| ", out);
		put_benchmark(out, ids[d + 2]);
		fputs(" |", out);
		for (size_t c = 0; c < nnames; c++) {
			double x = v[c * nids + d];
			if (c < shown)
				fprintf(out, " %.1f%% |", x);
			else
				rest += x;
		}
		if (nnames > shown)
			fprintf(out, " %.1f%% |", rest);
		fputc('\n', out);
	}
	words_free(ids, nids);
	words_free(names, nnames);
	free(v);
}

void
suite_readme(FILE *out, const struct suite_options *opt, const char *name,
             char *const ids[], size_t n)
{
	double sum[NCATEGORIES] = {0};
	size_t recorded = 0;
	char **metas = xcalloc(n + 1, sizeof *metas);
	char **raws = xcalloc(n + 1, sizeof *raws);

	for (size_t i = 0; i < n; i++) {
		metas[i] = file_kind_path("meta", opt->data, ids[i]);
		raws[i] =
		    file_kind_find(file_kind_named("raw"), opt->data, ids[i]);
		if (access(metas[i], F_OK) != 0 || raws[i] == NULL) {
			free(metas[i]);
			metas[i] = NULL;
		}
	}
	const char *first = NULL;
	for (size_t i = 0; i < n; i++) {
		first = first != NULL ? first : metas[i];
		recorded += metas[i] != NULL;
	}
	header(out, name, first, n, recorded);
	for (size_t i = 0; i < n; i++) {
		if (metas[i] == NULL)
			continue;
		recorded_row(out, ids[i], metas[i], raws[i], sum);
	}
	if (recorded > 1) {
		fprintf(out, "| **mean of the %zu rows** |", recorded);
		for (size_t c = 1; c < NLEADING; c++)
			fputs(" |", out);
		for (int c = 0; c < NCATEGORIES; c++)
			fprintf(out, " %.1f%% |", sum[c] / (double)recorded);
		fputc('\n', out);
	}
	fputs("\nThe shares are of each data set's samples, by the function "
	      "that owns the sample (an inlined function counts as the one "
	      "it was inlined into) and its shared object: **interpreter** is "
	      "the eval loop (`_PyEval_EvalFrame*`, `PyEval_Eval*`, "
	      "`_PyEval_Vector`); **runtime** the rest of libpython, the "
	      "python executable and extension modules; **C library** libc, "
	      "libm, libpthread and the dynamic loader; **kernel** "
	      "`[kernel.kallsyms]`; **other** everything else.  The top "
	      "functions are by self samples, as in the flat view.\n",
	      out);
	struct suite_time t;
	suite_time_read(&t, opt->data, opt->log, ids, n);
	suite_time_readme(out, &t);
	suite_time_free(&t);
	if (opt->categories != NULL)
		categories(out, name, opt->categories);
	if (opt->views != NULL)
		families_section(out, opt->views, ids, n);
	bool heading = false;
	for (size_t i = 0; i < n; i++) {
		if (metas[i] != NULL)
			continue;
		char *why = failure(opt->log, ids[i]);
		fprintf(out, "%s- %s: %s\n",
		        heading ? "" : "\n## Not recorded\n\n", ids[i],
		        why ? why : "not recorded yet (make suite records it)");
		heading = true;
		free(why);
	}
	for (size_t i = 0; i < n; i++) {
		free(metas[i]);
		free(raws[i]);
	}
	free(metas);
	free(raws);
}

/*
 * perfviews - the data-set tool behind `make record`, `make views`,
 * `make publish` and `make stability`.
 *
 * Not a filter: it names, describes and compares profile data sets (SPEC
 * §5).  Each subcommand is small glue over common/: dataset_id.h (the ID
 * grammar), metadata.h (meta.json), stability.h (run-to-run distances).
 *
 *   perfviews id ID              the ID's parts as shell assignments
 *   perfviews meta ... ID        meta.json from values gathered at record
 *   perfviews get META FIELD     one field of a meta.json
 *   perfviews readme ... META    a data set's README.md
 *   perfviews index META ...     the README.md of a published directory
 *   perfviews stability RUN ...  does combining runs stabilise the profile?
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/metadata.h"
#include "input/perf_script.h"
#include "dataset/stability.h"

/* A run's samples in a raw file begin after this comment line. */
#define RUN_MARKER "# perfviews run "

static void
usage(void)
{
	fprintf(stderr,
	        "usage: perfviews id ID\n"
	        "       perfviews meta [--raw FILE] [--set FIELD=VALUE] ... "
	        "ID [FILE ...]\n"
	        "       perfviews meta --fields\n"
	        "       perfviews get META FIELD\n"
	        "       perfviews readme [--flat FILE] [--raw NAME] META\n"
	        "       perfviews index META ...\n"
	        "       perfviews split RAW DIR\n"
	        "       perfviews stability [--splits N] [--seed N] [--top N] "
	        "[--sizes LIST]\n"
	        "                 RUN ...\n");
}

static void
help(void)
{
	printf("usage: perfviews COMMAND [options] [args]\n"
	       "Name, describe and compare perfviews profile data sets.\n"
	       "\n"
	       "  id ID          check ID and print its parts as shell "
	       "assignments\n"
	       "  meta ID [FILE ...]  write meta.json from FIELD=VALUE lines "
	       "in FILEs\n"
	       "      --raw FILE       count the samples (per run) of raw "
	       "perf script text\n"
	       "      --set FIELD=VALUE  set one field\n"
	       "      --fields         list the fields and exit\n"
	       "  get META FIELD  print one field of a meta.json (nothing "
	       "when null)\n"
	       "  readme META     write the data set's README.md\n"
	       "      --flat FILE      quote the top of this flat view\n"
	       "      --raw NAME       the raw file's name (default "
	       "ID-raw.txt.xz)\n"
	       "  index META ...  write the README.md of a published "
	       "directory\n"
	       "  split RAW DIR   write each run of a raw file to "
	       "DIR/run-NNN.txt\n"
	       "  stability RUN ...  distances between profiles of "
	       "disjoint groups of runs\n"
	       "      --splits N       random pairs of groups per size "
	       "(default 200)\n"
	       "      --seed N         of the random splits (default 1)\n"
	       "      --top N          functions in the second table "
	       "(default 10)\n"
	       "      --sizes LIST     group sizes (default 1,2,5,RUNS/2)\n"
	       "  -h, --help      show this help\n"
	       "      --version   show the version\n"
	       "\n"
	       "See perfviews(1).\n");
	finish_output();
}

/* After getopt_long returned '?': say why, show the usage, exit 2. */
static noreturn void
bad_option(char *const argv[])
{
	warnmsg("%s: unknown option, or its value is missing",
	        argv[optind - 1]);
	usage();
	exit(EXIT_USAGE);
}

/* Parse an ID or end with a message that says what is wrong with it. */
static void
parse_id_or_die(const char *text, struct dataset_id *id)
{
	char why[256];

	if (!dataset_id_parse(text, id, why, sizeof why))
		die(EXIT_DATA, "bad ID '%s': %s", text, why);
}

static int
cmd_id(int argc, char *argv[])
{
	struct dataset_id id;

	if (argc != 2)
		usage_error("id: one ID expected");
	parse_id_or_die(argv[1], &id);
	/* Every part is [A-Za-z0-9_.]: safe to print unquoted for sh. */
	printf("ID=%s\nWORKLOAD=%s\nTOOL=%s\nHZ=%u\nRUNS=%u\nTAGS='", id.text,
	       id.workload, id.tool, id.hz, id.runs);
	for (size_t i = 0; i < id.ntags; i++)
		printf("%s%s", i ? " " : "", id.tags[i]);
	printf("'\n");
	dataset_id_free(&id);
	finish_output();
	return EXIT_OK;
}

/* Samples per run of a raw file, runs told apart by RUN_MARKER lines. */
struct run_count {
	unsigned long *samples; /* by run */
	size_t nruns;
	char *event; /* of the first sample */
};

static void
new_run(struct run_count *c)
{
	c->samples =
	    xreallocarray(c->samples, c->nruns + 1, sizeof *c->samples);
	c->samples[c->nruns++] = 0;
}

/*
 * Call line(ctx, line, marker) for each line of text between samples (the
 * reader hands over whole lines), newline included; marker says whether it
 * is a RUN_MARKER line.
 */
static void
each_gap_line(struct span text, void (*line)(void *, struct span, bool),
              void *ctx)
{
	const char *p = text.p, *end = text.p + text.n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl != NULL ? nl + 1 : end;
		struct span l = span_make(p, (size_t)(next - p));
		line(ctx, l, span_starts_with(l, RUN_MARKER));
		p = next;
	}
}

static void
count_marker(void *ctx, struct span line, bool marker)
{
	(void)line;
	if (marker)
		new_run(ctx);
}

static void
count_markers(void *ctx, struct span text)
{
	each_gap_line(text, count_marker, ctx);
}

static void
count_runs(const char *path, struct run_count *c)
{
	struct perf_reader r;
	struct perf_sample s;
	int fd = input_open(path);

	perf_reader_init(&r, fd, input_name(path));
	r.skip_frames = true;
	r.gap = count_markers;
	r.gap_ctx = c;
	while (perf_reader_next(&r, &s)) {
		if (c->nruns == 0)
			new_run(c); /* no markers: one run */
		if (c->event == NULL)
			c->event = xstrndup(s.event.p, s.event.n);
		c->samples[c->nruns - 1]++;
	}
	perf_reader_summary(&r);
	perf_reader_free(&r);
	input_close(fd);
}

static void
set_or_die(struct metadata *m, const char *field, const char *value)
{
	char why[512];

	if (!metadata_set(m, field, value, why, sizeof why))
		die(EXIT_USAGE, "%s", why);
}

/* "FIELD=VALUE"; where names the source for messages. */
static void
set_assignment(struct metadata *m, char *assignment, const char *where)
{
	char *eq = strchr(assignment, '=');
	char why[512];

	if (eq == NULL)
		die(EXIT_DATA, "%s: not FIELD=VALUE: '%s'", where, assignment);
	*eq = '\0';
	if (!metadata_set(m, assignment, eq + 1, why, sizeof why))
		die(EXIT_DATA, "%s: %s", where, why);
}

/* FIELD=VALUE lines; blank lines and '#' comments are skipped. */
static void
read_assignments(struct metadata *m, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *line = NULL, where[1024];
	size_t cap = 0;
	unsigned long lineno = 0;
	ssize_t n;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	while ((n = getline(&line, &cap, f)) != -1) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		snprintf(where, sizeof where, "%s:%lu", input_name(path),
		         lineno);
		set_assignment(m, line, where);
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	free(line);
	if (f != stdin)
		fclose(f);
}

static int
cmd_meta(int argc, char *argv[])
{
	enum { OPT_FIELDS = 256 };
	static const struct option longopts[] = {
	    {"raw", required_argument, NULL, 'r'},
	    {"set", required_argument, NULL, 's'},
	    {"fields", no_argument, NULL, OPT_FIELDS},
	    {NULL, 0, NULL, 0},
	};
	const char *raw = NULL;
	char **sets = NULL;
	size_t nsets = 0;
	struct metadata m;
	struct dataset_id id;
	char number[32];
	int ch;

	while ((ch = getopt_long(argc, argv, "+r:s:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'r':
			raw = optarg;
			break;
		case 's':
			sets = xreallocarray(sets, nsets + 1, sizeof *sets);
			sets[nsets++] = optarg;
			break;
		case OPT_FIELDS:
			for (size_t i = 0; i < meta_field_count; i++)
				printf("%-28s %s\n", meta_fields[i].path,
				       meta_fields[i].about);
			finish_output();
			free(sets);
			return EXIT_OK;
		default:
			bad_option(argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1) {
		free(sets);
		usage_error("meta: an ID expected");
	}
	parse_id_or_die(argv[0], &id);

	metadata_init(&m);
	set_or_die(&m, "id", id.text);
	set_or_die(&m, "workload.name", id.workload);
	set_or_die(&m, "tool.name", id.tool);
	snprintf(number, sizeof number, "%u", id.hz);
	set_or_die(&m, "tool.frequency", number);
	snprintf(number, sizeof number, "%u", id.runs);
	set_or_die(&m, "tool.runs", number);
	size_t tags_len = 1;
	for (size_t i = 0; i < id.ntags; i++)
		tags_len += strlen(id.tags[i]) + 1;
	char *tags = xcalloc(tags_len, 1);
	for (size_t i = 0; i < id.ntags; i++) {
		if (i > 0)
			strcat(tags, " ");
		strcat(tags, id.tags[i]);
	}
	/* An empty list is [], not null: the ID says there are no tags. */
	set_or_die(&m, "tags", id.ntags > 0 ? tags : " ");
	free(tags);

	for (int i = 1; i < argc; i++)
		read_assignments(&m, argv[i]);
	for (size_t i = 0; i < nsets; i++)
		set_assignment(&m, sets[i], "--set");
	free(sets);

	if (raw != NULL) {
		struct run_count c = {NULL, 0, NULL};
		count_runs(raw, &c);
		unsigned long total = 0;
		size_t len = 1;
		for (size_t i = 0; i < c.nruns; i++) {
			total += c.samples[i];
			len += 21;
		}
		char *list = xcalloc(len, 1), *p = list;
		for (size_t i = 0; i < c.nruns; i++)
			p += sprintf(p, "%s%lu", i ? " " : "", c.samples[i]);
		snprintf(number, sizeof number, "%lu", total);
		set_or_die(&m, "samples.total", number);
		set_or_die(&m, "samples.per_run", c.nruns > 0 ? list : " ");
		if (metadata_get(&m, "tool.event") == NULL && c.event != NULL)
			set_or_die(&m, "tool.event", c.event);
		if (c.nruns != id.runs)
			warnmsg("%s: %zu runs, but the ID says %u",
			        input_name(raw), c.nruns, id.runs);
		free(list);
		free(c.samples);
		free(c.event);
	}
	metadata_write(&m, stdout);
	metadata_free(&m);
	dataset_id_free(&id);
	finish_output();
	return EXIT_OK;
}

static void
read_meta_or_die(struct metadata *m, const char *path)
{
	char why[1024];

	metadata_init(m);
	if (!metadata_read_json(m, path, why, sizeof why)) {
		metadata_free(m);
		die(EXIT_DATA, "%s", why);
	}
}

static int
cmd_get(int argc, char *argv[])
{
	struct metadata m;

	if (argc != 3)
		usage_error("get: META and FIELD expected");
	if (metadata_field(argv[2]) < 0)
		usage_error("get: unknown field '%s' (see perfviews meta "
		            "--fields)",
		            argv[2]);
	read_meta_or_die(&m, argv[1]);
	const char *v = metadata_get(&m, argv[2]);
	if (v != NULL)
		printf("%s\n", v);
	metadata_free(&m);
	finish_output();
	return EXIT_OK;
}

/* A field for prose: its value, or "unknown". */
static const char *
known(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);
	return v != NULL ? v : "unknown";
}

/* Text inside a Markdown table cell: '|' and newlines would break it. */
static void
put_cell(const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|')
			fputs("\\|", stdout);
		else if (*s == '\n' || *s == '\r')
			putchar(' ');
		else
			putchar(*s);
	}
}

/* The '#' header and the first rows of a flat view, quoted. */
static void
quote_flat(const char *path, int rows)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	fputs("```\n", stdout);
	while (rows > 0 && getline(&line, &cap, f) != -1) {
		fputs(line, stdout);
		if (line[0] != '#')
			rows--;
	}
	fputs("```\n", stdout);
	free(line);
	fclose(f);
}

static int
cmd_readme(int argc, char *argv[])
{
	static const struct option longopts[] = {
	    {"flat", required_argument, NULL, 'f'},
	    {"raw", required_argument, NULL, 'r'},
	    {NULL, 0, NULL, 0},
	};
	const char *flat = NULL, *raw = NULL;
	struct metadata m;
	int ch;

	while ((ch = getopt_long(argc, argv, "+f:r:", longopts, NULL)) != -1) {
		if (ch == 'f')
			flat = optarg;
		else if (ch == 'r')
			raw = optarg;
		else
			bad_option(argv);
	}
	if (argc - optind != 1)
		usage_error("readme: one META file expected");
	read_meta_or_die(&m, argv[optind]);
	const char *id = metadata_get(&m, "id");
	if (id == NULL)
		die(EXIT_DATA, "%s: no id", argv[optind]);
	const char *runs = known(&m, "tool.runs");

	printf("# Profile data set %s\n\n", id);
	printf("`%s` profiled with %s %s: event %s at %s Hz, %s call graphs, "
	       "%s run%s combined, %s samples in all.\n",
	       known(&m, "workload.command"), known(&m, "tool.name"),
	       known(&m, "tool.version"), known(&m, "tool.event"),
	       known(&m, "tool.frequency"), known(&m, "tool.call_graph"), runs,
	       strcmp(runs, "1") == 0 ? "" : "s", known(&m, "samples.total"));
	printf("Recorded %s on %s (%s, %s CPUs, Linux %s).\n",
	       known(&m, "timestamp"), known(&m, "host.hostname"),
	       known(&m, "host.cpu_model"), known(&m, "host.cpu_count"),
	       known(&m, "host.kernel"));
	printf("Python: %s, at %s; source %s, branch %s, revision %s.\n\n",
	       known(&m, "python.version"), known(&m, "python.executable"),
	       known(&m, "python.build.git_remote"),
	       known(&m, "python.build.git_branch"),
	       known(&m, "python.build.git_revision"));

	printf("## Files\n\n| file | what it is | how to read it |\n"
	       "|---|---|---|\n");
	printf("| [%s-flamegraph.svg](%s-flamegraph.svg) | flame graph: "
	       "every stack, root at the bottom, width = share of samples | "
	       "open the SVG in a browser; hover for details, click a frame "
	       "to zoom, Reset Zoom to go back, Ctrl-F to search by regular "
	       "expression (the matched share is shown) |\n",
	       id, id);
	printf("| [%s-flat.txt](%s-flat.txt) | flat profile: each function's "
	       "self samples (its own code) and total samples (with its "
	       "callees) | sorted by self%%: the top rows are where the time "
	       "is spent; a high total%% with a low self%% is a caller |\n",
	       id, id);
	printf("| [%s-calltree.txt](%s-calltree.txt) | call tree from the "
	       "process down, each node with its inclusive %% and self "
	       "count | read down the largest branch; small nodes are folded "
	       "into [other] so each level sums |\n",
	       id, id);
	printf("| [%s-bydso.txt](%s-bydso.txt) | samples by shared object "
	       "(binary, library, kernel), then by function | which library "
	       "the time is in: interpreter, C library, kernel |\n",
	       id, id);
	printf("| [%s-folded.txt](%s-folded.txt) | folded stacks, "
	       "`root;caller;...;leaf COUNT` | input to flamegraph.pl, "
	       "inferno or speedscope; grep it for a function |\n",
	       id, id);
	const char *raw_name = raw;
	char raw_default[1024];
	if (raw_name == NULL) {
		snprintf(raw_default, sizeof raw_default, "%s-raw.txt.xz", id);
		raw_name = raw_default;
	}
	printf("| [%s](%s) | `perf script` text of every run, each after a "
	       "`%s` line | `xz -dc` it; any perfviews filter re-reads it |\n",
	       raw_name, raw_name, RUN_MARKER "N/M");
	printf("| [%s-meta.json](%s-meta.json) | the metadata below, as JSON "
	       "| unknown values are null |\n\n",
	       id, id);

	if (flat != NULL) {
		printf("## Top functions\n\nBy self samples, from "
		       "`%s-flat.txt`:\n\n",
		       id);
		quote_flat(flat, 10);
		putchar('\n');
	}

	printf("## How it was made\n\n```\n%s\n```\n\n",
	       known(&m, "tool.record_command"));
	printf("once per run, `perf script` of each run appended to the raw "
	       "file; then `make views ID=%s` ran collapse, flatsort, "
	       "calltree, bydso and flamesvg on it.\n\n",
	       id);

	printf("## Metadata\n\n| field | value |\n|---|---|\n");
	for (size_t i = 0; i < meta_field_count; i++) {
		const char *v = m.values[i];
		printf("| %s | ", meta_fields[i].path);
		if (v != NULL) {
			putchar('`');
			put_cell(v);
			putchar('`');
		} else {
			fputs("unknown", stdout);
		}
		fputs(" |\n", stdout);
	}
	metadata_free(&m);
	finish_output();
	return EXIT_OK;
}

static int
cmd_index(int argc, char *argv[])
{
	static const char *const views[] = {"flamegraph.svg", "flat.txt",
	                                    "calltree.txt",   "bydso.txt",
	                                    "folded.txt",     "meta.json"};

	if (argc < 2)
		usage_error("index: META files expected");
	printf("# Profile data sets\n\n"
	       "Each data set is named by its ID (see perfviews(1)); open its "
	       "README for what the files are and how to read them.\n\n"
	       "| ID | date | workload | Python | revision | samples | views "
	       "|\n|---|---|---|---|---|---|---|\n");
	for (int i = 1; i < argc; i++) {
		struct metadata m;
		read_meta_or_die(&m, argv[i]);
		const char *id = metadata_get(&m, "id");
		if (id == NULL)
			die(EXIT_DATA, "%s: no id", argv[i]);
		const char *version = known(&m, "python.version");
		printf("| [%s](%s-README.md) | %.10s | ", id, id,
		       known(&m, "timestamp"));
		put_cell(known(&m, "workload.command"));
		/* sys.version: the number, then build details. */
		printf(" | %.*s | ", (int)strcspn(version, " "), version);
		put_cell(known(&m, "python.build.git_revision"));
		printf(" | %s |", known(&m, "samples.total"));
		for (size_t v = 0; v < sizeof views / sizeof views[0]; v++) {
			printf(" [%.*s](%s-%s)", (int)strcspn(views[v], "."),
			       views[v], id, views[v]);
		}
		printf(" |\n");
		metadata_free(&m);
	}
	finish_output();
	return EXIT_OK;
}

/* "1,2,5": group sizes. */
static size_t
parse_sizes(const char *s, size_t *sizes, size_t max)
{
	char *copy = xstrdup(s), *save = NULL;
	size_t n = 0;

	for (char *w = strtok_r(copy, ",", &save); w != NULL;
	     w = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		if (!parse_u64(w, &v) || v == 0 || n == max) {
			free(copy);
			usage_error("--sizes: not a list of group sizes: '%s'",
			            s);
		}
		sizes[n++] = (size_t)v;
	}
	free(copy);
	return n;
}

static void
print_percent_row(const struct stability *st, uint32_t fn, double combined)
{
	double sum = 0, sumsq = 0, lo = 1, hi = 0;
	size_t n = st->nruns;

	for (size_t r = 0; r < n; r++) {
		double x = stability_share(st, r, fn);
		sum += x;
		sumsq += x * x;
		lo = x < lo ? x : lo;
		hi = x > hi ? x : hi;
	}
	double mean = sum / (double)n;
	double var = n > 1 ? (sumsq - sum * mean) / (double)(n - 1) : 0;
	double sd = 0;
	/* A few Newton steps: the programs link without libm. */
	if (var > 0) {
		sd = var > 1 ? var : 1;
		for (int i = 0; i < 100; i++)
			sd = (sd + var / sd) / 2;
	}
	struct span name = stability_name(st, fn);
	struct span dso = stability_dso(st, fn);
	fputs("| `", stdout);
	for (size_t i = 0; i < name.n; i++)
		putchar(name.p[i] == '|' || name.p[i] == '`' ? '?' : name.p[i]);
	printf("` | %.*s | %.2f | %.2f ± %.2f | %.2f | %.2f |\n", (int)dso.n,
	       dso.p, 100 * combined, 100 * mean, 100 * sd, 100 * lo, 100 * hi);
}

/* Writing the runs of a raw file apart: DIR/run-001.txt, ... */
struct run_split {
	const char *dir;
	FILE *out; /* the run being written; NULL before the first */
	char path[4096];
	size_t nruns;
};

static void
close_run(struct run_split *sp)
{
	if (sp->out != NULL && fclose(sp->out) != 0)
		die_errno(EXIT_DATA, "%s", sp->path);
	sp->out = NULL;
}

static void
next_run(struct run_split *sp)
{
	close_run(sp);
	sp->nruns++;
	snprintf(sp->path, sizeof sp->path, "%s/run-%03zu.txt", sp->dir,
	         sp->nruns);
	sp->out = fopen(sp->path, "w");
	if (sp->out == NULL)
		die_errno(EXIT_DATA, "%s", sp->path);
}

static void
write_run(struct run_split *sp, struct span text)
{
	if (sp->out == NULL)
		next_run(sp); /* no marker before the first sample: one run */
	if (fwrite(text.p, 1, text.n, sp->out) != text.n)
		die_errno(EXIT_DATA, "%s", sp->path);
}

static void
split_line(void *ctx, struct span line, bool marker)
{
	if (marker)
		next_run(ctx);
	write_run(ctx, line);
}

static void
split_gap(void *ctx, struct span text)
{
	each_gap_line(text, split_line, ctx);
}

static int
cmd_split(int argc, char *argv[])
{
	struct run_split sp = {0};
	struct perf_reader r;
	struct perf_sample s;

	if (argc != 3)
		usage_error("split: RAW and DIR expected");
	sp.dir = argv[2];
	int fd = input_open(argv[1]);
	perf_reader_init(&r, fd, input_name(argv[1]));
	r.skip_frames = true;
	r.gap = split_gap;
	r.gap_ctx = &sp;
	while (perf_reader_next(&r, &s))
		write_run(&sp, s.text);
	perf_reader_summary(&r);
	perf_reader_free(&r);
	input_close(fd);
	close_run(&sp);
	printf("%zu\n", sp.nruns);
	finish_output();
	return sp.nruns > 0 ? EXIT_OK : EXIT_DATA;
}

static int
cmd_stability(int argc, char *argv[])
{
	static const struct option longopts[] = {
	    {"splits", required_argument, NULL, 'n'},
	    {"seed", required_argument, NULL, 's'},
	    {"top", required_argument, NULL, 't'},
	    {"sizes", required_argument, NULL, 'k'},
	    {NULL, 0, NULL, 0},
	};
	uint64_t splits = 200, seed = 1, top = 10;
	size_t sizes[32], nsizes = 0;
	struct profile_options popt;
	struct stability st;
	int ch;

	while ((ch = getopt_long(argc, argv, "+n:s:t:k:", longopts, NULL)) !=
	       -1) {
		switch (ch) {
		case 'n':
			if (!parse_u64(optarg, &splits) || splits == 0)
				usage_error("--splits: not a positive number: "
				            "'%s'",
				            optarg);
			break;
		case 's':
			if (!parse_u64(optarg, &seed))
				usage_error("--seed: not a number: '%s'",
				            optarg);
			break;
		case 't':
			if (!parse_u64(optarg, &top))
				usage_error("--top: not a number: '%s'",
				            optarg);
			break;
		case 'k':
			nsizes = parse_sizes(optarg, sizes, 32);
			break;
		default:
			bad_option(argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 2)
		usage_error("stability: two or more RUN files expected");

	memset(&popt, 0, sizeof popt);
	stability_init(&st);
	for (int i = 0; i < argc; i++)
		if (!stability_add_run(&st, argv[i], &popt)) {
			stability_free(&st);
			die(EXIT_DATA, "%s: a run without samples",
			    input_name(argv[i]));
		}
	if (nsizes == 0) {
		static const size_t defaults[] = {1, 2, 5};
		for (size_t i = 0; i < 3; i++)
			if (2 * defaults[i] <= st.nruns)
				sizes[nsizes++] = defaults[i];
		if (st.nruns / 2 > 5)
			sizes[nsizes++] = st.nruns / 2;
	}

	uint64_t samples = 0;
	for (size_t r = 0; r < st.nruns; r++)
		samples += st.runs[r].total;
	printf("%zu runs, %llu samples, %u functions.\n\n", st.nruns,
	       (unsigned long long)samples, st.nfunctions);
	printf("Distance between the flat self profiles of two disjoint "
	       "groups of k runs each (total variation distance: the share "
	       "of samples that would have to move, 0%% = identical), over "
	       "%llu random splits (seed %llu). \"noise\" is the distance "
	       "expected from sampling alone with that many samples.\n\n",
	       (unsigned long long)splits, (unsigned long long)seed);
	printf("| k | samples per group | splits | distance mean ± sd | min | "
	       "max | noise |\n|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < nsizes; i++) {
		struct split_summary s;
		if (2 * sizes[i] > st.nruns) {
			warnmsg("k=%zu: needs %zu runs, have %zu", sizes[i],
			        2 * sizes[i], st.nruns);
			continue;
		}
		stability_splits(&st, sizes[i], splits, seed, &s);
		printf("| %zu | %.0f | %zu | %.2f%% ± %.2f%% | %.2f%% | %.2f%% "
		       "| %.2f%% |\n",
		       s.k, s.samples, s.splits, 100 * s.mean, 100 * s.sd,
		       100 * s.min, 100 * s.max, 100 * s.noise);
	}

	uint32_t *rank = stability_ranking(&st);
	printf("\nThe top %llu functions by self samples in all runs "
	       "combined, and their self %% in single runs.\n\n"
	       "| function | dso | all runs %% | single run mean ± sd | min | "
	       "max |\n|---|---|---:|---:|---:|---:|\n",
	       (unsigned long long)top);
	for (uint64_t i = 0; i < top && i < st.nfunctions; i++) {
		uint64_t w = 0;
		for (size_t r = 0; r < st.nruns; r++)
			w += st.runs[r].self != NULL && rank[i] < st.runs[r].n
			         ? st.runs[r].self[rank[i]]
			         : 0;
		print_percent_row(&st, rank[i],
		                  samples > 0 ? (double)w / (double)samples
		                              : 0);
	}
	free(rank);
	stability_free(&st);
	finish_output();
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	cli_start("perfviews");
	opterr = 0;
	if (argc < 2) {
		usage();
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		help();
		return EXIT_OK;
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("perfviews (perfviews) %s\n", PERFVIEWS_VERSION);
		finish_output();
		return EXIT_OK;
	}
	/* Subcommands see their own name as argv[0]. */
	argc--;
	argv++;
	if (strcmp(cmd, "id") == 0)
		return cmd_id(argc, argv);
	if (strcmp(cmd, "meta") == 0)
		return cmd_meta(argc, argv);
	if (strcmp(cmd, "get") == 0)
		return cmd_get(argc, argv);
	if (strcmp(cmd, "readme") == 0)
		return cmd_readme(argc, argv);
	if (strcmp(cmd, "index") == 0)
		return cmd_index(argc, argv);
	if (strcmp(cmd, "stability") == 0)
		return cmd_stability(argc, argv);
	if (strcmp(cmd, "split") == 0)
		return cmd_split(argc, argv);
	usage_error("unknown command '%s'", cmd);
}

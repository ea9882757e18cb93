/*
 * stability_report.c - the report of `make stability`: see stability_report.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/runs.h"
#include "dataset/stability.h"
#include "pages/stability_report.h"

/* The group sizes asked for, or 1, 2, 5 and RUNS/2, those that fit. */
static size_t
group_sizes(const struct stability *s, const struct stability_options *opt,
            size_t *sizes)
{
	static const size_t defaults[] = {1, 2, 5};
	size_t n = 0;

	if (opt->nsizes > 0) {
		for (size_t i = 0; i < opt->nsizes; i++)
			sizes[i] = opt->sizes[i];
		return opt->nsizes;
	}
	for (size_t i = 0; i < 3; i++)
		if (2 * defaults[i] <= s->nruns)
			sizes[n++] = defaults[i];
	if (s->nruns / 2 > 5)
		sizes[n++] = s->nruns / 2;
	return n;
}

static void
distance_table(FILE *out, const struct stability *s,
               const struct stability_options *opt)
{
	size_t sizes[32];
	size_t nsizes = group_sizes(s, opt, sizes);

	fprintf(out,
	        "Distance between the flat self profiles of two disjoint "
	        "groups of k runs each (total variation distance: the share "
	        "of samples that would have to move, 0%% = identical).  For "
	        "each k, up to %llu distinct pairs of groups drawn at random "
	        "(seed %llu), none twice; where there are no more pairs than "
	        "that, every one of them (\"all\" in the splits column).  "
	        "Pairs share runs, so their distances are not independent: "
	        "the sd is their spread, not an error bar.  \"noise\" is the "
	        "distance expected from sampling alone with that many "
	        "samples.\n\n",
	        (unsigned long long)opt->splits, (unsigned long long)opt->seed);
	fprintf(out, "| k | samples per group | splits | distance mean ± sd | "
	             "min | max | noise |\n"
	             "|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < nsizes; i++) {
		struct split_summary m;
		if (sizes[i] > s->nruns / 2) {
			warnmsg("k=%zu: needs %zu runs, have %zu", sizes[i],
			        2 * sizes[i], s->nruns);
			continue;
		}
		stability_splits(s, sizes[i], opt->splits, opt->seed, &m);
		fprintf(out,
		        "| %zu | %.0f | %zu%s | %.2f%% ± %.2f%% | %.2f%% | "
		        "%.2f%% | %.2f%% |\n",
		        m.k, m.samples, m.splits, m.all ? " (all)" : "",
		        100 * m.mean, 100 * m.sd, 100 * m.min, 100 * m.max,
		        100 * m.noise);
	}
}

/* A name in a Markdown code span: '|' and '`' would end it. */
static void
put_code(FILE *out, struct span name)
{
	fputc('`', out);
	for (size_t i = 0; i < name.n; i++)
		fputc(name.p[i] == '|' || name.p[i] == '`' ? '?' : name.p[i],
		      out);
	fputc('`', out);
}

static void
function_table(FILE *out, const struct stability *s, uint64_t top)
{
	uint32_t *rank = stability_ranking(s);

	fprintf(out,
	        "\nThe top %llu functions by self samples in all runs "
	        "combined, and their self %% in single runs.\n\n"
	        "| function | dso | all runs %% | single run mean ± sd | min "
	        "| max |\n|---|---|---:|---:|---:|---:|\n",
	        (unsigned long long)top);
	for (uint64_t i = 0; i < top && i < s->nfunctions; i++) {
		struct function_summary f;
		struct span dso = stability_dso(s, rank[i]);
		stability_function(s, rank[i], &f);
		if (f.combined == 0)
			break; /* the rest are callers only */
		fputs("| ", out);
		put_code(out, stability_name(s, rank[i]));
		fprintf(out, " | %.*s | %.2f | %.2f ± %.2f | %.2f | %.2f |\n",
		        (int)dso.n, dso.p, 100 * f.combined, 100 * f.mean,
		        100 * f.sd, 100 * f.min, 100 * f.max);
	}
	free(rank);
}

void
stability_report(FILE *out, const struct stability *s,
                 const struct stability_options *opt)
{
	uint64_t samples = 0;

	for (size_t r = 0; r < s->nruns; r++)
		samples += s->runs[r].total;
	if (opt->name != NULL)
		fprintf(out, "# Stability of %s\n\n", opt->name);
	fprintf(out, "%zu runs, %llu samples, %u functions.\n\n", s->nruns,
	        (unsigned long long)samples, s->nfunctions);
	distance_table(out, s, opt);
	function_table(out, s, opt->top);
}

void
stability_report_file(FILE *out, const char *raw, struct stability_options *opt)
{
	struct stability st;

	stability_read(&st, raw, opt->event);
	char *name = raw_dataset_name(raw);
	opt->name = name;
	stability_report(out, &st, opt);
	free(name);
	stability_free(&st);
}

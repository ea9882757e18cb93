/*
 * suite_compare_data.c - see suite_compare_data.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_write.h"
#include "base/xalloc.h"
#include "flame/category_chart.h"
#include "suite/suite_compare_data.h"
#include "views/report.h"

/* A number for a csv cell: empty when unknown. */
static void
csv_number(FILE *out, const char *fmt, double v)
{
	if (!isnan(v))
		fprintf(out, fmt, v);
}

static void
write_timing(FILE *out, const struct suite_pairs *ss)
{
	fputs("benchmark,a_seconds,b_seconds,ratio,significant,"
	      "a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,"
	      "disagree\n",
	      out);
	for (size_t i = 0; i < ss->npairs; i++) {
		const struct suite_pair *p = &ss->pairs[i];
		const struct compare_speed *sp = &p->speed;
		csv_write_field(out, span_cstr(p->m[0]->benchmark));
		if (!p->timed) {
			fputs(",,,,,,,,,\n", out);
			continue;
		}
		fprintf(out, ",%.9g,%.9g,%.9g,%s", sp->mean[0], sp->mean[1],
		        sp->ratio,
		        isnan(sp->p)                   ? ""
		        : suite_pairs_beyond_noise(sp) ? "yes"
		                                       : "no");
		if (!sp->cpu) {
			fputs(",,,,,\n", out);
			continue;
		}
		fprintf(out, ",%.9g,%.9g,%.9g,%s,%s\n", sp->cpu_mean[0],
		        sp->cpu_mean[1], sp->cpu_ratio,
		        isnan(sp->cpu_p)                   ? ""
		        : suite_pairs_cpu_beyond_noise(sp) ? "yes"
		                                           : "no",
		        !sp->related   ? ""
		        : sp->disagree ? "yes"
		                       : "no");
	}
}

static void
write_categories(FILE *out, const struct suite_pairs *ss)
{
	fputs("benchmark,category,unit,a,b,change,a_share,b_share,"
	      "share_change,p,q,significant\n",
	      out);
	for (size_t i = 0; i < ss->nrows; i++) {
		const struct pair_category *w = &ss->rows[i];
		const struct suite_pair *p = &ss->pairs[w->pair];
		csv_write_field(out, span_cstr(p->m[0]->benchmark));
		fputc(',', out);
		csv_write_field(out, span_cstr(w->category));
		fputc(',', out);
		csv_write_field(out, span_cstr(p->unit));
		fprintf(out, ",%.6g,%.6g,%.6g,%.4f,%.4f,%.4f,", w->value[0],
		        w->value[1], w->change, w->share[0], w->share[1],
		        w->share[1] - w->share[0]);
		csv_number(out, "%.4g", w->p);
		fputc(',', out);
		csv_number(out, "%.4g", w->q);
		fprintf(out, ",%s\n",
		        isnan(w->p)      ? ""
		        : w->significant ? "yes"
		                         : "no");
	}
}

/* The bars a chart shows of a benchmark: those that changed most. */
enum { CHART_ROWS = 8 };

/*
 * The chart of how the categories moved: per benchmark, its categories
 * that changed most (significant first), in one unit when every pair has
 * it (else the first pair's unit is named with "or" the others).
 */
static void
write_chart(FILE *out, const struct suite_pairs *ss)
{
	struct category_shift *rows =
	    xcalloc(ss->npairs * CHART_ROWS + 1, sizeof *rows);
	size_t n = 0;
	bool one_unit = true;

	for (size_t i = 0; i < ss->npairs; i++) {
		const struct suite_pair *p = &ss->pairs[i];
		size_t *order = suite_pair_changes(ss, p);
		one_unit &= strcmp(p->unit, ss->pairs[0].unit) == 0;
		for (size_t k = 0, shown = 0;
		     k < p->nrows && shown < CHART_ROWS; k++) {
			const struct pair_category *w = &ss->rows[order[k]];
			if (w->change == 0)
				break;
			rows[n++] = (struct category_shift){
			    p->m[0]->benchmark, w->category, w->value[0],
			    w->value[1],        w->change,   w->q,
			    w->significant};
			shown++;
		}
		free(order);
	}
	char *title = xasprintf("%s against %s: the categories that changed "
	                        "most, per benchmark",
	                        ss->s[1].name, ss->s[0].name);
	char *subtitle = xasprintf(
	    "self time by bycategory's rules, B minus A, in %s%s; outlined: "
	    "significant (Benjamini-Hochberg over the suite, FDR %g%%), "
	    "muted: not",
	    ss->npairs > 0 ? ss->pairs[0].unit : "ms per loop",
	    one_unit ? "" : " (or each benchmark's own unit)",
	    100 * ss->o->alpha);
	struct category_shifts c = {
	    title, subtitle, ss->npairs > 0 ? ss->pairs[0].unit : "", n, rows};
	category_chart_shifts_write(out, &c);
	free(subtitle);
	free(title);
	free(rows);
}

/* The benchmarks of suite s that the other lacks, as a JSON list. */
static void
json_only(FILE *out, const struct suite_pairs *ss, int s)
{
	const char *sep = "";

	fputc('[', out);
	for (size_t i = 0; i < ss->s[s].n; i++) {
		const char *b = ss->s[s].members[i].benchmark;
		if (suite_file_member(&ss->s[1 - s], b) != NULL)
			continue;
		fputs(sep, out);
		json_write_string(out, span_cstr(b));
		sep = ", ";
	}
	fputc(']', out);
}

/* The whole comparison for scripts: what the README and csv files say. */
static void
write_json(FILE *out, const struct suite_pairs *ss)
{
	size_t n;
	double g = suite_pairs_geomean(ss, &n);

	fputs("{\n  ", out);
	json_write_member(out, "a", ss->s[0].name);
	fputs(", ", out);
	json_write_member(out, "b", ss->s[1].name);
	fputs(",\n  ", out);
	json_write_member(out, "a_build", ss->s[0].build);
	fputs(",\n  ", out);
	json_write_member(out, "b_build", ss->s[1].build);
	fputs(",\n  ", out);
	json_write_member_number(out, "fdr", ss->o->alpha);
	fputs(", ", out);
	json_write_member_number(out, "geometric_mean_ratio", g);
	size_t ncpu;
	double gc = suite_pairs_geomean_cpu(ss, &ncpu);
	fputs(", ", out);
	json_write_member_number(out, "geometric_mean_cpu_ratio", gc);
	fprintf(out, ", \"timed\": %zu,\n  \"only_in_a\": ", n);
	json_only(out, ss, 0);
	fputs(", \"only_in_b\": ", out);
	json_only(out, ss, 1);
	fputs(",\n  \"benchmarks\": [", out);
	for (size_t i = 0; i < ss->npairs; i++) {
		const struct suite_pair *p = &ss->pairs[i];
		const struct compare_speed *sp = &p->speed;
		fputs(i ? ",\n    {" : "\n    {", out);
		json_write_member(out, "benchmark", p->m[0]->benchmark);
		fputs(", ", out);
		json_write_member(out, "a_id", p->m[0]->id);
		fputs(", ", out);
		json_write_member(out, "b_id", p->m[1]->id);
		fputs(", ", out);
		json_write_member_number(out, "a_seconds",
		                         p->timed ? sp->mean[0] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "b_seconds",
		                         p->timed ? sp->mean[1] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "ratio",
		                         p->timed ? sp->ratio : NAN);
		fputs(", ", out);
		json_write_member_number(out, "p", p->timed ? sp->p : NAN);
		fprintf(out, ", \"significant\": %s, ",
		        p->timed && suite_pairs_beyond_noise(sp) ? "true"
		                                                 : "false");
		bool cpu = p->timed && sp->cpu;
		json_write_member_number(out, "a_cpu_seconds",
		                         cpu ? sp->cpu_mean[0] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "b_cpu_seconds",
		                         cpu ? sp->cpu_mean[1] : NAN);
		fputs(", ", out);
		json_write_member_number(out, "cpu_ratio",
		                         cpu ? sp->cpu_ratio : NAN);
		fputs(", ", out);
		json_write_member_number(out, "cpu_p", cpu ? sp->cpu_p : NAN);
		fprintf(out, ", \"disagree\": %s, ",
		        cpu && sp->disagree ? "true" : "false");
		json_write_member(out, "comparison", p->page ? p->name : NULL);
		fputs(", ", out);
		json_write_member(out, "unit", p->unit);
		fputs(",\n     \"categories\": [", out);
		for (size_t k = 0; k < p->nrows; k++) {
			const struct pair_category *w = &ss->rows[p->first + k];
			fputs(k ? ",\n       {" : "\n       {", out);
			json_write_member(out, "category", w->category);
			fputs(", ", out);
			json_write_member_number(out, "a", w->value[0]);
			fputs(", ", out);
			json_write_member_number(out, "b", w->value[1]);
			fputs(", ", out);
			json_write_member_number(out, "change", w->change);
			fputs(", ", out);
			json_write_member_number(out, "a_share", w->share[0]);
			fputs(", ", out);
			json_write_member_number(out, "b_share", w->share[1]);
			fputs(", ", out);
			json_write_member_number(out, "p", w->p);
			fputs(", ", out);
			json_write_member_number(out, "q", w->q);
			fprintf(out, ", \"significant\": %s}",
			        w->significant ? "true" : "false");
		}
		fputs("]}", out);
	}
	fputs(ss->npairs ? "\n  ]\n}\n" : "]\n}\n", out);
}

const struct suites_compared_writer suites_compared_writers[] = {
    {"timing", write_timing},
    {"categories", write_categories},
    {"categories-svg", write_chart},
    {"json", write_json},
};
const size_t suites_compared_writer_count =
    sizeof suites_compared_writers / sizeof suites_compared_writers[0];

/*
 * comparison_summary.c - see comparison_summary.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dataset/file_kinds.h"
#include "pages/comparison_summary.h"
#include "pages/readme_text.h"

void
comparison_summary_speed(FILE *out, const struct compare_speed *given)
{
	struct compare_speed sp = *given;
	char m[2][32], d[2][32];

	for (int s = 0; s < 2; s++) {
		readme_seconds(m[s], sizeof m[s], sp.mean[s]);
		readme_seconds(d[s], sizeof d[s], sp.sd[s]);
	}
	double ratio = sp.ratio;
	fprintf(out,
	        "- **Speed, wall time** (pyperf's mean ± standard deviation "
	        "per loop, profiled): A %s ± %s, B %s ± %s: B takes "
	        "**%.2f×** A's time (%.2f× %s)",
	        m[0], d[0], m[1], d[1], ratio, ratio <= 1 ? 1 / ratio : ratio,
	        ratio <= 1 ? "faster" : "slower");
	if (!isnan(sp.p) && sp.by_workers)
		fprintf(out,
		        ", %s pyperf's noise (Welch's t-test on the means of "
		        "its %zu and %zu workers: p = %.2g)",
		        compare_speed_verdict(sp.p), sp.workers[0],
		        sp.workers[1], sp.p);
	else if (!isnan(sp.p))
		fprintf(out,
		        ", %s pyperf's noise (Welch's t-test on its %.0f and "
		        "%.0f values, taken as independent: no ID%s "
		        "gives each worker's; p = %.2g)",
		        compare_speed_verdict(sp.p), sp.n[0], sp.n[1],
		        file_kind_suffix("pyperf"), sp.p);
	fputs(".\n", out);
	if (!sp.cpu)
		return;
	for (int s = 0; s < 2; s++) {
		readme_seconds(m[s], sizeof m[s], sp.cpu_mean[s]);
		readme_seconds(d[s], sizeof d[s], sp.cpu_sd[s]);
	}
	ratio = sp.cpu_ratio;
	fprintf(out,
	        "- **Speed, CPU time** (the profile's samples / frequency / "
	        "loops, mean ± standard deviation over runs): A %s ± %s, B "
	        "%s ± %s: B takes **%.2f×** A's CPU time (%.2f× %s)",
	        m[0], d[0], m[1], d[1], ratio, ratio <= 1 ? 1 / ratio : ratio,
	        ratio <= 1 ? "faster" : "slower");
	if (!isnan(sp.cpu_p))
		fprintf(out,
		        ", %s noise (Welch's t-test on its %zu and %zu "
		        "runs: p = %.2g)",
		        compare_speed_verdict(sp.cpu_p), sp.cpu_runs[0],
		        sp.cpu_runs[1], sp.cpu_p);
	fputs(".\n", out);
}

/* What a table of the largest changes lists: its items and words. */
struct changes_of {
	const char *whose; /* "", "eval loop's ": whose time changed */
	const char *what;  /* "functions", "families" */
	const char *one;   /* "function", "family" */
	const char *self;  /* what self is */
	bool dso;          /* a column of the item's DSO */
};

static const struct changes_of functions_changed = {
    "", "functions", "function", "the function's own code", true};

static const struct changes_of families_changed = {
    "eval loop's ", "instruction families", "family",
    "the sample's leaf is in the family's code, as bytecode places it", false};

void
comparison_summary_changes(FILE *out, struct compare *c,
                           enum comparison_items items, uint32_t limit)
{
	const struct changes_of *of = items == COMPARISON_FAMILIES
	                                  ? &families_changed
	                                  : &functions_changed;
	uint32_t *order = compare_by_size(c, 0);
	const char *unit = compare_unit_text(c);

	fprintf(out,
	        "- **Where the %s%s changed most** (self: %s; %u of %u %s "
	        "tested changed significantly, **in bold**; %s):\n\n"
	        "| %s |%s A | B | change | significant |\n"
	        "|---|%s--:|--:|--:|---|\n",
	        of->whose, c->unit == UNIT_TIME ? "time" : "share", of->self,
	        c->nsignificant[0], c->ntested[0], of->what, unit, of->one,
	        of->dso ? " DSO |" : "", of->dso ? "---|" : "");
	const char *fmt = c->unit == UNIT_TIME ? "%.3f" : "%.2f";
	uint32_t shown = 0;
	for (uint32_t k = 0; shown < limit && k < c->nitems; k++) {
		const struct compare_result *x = compare_result(c, order[k], 0);
		if (x->diff == 0)
			break; /* the rest did not change at all */
		shown++;
		const char *b = x->significant ? "**" : "";
		char v[3][32];
		snprintf(v[0], 32, fmt, x->share[0]);
		snprintf(v[1], 32, fmt, x->share[1]);
		snprintf(v[2], 32, c->unit == UNIT_TIME ? "%+.3f" : "%+.2f",
		         x->diff);
		fprintf(out, "| %s`", b);
		readme_cell(out, compare_text(c, c->items[order[k]].name).p);
		fprintf(out, "`%s | ", b);
		struct span dso = compare_item_dso(c, order[k]);
		if (of->dso)
			fprintf(out, "%.*s | ", (int)dso.n, dso.p);
		int only = compare_only_in(c, order[k]);
		fprintf(out, "%s | %s | %s%s%s | %s%s |\n", v[0], v[1], b, v[2],
		        b,
		        !x->tested       ? "not tested"
		        : x->significant ? "yes"
		                         : "no",
		        only == 1   ? " (new: B only)"
		        : only == 0 ? " (gone: A only)"
		                    : "");
	}
	if (shown == 0)
		fprintf(out, "| no %s's value changed |%s | | | |\n", of->one,
		        of->dso ? " |" : "");
	fputc('\n', out);
	free(order);
}

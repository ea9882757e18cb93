/*
 * category_view.c - see category_view.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "flame/category_chart.h"
#include "views/category_view.h"

static void
write_svg(const struct category_view_options *o,
          const struct category_report *r)
{
	struct span *names = xcalloc(r->nrows, sizeof *names);
	uint64_t *counts = xcalloc(r->nrows * r->ncolumns, sizeof *counts);
	char subtitle[PATH_MAX + 256];
	uint64_t total = 0;

	for (size_t i = 0; i < r->nrows; i++) {
		names[i] = r->rows[i].name;
		memcpy(counts + i * r->ncolumns, r->rows[i].counts,
		       r->ncolumns * sizeof *counts);
	}
	for (size_t c = 0; c < r->ncolumns; c++)
		total += r->totals[c];
	snprintf(subtitle, sizeof subtitle,
	         "%s attribution%s | %llu %s%s%s | rules %s", r->attribution,
	         o->python ? " of Python frames" : "",
	         (unsigned long long)total, r->weight,
	         r->event ? ", event " : "", r->event ? r->event : "",
	         span_basename(span_cstr(r->rules)).p);
	struct category_chart chart = {o->title ? o->title
	                                        : "Samples by category",
	                               subtitle,
	                               r->weight,
	                               r->nrows,
	                               names,
	                               r->ncolumns,
	                               r->labels,
	                               counts,
	                               r->totals};
	category_chart_write(stdout, &chart);
	free(names);
	free(counts);
}

/* The table (or chart) of every category with samples, and unknown. */
void
category_view_write(const struct category_view_options *o,
                    struct category_profile *cp, const struct profile *p,
                    const struct span *labels)
{
	uint32_t *order = xcalloc(category_count(cp->rules), sizeof *order);
	size_t nrows = category_profile_rows(cp, order);
	struct category_row *rows = xcalloc(nrows, sizeof *rows);
	struct category_top *top = NULL;

	for (size_t i = 0; i < nrows; i++) {
		rows[i].name = category_name(cp->rules, order[i]);
		rows[i].counts = cp->counts + (size_t)order[i] * cp->ncolumns;
	}
	if (!o->each && o->top > 0)
		top = category_profile_top(cp, rows, nrows, o->top);
	struct category_report r = {profile_event_name(p),
	                            profile_weight_name(p),
	                            o->inclusive ? "inclusive" : "self",
	                            category_rules_shown(cp->rules, o->rules),
	                            o->each,
	                            cp->ncolumns,
	                            labels,
	                            cp->totals,
	                            rows,
	                            nrows};
	if (o->svg)
		write_svg(o, &r);
	else
		category_report_write(&r, o->format);
	free(top);
	free(rows);
	free(order);
}

void
category_view_defaults(struct category_view_options *o)
{
	memset(o, 0, sizeof *o);
	o->top = 3;
}

/*
 * category_report.c - see category_report.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_write.h"
#include "base/numbers.h"
#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "views/category_report.h"

static uint64_t
grand_total(const struct category_report *r)
{
	uint64_t sum = 0;

	for (size_t c = 0; c < r->ncolumns; c++)
		sum += r->totals[c];
	return sum;
}

/* Width of the category column: the longest name, at least "category". */
static int
name_width(const struct category_report *r)
{
	size_t w = strlen("category");

	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].name.n > w)
			w = r->rows[i].name.n;
	return (int)w;
}

static void
write_text_header(const struct category_report *r)
{
	if (r->each)
		printf("# bycategory: %zu input%s, total %llu %s", r->ncolumns,
		       r->ncolumns == 1 ? "" : "s",
		       (unsigned long long)grand_total(r), r->weight);
	else
		printf("# bycategory: total %llu %s",
		       (unsigned long long)r->totals[0], r->weight);
	if (r->event != NULL)
		printf(", event %s", r->event);
	printf("\n# %s attribution, rules %s%s\n#\n", r->attribution, r->rules,
	       r->each ? "; percent of each input's total" : "");
}

/*
 * The largest functions of a row: "name 12.34%, name 1.00%"; a Python
 * frame by its short label, "py::advance (bm_nbody/run_benchmark.py)"
 * (JSON keeps the full name).
 */
static void
write_top(FILE *out, const struct category_row *row, uint64_t total,
          const char *sep)
{
	char *label = NULL;

	for (size_t t = 0; t < row->ntop; t++) {
		struct span name = row->top[t].name;
		if (symbol_is_python(name)) {
			label = xreallocarray(label, name.n + 7, 1);
			memcpy(label, "py::", 4);
			name = span_make(
			    label, 4 + python_frame_label(name, label + 4));
		}
		fprintf(out, "%s%.*s %.2f%%", t ? sep : "", (int)name.n, name.p,
		        percent_of(row->top[t].count, total));
	}
	free(label);
}

static void
write_text(const struct category_report *r)
{
	int nw = name_width(r);

	write_text_header(r);
	if (!r->each) {
		int cw = decimal_digits(r->totals[0]);
		cw = cw < 7 ? 7 : cw;
		printf("# %-*s %*s %7s  top functions\n", nw, "category", cw,
		       "samples", "percent");
		for (size_t i = 0; i < r->nrows; i++) {
			const struct category_row *row = &r->rows[i];
			printf("  %-*.*s %*llu %6.2f%%", nw, (int)row->name.n,
			       row->name.p, cw,
			       (unsigned long long)row->counts[0],
			       percent_of(row->counts[0], r->totals[0]));
			if (row->ntop > 0)
				fputs("  ", stdout);
			write_top(stdout, row, r->totals[0], ", ");
			putchar_unlocked('\n');
		}
		return;
	}
	printf("# %-*s", nw, "category");
	for (size_t c = 0; c < r->ncolumns; c++) {
		int w = (int)r->labels[c].n < 7 ? 7 : (int)r->labels[c].n;
		printf(" %*.*s", w, (int)r->labels[c].n, r->labels[c].p);
	}
	putchar_unlocked('\n');
	for (size_t i = 0; i < r->nrows; i++) {
		const struct category_row *row = &r->rows[i];
		printf("  %-*.*s", nw, (int)row->name.n, row->name.p);
		for (size_t c = 0; c < r->ncolumns; c++) {
			int w =
			    (int)r->labels[c].n < 7 ? 7 : (int)r->labels[c].n;
			printf(" %*.2f%%", w - 1,
			       percent_of(row->counts[c], r->totals[c]));
		}
		putchar_unlocked('\n');
	}
	printf("# %-*s", nw, "samples");
	for (size_t c = 0; c < r->ncolumns; c++) {
		int w = (int)r->labels[c].n < 7 ? 7 : (int)r->labels[c].n;
		printf(" %*llu", w, (unsigned long long)r->totals[c]);
	}
	putchar_unlocked('\n');
}

/* "LABEL suffix" as one CSV field. */
static void
write_csv_label(const struct span label, const char *suffix)
{
	char buf[1024];
	int n =
	    snprintf(buf, sizeof buf, "%.*s %s", (int)label.n, label.p, suffix);

	putchar_unlocked(',');
	csv_write_field(
	    stdout,
	    span_make(buf, n < (int)sizeof buf ? (size_t)n : sizeof buf - 1));
}

static void
write_csv(const struct category_report *r)
{
	if (!r->each) {
		printf("category,samples,percent,top\n");
	} else {
		printf("category");
		for (size_t c = 0; c < r->ncolumns; c++) {
			write_csv_label(r->labels[c], "samples");
			write_csv_label(r->labels[c], "percent");
		}
		putchar_unlocked('\n');
	}
	for (size_t i = 0; i < r->nrows; i++) {
		const struct category_row *row = &r->rows[i];
		csv_write_field(stdout, row->name);
		for (size_t c = 0; c < r->ncolumns; c++)
			printf(",%llu,%.2f", (unsigned long long)row->counts[c],
			       percent_of(row->counts[c], r->totals[c]));
		if (!r->each) {
			char *top = NULL;
			size_t len = 0;
			FILE *mem = xopen_memstream(&top, &len);
			write_top(mem, row, r->totals[0], ", ");
			xclose_memstream(mem);
			putchar_unlocked(',');
			if (top != NULL && len > 0)
				csv_write_field(stdout, span_make(top, len));
			free(top);
		}
		putchar_unlocked('\n');
	}
}

static void
write_json_top(const struct category_row *row, uint64_t total)
{
	printf(",\"top\":[");
	for (size_t t = 0; t < row->ntop; t++) {
		printf(t ? ",{\"symbol\":" : "{\"symbol\":");
		json_write_string(stdout, row->top[t].name);
		printf(",\"dso\":");
		json_write_string(stdout, row->top[t].dso);
		printf(",\"samples\":%llu,\"percent\":%.2f}",
		       (unsigned long long)row->top[t].count,
		       percent_of(row->top[t].count, total));
	}
	printf("]");
}

static void
write_json(const struct category_report *r)
{
	printf("{\"view\":\"bycategory\",\"event\":");
	if (r->event != NULL)
		json_write_string(stdout, span_cstr(r->event));
	else
		printf("null");
	printf(",\"weight\":");
	json_write_string(stdout, span_cstr(r->weight));
	printf(",\"total\":%llu,\"attribution\":",
	       (unsigned long long)grand_total(r));
	json_write_string(stdout, span_cstr(r->attribution));
	printf(",\"rules\":");
	json_write_string(stdout, span_cstr(r->rules));
	printf(",\"inputs\":[");
	for (size_t c = 0; c < r->ncolumns; c++) {
		printf(c ? ",{\"label\":" : "{\"label\":");
		json_write_string(stdout, r->labels[c]);
		printf(",\"total\":%llu}", (unsigned long long)r->totals[c]);
	}
	printf("],\"rows\":[");
	for (size_t i = 0; i < r->nrows; i++) {
		const struct category_row *row = &r->rows[i];
		printf(i ? ",\n{\"category\":" : "\n{\"category\":");
		json_write_string(stdout, row->name);
		if (!r->each) {
			printf(",\"samples\":%llu,\"percent\":%.2f",
			       (unsigned long long)row->counts[0],
			       percent_of(row->counts[0], r->totals[0]));
			write_json_top(row, r->totals[0]);
		} else {
			printf(",\"samples\":[");
			for (size_t c = 0; c < r->ncolumns; c++)
				printf(c ? ",%llu" : "%llu",
				       (unsigned long long)row->counts[c]);
			printf("],\"percent\":[");
			for (size_t c = 0; c < r->ncolumns; c++)
				printf(
				    c ? ",%.2f" : "%.2f",
				    percent_of(row->counts[c], r->totals[c]));
			printf("]");
		}
		printf("}");
	}
	printf("\n]}\n");
}

void
category_report_write(const struct category_report *r,
                      enum report_format format)
{
	switch (format) {
	case FORMAT_TEXT:
		write_text(r);
		break;
	case FORMAT_CSV:
		write_csv(r);
		break;
	case FORMAT_JSON:
		write_json(r);
		break;
	}
}

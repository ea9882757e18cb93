/*
 * compare_table.c - see compare_table.h.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/json_write.h"
#include "compare/compare_table.h"

enum section { CHANGED, NEW, GONE };
static const char *const section_name[] = {"changed", "new", "gone"};
static const char *const section_title[] = {"in both A and B", "new: only in B",
                                            "gone: only in A"};

/* What a row is, by key: flatdiff's --by, its name, many of them. */
static const struct {
	const char *arg, *title, *one, *many;
} rows_by[] = {
    [KEY_FUNCTION] = {"sym,dso", "function (symbol and DSO)", "function",
                      "functions"},
    [KEY_DSO] = {"dso", "DSO", "DSO", "DSOs"},
    [KEY_CATEGORY] = {"category", "category", "category", "categories"},
    [KEY_INSTRUCTION] = {"instruction",
                         "instruction of the eval loop (family and name)",
                         "instruction", "instructions"},
    [KEY_FAMILY] = {"family", "instruction family of the eval loop", "family",
                    "families"},
};

/* A row of a name alone (no DSO, no family beside it). */
static bool
name_alone(enum compare_key key)
{
	return key == KEY_CATEGORY || key == KEY_FAMILY;
}

/* A row of two texts, DSO (or family) and name. */
static bool
two_texts(enum compare_key key)
{
	return key == KEY_FUNCTION || key == KEY_INSTRUCTION;
}

/* The text columns' names, by key: the first, and the second or NULL. */
static const char *
first_text(enum compare_key key)
{
	return key == KEY_CATEGORY                           ? "category"
	       : key == KEY_FAMILY || key == KEY_INSTRUCTION ? "family"
	                                                     : "dso";
}

static const char *
second_text(enum compare_key key)
{
	return key == KEY_INSTRUCTION ? "instruction"
	       : key == KEY_FUNCTION  ? "symbol"
	                              : NULL;
}

static enum section
section_of(const struct compare_table *t, uint32_t item)
{
	int only = compare_only_in(t->c, item);

	return only < 0 ? CHANGED : only == 1 ? NEW : GONE;
}

void
compare_table_select(struct compare_table *t, struct compare *c,
                     uint32_t measure, uint64_t limit, bool all)
{
	uint32_t n = 0;

	memset(t, 0, sizeof *t);
	t->c = c;
	t->measure = measure;
	t->order = compare_order(c, measure);
	for (uint32_t i = 0; i < c->nitems; i++) {
		uint32_t item = t->order[i];
		enum section s = section_of(t, item);
		bool sig = compare_result(c, item, t->measure)->significant;
		if (!all && !sig && t->nshown[s] >= limit) {
			t->nhidden[s]++;
			continue;
		}
		t->nshown[s]++;
		t->order[n++] = item;
		int w = (int)compare_item_dso(c, item).n;
		if (w > t->dso_width)
			t->dso_width = w;
	}
	t->nrows = n;
}

static const char *
yes_no(bool v)
{
	return v ? "yes" : "no";
}

/* A value: percent with two decimals, or a count per run with one. */
static const char *
value_format(const struct compare_table *t, bool sign)
{
	const struct compare *c = t->c;

	if (c->unit == UNIT_TIME)
		return sign ? "%+.3f" : "%.3f";
	if (c->opt.absolute)
		return sign ? "%+.1f" : "%.1f";
	return sign ? "%+.2f" : "%.2f";
}

/* A p- or q-value with two digits, "-" when not tested. */
static void
probability(double p, char out[32])
{
	if (isnan(p))
		snprintf(out, 32, "-");
	else
		snprintf(out, 32, "%.2g", p);
}

static void
write_text_row(const struct compare_table *t, uint32_t item)
{
	const struct compare *c = t->c;
	const struct compare_result *self = compare_result(c, item, 0);
	const struct compare_result *total = compare_result(c, item, 1);
	char v[6][32];

	snprintf(v[0], 32, value_format(t, false), self->share[0]);
	snprintf(v[1], 32, value_format(t, false), self->share[1]);
	snprintf(v[2], 32, value_format(t, true), self->diff);
	snprintf(v[3], 32, value_format(t, false), total->share[0]);
	snprintf(v[4], 32, value_format(t, false), total->share[1]);
	snprintf(v[5], 32, value_format(t, true), total->diff);
	char p[2][32], q[2][32];
	probability(self->test.p, p[0]);
	probability(self->q, q[0]);
	printf("  %8s %8s %8s %8s %8s %-3s  %8s %8s %8s %-3s", v[0], v[1], v[2],
	       p[0], q[0], yes_no(self->significant), v[3], v[4], v[5],
	       yes_no(total->significant));
	if (!name_alone(c->key))
		printf("  %-*.*s", t->dso_width,
		       (int)compare_item_dso(c, item).n,
		       compare_item_dso(c, item).p);
	if (c->items[item].name != COMPARE_NONE) {
		struct span name = compare_text(c, c->items[item].name);
		printf("  %.*s", (int)name.n, name.p);
	}
	printf("\n");
}

static void
write_text(const struct compare_table *t)
{
	struct compare *c = t->c;
	const char *unit = c->opt.absolute ? "" : "%";
	enum compare_key by = c->key;
	int section = -1;

	printf("# flatdiff: B against A, a row per %s, in %s\n",
	       rows_by[by].title, compare_unit_text(c));
	compare_write_header(stdout, c, "# ", rows_by[by].many);
	printf("# rows: significant by %s first, then by the size of the "
	       "difference\n",
	       t->measure ? "total" : "self");
	for (uint32_t i = 0; i <= t->nrows; i++) {
		int s = i < t->nrows ? (int)section_of(t, t->order[i]) : 3;
		while (section < s) {
			if (section >= 0 && t->nhidden[section] > 0)
				printf("# ... and %u more, not significant "
				       "(--all shows them)\n",
				       t->nhidden[section]);
			if (++section > 2)
				break;
			uint32_t n = t->nshown[section] + t->nhidden[section];
			printf("#\n# %s: %u %s\n", section_title[section], n,
			       n == 1 ? rows_by[by].one : rows_by[by].many);
			if (t->nshown[section] == 0)
				continue;
			printf("#  %7s%s %7s%s %8s %8s %8s %-3s  %7s%s %7s%s "
			       "%8s %-3s  %-*s%s%s\n",
			       "self A", unit, "self B", unit, "change",
			       "p-value", "q-value", "sig", "total A", unit,
			       "total B", unit, "change", "sig", t->dso_width,
			       first_text(by), two_texts(by) ? "  " : "",
			       two_texts(by) ? second_text(by) : "");
		}
		if (i < t->nrows)
			write_text_row(t, t->order[i]);
	}
}

/* The columns of csv and json, in order. */
static const char *const columns[] = {
    "status",
    "significant",
    "self_a",
    "self_b",
    "self_diff",
    "self_p",
    "self_q",
    "total_a",
    "total_b",
    "total_diff",
    "total_p",
    "total_q",
    "total_significant",
    "dso",
    "symbol",
};
enum { NCOLUMNS = sizeof columns / sizeof columns[0] };

/*
 * Column i's name: a category or family is where the DSO is, and an
 * instruction where the symbol is.
 */
static const char *
column(const struct compare_table *t, int i)
{
	const struct compare *c = t->c;

	if (i == 13)
		return first_text(c->key);
	if (i == 14)
		return second_text(c->key);
	return columns[i];
}

/* Field i of a row, numbers with full precision. */
static void
write_field(const struct compare_table *t, uint32_t item, int i, bool json)
{
	const struct compare *c = t->c;
	const struct compare_result *r =
	    compare_result(c, item, i >= 7 && i <= 12 ? 1 : 0);
	double number[] = {0,           0,         r->share[0], r->share[1],
	                   r->diff,     r->test.p, r->q,        r->share[0],
	                   r->share[1], r->diff,   r->test.p,   r->q};
	struct span text;

	if (i >= 2 && i <= 11) {
		bool p = i == 5 || i == 6 || i == 10 || i == 11;
		if (p && isnan(number[i]))
			fputs(json ? "null" : "", stdout); /* not tested */
		else
			printf(p ? "%.6g" : "%.4f", number[i]);
		return;
	}
	if (i == 0)
		text = span_cstr(section_name[section_of(t, item)]);
	else if (i == 1 || i == 12)
		text = span_cstr(yes_no(r->significant));
	else if (i == 13 && !name_alone(c->key))
		text = compare_item_dso(c, item);
	else
		text = c->items[item].name == COMPARE_NONE
		           ? span_cstr("")
		           : compare_text(c, c->items[item].name);
	if (json)
		json_write_string(stdout, text);
	else
		csv_write_field(stdout, text);
}

static void
write_csv(const struct compare_table *t)
{
	const struct compare *c = t->c;
	int n = two_texts(c->key) ? NCOLUMNS : NCOLUMNS - 1;

	/* The last column names the values' unit, on every row. */
	for (int i = 0; i < n; i++)
		printf("%s,", column(t, i));
	printf("unit\n");
	for (uint32_t r = 0; r < t->nrows; r++) {
		for (int i = 0; i < n; i++) {
			write_field(t, t->order[r], i, false);
			printf(",");
		}
		printf("%s\n", compare_unit_text(c));
	}
}

static void
write_json_side(const struct compare *c, int s)
{
	const struct profile *p = c->side[s].profile;
	const char *event = profile_event_name(p);

	printf("\"%s\":{\"input\":", s ? "b" : "a");
	json_write_string(stdout, span_cstr(input_name(c->side[s].path)));
	printf(",\"runs\":%u,\"total\":%llu,\"event\":", c->side[s].nruns,
	       (unsigned long long)p->total);
	if (event != NULL)
		json_write_string(stdout, span_cstr(event));
	else
		printf("null");
	printf(",\"weight\":\"%s\"},", profile_weight_name(p));
}

static void
write_json(const struct compare_table *t)
{
	const struct compare *c = t->c;
	int n = two_texts(c->key) ? NCOLUMNS : NCOLUMNS - 1;

	printf("{\"view\":\"flatdiff\",\"by\":\"%s\",", rows_by[c->key].arg);
	if (c->key == KEY_CATEGORY) {
		printf("\"rules\":");
		json_write_string(stdout, span_cstr(c->rules));
		printf(",");
	}
	write_json_side(c, 0);
	write_json_side(c, 1);
	printf("\"values\":\"%s\",\"dso_versions\":\"%s\",\"test\":",
	       compare_unit_text(c), c->opt.exact_dso ? "exact" : "set aside");
	json_write_string(stdout, span_cstr(compare_test_text(c)));
	printf(",\"fdr\":%g,\"min_samples\":%g,\"items\":%u,"
	       "\"tested\":{\"self\":%u,\"total\":%u},"
	       "\"significant\":{\"self\":%u,\"total\":%u},\"rows\":[",
	       c->opt.alpha, c->opt.min_count, c->nitems, c->ntested[0],
	       c->ntested[1], c->nsignificant[0], c->nsignificant[1]);
	for (uint32_t r = 0; r < t->nrows; r++) {
		printf("%s\n{", r ? "," : "");
		for (int i = 0; i < n; i++) {
			printf("%s\"%s\":", i ? "," : "", column(t, i));
			write_field(t, t->order[r], i, true);
		}
		printf("}");
	}
	printf("\n]}\n");
}

void
compare_table_write(const struct compare_table *t, enum report_format format)
{
	if (format == FORMAT_TEXT)
		write_text(t);
	else if (format == FORMAT_CSV)
		write_csv(t);
	else
		write_json(t);
}

void
compare_table_free(struct compare_table *t)
{
	free(t->order);
	t->order = NULL;
}

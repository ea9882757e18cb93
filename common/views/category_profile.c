/*
 * category_profile.c - see category_profile.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "input/frame_tidy.h"
#include "views/category_profile.h"

void
category_profile_init(struct category_profile *cp, struct category_rules *rules,
                      size_t ncolumns, bool python, bool inclusive)
{
	memset(cp, 0, sizeof *cp);
	cp->rules = rules;
	cp->python = python;
	cp->inclusive = inclusive;
	if (python)
		cp->native = string_table_intern(&rules->categories,
		                                 span_cstr("native"));
	cp->ncolumns = ncolumns;
	cp->counts = xcalloc((size_t)category_count(rules) * ncolumns,
	                     sizeof *cp->counts);
	cp->totals = xcalloc(ncolumns, sizeof *cp->totals);
}

void
category_profile_free(struct category_profile *cp)
{
	free(cp->counts);
	free(cp->totals);
	free(cp->rule_of);
	free(cp->fn_weight);
	free(cp->rank);
	memset(cp, 0, sizeof *cp);
}

static struct rule_subject
subject_of(const struct profile *p, uint32_t fn)
{
	const struct function *f = profile_function(p, fn);
	struct span name = profile_text(p, f->name);
	struct rule_subject s = {symbol_base_name(name),
	                         profile_text(p, f->dso),
	                         python_frame_module(name)};
	return s;
}

uint32_t
category_profile_function_category(const struct category_profile *cp,
                                   uint32_t fn)
{
	uint32_t rule = cp->rule_of[fn];
	return rule == RULE_NATIVE ? cp->native
	                           : category_of_rule(cp->rules, rule);
}

void
category_profile_classify(struct category_profile *cp, const struct profile *p)
{
	uint32_t n = profile_function_count(p);

	cp->profile = p;
	cp->nfunctions = n;
	free(cp->rule_of);
	free(cp->fn_weight);
	cp->rule_of = xreallocarray(NULL, n ? n : 1, sizeof *cp->rule_of);
	cp->fn_weight = xcalloc(n ? n : 1, sizeof *cp->fn_weight);
	for (uint32_t i = 0; i < n; i++) {
		struct rule_subject s = subject_of(p, i);
		cp->rule_of[i] =
		    cp->python && s.module.p == NULL
		        ? RULE_NATIVE
		        : category_rules_match(cp->rules, &s, 0, cp->python);
	}
}

struct counter {
	struct category_profile *cp;
	size_t column;
	uint32_t *cat_seen; /* category -> last stack counted, plus one */
	uint32_t *fn_seen;  /* function -> last stack counted, plus one */
};

/* Add weight to a category and a function, once per stack each. */
static void
count_once(struct counter *c, uint32_t stack, uint32_t fn, uint32_t cat,
           uint64_t weight)
{
	struct category_profile *cp = c->cp;

	if (c->cat_seen[cat] != stack + 1) {
		c->cat_seen[cat] = stack + 1;
		cp->counts[(size_t)cat * cp->ncolumns + c->column] += weight;
	}
	if (c->fn_seen[fn] != stack + 1) {
		c->fn_seen[fn] = stack + 1;
		cp->fn_weight[fn] += weight;
	}
}

void
category_profile_count(struct category_profile *cp, const struct profile *p,
                       size_t column)
{
	struct counter c = {cp, column, NULL, NULL};

	category_profile_classify(cp, p);
	c.cat_seen = xcalloc(category_count(cp->rules), sizeof *c.cat_seen);
	c.fn_seen =
	    xcalloc(cp->nfunctions ? cp->nfunctions : 1, sizeof *c.fn_seen);
	cp->totals[column] += p->total;
	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		bool counted = false;
		for (uint32_t i = s.self; i < s.n; i++) {
			uint32_t fn = s.functions[i];
			if (cp->rule_of[fn] == RULE_NATIVE)
				continue;
			count_once(&c, id, fn,
			           category_profile_function_category(cp, fn),
			           s.weight);
			counted = true;
			if (!cp->inclusive)
				break;
		}
		if (!counted) /* python, and no Python frame: the leaf */
			count_once(&c, id, s.functions[s.self], cp->native,
			           s.weight);
	}
	free(c.cat_seen);
	free(c.fn_seen);
}

/* The sum over columns of a category's share of each column. */
static double
summed_share(const struct category_profile *cp, uint32_t cat)
{
	double share = 0;

	for (size_t col = 0; col < cp->ncolumns; col++)
		if (cp->totals[col] > 0)
			share += (double)cp->counts[cat * cp->ncolumns + col] /
			         (double)cp->totals[col];
	return share;
}

size_t
category_profile_rows(struct category_profile *cp, uint32_t *rows)
{
	uint32_t ncat = category_count(cp->rules);
	size_t n = 0;

	/* Insertion by share: a few dozen categories. */
	for (uint32_t cat = 0; cat < ncat; cat++) {
		double share = summed_share(cp, cat);
		if (cat == cp->rules->unknown || share == 0)
			continue;
		size_t at = n++;
		for (; at > 0 && summed_share(cp, rows[at - 1]) < share; at--)
			rows[at] = rows[at - 1];
		rows[at] = cat;
	}
	rows[n++] = cp->rules->unknown;
	free(cp->rank);
	cp->rank = xreallocarray(NULL, ncat, sizeof *cp->rank);
	memset(cp->rank, 0xff, ncat * sizeof *cp->rank);
	for (size_t i = 0; i < n; i++)
		cp->rank[rows[i]] = (uint32_t)i;
	return n;
}

/* For qsort_r over a category_profile: by category, weight, name. */
static int
compare_functions(const void *pa, const void *pb, void *arg)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct category_profile *cp = arg;
	uint32_t ra = cp->rank[category_profile_function_category(cp, a)];
	uint32_t rb = cp->rank[category_profile_function_category(cp, b)];
	uint64_t wa = cp->fn_weight[a], wb = cp->fn_weight[b];

	if (ra != rb)
		return ra < rb ? -1 : 1;
	if (wa != wb)
		return wa > wb ? -1 : 1;
	const struct profile *p = cp->profile;
	int r =
	    strcmp(string_table_cstr(&p->names, profile_function(p, a)->name),
	           string_table_cstr(&p->names, profile_function(p, b)->name));
	return r != 0 ? r : (a > b) - (a < b);
}

uint32_t
category_profile_functions(const struct category_profile *cp, uint32_t **out)
{
	uint32_t n = 0;
	uint32_t *ids = xreallocarray(NULL, cp->nfunctions ? cp->nfunctions : 1,
	                              sizeof *ids);

	for (uint32_t i = 0; i < cp->nfunctions; i++)
		if (cp->fn_weight[i] > 0)
			ids[n++] = i;
	qsort_r(ids, n, sizeof *ids, compare_functions, (void *)cp);
	*out = ids;
	return n;
}

struct category_top *
category_profile_top(const struct category_profile *cp,
                     struct category_row *rows, size_t nrows, size_t n)
{
	uint32_t *ids, nids = category_profile_functions(cp, &ids);
	struct category_top *top = xcalloc(nrows * n + 1, sizeof *top);
	const struct profile *p = cp->profile;

	for (size_t r = 0; r < nrows; r++) {
		rows[r].top = top + r * n;
		rows[r].ntop = 0;
	}
	for (uint32_t i = 0; i < nids; i++) {
		uint32_t rank =
		    cp->rank[category_profile_function_category(cp, ids[i])];
		if (rank >= nrows || rows[rank].ntop == n)
			continue;
		const struct function *f = profile_function(p, ids[i]);
		struct category_top *t = &top[rank * n + rows[rank].ntop++];
		t->name = profile_text(p, f->name);
		t->dso = profile_text(p, f->dso);
		t->count = cp->fn_weight[ids[i]];
	}
	free(ids);
	return top;
}

void
category_profile_check(const struct category_profile *cp, FILE *out)
{
	const struct category_rules *rules = cp->rules;
	size_t nrules = rules->count ? rules->count : 1;
	uint32_t *matched = xcalloc(nrules, sizeof *matched);
	uint32_t *claimed = xcalloc(nrules, sizeof *claimed);
	uint32_t *by = xcalloc(nrules, sizeof *by);

	for (uint32_t i = 0; i < cp->nfunctions; i++) {
		uint32_t first = cp->rule_of[i];
		if (first == RULE_NONE || first == RULE_NATIVE)
			continue;
		claimed[first]++;
		struct rule_subject s = subject_of(cp->profile, i);
		uint32_t r = first;
		while ((r = category_rules_match(rules, &s, r + 1,
		                                 cp->python)) != RULE_NONE)
			if (matched[r]++ == 0)
				by[r] = first;
	}
	for (size_t r = 0; r < rules->count; r++) {
		const struct category_rule *rule = &rules->rules[r];
		if (claimed[r] > 0 || (cp->python && !rule->has_module))
			continue;
		if (matched[r] == 0)
			fprintf(
			    out,
			    "%s:%u: never matches a function of the input\n",
			    rules->path, rule->line);
		else
			fprintf(
			    out,
			    "%s:%u: shadowed: the %u function(s) it matches "
			    "are claimed by earlier rules (first %s:%u)\n",
			    rules->path, rule->line, matched[r], rules->path,
			    rules->rules[by[r]].line);
	}
	free(matched);
	free(claimed);
	free(by);
}

void
category_profile_explain(const struct category_profile *cp,
                         enum report_format format)
{
	const struct profile *p = cp->profile;
	const struct category_rules *rules = cp->rules;
	uint32_t *ids, n = category_profile_functions(cp, &ids);
	struct column columns[6] = {
	    {"samples", COLUMN_COUNT, 0, 0}, {"percent", COLUMN_PERCENT, 0, 0},
	    {"category", COLUMN_TEXT, 0, 0}, {"rule", COLUMN_TEXT, 0, 0},
	    {"dso", COLUMN_TEXT, 0, 0},      {"symbol", COLUMN_TEXT, 0, 0},
	};
	struct report_meta meta = {"bycategory --explain",
	                           profile_event_name(p),
	                           profile_weight_name(p), p->total, NULL};
	char(*rule)[PATH_MAX + 16] = xcalloc(n ? n : 1, sizeof *rule);
	struct cell *cells = xcalloc((size_t)n * 6 + 1, sizeof *cells);
	struct table_writer w;

	for (uint32_t i = 0; i < n; i++) {
		const struct function *f = profile_function(p, ids[i]);
		uint32_t r = cp->rule_of[ids[i]];
		struct cell *c = cells + (size_t)i * 6;
		if (r == RULE_NONE || r == RULE_NATIVE)
			snprintf(rule[i], sizeof *rule, "-");
		else
			snprintf(rule[i], sizeof *rule, "%s:%u", rules->path,
			         rules->rules[r].line);
		c[0].count = c[1].count = cp->fn_weight[ids[i]];
		c[2].text = category_name(
		    rules, category_profile_function_category(cp, ids[i]));
		c[3].text = span_cstr(rule[i]);
		c[4].text = profile_text(p, f->dso);
		c[5].text = profile_text(p, f->name);
		for (int k = 2; k < 5; k++)
			if ((int)c[k].text.n > columns[k].width)
				columns[k].width = (int)c[k].text.n;
	}
	table_begin(&w, format, &meta, columns, 6);
	for (uint32_t i = 0; i < n; i++)
		table_row(&w, cells + (size_t)i * 6);
	table_end(&w);
	free(cells);
	free(rule);
	free(ids);
}

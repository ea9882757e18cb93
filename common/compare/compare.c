/*
 * compare.c - see compare.h.
 *
 * cells holds every item's weight in every run: for item i and measure m,
 * the row at ((i * nmeasures) + m) * ncolumns has A's runs, then B's.
 * Total weights count an item once per sample however often it recurs,
 * as flatsort counts them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "base/json_flat.h"
#include "input/frame_tidy.h"
#include "interp/eval_loop.h"
#include "compare/compare.h"

void
compare_options_default(struct compare_options *o)
{
	o->alpha = 0.05;
	o->min_count = 10;
}

void
compare_fdr_option(void *alpha, const char *value, const char *option)
{
	double *a = alpha;

	*a = option_percent(value, option) / 100;
	if (*a == 0)
		usage_error("%s: more than 0 percent, not '%s'", option, value);
}

static void
compare_unit_option(void *unit, const char *value, const char *option)
{
	static const char *const names[] = {[UNIT_SHARE] = "share",
	                                    [UNIT_SAMPLES] = "samples",
	                                    [UNIT_TIME] = "time"};

	for (int u = UNIT_SHARE; u <= UNIT_TIME; u++)
		if (strcmp(value, names[u]) == 0) {
			*(enum compare_unit *)unit = (enum compare_unit)u;
			return;
		}
	usage_error("%s: time, samples or share, not '%s'", option, value);
}

static void
compare_min_samples_option(void *min_count, const char *value,
                           const char *option)
{
	*(double *)min_count = (double)option_count(value, option, true);
}

#define C struct compare_options
const struct option_row compare_option_table[] = {
    OPT_CALL(0, "unit", "time|samples|share", C, unit, compare_unit_option,
             "\nwhat is compared: ms per loop (or per run), samples\n"
             "per run, or percent of each total (default: time\n"
             "when both sides' meta.json give it, else share)"),
    OPT_CALL(0, "fdr", "P", C, alpha, compare_fdr_option,
             "false discovery rate, percent (default 5)"),
    OPT_CALL(0, "min-samples", "N", C, min_count, compare_min_samples_option,
             "test rows (functions, stacks) with N samples or more\n"
             "in A and B together (default 10)"),
    OPT_FLAG(0, "exact-dso", C, exact_dso,
             "match DSOs and commands by exact name, versions\n"
             "included"),
    OPT_FLAG(0, "force", C, force,
             "compare different events or weighting anyway"),
    OPT_END,
};
#undef C

void
compare_init(struct compare *c, const struct compare_options *o,
             enum compare_key key)
{
	memset(c, 0, sizeof *c);
	c->opt = *o;
	c->key = key;
	c->nmeasures = key == KEY_STACK ? 1 : 2;
	string_table_init(&c->names);
	tuple_table_init(&c->index);
}

void
compare_free(struct compare *c)
{
	for (int s = 0; s < 2; s++) {
		if (c->side[s].owned) {
			profile_free(c->side[s].profile);
			free(c->side[s].profile);
			bytecode_view_free(c->side[s].bytecode);
		}
		free(c->side[s].item_of);
		free(c->side[s].category_of);
		free(c->side[s].glue_of);
	}
	string_table_free(&c->names);
	tuple_table_free(&c->index);
	free(c->items);
	free(c->cells);
	free(c->results);
	free(c->buf);
	free(c->frames);
	free(c->fam);
	free(c->rules);
	free(c->glue);
}

/* A number of meta.json, or 0 when absent or not a number. */
static double
meta_number(const struct json_flat *doc, const char *path)
{
	const struct json_entry *e = json_flat_find(doc, path);

	return e != NULL && e->kind == JSON_NUMBER ? strtod(e->value, NULL) : 0;
}

/*
 * What the data set's meta.json beside a raw file (DIR/ID-raw.txt[.xz]
 * beside DIR/ID-meta.json) says of a sample and of a run: the frequency of
 * a time event, and the loops a run's profiled values ran (pyperformance).
 * Nothing when there is none; a bad one is an error (exit 1).
 */
static void
read_beside(struct compare_side *s, const char *path)
{
	static const char *const suffixes[] = {"-raw.txt.xz", "-raw.txt"};
	size_t n = strlen(path);
	char *meta = NULL, *text = NULL, why[256];
	size_t len = 0;

	for (size_t i = 0; meta == NULL && i < 2; i++) {
		size_t k = strlen(suffixes[i]);
		if (n > k && strcmp(path + n - k, suffixes[i]) == 0 &&
		    asprintf(&meta, "%.*s-meta.json", (int)(n - k), path) < 0)
			die(EXIT_DATA, "out of memory");
	}
	FILE *f = meta != NULL ? fopen(meta, "re") : NULL;
	if (f == NULL) {
		if (meta != NULL && errno != ENOENT)
			die_errno(EXIT_DATA, "%s", meta);
		free(meta);
		return; /* not a data set's raw file, or none beside it */
	}
	FILE *buf = open_memstream(&text, &len);
	char chunk[4096];
	size_t got;
	while (buf != NULL && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
		fwrite(chunk, 1, got, buf);
	if (buf == NULL || ferror(f) || fclose(buf) != 0)
		die_errno(EXIT_DATA, "%s", meta);
	fclose(f);
	struct json_flat doc = {0};
	if (!json_flat_parse(text, len, &doc, why, sizeof why))
		die(EXIT_DATA, "%s: not JSON: %s", meta, why);
	const struct json_entry *event = json_flat_find(&doc, "tool.event");
	const struct json_entry *unit = json_flat_find(&doc, "samples.unit");
	bool time = event != NULL && event->kind == JSON_STRING &&
	            (strcmp(event->value, "cpu-clock") == 0 ||
	             strcmp(event->value, "task-clock") == 0) &&
	            (unit == NULL || unit->kind != JSON_STRING ||
	             strcmp(unit->value, "samples") == 0);
	if (time && meta_number(&doc, "tool.period") == 0)
		s->frequency = meta_number(&doc, "tool.frequency");
	s->loops = meta_number(&doc, "benchmark.loops") *
	           meta_number(&doc, "benchmark.values_per_run");
	json_flat_free(&doc);
	free(text);
	free(meta);
}

/*
 * Read side 0 (A) or 1 (B) from path ("-": stdin) with the views' options.
 * Exits with status 1 when it has no samples.
 */
static void
compare_read(struct compare *c, int side, const struct view_options *vo,
             const char *path)
{
	struct compare_side *s = &c->side[side];
	struct view_options o = *vo;
	char *argv[1] = {(char *)path};

	s->path = path;
	s->profile = xcalloc(1, sizeof *s->profile);
	s->owned = true;
	o.profile.runs = true;
	if (c->opt.eval_loop || compare_key_eval_loop(c->key)) {
		s->bytecode = bytecode_view_new(o.profile.period);
		bytecode_view_keep_runs(s->bytecode, s->profile);
	}
	if (!view_load_with(s->profile, &o, 1, argv,
	                    s->bytecode != NULL ? bytecode_view_sample : NULL,
	                    s->bytecode)) {
		warnmsg("%s (%s): nothing to compare", input_name(path),
		        side == 0 ? "A" : "B");
		exit(EXIT_DATA);
	}
	s->nruns = profile_run_count(s->profile);
	s->counts_per_weight = 1;
	s->scale = 1;
	if (strcmp(path, "-") != 0)
		read_beside(s, path);
	if (o.profile.period && s->profile->stream.saw_perf)
		s->counts_per_weight = (double)s->profile->stream.samples /
		                       (double)s->profile->total;
}

void
compare_read_both(struct compare *c, const struct view_options *vo,
                  const char *a, const char *b)
{
	if (strcmp(a, "-") == 0 && strcmp(b, "-") == 0)
		usage_error("stdin ('-') can be one side only");
	compare_read(c, 0, vo, a);
	compare_read(c, 1, vo, b);
}

void
compare_init_borrowing(struct compare *c, const struct compare *from,
                       enum compare_key key)
{
	compare_init(c, &from->opt, key);
	/* From a comparison run: its unit, not what it made of the options. */
	if (from->results != NULL) {
		c->opt.unit = from->unit;
		c->opt.absolute = from->unit == UNIT_SAMPLES;
	}
	for (int s = 0; s < 2; s++)
		if (compare_key_eval_loop(key) &&
		    from->side[s].bytecode == NULL)
			die(EXIT_DATA, "%s: read without the eval loop placed",
			    input_name(from->side[s].path));
	compare_share_sides(c, from);
}

bool
compare_eval_loop_placed(const struct compare *c, int side, const char **why)
{
	const struct bytecode_view *v = c->side[side].bytecode;

	if (v == NULL)
		*why = "read without the eval loop placed";
	else if (bytecode_view_loop_samples(v) == 0)
		*why = "no sample has a frame of CPython's eval loop "
		       "(" EVAL_LOOP_FUNCTION ")";
	else if (bytecode_view_placed_samples(v) == 0)
		*why = "none of its eval loop samples could be placed in an "
		       "instruction (bytecode(1) on it says why)";
	else
		return true;
	return false;
}

/* The mean period of a side's samples. */
static double
mean_period(const struct compare_side *s)
{
	return 1 / s->counts_per_weight;
}

void
compare_share_sides(struct compare *c, const struct compare *from)
{
	for (int s = 0; s < 2; s++) {
		const struct compare_side *f = &from->side[s];
		struct compare_side *to = &c->side[s];
		to->path = f->path;
		to->profile = f->profile;
		to->bytecode = f->bytecode;
		to->owned = false;
		to->nruns = f->nruns;
		to->counts_per_weight = f->counts_per_weight;
		to->frequency = f->frequency;
		to->loops = f->loops;
		to->scale = 1;
	}
}

bool
compare_refused(const struct compare *c, bool force)
{
	const struct profile *a = c->side[0].profile;
	const struct profile *b = c->side[1].profile;
	const char *ea = profile_event_name(a), *eb = profile_event_name(b);
	const char *wa = profile_weight_name(a), *wb = profile_weight_name(b);
	const char *hint = force ? "" : " (--force compares them anyway)";
	bool refused = false;

	if (ea != NULL && eb != NULL && strcmp(ea, eb) != 0) {
		warnmsg("A is of event %s, B of event %s: different "
		        "events%s",
		        ea, eb, hint);
		refused = true;
	}
	if (strcmp(wa, wb) != 0 && strcmp(wa, "samples") != 0 &&
	    strcmp(wb, "samples") != 0) {
		warnmsg("A is weighted by %s, B by %s%s", wa, wb, hint);
		refused = true;
	}
	if (strcmp(wa, "period") == 0 && strcmp(wb, "period") == 0) {
		double pa = mean_period(&c->side[0]);
		double pb = mean_period(&c->side[1]);
		if (fabs(pa - pb) > 0.1 * (pa > pb ? pa : pb)) {
			warnmsg("A's samples have a mean period of %.0f, B's "
			        "of %.0f: different frequencies%s",
			        pa, pb, hint);
			refused = true;
		}
	}
	return refused;
}

void
compare_check(const struct compare *c)
{
	if (compare_refused(c, c->opt.force) && !c->opt.force)
		exit(EXIT_DATA);
}

/*
 * A name with its DSO's version set aside: a DSO name, or a function name
 * that is a DSO's in brackets ("[libc.so.6]" -> "[libc.so]").  In fam,
 * valid until the next call.
 */
static struct span
family_of(struct compare *c, struct span name, bool bracketed)
{
	if (c->opt.exact_dso || name.n == 0)
		return name;
	c->fam = array_reserve(c->fam, &c->fam_cap, name.n, 1);
	if (!bracketed)
		return span_make(c->fam, dso_family_name(name, c->fam));
	if (name.n < 2 || name.p[0] != '[' || name.p[name.n - 1] != ']' ||
	    span_eq_cstr(name, "[unknown]"))
		return name;
	c->fam[0] = '[';
	size_t n =
	    dso_family_name(span_make(name.p + 1, name.n - 2), c->fam + 1);
	c->fam[n + 1] = ']';
	return span_make(c->fam, n + 2);
}

static uint32_t
intern(struct compare *c, struct span s)
{
	return string_table_intern(&c->names, s);
}

/* The item of key, added if new. */
static uint32_t
item_for(struct compare *c, const uint32_t *key, size_t n)
{
	uint32_t id = tuple_table_intern(&c->index, key, n);

	if (id == c->nitems) {
		c->items = array_reserve(c->items, &c->items_cap,
		                         (size_t)id + 1, sizeof *c->items);
		struct compare_item *it = &c->items[id];
		it->name = it->dso = COMPARE_NONE;
		it->dso_of[0] = it->dso_of[1] = COMPARE_NONE;
		c->nitems++;
	}
	return id;
}

/* The item of function fn of a side: by (name, DSO), DSO or category. */
static uint32_t
function_item(struct compare *c, int side, uint32_t fn)
{
	const struct profile *p = c->side[side].profile;
	const struct function *f = profile_function(p, fn);
	struct span dso = profile_text(p, f->dso);
	uint32_t key[2];
	size_t n = 0;

	if (c->key == KEY_CATEGORY) {
		uint32_t id = item_for(c, &c->side[side].category_of[fn], 1);
		c->items[id].name = c->side[side].category_of[fn];
		return id;
	}
	if (c->key == KEY_FUNCTION)
		key[n++] =
		    intern(c, family_of(c, profile_text(p, f->name), true));
	key[n++] = intern(c, family_of(c, dso, false));
	/* By name alone, the DSO is not part of the key. */
	uint32_t id = item_for(c, key, c->by_name ? 1 : n);
	struct compare_item *it = &c->items[id];
	if (c->key == KEY_FUNCTION)
		it->name = key[0];
	if (it->dso == COMPARE_NONE || it->dso == c->unknown)
		it->dso = key[n - 1];
	if (it->dso_of[side] == COMPARE_NONE)
		it->dso_of[side] = intern(c, dso);
	return id;
}

/* Append s to the text being built in buf, *len bytes so far. */
static void
append(struct compare *c, size_t *len, struct span s)
{
	c->buf = array_reserve(c->buf, &c->buf_cap, *len + s.n + 1, 1);
	if (s.n > 0)
		memcpy(c->buf + *len, s.p, s.n);
	*len += s.n;
}

/*
 * The frames of stack s that make its item, root first, into c->frames
 * (function ids; their number returned): glue is left out but as the leaf
 * (the same code either way, its own time its own), and a re-entry, a
 * function of kind GLUE_REENTRY directly under itself once glue is left
 * out, is one frame with its caller (the interpreter called through glue
 * is the same interpreter, however deep in C); a function of kind
 * GLUE_ROOT starts the item, its callers left out (what triggers it is
 * incidental: the garbage collector runs from whichever allocation, or
 * check of the eval breaker, crosses its threshold).
 */
static uint32_t
item_frames(struct compare *c, int side, struct profile_stack s)
{
	const struct profile *p = c->side[side].profile;
	const uint8_t *glue = c->side[side].glue_of;
	uint32_t n = 0;

	c->frames = array_reserve(c->frames, &c->frames_cap, s.n ? s.n : 1,
	                          sizeof *c->frames);
	for (uint32_t i = s.n; i-- > 0;) {
		uint32_t fn = s.functions[i];
		uint8_t kind = glue != NULL ? glue[fn] : GLUE_NONE;
		if (kind == GLUE_SKIP && i > 0)
			continue;
		if (kind == GLUE_ROOT)
			n = 0; /* whoever called it: incidental */
		if (kind == GLUE_REENTRY && n > 0 &&
		    profile_function(p, c->frames[n - 1])->name ==
		        profile_function(p, fn)->name)
			continue;
		c->frames[n++] = fn;
	}
	return n;
}

/*
 * The folded text of a stack, as collapse writes it by default: the root
 * (its command), then the function names from the root, without
 * annotations, so that folded stacks and perf script text of one program
 * agree.  The command and names of DSOs have their versions set aside.
 */
static uint32_t
stack_item(struct compare *c, int side, uint32_t stack)
{
	const struct profile *p = c->side[side].profile;
	struct profile_stack s = profile_stack_get(p, stack);
	const struct function *leaf = profile_function(p, s.functions[0]);
	size_t len = 0;

	append(c, &len, family_of(c, profile_text(p, s.comm), false));
	/* A sample of no frames was counted in "[unknown]": the root alone. */
	bool alone = s.n == 1 && leaf->name == p->unknown_dso &&
	             leaf->dso == p->unknown_dso;
	uint32_t n = alone ? 0 : item_frames(c, side, s);
	for (uint32_t i = 0; i < n; i++) {
		const struct function *f = profile_function(p, c->frames[i]);
		append(c, &len, span_cstr(";"));
		append(c, &len, family_of(c, profile_text(p, f->name), true));
	}
	uint32_t key = intern(c, span_make(c->buf, len));
	uint32_t id = item_for(c, &key, 1);
	c->items[id].name = key;
	return id;
}

/*
 * The item of a row of a side's bytecode view: the instruction (its
 * family where a function's DSO is) or the family, by name.
 */
static uint32_t
bytecode_item(struct compare *c, int side, uint32_t row)
{
	struct bytecode_row r = bytecode_view_row(c->side[side].bytecode, row);
	uint32_t key = intern(c, c->key == KEY_FAMILY ? r.family : r.name);
	uint32_t id = item_for(c, &key, 1);
	struct compare_item *it = &c->items[id];

	it->name = key;
	if (c->key == KEY_INSTRUCTION && it->dso_of[side] == COMPARE_NONE) {
		it->dso_of[side] = intern(c, r.family);
		if (it->dso == COMPARE_NONE)
			it->dso = it->dso_of[side];
	}
	return id;
}

/* Every function (or stack, or row of the eval loop) of a side mapped to
 * its item. */
static void
map_items(struct compare *c, int side)
{
	struct compare_side *s = &c->side[side];
	const struct profile *p = s->profile;

	if (compare_key_eval_loop(c->key)) {
		/* The rows with weight in a run, each once. */
		size_t n = bytecode_view_run_weight_count(s->bytecode);
		for (size_t i = 0; i < n; i++)
			bytecode_item(
			    c, side,
			    bytecode_view_run_weight(s->bytecode, i).row);
		return;
	}
	uint32_t n = c->key == KEY_STACK ? profile_stack_count(p)
	                                 : profile_function_count(p);

	s->item_of = xreallocarray(NULL, n ? n : 1, sizeof *s->item_of);
	for (uint32_t i = 0; i < n; i++)
		s->item_of[i] = c->key == KEY_STACK ? stack_item(c, side, i)
		                                    : function_item(c, side, i);
}

static double *
cell(struct compare *c, uint32_t item, uint32_t measure, uint32_t column)
{
	size_t columns = c->side[0].nruns + c->side[1].nruns;

	return &c->cells[((size_t)item * c->nmeasures + measure) * columns +
	                 column];
}

/* Each run's weights of a side into the cells. */
static void
fill_cells(struct compare *c, int side, uint32_t *stamp, uint32_t *clock)
{
	const struct compare_side *s = &c->side[side];
	const struct profile *p = s->profile;
	uint32_t first = side == 0 ? 0 : c->side[0].nruns;

	if (compare_key_eval_loop(c->key)) {
		size_t n = bytecode_view_run_weight_count(s->bytecode);
		for (size_t i = 0; i < n; i++) {
			struct bytecode_run_weight w =
			    bytecode_view_run_weight(s->bytecode, i);
			uint32_t item = bytecode_item(c, side, w.row);
			*cell(c, item, 0, first + w.run) += (double)w.self;
			*cell(c, item, 1, first + w.run) += (double)w.total;
		}
		return;
	}
	for (uint32_t i = 0; i < profile_run_weight_count(p); i++) {
		struct profile_run_weight w = profile_run_weight_get(p, i);
		double weight = (double)w.weight;
		uint32_t column = first + w.run;
		if (c->key == KEY_STACK) {
			*cell(c, s->item_of[w.stack], 0, column) += weight;
			continue;
		}
		struct profile_stack st = profile_stack_get(p, w.stack);
		uint32_t self = s->item_of[st.functions[st.self]];
		*cell(c, self, 0, column) += weight;
		++*clock;
		for (uint32_t f = st.self; f < st.n; f++) {
			uint32_t item = s->item_of[st.functions[f]];
			if (stamp[item] == *clock)
				continue; /* recursion: once per sample */
			stamp[item] = *clock;
			*cell(c, item, 1, column) += weight;
		}
	}
}

/*
 * The least variance of one run's value on each side: its counting error
 * under the hypothesis of no difference.  A share p of a run of n samples
 * varies by p (1 - p) / n (binomial), a count per run of mean m by m
 * (Poisson), p and m pooled from both sides; in weight units.
 */
static void
counting_floor(const struct compare *c, const struct compare_result *r,
               double floor[2])
{
	double k[2] = {c->side[0].counts_per_weight,
	               c->side[1].counts_per_weight};
	double counts = r->weight[0] * k[0] + r->weight[1] * k[1];

	if (c->unit == UNIT_TIME) {
		/* Under no change, the time per run (or loop) mu is common:
		 * side s counts mu / scale a run, Poisson, in its unit. */
		double mu = (r->weight[0] * k[0] * c->side[0].scale +
		             r->weight[1] * k[1] * c->side[1].scale) /
		            (c->side[0].nruns + c->side[1].nruns);
		for (int s = 0; s < 2; s++)
			floor[s] = mu * c->side[s].scale;
		return;
	}
	if (c->opt.absolute) {
		double mean = counts / (c->side[0].nruns + c->side[1].nruns);
		for (int s = 0; s < 2; s++)
			floor[s] = mean / (k[s] * k[s]);
		return;
	}
	double all = (double)c->side[0].profile->total * k[0] +
	             (double)c->side[1].profile->total * k[1];
	double p = counts / all;
	for (int s = 0; s < 2; s++) {
		double run =
		    (double)c->side[s].profile->total * k[s] / c->side[s].nruns;
		floor[s] = p * (1 - p) / run;
	}
}

/* The result of one item and measure, its test not yet adjusted. */
static void
compute_result(struct compare *c, uint32_t item, uint32_t measure,
               double *values)
{
	struct compare_result *r =
	    &c->results[(size_t)item * c->nmeasures + measure];
	const double *row = cell(c, item, measure, 0);
	uint32_t column = 0;
	double *x[2] = {values, values + c->side[0].nruns};

	for (int s = 0; s < 2; s++) {
		const struct compare_side *side = &c->side[s];
		const struct profile *p = side->profile;
		r->weight[s] = 0;
		for (uint32_t run = 0; run < side->nruns; run++, column++) {
			double w = row[column];
			r->weight[s] += w;
			x[s][run] = c->opt.absolute
			                ? w * side->scale
			                : w / (double)p->run_totals[run];
		}
		r->share[s] = c->opt.absolute
		                  ? r->weight[s] * side->scale / side->nruns
		                  : 100 * r->weight[s] / (double)p->total;
	}
	r->diff = r->share[1] - r->share[0];
	double ka = c->side[0].counts_per_weight;
	double kb = c->side[1].counts_per_weight;
	r->tested = r->weight[0] * ka + r->weight[1] * kb >= c->opt.min_count;
	if (!r->tested) {
		r->test.statistic = r->test.df = 0;
		r->test.p = r->q = NAN;
		return;
	}
	if (c->test == TEST_WELCH) {
		double floor[2];
		counting_floor(c, r, floor);
		r->test =
		    welch_t_test_floored(x[0], c->side[0].nruns, x[1],
		                         c->side[1].nruns, floor[0], floor[1]);
		return;
	}
	if (c->opt.absolute) /* exposure: runs, or the unit's per count */
		r->test = rate_z_test(
		    r->weight[0] * ka, c->side[0].nruns / c->side[0].scale,
		    r->weight[1] * kb, c->side[1].nruns / c->side[1].scale);
	else
		r->test = proportion_z_test(
		    r->weight[0] * ka, (double)c->side[0].profile->total * ka,
		    r->weight[1] * kb, (double)c->side[1].profile->total * kb);
}

/* Benjamini–Hochberg over the items of one measure that were tested. */
static void
adjust(struct compare *c, uint32_t measure)
{
	double *p = xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *p);
	uint32_t *tested =
	    xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *tested);
	uint32_t n = 0;

	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r = compare_result(c, i, measure);
		if (r->tested) {
			tested[n] = i;
			p[n++] = r->test.p;
		}
	}
	benjamini_hochberg(p, n, p);
	c->ntested[measure] = n;
	c->nsignificant[measure] = 0;
	for (uint32_t k = 0; k < n; k++) {
		struct compare_result *r =
		    &c->results[(size_t)tested[k] * c->nmeasures + measure];
		r->q = p[k];
		r->significant = p[k] <= c->opt.alpha;
		c->nsignificant[measure] += r->significant;
	}
	free(tested);
	free(p);
}

/*
 * The unit of the values (compare.h): asked for, or time when both sides
 * know theirs, and each side's scale into it (milliseconds).  Time needs
 * sample counts: weights by period are not.
 */
static void
resolve_unit(struct compare *c)
{
	const struct compare_side *a = &c->side[0], *b = &c->side[1];
	bool counts = a->counts_per_weight == 1 && b->counts_per_weight == 1;
	bool time = counts && a->frequency > 0 && b->frequency > 0;

	c->unit = c->opt.unit;
	if (c->opt.absolute)
		c->unit = UNIT_SAMPLES;
	else if (c->unit == UNIT_AUTO)
		c->unit = time ? UNIT_TIME : UNIT_SHARE;
	if (c->unit == UNIT_TIME && !time)
		die(EXIT_USAGE,
		    "--unit time: %s has no meta.json beside it giving the "
		    "frequency of a time event (cpu-clock, task-clock)",
		    a->frequency > 0 ? "B" : "A");
	c->opt.absolute = c->unit != UNIT_SHARE;
	c->per_loop = c->unit == UNIT_TIME && a->loops > 0 && b->loops > 0;
	for (int s = 0; s < 2 && c->unit == UNIT_TIME; s++)
		c->side[s].scale =
		    1000 / (c->side[s].frequency *
		            (c->per_loop ? c->side[s].loops : 1));
}

void
compare_run(struct compare *c)
{
	uint32_t clock = 0;

	resolve_unit(c);
	c->unknown = intern(c, span_cstr("[unknown]"));
	c->by_name =
	    c->key == KEY_FUNCTION && (c->side[0].profile->stream.saw_folded ||
	                               c->side[1].profile->stream.saw_folded);
	map_items(c, 0);
	map_items(c, 1);
	c->test = c->side[0].nruns >= 2 && c->side[1].nruns >= 2 ? TEST_WELCH
	                                                         : TEST_COUNTS;
	size_t columns = c->side[0].nruns + c->side[1].nruns;
	c->cells = xcalloc((size_t)c->nitems * c->nmeasures * columns + 1,
	                   sizeof *c->cells);
	uint32_t *stamp = xcalloc((size_t)c->nitems + 1, sizeof *stamp);
	fill_cells(c, 0, stamp, &clock);
	fill_cells(c, 1, stamp, &clock);
	free(stamp);

	c->results =
	    xcalloc((size_t)c->nitems * c->nmeasures + 1, sizeof *c->results);
	double *values = xreallocarray(NULL, columns, sizeof *values);
	for (uint32_t i = 0; i < c->nitems; i++)
		for (uint32_t m = 0; m < c->nmeasures; m++)
			compute_result(c, i, m, values);
	free(values);
	for (uint32_t m = 0; m < c->nmeasures; m++)
		adjust(c, m);
	for (uint32_t i = 0; i < c->nitems; i++) {
		const struct compare_result *r =
		    compare_result(c, i, c->nmeasures - 1);
		c->side[0].present += r->weight[0] > 0;
		c->side[1].present += r->weight[1] > 0;
	}
}

int
compare_only_in(const struct compare *c, uint32_t item)
{
	const struct compare_result *r =
	    compare_result(c, item, c->nmeasures - 1);

	if (r->weight[0] > 0 && r->weight[1] == 0)
		return 0;
	if (r->weight[1] > 0 && r->weight[0] == 0)
		return 1;
	return -1;
}

/* What compare_items sorts by: a comparison, and one of its measures. */
struct item_order {
	const struct compare *c;
	uint32_t measure;
};

/* Both sides, new, gone: -1, 1, 0 made 0, 1, 2. */
static int
section_of(const struct compare *c, uint32_t item)
{
	int only = compare_only_in(c, item);

	return only < 0 ? 0 : 2 - only;
}

/* For qsort_r over an item_order. */
static int
compare_items(const void *pa, const void *pb, void *arg)
{
	const struct item_order *by = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	const struct compare *c = by->c;
	const struct compare_result *ra = compare_result(c, a, by->measure);
	const struct compare_result *rb = compare_result(c, b, by->measure);
	int sa = section_of(c, a), sb = section_of(c, b);

	if (sa != sb)
		return sa < sb ? -1 : 1;
	if (ra->significant != rb->significant)
		return ra->significant ? -1 : 1;
	if (fabs(ra->diff) != fabs(rb->diff))
		return fabs(ra->diff) > fabs(rb->diff) ? -1 : 1;
	const struct compare_item *ia = &c->items[a], *ib = &c->items[b];
	if (ia->name != ib->name && ia->name != COMPARE_NONE &&
	    ib->name != COMPARE_NONE)
		return span_compare(compare_text(c, ia->name),
		                    compare_text(c, ib->name));
	return span_compare(compare_item_dso(c, a), compare_item_dso(c, b));
}

/* The items' indexes sorted by cmp over an item_order (free it). */
static uint32_t *
items_sorted(const struct compare *c, uint32_t measure,
             int (*cmp)(const void *, const void *, void *))
{
	uint32_t *order =
	    xreallocarray(NULL, c->nitems ? c->nitems : 1, sizeof *order);
	struct item_order by = {c, measure};

	for (uint32_t i = 0; i < c->nitems; i++)
		order[i] = i;
	qsort_r(order, c->nitems, sizeof *order, cmp, &by);
	return order;
}

uint32_t *
compare_order(const struct compare *c, uint32_t measure)
{
	return items_sorted(c, measure, compare_items);
}

/* For qsort_r over an item_order: by the size of the change alone. */
static int
compare_sizes(const void *pa, const void *pb, void *arg)
{
	const struct item_order *by = arg;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	double da = fabs(compare_result(by->c, a, by->measure)->diff);
	double db = fabs(compare_result(by->c, b, by->measure)->diff);

	if (da != db)
		return da > db ? -1 : 1;
	return span_compare(compare_text(by->c, by->c->items[a].name),
	                    compare_text(by->c, by->c->items[b].name));
}

uint32_t *
compare_by_size(const struct compare *c, uint32_t measure)
{
	return items_sorted(c, measure, compare_sizes);
}

struct span
compare_item_dso(const struct compare *c, uint32_t item)
{
	const struct compare_item *it = &c->items[item];
	uint32_t a = it->dso_of[0], b = it->dso_of[1];

	if (a == COMPARE_NONE && b == COMPARE_NONE)
		return span_make("", 0); /* a category */
	/* One side's name, when the other has none or does not know it. */
	if (a == COMPARE_NONE || a == b || a == c->unknown)
		return compare_text(c, b != COMPARE_NONE ? b : a);
	if (b == COMPARE_NONE || b == c->unknown)
		return compare_text(c, a);
	return compare_text(c, it->dso);
}

/* The family name of function fn of a side, interned. */
static uint32_t
function_name(struct compare *c, int side, uint32_t fn)
{
	const struct profile *p = c->side[side].profile;

	return intern(
	    c,
	    family_of(c, profile_text(p, profile_function(p, fn)->name), true));
}

/* The family name of a stack's command, interned. */
static uint32_t
command_name(struct compare *c, int side, struct profile_stack s)
{
	const struct profile *p = c->side[side].profile;

	return intern(c, family_of(c, profile_text(p, s.comm), false));
}

/*
 * The names of a side's stacks, by id in names (a new array of
 * names.count, every name of both sides interned before): its commands
 * and every function of its stacks, glue included (all), or only the
 * frames of its items, those drawn.
 */
static bool *
names_of_side(struct compare *c, int side, bool all)
{
	const struct profile *p = c->side[side].profile;
	bool *has = xcalloc(c->names.count + 1, sizeof *has);

	for (uint32_t i = 0; i < profile_stack_count(p); i++) {
		struct profile_stack s = profile_stack_get(p, i);
		has[command_name(c, side, s)] = true;
		uint32_t n = all ? s.n : item_frames(c, side, s);
		for (uint32_t f = 0; f < n; f++)
			has[function_name(
			    c, side, all ? s.functions[f] : c->frames[f])] =
			    true;
	}
	return has;
}

/* Every name of both sides' stacks interned, so that ids stay below
 * names.count. */
static void
intern_all_names(struct compare *c)
{
	for (int side = 0; side < 2; side++) {
		const struct profile *p = c->side[side].profile;
		for (uint32_t i = 0; i < profile_stack_count(p); i++) {
			struct profile_stack s = profile_stack_get(p, i);
			command_name(c, side, s);
			for (uint32_t f = 0; f < s.n; f++)
				function_name(c, side, s.functions[f]);
		}
	}
}

/* Are the command and every function of stack s's item in has? */
static bool
all_named(struct compare *c, int side, struct profile_stack s, const bool *has)
{
	if (!has[command_name(c, side, s)])
		return false;
	uint32_t n = item_frames(c, side, s);
	for (uint32_t i = 0; i < n; i++)
		if (!has[function_name(c, side, c->frames[i])])
			return false;
	return true;
}

void
compare_unmatched(struct compare *c, double share[2])
{
	intern_all_names(c);
	bool *has[2] = {names_of_side(c, 0, true), names_of_side(c, 1, true)};

	for (int side = 0; side < 2; side++) {
		const struct compare_side *cs = &c->side[side];
		const struct profile *p = cs->profile;
		double lost = 0;
		for (uint32_t i = 0; i < profile_stack_count(p); i++) {
			struct profile_stack s = profile_stack_get(p, i);
			const struct compare_result *r =
			    compare_result(c, cs->item_of[i], 0);
			if (r->weight[1 - side] == 0 &&
			    all_named(c, side, s, has[1 - side]))
				lost += (double)s.weight;
		}
		share[side] = p->total > 0 ? 100 * lost / (double)p->total : 0;
	}
	free(has[0]);
	free(has[1]);
}

uint32_t *
compare_hidden_in_both(struct compare *c, uint32_t *n)
{
	intern_all_names(c);
	bool *has[2] = {names_of_side(c, 0, true), names_of_side(c, 1, true)};
	bool *drawn[2] = {names_of_side(c, 0, false),
	                  names_of_side(c, 1, false)};
	uint32_t *ids = xreallocarray(NULL, c->names.count + 1, sizeof *ids);

	*n = 0;
	for (uint32_t id = 0; id < c->names.count; id++)
		if (has[0][id] && has[1][id] && drawn[0][id] != drawn[1][id])
			ids[(*n)++] = id;
	for (int s = 0; s < 2; s++) {
		free(has[s]);
		free(drawn[s]);
	}
	return ids;
}

char *
compare_unmatched_text(const double share[2])
{
	double worst = share[0] > share[1] ? share[0] : share[1];

	return xasprintf(
	    "%s%.1f%% of A and %.1f%% of B unmatched, on stacks the other "
	    "lacks though it has their functions (two recordings of one "
	    "build: up to about 12%%)",
	    worst > COMPARE_UNMATCHED_WARN
	        ? "WARNING: the stacks do not line up, a change of a path may "
	          "be the same code reached another way: "
	        : "",
	    share[0], share[1]);
}

/*
 * compare_category.c - a comparison by category: every function of both
 * sides given its category by the rules, as bycategory does (see
 * compare.h and views/category_profile.h).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "match/category_rules.h"
#include "views/category_profile.h"
#include "compare/compare.h"

void
compare_categorize(struct compare *c, struct category_rules *rules,
                   const char *shown)
{
	struct category_profile cp;

	category_profile_init(&cp, rules, 1, false, false);
	for (int s = 0; s < 2; s++) {
		const struct profile *p = c->side[s].profile;
		uint32_t n = profile_function_count(p);
		uint32_t *of = xreallocarray(NULL, n ? n : 1, sizeof *of);
		category_profile_classify(&cp, p);
		for (uint32_t fn = 0; fn < n; fn++)
			of[fn] = string_table_intern(
			    &c->names,
			    category_name(
			        rules,
			        category_profile_function_category(&cp, fn)));
		free(c->side[s].category_of);
		c->side[s].category_of = of;
	}
	category_profile_free(&cp);
	free(c->rules);
	c->rules = xstrdup(shown);
}

void
compare_categorize_file(struct compare *c, const char *given)
{
	struct category_rules rules;

	category_rules_load_or_exit(&rules, given);
	compare_categorize(c, &rules, category_rules_shown(&rules, given));
	category_rules_free(&rules);
}

/*
 * compare_init with the defaults, different events or weighting allowed;
 * eval_loop: the eval loop placed while reading (compare_init_borrowing
 * can then compare by instruction or family).
 */
static void
init_defaults(struct compare *c, enum compare_key key, bool eval_loop)
{
	struct compare_options o;

	memset(&o, 0, sizeof o);
	compare_options_default(&o);
	o.force = true;
	o.eval_loop = eval_loop;
	compare_init(c, &o, key);
}

/* The rules key asks for, then every result. */
static void
run_defaults(struct compare *c, enum compare_key key, const char *rules)
{
	if (key == KEY_CATEGORY)
		compare_categorize_file(c, rules);
	if (key == KEY_STACK)
		compare_glue_file(c, NULL);
	compare_run(c);
}

void
compare_defaults_run(struct compare *c, enum compare_key key, const char *a,
                     const char *b, const char *rules)
{
	struct view_options vo;

	memset(&vo, 0, sizeof vo);
	init_defaults(c, key, true);
	compare_read_both(c, &vo, a, b);
	run_defaults(c, key, rules);
}

void
compare_defaults_shared(struct compare *c, enum compare_key key,
                        const struct compare *from, const char *rules)
{
	init_defaults(c, key, false);
	compare_share_sides(c, from);
	run_defaults(c, key, rules);
}

void
compare_glue(struct compare *c, struct category_rules *rules, const char *shown)
{
	struct category_profile cp;
	struct span glue = span_cstr("glue"), reentry = span_cstr("reentry");
	struct span root = span_cstr("root");

	category_profile_init(&cp, rules, 1, false, false);
	for (int s = 0; s < 2; s++) {
		const struct profile *p = c->side[s].profile;
		uint32_t n = profile_function_count(p);
		uint8_t *of = xcalloc(n ? n : 1, sizeof *of);
		category_profile_classify(&cp, p);
		c->nglue[s] = c->nreentry[s] = c->nroot[s] = 0;
		for (uint32_t fn = 0; fn < n; fn++) {
			struct span name = category_name(
			    rules, category_profile_function_category(&cp, fn));
			of[fn] = span_eq(name, glue)      ? GLUE_SKIP
			         : span_eq(name, reentry) ? GLUE_REENTRY
			         : span_eq(name, root)    ? GLUE_ROOT
			                                  : GLUE_NONE;
			c->nglue[s] += of[fn] == GLUE_SKIP;
			c->nreentry[s] += of[fn] == GLUE_REENTRY;
			c->nroot[s] += of[fn] == GLUE_ROOT;
		}
		free(c->side[s].glue_of);
		c->side[s].glue_of = of;
	}
	category_profile_free(&cp);
	free(c->glue);
	c->glue = xstrdup(shown);
}

void
compare_glue_file(struct compare *c, const char *given)
{
	struct category_rules glue;

	rules_file_load_or_exit(
	    &glue, rules_file_find(given, "PERFVIEWS_GLUE", "glue.rules"));
	compare_glue(c, &glue,
	             rules_file_shown(&glue, given, "PERFVIEWS_GLUE",
	                              "glue.rules (the default glue)"));
	category_rules_free(&glue);
}

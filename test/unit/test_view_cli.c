/*
 * test_view_cli.c - the options the text views share (views/view_cli.h),
 * read by their table as a view reads them; the one main of the view
 * programs and its hooks.
 */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "base/cli.h"
#include "views/view_cli.h"
#include "unit.h"

static const struct program view = {
    .name = "calltree",
    .operands = "[file ...]",
    .summary = "a view",
    .options = view_option_table,
};

/* The options of a command line of up to four words, from all off. */
static struct view_options
parse(const char *a, const char *b, const char *c, const char *d)
{
	char *argv[] = {"calltree", (char *)a, (char *)b,
	                (char *)c,  (char *)d, NULL};
	int argc = 1;
	struct view_options o;

	while (argc < 5 && argv[argc] != NULL)
		argc++;
	memset(&o, 0, sizeof o);
	optind = 0;
	program_parse(&view, argc, argv, &o);
	return o;
}

START_TEST(inline_leaf_or_caller)
{
	ck_assert_int_eq(
	    parse("--inline", "caller", NULL, NULL).profile.inline_mode,
	    INLINE_CALLER);
	ck_assert_int_eq(parse("--inline=caller", "--inline=leaf", NULL, NULL)
	                     .profile.inline_mode,
	                 INLINE_LEAF);
}
END_TEST

static void
parse_bad(void *arg)
{
	cli_start("calltree");
	parse(arg, NULL, NULL, NULL);
}

START_TEST(bad_values_are_usage_errors)
{
	struct unit_child c;

	unit_child_run(parse_bad, "--inline=callee", &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "calltree: --inline: leaf or caller, not "
	                        "'callee'\nTry 'calltree --help'.\n");
	unit_child_run(parse_bad, "--format=xml", &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "calltree: --format: text, csv or json, not "
	                        "'xml'\nTry 'calltree --help'.\n");
}
END_TEST

START_TEST(srcline_sets_profile_and_symbols)
{
	struct view_options o = parse("--srcline", NULL, NULL, NULL);
	ck_assert(o.profile.srcline);
	ck_assert(o.symbols.srcline);
	ck_assert(!o.symbols.resolve && !o.symbols.inline_frames &&
	          !o.symbols.demangle);
}
END_TEST

START_TEST(format_and_event)
{
	ck_assert_int_eq(parse("--format", "json", NULL, NULL).format,
	                 FORMAT_JSON);
	ck_assert_int_eq(parse("-f", "json", "-f", "csv").format, FORMAT_CSV);
	ck_assert_int_eq(parse("-fjson", "-ftext", NULL, NULL).format,
	                 FORMAT_TEXT);
	struct view_options o = parse("-e", "cycles:u", NULL, NULL);
	ck_assert_str_eq(o.profile.input.event, "cycles:u");
	o = parse("--event=cycles:u", "-e", "cpu-clock", NULL);
	ck_assert_str_eq(o.profile.input.event, "cpu-clock");
}
END_TEST

START_TEST(flags)
{
	struct view_options o = parse("--period", NULL, NULL, NULL);
	/* The stream reads periods, the profile weighs samples by them. */
	ck_assert(o.profile.period && o.profile.input.period);
	ck_assert(!o.profile.input.strict && !o.profile.srcline &&
	          !symbol_options_any(&o.symbols));
	ck_assert(parse("--strict", NULL, NULL, NULL).profile.input.strict);
	ck_assert(parse("--resolve", NULL, NULL, NULL).symbols.resolve);
	ck_assert(
	    parse("--expand-inline", NULL, NULL, NULL).symbols.inline_frames);
	ck_assert(parse("--demangle", NULL, NULL, NULL).symbols.demangle);
}
END_TEST

/* A view program that says what view_main_with called, in its order. */
struct hooked {
	struct view_options view;
	int started, samples;
};

static void
hooked_start(void *opts)
{
	((struct hooked *)opts)->started++;
	printf("start\n");
}

static void
hooked_sample(void *opts, const struct perf_sample *s, uint32_t root)
{
	struct hooked *h = opts;

	(void)s, (void)root;
	/* Each sample after start, before the output. */
	printf("sample %d\n", h->started);
	h->samples++;
}

static void
hooked_write(struct profile *p, void *opts)
{
	printf("write %d of %llu\n", ((struct hooked *)opts)->samples,
	       (unsigned long long)p->total);
}

static void
hooked_end(void *opts)
{
	fprintf(stderr, "end %d\n", ((struct hooked *)opts)->started);
}

static void
hooked_main(void *arg)
{
	static const struct view_hooks hooks = {hooked_start, hooked_sample,
	                                        hooked_end};
	char *argv[] = {"calltree", arg, NULL};
	struct hooked h;

	memset(&h, 0, sizeof h);
	optind = 0;
	exit(view_main_with(&view, 2, argv, &h, &h.view, hooked_write, &hooks));
}

START_TEST(one_main_and_its_hooks)
{
	char path[UNIT_PATH];
	struct unit_child c;

	unit_temp_file(path, "python3 1 1.0: 1 cpu-clock:\n"
	                     "\t1 f (/usr/lib/libc.so.6)\n\n"
	                     "python3 1 2.0: 1 cpu-clock:\n"
	                     "\t1 g (/usr/lib/libc.so.6)\n\n");
	unit_child_run(hooked_main, path, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "start\nsample 1\nsample 1\nwrite 2 of 2\n");
	ck_assert_str_eq(c.err, "end 1\n");
	/* No samples: no output, the state let go all the same. */
	unit_temp_file(path, "");
	unit_child_run(hooked_main, path, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.out, "start\n");
	ck_assert_str_eq(c.err, "calltree: no samples\nend 1\n");
	unlink(path);
	/* A missing input is told before the view starts. */
	unit_child_run(hooked_main, path, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.out, "");
	ck_assert_msg(strstr(c.err, "No such file") != NULL, "%s", c.err);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {inline_leaf_or_caller,
	                        bad_values_are_usage_errors,
	                        srcline_sets_profile_and_symbols,
	                        format_and_event,
	                        flags,
	                        one_main_and_its_hooks,
	                        NULL};
	return unit_main("view_cli", tests);
}

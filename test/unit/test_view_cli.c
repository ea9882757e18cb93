/*
 * test_view_cli.c - the options the text views share (views/view_cli.h).
 */
#include <getopt.h>

#include "base/message.h"
#include "views/view_cli.h"
#include "unit.h"

/* The code view_option knows an option by: its short letter, or its own. */
static int
code_of(const char *name)
{
	for (const struct option *o = view_options_long; o->name != NULL; o++)
		if (strcmp(o->name, name) == 0)
			return o->val;
	ck_abort_msg("no option --%s", name);
	return 0;
}

/* Options as a view starts: all off. */
static struct view_options
apply(const char *name, const char *arg)
{
	struct view_options o;

	memset(&o, 0, sizeof o);
	ck_assert(view_option(&o, code_of(name), arg));
	return o;
}

START_TEST(inline_leaf_or_caller)
{
	struct view_options o = apply("inline", "caller");
	ck_assert_int_eq(o.profile.inline_mode, INLINE_CALLER);
	ck_assert(view_option(&o, code_of("inline"), "leaf"));
	ck_assert_int_eq(o.profile.inline_mode, INLINE_LEAF);
}
END_TEST

struct bad_value {
	const char *name;
	const char *arg;
};

static void
apply_bad(void *arg)
{
	const struct bad_value *b = arg;

	progname = "calltree";
	apply(b->name, b->arg);
}

START_TEST(bad_values_are_usage_errors)
{
	struct bad_value bad_inline = {"inline", "callee"};
	struct bad_value bad_format = {"format", "xml"};
	struct unit_child c;

	unit_child_run(apply_bad, &bad_inline, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "calltree: --inline: leaf or caller, not "
	                        "'callee'\nTry 'calltree --help'.\n");
	unit_child_run(apply_bad, &bad_format, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "calltree: --format: text, csv or json, not "
	                        "'xml'\nTry 'calltree --help'.\n");
}
END_TEST

START_TEST(srcline_sets_profile_and_symbols)
{
	struct view_options o = apply("srcline", NULL);
	ck_assert(o.profile.srcline);
	ck_assert(o.symbols.srcline);
	ck_assert(!o.symbols.resolve && !o.symbols.inline_frames &&
	          !o.symbols.demangle);
}
END_TEST

START_TEST(format_and_event)
{
	struct view_options o = apply("format", "json");
	ck_assert_int_eq(o.format, FORMAT_JSON);
	ck_assert(view_option(&o, 'f', "csv"));
	ck_assert_int_eq(o.format, FORMAT_CSV);
	ck_assert(view_option(&o, 'f', "text"));
	ck_assert_int_eq(o.format, FORMAT_TEXT);
	const char *event = "cycles:u";
	o = apply("event", event);
	ck_assert_ptr_eq(o.profile.input.event, event);
	ck_assert(view_option(&o, 'e', "cpu-clock"));
	ck_assert_str_eq(o.profile.input.event, "cpu-clock");
}
END_TEST

START_TEST(flags)
{
	ck_assert(apply("period", NULL).profile.period);
	ck_assert(apply("strict", NULL).profile.input.strict);
	ck_assert(apply("resolve", NULL).symbols.resolve);
	ck_assert(apply("expand-inline", NULL).symbols.inline_frames);
	ck_assert(apply("demangle", NULL).symbols.demangle);
	/* One flag sets nothing else. */
	struct view_options o = apply("period", NULL);
	ck_assert(!o.profile.input.strict && !o.profile.srcline &&
	          !symbol_options_any(&o.symbols));
}
END_TEST

START_TEST(other_codes_left_to_the_view)
{
	struct view_options o, before;

	memset(&o, 0, sizeof o);
	before = o;
	ck_assert(!view_option(&o, 'x', "1"));
	ck_assert(!view_option(&o, 0, NULL));
	ck_assert(memcmp(&o, &before, sizeof o) == 0);
}
END_TEST

START_TEST(every_option_in_help_and_shortopts)
{
	for (const struct option *o = view_options_long; o->name != NULL; o++) {
		char long_name[64];
		snprintf(long_name, sizeof long_name, "--%s", o->name);
		ck_assert_msg(strstr(view_options_help, long_name) != NULL,
		              "%s not in the help", long_name);
		/* A short option's letter takes a value as its long one. */
		const char *in =
		    o->val < 128 ? strchr(VIEW_SHORTOPTS, o->val) : NULL;
		if (in != NULL)
			ck_assert_int_eq(in[1] == ':',
			                 o->has_arg == required_argument);
	}
	ck_assert_int_eq(code_of("event"), 'e');
	ck_assert_int_eq(code_of("format"), 'f');
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
	                        other_codes_left_to_the_view,
	                        every_option_in_help_and_shortopts,
	                        NULL};
	return unit_main("view_cli", tests);
}

/*
 * test_options.c - a program's options declared once (base/options.h):
 * numbers read strictly, option values and repeated options,
 * every kind of row read into its field, shared tables spliced in at
 * their offset and overridden by a program's own row, letters shared by
 * aliases, values checked with the option named, and --help's layout.
 */
#include <getopt.h>
#include <stdio.h>

#include "base/cli.h"
#include "base/options.h"
#include "unit.h"

START_TEST(parse_u64_is_strict)
{
	uint64_t v = 7;

	ck_assert(parse_u64("0", &v));
	ck_assert_uint_eq(v, 0);
	ck_assert(parse_u64("42", &v));
	ck_assert_uint_eq(v, 42);
	ck_assert(parse_u64("18446744073709551615", &v));
	ck_assert_uint_eq(v, UINT64_MAX);
	v = 7;
	ck_assert(!parse_u64("18446744073709551616", &v));
	ck_assert(!parse_u64("", &v));
	ck_assert(!parse_u64("-1", &v));
	ck_assert(!parse_u64("+1", &v));
	ck_assert(!parse_u64(" 1", &v));
	ck_assert(!parse_u64("1 ", &v));
	ck_assert(!parse_u64("1k", &v));
	ck_assert(!parse_u64("0x10", &v));
	ck_assert(!parse_u64("1.0", &v));
	/* A refused string leaves the value alone. */
	ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(parse_double_is_strict)
{
	double v = 7;

	ck_assert(parse_double("0.5", &v));
	ck_assert(v == 0.5);
	ck_assert(parse_double("100", &v));
	ck_assert(v == 100);
	ck_assert(parse_double("-2.5e1", &v));
	ck_assert(v == -25);
	v = 7;
	ck_assert(!parse_double("", &v));
	ck_assert(!parse_double("1%", &v));
	ck_assert(!parse_double("1.5 ", &v));
	ck_assert(!parse_double("nan", &v));
	ck_assert(!parse_double("1e999", &v));
	ck_assert(!parse_double("abc", &v));
	ck_assert(!parse_double(" 50", &v));
	ck_assert(!parse_double("inf", &v));
	ck_assert(!parse_double("0x10", &v));
	ck_assert(v == 7);
}
END_TEST

struct value_case {
	const char *arg;
	bool percent; /* option_percent, else option_count */
	bool zero_ok;
};

/* Print the value an option helper returns, or let it exit. */
static void
option_value(void *arg)
{
	const struct value_case *vc = arg;

	cli_start("prog");
	if (vc->percent)
		printf("%g\n", option_percent(vc->arg, "--limit"));
	else
		printf("%llu\n", (unsigned long long)option_count(
		                     vc->arg, "--count", vc->zero_ok));
}

static struct unit_child *
value_of(const char *arg, bool percent, bool zero_ok)
{
	static struct unit_child c;
	struct value_case vc = {arg, percent, zero_ok};

	unit_child_run(option_value, &vc, &c);
	return &c;
}

START_TEST(option_values)
{
	struct unit_child *c = value_of("12.5", true, false);
	ck_assert_int_eq(c->status, 0);
	ck_assert_str_eq(c->out, "12.5\n");
	c = value_of("0", true, false);
	ck_assert_str_eq(c->out, "0\n");
	c = value_of("100", true, false);
	ck_assert_str_eq(c->out, "100\n");
	c = value_of("30", false, false);
	ck_assert_int_eq(c->status, 0);
	ck_assert_str_eq(c->out, "30\n");
	c = value_of("0", false, true);
	ck_assert_int_eq(c->status, 0);
	ck_assert_str_eq(c->out, "0\n");
}
END_TEST

START_TEST(repeated_option_kept_in_order)
{
	struct option_list l = {0};
	char name[40][16];

	for (int i = 0; i < 40; i++) {
		snprintf(name[i], sizeof name[i], "v%d", i);
		option_list_add(&l, name[i]);
	}
	ck_assert_uint_eq(l.n, 40);
	ck_assert_uint_ge(l.cap, 40);
	for (int i = 0; i < 40; i++)
		ck_assert_ptr_eq(l.v[i], name[i]);
	option_list_free(&l);
	ck_assert_ptr_null(l.v);
	ck_assert_uint_eq(l.n, 0);
	option_list_add(&l, "again");
	ck_assert_str_eq(l.v[0], "again");
	option_list_free(&l);
}
END_TEST

START_TEST(bad_option_values_are_usage_errors)
{
	struct unit_child *c = value_of("101", true, false);
	ck_assert_int_eq(c->status, 2);
	ck_assert_str_eq(c->out, "");
	ck_assert_str_eq(c->err,
	                 "prog: --limit: not a percentage from 0 to 100: "
	                 "'101'\nTry 'prog --help'.\n");
	c = value_of("-1", true, false);
	ck_assert_int_eq(c->status, 2);
	c = value_of("5%", true, false);
	ck_assert_int_eq(c->status, 2);
	ck_assert_ptr_nonnull(strstr(c->err, "'5%'"));

	c = value_of("0", false, false);
	ck_assert_int_eq(c->status, 2);
	ck_assert_str_eq(c->err, "prog: --count: not a positive whole number: "
	                         "'0'\nTry 'prog --help'.\n");
	c = value_of("x", false, true);
	ck_assert_int_eq(c->status, 2);
	ck_assert_str_eq(c->err,
	                 "prog: --count: not a non-negative whole number: "
	                 "'x'\nTry 'prog --help'.\n");
	c = value_of("-3", false, true);
	ck_assert_int_eq(c->status, 2);
}
END_TEST

/* A shared table, as the views' is, and a program's own around it. */
struct shared {
	bool strict;
	const char *event;
	int format;
};

static const struct option_choice formats[] = {
    {"text", 0}, {"csv", 1}, {"json", 2}, {NULL, 0}};

static const struct option_row shared_rows[] = {
    OPT_CHOICE('f', "format", "text|csv|json", struct shared, format, formats,
               "output format"),
    OPT_TEXT('e', "event", "NAME", struct shared, event,
             "samples of event NAME;\nNAME* every event it begins"),
    OPT_FLAG(0, "strict", struct shared, strict, "fatal bad lines"),
    OPT_END,
};

enum side { LEFT, RIGHT };

struct own {
	uint64_t limit;
	uint64_t depth;
	unsigned jobs;
	double percent;
	struct option_list labels;
	enum side side;
	int calls;
	char called_as[32]; /* the name is the call's only */
	struct shared shared;
	bool all;
};

static void
count_call(void *field, const char *value, const char *option)
{
	struct own *o = field;

	o->calls++;
	snprintf(o->called_as, sizeof o->called_as, "%s", option);
	(void)value;
}

/* --format here refuses what the shared table takes. */
static void
no_format(void *field, const char *value, const char *option)
{
	(void)field, (void)value;
	usage_error("%s: not here", option);
}

static const struct option_row own_rows[] = {
    OPT_NOTE("A, B", "the inputs"),
    OPT_COUNT('n', "limit", "N", struct own, limit, "at most N rows"),
    OPT_POSITIVE(0, "depth", "N", struct own, depth,
                 "\nlevels, a long help below the option"),
    OPT_UNSIGNED('j', "jobs", "N", struct own, jobs, NULL),
    OPT_PERCENT('p', "percent-limit", "P", struct own, percent,
                "hide below P percent"),
    OPT_LIST(0, "label", "NAME", struct own, labels, "a label"),
    OPT_SET('r', "right", struct own, side, RIGHT, "the right side"),
    OPT_CALL_ALL(0, "call", NULL, count_call, "counted"),
    OPT_FLAG('a', "all", struct own, all, "everything"),
    OPT_FLAG('a', "every", struct own, all, NULL),
    OPT_TABLE(struct own, shared, shared_rows),
    OPT_END,
};

static const struct option_row overriding_rows[] = {
    OPT_CALL('f', "format", "F", struct own, shared, no_format, NULL),
    OPT_TABLE(struct own, shared, shared_rows),
    OPT_END,
};

static const struct program own_program = {
    .name = "prog",
    .summary = "a test",
    .options = own_rows,
};

static struct own
parse(char **argv)
{
	struct own o;
	int argc = 0;

	while (argv[argc] != NULL)
		argc++;
	memset(&o, 0, sizeof o);
	optind = 0;
	program_parse(&own_program, argc, argv, &o);
	return o;
}

START_TEST(every_kind_into_its_field)
{
	char *argv[] = {"prog",      "-n",   "12",     "--depth=3", "-j",
	                "4",         "-p",   "2.5",    "--label",   "x",
	                "--label=y", "-r",   "--call", "--call",    "--every",
	                "-f",        "json", "-e",     "cycles",    "--strict",
	                NULL};
	struct own o = parse(argv);

	ck_assert_uint_eq(o.limit, 12);
	ck_assert_uint_eq(o.depth, 3);
	ck_assert_uint_eq(o.jobs, 4);
	ck_assert(o.percent == 2.5);
	ck_assert_uint_eq(o.labels.n, 2);
	ck_assert_str_eq(o.labels.v[1], "y");
	ck_assert_int_eq(o.side, RIGHT);
	ck_assert_int_eq(o.calls, 2);
	ck_assert_str_eq(o.called_as, "--call");
	ck_assert(o.all);
	/* The shared table's fields, inside the program's own. */
	ck_assert_int_eq(o.shared.format, 2);
	ck_assert_str_eq(o.shared.event, "cycles");
	ck_assert(o.shared.strict);
	option_list_free(&o.labels);
}
END_TEST

static void
parse_in_child(void *arg)
{
	cli_start("prog");
	parse(arg);
}

static const char *
refusal(char **argv)
{
	static struct unit_child c;

	unit_child_run(parse_in_child, argv, &c);
	ck_assert_int_eq(c.status, 2);
	return c.err;
}

START_TEST(bad_values_name_their_option)
{
	char *choice[] = {"prog", "-f", "xml", NULL};
	char *positive[] = {"prog", "--depth", "0", NULL};
	char *count[] = {"prog", "--limit=x", NULL};
	char *percent[] = {"prog", "-p", "101", NULL};

	ck_assert_str_eq(refusal(choice), "prog: --format: text, csv or json, "
	                                  "not 'xml'\nTry 'prog --help'.\n");
	ck_assert_str_eq(refusal(positive), "prog: --depth: not a positive "
	                                    "whole number: '0'\n"
	                                    "Try 'prog --help'.\n");
	ck_assert_str_eq(refusal(count), "prog: --limit: not a non-negative "
	                                 "whole number: 'x'\n"
	                                 "Try 'prog --help'.\n");
	ck_assert_str_eq(refusal(percent), "prog: --percent-limit: not a "
	                                   "percentage from 0 to 100: '101'\n"
	                                   "Try 'prog --help'.\n");
}
END_TEST

START_TEST(own_row_overrides_a_shared_one)
{
	struct option_set s;

	option_set_init(&s, overriding_rows);
	ck_assert_uint_eq(s.n, 3); /* format (own), event, strict */
	ck_assert_ptr_eq(s.rows[0].row, &overriding_rows[0]);
	ck_assert_str_eq(s.shortopts, "f:e:");
	/* Offsets are the whole struct's. */
	ck_assert_uint_eq(s.rows[1].offset, offsetof(struct own, shared) +
	                                        offsetof(struct shared, event));
	option_set_free(&s);
}
END_TEST

static const char *
help_of(const struct option_row *rows)
{
	static char *text;
	static size_t n;
	free(text); /* the last call's, no longer used */
	FILE *f = open_memstream(&text, &n);

	options_help(f, rows);
	fclose(f);
	return text;
}

START_TEST(help_in_two_columns)
{
	const char *want =
	    "  A, B                    the inputs\n"
	    "  -n, --limit N           at most N rows\n"
	    "      --depth N\n"
	    "                          levels, a long help below the option\n"
	    "  -p, --percent-limit P   hide below P percent\n"
	    "      --label NAME        a label\n"
	    "  -r, --right             the right side\n"
	    "      --call              counted\n"
	    "  -a, --all               everything\n"
	    "  -f, --format text|csv|json  output format\n"
	    "  -e, --event NAME        samples of event NAME;\n"
	    "                          NAME* every event it begins\n"
	    "      --strict            fatal bad lines\n";

	ck_assert_str_eq(help_of(own_rows), want);
	/* A row without help is not shown, nor listed. */
	ck_assert_ptr_null(strstr(help_of(own_rows), "--jobs"));
	ck_assert_ptr_null(strstr(help_of(overriding_rows), "--format"));
}
END_TEST

START_TEST(list_of_long_options)
{
	static char *text;
	static size_t n;
	free(text); /* the last call's, no longer used */
	FILE *f = open_memstream(&text, &n);

	options_list(f, own_rows);
	fclose(f);
	ck_assert_str_eq(text, "--limit\n--depth\n--percent-limit\n--label\n"
	                       "--right\n--call\n--all\n--format\n--event\n"
	                       "--strict\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {parse_u64_is_strict,
	                        parse_double_is_strict,
	                        repeated_option_kept_in_order,
	                        option_values,
	                        bad_option_values_are_usage_errors,
	                        every_kind_into_its_field,
	                        bad_values_name_their_option,
	                        own_row_overrides_a_shared_one,
	                        help_in_two_columns,
	                        list_of_long_options,
	                        NULL};
	return unit_main("options", tests);
}

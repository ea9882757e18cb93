/*
 * test_cli.c - the command-line skeleton every program shares
 * (base/cli.h): number parsing, option values, inputs, options.
 */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "base/cli.h"
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
	char name[40][8];

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

static void
open_input(void *path)
{
	cli_start("prog");
	int fd = input_open(path);
	printf("%s\n", fd == STDIN_FILENO ? "stdin" : "file");
	input_close(fd);
}

START_TEST(input_open_says_what_is_wrong)
{
	struct unit_child c;
	char path[UNIT_PATH];

	unit_child_run(open_input, "/", &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: /: Is a directory\n");
	unit_child_run(open_input, "/nonexistent/perfviews", &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: /nonexistent/perfviews: No such file "
	                        "or directory\n");
	unit_child_run(open_input, "-", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "stdin\n");
	unit_temp_file(path, "x\n");
	unit_child_run(open_input, path, &c);
	unlink(path);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "file\n");
	ck_assert_str_eq(c.err, "");
}
END_TEST

static void
collect(void *ctx, const char *path)
{
	strcat(ctx, path);
	strcat(ctx, "|");
}

START_TEST(inputs_and_their_names)
{
	char seen[64] = "";
	char *argv[] = {"a", "-", "b"};

	ck_assert_str_eq(input_name("-"), "stdin");
	ck_assert_str_eq(input_name("x.txt"), "x.txt");
	ck_assert_str_eq(input_name("--"), "--");
	each_input(0, argv, collect, seen);
	ck_assert_str_eq(seen, "-|");
	seen[0] = '\0';
	each_input(3, argv, collect, seen);
	ck_assert_str_eq(seen, "a|-|b|");
}
END_TEST

/* A program of one flag and one option with a value. */
static const struct option test_options[] = {
    {"flag", no_argument, NULL, 'f'},
    {"limit", required_argument, NULL, 'l'},
    {NULL, 0, NULL, 0},
};

static const struct program test_program = {
    .name = "prog",
    .usage = "prog [-f] [--limit N] [file ...]\n",
    .summary = "a test program",
    .help = "  -f, --flag              a flag\n",
    .shortopts = "fl:",
    .options = test_options,
    .reads_files = true,
};

/* The options of a command line, one a line, then the operands. */
static void
run_options(void *arg)
{
	char **argv = arg;
	int argc = 0, ch;

	while (argv[argc] != NULL)
		argc++;
	cli_start("prog");
	optind = 1;
	while ((ch = program_option(&test_program, argc, argv)) != -1)
		printf("%c %s\n", ch, optarg ? optarg : "-");
	for (int i = optind; i < argc; i++)
		printf("operand %s\n", argv[i]);
}

START_TEST(program_options)
{
	struct unit_child c;
	char *good[] = {"prog", "-f", "--limit=3", "-l", "4", "in", NULL};
	char *unknown[] = {"prog", "--nope=1", NULL};
	char *missing[] = {"prog", "-l", NULL};
	char *version[] = {"prog", "--version", "-x", NULL};
	char *help[] = {"prog", "-h", NULL};

	unit_child_run(run_options, good, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "f -\nl 3\nl 4\noperand in\n");
	unit_child_run(run_options, unknown, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "prog: unknown option: --nope\n"
	                        "usage: prog [-f] [--limit N] [file ...]\n"
	                        "Try 'prog --help'.\n");
	unit_child_run(run_options, missing, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "prog: needs a value: -l\n"
	                        "usage: prog [-f] [--limit N] [file ...]\n"
	                        "Try 'prog --help'.\n");
	unit_child_run(run_options, version, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "prog (perfviews) " PERFVIEWS_VERSION "\n");
	unit_child_run(run_options, help, &c);
	ck_assert_int_eq(c.status, 0);
	const char *usage = "usage: prog [options] [file ...]\n"
	                    "a test program\n\n"
	                    "  -f, --flag              a flag\n";
	ck_assert_msg(strncmp(c.out, usage, strlen(usage)) == 0, "%s", c.out);
	ck_assert_ptr_nonnull(strstr(c.out, "\nSee prog(1).\n"));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {repeated_option_kept_in_order,
	                        parse_u64_is_strict,
	                        parse_double_is_strict,
	                        option_values,
	                        bad_option_values_are_usage_errors,
	                        input_open_says_what_is_wrong,
	                        inputs_and_their_names,
	                        program_options,
	                        NULL};
	return unit_main("cli", tests);
}

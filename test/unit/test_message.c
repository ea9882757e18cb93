/*
 * test_message.c - messages and exit statuses (base/message.h).
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "unit.h"

static void
warn_then_die(void *arg)
{
	(void)arg;
	progname = "prog";
	printf("before");
	warnmsg("w %d", 1);
	errno = ENOENT;
	warnmsg_errno("file %s", "x");
	errno = ENOENT;
	die_errno(EXIT_DATA, "gone");
}

START_TEST(messages_name_the_program)
{
	struct unit_child c;

	unit_child_run(warn_then_die, NULL, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.out, "before");
	ck_assert_str_eq(c.err, "prog: w 1\n"
	                        "prog: file x: No such file or directory\n"
	                        "prog: gone: No such file or directory\n");
}
END_TEST

static void
die_with_usage(void *arg)
{
	(void)arg;
	progname = "prog";
	die(EXIT_USAGE, "bad %s", "thing");
}

START_TEST(die_exits_with_its_status)
{
	struct unit_child c;

	unit_child_run(die_with_usage, NULL, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "prog: bad thing\n");
	ck_assert_int_eq(EXIT_OK, 0);
	ck_assert_int_eq(EXIT_DATA, 1);
	ck_assert_int_eq(EXIT_USAGE, 2);
}
END_TEST

/* Messages on the same file as the output, as on a terminal. */
static void
output_then_message(void *arg)
{
	(void)arg;
	progname = "prog";
	dup2(STDOUT_FILENO, STDERR_FILENO);
	printf("output ");
	warnmsg("message");
	printf("more ");
	die(EXIT_DATA, "end");
}

START_TEST(output_written_before_comes_first)
{
	struct unit_child c;

	unit_child_run(output_then_message, NULL, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.out, "output prog: message\nmore prog: end\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {messages_name_the_program,
	                        die_exits_with_its_status,
	                        output_written_before_comes_first, NULL};
	return unit_main("message", tests);
}

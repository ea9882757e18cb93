/*
 * test_usage.c - usage lines made from a table of options (base/usage.h):
 * OpenBSD's grouping and order, hidden rows and aliases left out, shared
 * tables, repeated options, forms naming their options, the wrapping at
 * 80 columns under the first option, and a form or table that disagree
 * refused.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/cli.h"
#include "base/usage.h"
#include "unit.h"

struct shared {
	int format;
	const char *event;
	bool strict;
};

struct own {
	bool all, quiet, big_a, period, every;
	const char *file, *files, *name, *title;
	uint64_t limit;
	struct option_list sets;
	struct shared shared;
};

static const struct option_choice formats[] = {
    {"text", 0},
    {"json", 1},
    {NULL, 0},
};

static const struct option_row shared_rows[] = {
    OPT_CHOICE('f', "format", "text|json", struct shared, format, formats,
               "output format"),
    OPT_TEXT('e', "event", "NAME", struct shared, event, "event NAME"),
    OPT_FLAG(0, "strict", struct shared, strict, "strict"),
    OPT_END,
};

#define O struct own
static const struct option_row own_rows[] = {
    OPT_FLAG(0, "period", O, period, "by period"),
    OPT_FLAG('q', "quiet", O, quiet, "quiet"),
    OPT_TEXT('f', "file", "FILE", O, file, "a file"),
    OPT_COUNT('n', "limit", "N", O, limit, "a limit"),
    OPT_FLAG('a', "all", O, all, "all"),
    OPT_FLAG('a', "every", O, every, NULL), /* an alias: not shown */
    OPT_TEXT('F', "files", "FILE", O, files, "files"),
    OPT_FLAG('A', "big-a", O, big_a, "capital A"),
    OPT_LIST(0, "set", "K=V", O, sets, "set K"),
    OPT_TEXT(0, "title", "TEXT", O, title, NULL), /* hidden */
    OPT_TEXT(0, "name", "NAME", O, name, "a name"),
    OPT_TABLE(O, shared, shared_rows),
    OPT_END,
};
#undef O

/* What usage_write writes, in a string the caller frees. */
static char *
usage_text(const char *lead, const struct usage *u)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	usage_write(f, lead, u);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

START_TEST(options_grouped_as_openbsd_does)
{
	struct usage u = {"prog", own_rows, "ID [FILE ...]", NULL};
	char *text = usage_text("usage: ", &u);

	/*
	 * Flags of a letter together, then letters with values, each in
	 * alphabetical order, a capital first ('f' is the program's own:
	 * the shared --format's letter is taken, so it is shown long); then
	 * the long options in the table's order, the shared ones after.
	 */
	ck_assert_str_eq(
	    text, "usage: prog [-Aaq] [-e NAME] [-F FILE] [-f FILE] [-n N]"
	          " [--period]\n"
	          "            [--set K=V]... [--name NAME] "
	          "[--format text|json] [--strict] ID\n"
	          "            [FILE ...]\n");
	free(text);
}
END_TEST

START_TEST(no_options_only_operands)
{
	struct usage u = {"prog id", NULL, "ID", NULL};
	char *text = usage_text("       ", &u);

	ck_assert_str_eq(text, "       prog id ID\n");
	free(text);
	u.operands = NULL;
	text = usage_text("usage: ", &u);
	ck_assert_str_eq(text, "usage: prog id\n");
	free(text);
}
END_TEST

#define LONG_ROW(long_name)                                                    \
	OPT_TEXT(0, long_name, "VALUE", struct own, title, "help")
static const struct option_row long_rows[] = {
    LONG_ROW("first-long-option"), LONG_ROW("second-long-option"),
    LONG_ROW("third-long-option"), LONG_ROW("fourth-long-option"),
    LONG_ROW("fifth-long-option"), OPT_END,
};

START_TEST(lines_wrapped_under_the_first_option)
{
	struct usage u = {"perfviews long", long_rows,
	                  "[FIRST-OPERAND A-SECOND-OPERAND] TAIL "
	                  "NAME-OF-BENCHMARK ...",
	                  NULL};
	char *text = usage_text("usage: ", &u);

	/*
	 * No line over 80 columns; a bracket is not cut where a space in
	 * it would fit ("[FIRST-OPERAND"), nor an operand from its "...".
	 */
	ck_assert_str_eq(text,
	                 "usage: perfviews long [--first-long-option VALUE] "
	                 "[--second-long-option VALUE]\n"
	                 "                      [--third-long-option "
	                 "VALUE] [--fourth-long-option VALUE]\n"
	                 "                      [--fifth-long-option "
	                 "VALUE]\n"
	                 "                      [FIRST-OPERAND "
	                 "A-SECOND-OPERAND] TAIL\n"
	                 "                      NAME-OF-BENCHMARK ...\n");
	for (const char *line = text; *line != '\0';) {
		size_t n = strcspn(line, "\n");
		ck_assert_uint_le(n, 80);
		line += n + 1;
	}
	free(text);
}
END_TEST

static const struct option_row form_rows[] = {
    OPT_TEXT('r', "raw", "RAW", struct own, file, "the raw file"),
    OPT_FLAG(0, "strict", struct own, all, "strict"),
    OPT_LIST('s', "set", "K=V", struct own, sets, "set K"),
    OPT_TEXT(0, "out", "DIR", struct own, name, "out"),
    OPT_FLAG(0, "fields", struct own, quiet, "the fields"),
    OPT_TEXT(0, "title", "TEXT", struct own, title, NULL), /* hidden */
    OPT_END,
};

START_TEST(forms_name_their_options)
{
	struct usage u = {"prog meta", form_rows, NULL,
	                  "[--raw [--strict]] [--set]... ID [FILE ...]\n"
	                  "step --out -- ID COMMAND ...\n"
	                  "--fields"};
	char *text = usage_text("usage: ", &u);

	/* Each option with its letter and value, brackets and "..." kept,
	 * "--" and operands as written; the next forms under the first. */
	ck_assert_str_eq(text, "usage: prog meta [-r RAW [--strict]] "
	                       "[-s K=V]... ID [FILE ...]\n"
	                       "       prog meta step --out DIR -- ID COMMAND "
	                       "...\n"
	                       "       prog meta --fields\n");
	free(text);
}
END_TEST

static void
write_usage(void *arg)
{
	cli_start("prog");
	usage_write(stdout, "usage: ", arg);
}

START_TEST(forms_and_table_must_agree)
{
	struct unit_child c;
	struct usage unknown = {"prog meta", form_rows, NULL,
	                        "[--raw] [--strict] [--set] [--out] [--rwa]\n"
	                        "--fields"};
	struct usage missing = {"prog meta", form_rows, NULL,
	                        "[--raw] [--strict] [--set] ID\n--fields"};

	unit_child_run(write_usage, &unknown, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: usage of prog meta: no option --rwa\n");
	unit_child_run(write_usage, &missing, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: usage of prog meta: --out in no form\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    options_grouped_as_openbsd_does,      no_options_only_operands,
	    lines_wrapped_under_the_first_option, forms_name_their_options,
	    forms_and_table_must_agree,           NULL};
	return unit_main("usage", tests);
}

/*
 * test_view_pass.c - which rows of the table of views the one pass writes
 * (dataset/view_pass.h): every view a data set has today (the eval
 * loop's by instruction among them); a row of
 * another program, or of the same program with other args or options, is
 * left to its program; a row shown another event than the pass's, too;
 * a flame graph only when the stacks it draws are the pass's.
 */
#include "dataset/file_kinds.h"
#include "pages/view_pass.h"
#include "unit.h"

START_TEST(every_view_of_the_table_in_one_pass)
{
	static const char *const kinds[] = {
	    "flamegraph",  "python-flamegraph", "flat",
	    "calltree",    "categories",        "categories-svg",
	    "python",      "python-csv",        "python-json",
	    "bydso",       "callers",           "files",
	    "folded",      "python-folded",     "bytecode",
	    "bytecode-csv"};
	struct view_given plain = {0}, faults = {.event = "page-faults"};

	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		const struct file_kind *k = file_kind_named(kinds[i]);
		ck_assert_msg(k != NULL, "%s", kinds[i]);
		ck_assert_msg(view_pass_writes(k, &plain), "%s", kinds[i]);
		ck_assert_msg(view_pass_writes(k, &faults), "%s", kinds[i]);
	}
	/* Neither the README nor what is made on request or recorded. */
	for (size_t i = 0; i < file_kind_count; i++)
		if (file_kinds[i].origin != FILE_VIEW)
			ck_assert_msg(!view_pass_writes(&file_kinds[i], &plain),
			              "%s", file_kinds[i].kind);
	/* A row of bytecode(1) as it stands. */
	struct file_kind k = {.kind = "bytecode",
	                      .origin = FILE_VIEW,
	                      .program = "bytecode",
	                      .input = VIEW_FROM_RAW,
	                      .options = VIEW_EVENT};
	ck_assert(view_pass_writes(&k, &faults));
}
END_TEST

START_TEST(other_rows_left_to_their_program)
{
	struct view_given plain = {0}, faults = {.event = "page-faults"};
	struct file_kind k = {.kind = "new",
	                      .origin = FILE_VIEW,
	                      .program = "nonesuch",
	                      .input = VIEW_FROM_RAW,
	                      .options = VIEW_EVENT};

	ck_assert(!view_pass_writes(&k, &plain));
	k.program = "calltree";
	ck_assert(view_pass_writes(&k, &plain));
	k.args[0] = "--inverted"; /* without the callers' other args */
	ck_assert(!view_pass_writes(&k, &plain));
	k.args[0] = NULL;
	k.options = VIEW_EVENT | VIEW_PALETTE; /* calltree takes no palette */
	ck_assert(!view_pass_writes(&k, &plain));
	/* Not shown the data set's event: the pass's profile is of it. */
	k.options = 0;
	ck_assert(view_pass_writes(&k, &plain));
	ck_assert(!view_pass_writes(&k, &faults));
	/* The stability report is perfviews', not the pass's. */
	ck_assert(!view_pass_writes(file_kind_named("stability"), &plain));
	/* A flame graph of stacks no writer of the pass makes. */
	k = (struct file_kind){.kind = "g",
	                       .program = "flamesvg",
	                       .input = VIEW_FROM_FOLDED,
	                       .from = "flat"};
	ck_assert(!view_pass_writes(&k, &plain));
	k.from = "python-folded";
	ck_assert(view_pass_writes(&k, &plain));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {every_view_of_the_table_in_one_pass,
	                        other_rows_left_to_their_program, NULL};
	return unit_main("view_pass", tests);
}

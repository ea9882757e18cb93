/*
 * test_view_pass.c - which rows of the table of views the one pass writes
 * (dataset/view_pass.h): every view a data set has today; a row of
 * another program, or of the same program with other args or options, is
 * left to its program; a row shown another event than the pass's, too;
 * a flame graph only when the stacks it draws are the pass's.
 */
#include "dataset/file_kinds.h"
#include "dataset/view_pass.h"
#include "unit.h"

START_TEST(every_view_of_the_table_in_one_pass)
{
	struct view_given plain = {0}, faults = {.event = "page-faults"};

	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		bool view = k->origin == FILE_VIEW && k->program != NULL;
		ck_assert_msg(view_pass_writes(k, &plain) == view, "%s",
		              k->kind);
		ck_assert_msg(view_pass_writes(k, &faults) == view, "%s",
		              k->kind);
	}
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

/*
 * test_profile.c - the aggregate profile of the text views
 * (views/profile.h), read from perf script and folded files.
 */
#include <unistd.h>

#include "views/profile.h"
#include "unit.h"

/* A profile read from text written to a temporary file. */
static void
read_text(struct profile *p, const struct profile_options *opt,
          const char *text)
{
	char path[UNIT_PATH];

	unit_temp_file(path, text);
	profile_init(p, opt);
	profile_read(p, path);
	unlink(path);
}

static bool
text_is(const struct profile *p, uint32_t id, const char *want)
{
	return span_eq_cstr(profile_text(p, id), want);
}

START_TEST(profile_inlined_frames_take_container_dso)
{
	struct profile_options opt = {0};
	struct profile p;

	read_text(&p, &opt,
	          "a 1 1.0: 10 cpu-clock:\n"
	          "\t10 inl+0x1 (inlined)\n"
	          "\t10 outer+0x1 (/lib/libx.so)\n"
	          "\t20 main+0x1 (/bin/a)\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 1);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.self, 0);
	const struct function *leaf = profile_function(&p, s.functions[0]);
	ck_assert(leaf->inlined);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->dso), "libx.so"));
	ck_assert(span_eq_cstr(profile_text(&p, s.comm), "a"));
	profile_free(&p);

	opt.inline_mode = INLINE_CALLER;
	opt.period = true;
	read_text(&p, &opt,
	          "a 1 1.0: 10 cpu-clock:\n"
	          "\t10 inl+0x1 (inlined)\n"
	          "\t10 outer+0x1 (/lib/libx.so)\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 10);
	s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.self, 1);
	profile_free(&p);
}
END_TEST

START_TEST(profile_reads_folded_annotations)
{
	struct profile_options opt = {0};
	struct profile p;

	read_text(&p, &opt, "cmd;main;clear_page_[k] 3\ncmd;[libc.so.6] 2\n");
	ck_assert(profile_finish(&p));
	ck_assert(p.stream.saw_folded);
	ck_assert_uint_eq(p.total, 5);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 2);
	const struct function *leaf = profile_function(&p, s.functions[0]);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->name), "clear_page"));
	ck_assert(
	    span_eq_cstr(profile_text(&p, leaf->dso), "[kernel.kallsyms]"));
	s = profile_stack_get(&p, 1);
	leaf = profile_function(&p, s.functions[0]);
	ck_assert(span_eq_cstr(profile_text(&p, leaf->dso), "libc.so.6"));
	profile_free(&p);
}
END_TEST

START_TEST(equal_stacks_add_up)
{
	struct profile_options opt = {0};
	struct profile p;

	/* Other addresses and offsets, same functions: one stack. */
	read_text(&p, &opt,
	          "a 1 1.0: 10 cpu-clock:\n"
	          "\t10 f(int)+0x1 (/lib/libx.so)\n"
	          "\t20 main+0x1 (/bin/a)\n\n"
	          "a 1 2.0: 30 cpu-clock:\n"
	          "\t11 f(char)+0x2 (/lib/libx.so)\n"
	          "\t21 main+0x9 (/bin/a)\n\n"
	          "b 2 3.0: 10 cpu-clock:\n"
	          "\t20 main+0x1 (/bin/a)\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 3);
	ck_assert_uint_eq(profile_stack_count(&p), 2);
	ck_assert_uint_eq(profile_function_count(&p), 2);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.weight, 2);
	ck_assert_uint_eq(s.n, 2);
	ck_assert(text_is(&p, s.comm, "a"));
	const struct function *f = profile_function(&p, s.functions[0]);
	ck_assert(text_is(&p, f->name, "f"));
	ck_assert(text_is(&p, f->dso, "libx.so"));
	ck_assert(
	    text_is(&p, profile_function(&p, s.functions[1])->name, "main"));
	s = profile_stack_get(&p, 1);
	ck_assert_uint_eq(s.weight, 1);
	ck_assert(text_is(&p, s.comm, "b"));
	ck_assert_str_eq(profile_weight_name(&p), "samples");
	ck_assert_str_eq(profile_event_name(&p), "cpu-clock");
	profile_free(&p);
}
END_TEST

START_TEST(sample_without_frames_counts_as_unknown)
{
	struct profile_options opt = {0};
	struct profile p;

	opt.period = true;
	read_text(&p, &opt, "a 1 1.0: 7 cpu-clock:\n\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(p.total, 7);
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 1);
	const struct function *f = profile_function(&p, s.functions[0]);
	ck_assert(text_is(&p, f->name, "[unknown]"));
	ck_assert(text_is(&p, f->dso, "[unknown]"));
	ck_assert_str_eq(profile_weight_name(&p), "period");
	profile_free(&p);
}
END_TEST

START_TEST(srcline_makes_a_function_per_line)
{
	struct profile_options opt = {0};
	struct profile p;

	opt.srcline = true;
	read_text(&p, &opt,
	          "a 1 1.0: 1 cpu-clock:\n"
	          "\t10 f+0x1 (/bin/a)\n  a.c:3\n\n"
	          "a 1 1.0: 1 cpu-clock:\n"
	          "\t12 f+0x3 (/bin/a)\n  a.c:4\n\n"
	          "a 1 1.0: 1 cpu-clock:\n"
	          "\t14 f+0x5 (/bin/a)\n  ??:0\n\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(profile_stack_count(&p), 3);
	ck_assert(text_is(
	    &p,
	    profile_function(&p, profile_stack_get(&p, 0).functions[0])->name,
	    "f:a.c:3"));
	ck_assert(text_is(
	    &p,
	    profile_function(&p, profile_stack_get(&p, 1).functions[0])->name,
	    "f:a.c:4"));
	/* No line known: the function alone. */
	ck_assert(text_is(
	    &p,
	    profile_function(&p, profile_stack_get(&p, 2).functions[0])->name,
	    "f"));
	profile_free(&p);
}
END_TEST

START_TEST(folded_weights_and_names)
{
	struct profile_options opt = {0};
	struct profile p;

	read_text(&p, &opt, "cmd 2\ncmd;f_[i];g_[j] 1.6\ncmd;h 0.4\n");
	ck_assert(profile_finish(&p));
	/* Counts round to whole weights. */
	ck_assert_uint_eq(p.total, 4);
	ck_assert_uint_eq(profile_stack_get(&p, 1).weight, 2);
	ck_assert_uint_eq(profile_stack_get(&p, 2).weight, 0);
	ck_assert_str_eq(profile_weight_name(&p), "count");
	ck_assert_ptr_null(profile_event_name(&p));
	/* A stack of a comm alone is counted in "[unknown]". */
	struct profile_stack s = profile_stack_get(&p, 0);
	ck_assert_uint_eq(s.n, 1);
	ck_assert(text_is(&p, profile_function(&p, s.functions[0])->name,
	                  "[unknown]"));
	s = profile_stack_get(&p, 1);
	ck_assert_uint_eq(s.n, 2);
	const struct function *leaf = profile_function(&p, s.functions[0]);
	ck_assert(text_is(&p, leaf->name, "g"));
	ck_assert(text_is(&p, leaf->dso, "[JIT]"));
	const struct function *caller = profile_function(&p, s.functions[1]);
	ck_assert(text_is(&p, caller->name, "f"));
	ck_assert(caller->inlined);
	profile_free(&p);
}
END_TEST

START_TEST(weights_kept_per_run)
{
	struct profile_options opt = {0};
	struct profile p;
	uint64_t w[3][2] = {{0}}; /* by run, by stack */

	opt.runs = true;
	opt.period = true;
	/* An empty run (2/4) is no run; stacks come back in any order. */
	read_text(&p, &opt,
	          "# perfviews run 1/4\n"
	          "a 1 1.0: 10 c:\n\t1 f (/x)\n\n"
	          "a 1 1.0: 20 c:\n\t1 g (/x)\n\n"
	          "a 1 1.0: 5 c:\n\t1 f (/x)\n\n"
	          "# perfviews run 2/4\n"
	          "# perfviews run 3/4\n"
	          "a 1 1.0: 7 c:\n\t1 g (/x)\n\n"
	          "# perfviews run 4/4\n"
	          "a 1 1.0: 1 c:\n\t1 f (/x)\n\n");
	ck_assert(profile_finish(&p));
	ck_assert_uint_eq(profile_run_count(&p), 3);
	ck_assert_uint_eq(profile_run_weight_count(&p), 4);
	for (uint32_t i = 0; i < profile_run_weight_count(&p); i++) {
		struct profile_run_weight r = profile_run_weight_get(&p, i);
		ck_assert_uint_lt(r.run, 3);
		ck_assert_uint_lt(r.stack, 2);
		w[r.run][r.stack] += r.weight;
	}
	/* Stack 0 is f, 1 is g: in the order they came. */
	ck_assert_uint_eq(w[0][0], 15);
	ck_assert_uint_eq(w[0][1], 20);
	ck_assert_uint_eq(w[1][1], 7);
	ck_assert_uint_eq(w[2][0], 1);
	ck_assert_uint_eq(p.run_totals[0], 35);
	ck_assert_uint_eq(p.run_totals[1], 7);
	ck_assert_uint_eq(p.run_totals[2], 1);
	ck_assert_uint_eq(p.total, 43);
	profile_free(&p);

	/* Folded stacks are one run; without opt.runs, nothing is kept. */
	read_text(&p, &opt, "a;b 3\na;c 2\n");
	ck_assert_uint_eq(profile_run_count(&p), 1);
	ck_assert_uint_eq(p.run_totals[0], 5);
	profile_free(&p);
	opt.runs = false;
	read_text(&p, &opt, "# perfviews run 1/1\na 1 1.0: 7 c:\n\n");
	ck_assert_uint_eq(profile_run_count(&p), 0);
	ck_assert_uint_eq(profile_run_weight_count(&p), 0);
	profile_free(&p);
}
END_TEST

START_TEST(dso_display_names)
{
	ck_assert_span(dso_display_name(span_cstr("/usr/lib/libc.so.6")),
	               "libc.so.6");
	ck_assert_span(dso_display_name(span_cstr("[kernel.kallsyms]")),
	               "[kernel.kallsyms]");
	ck_assert_span(dso_display_name(span_cstr("[JIT] tid 5/6")),
	               "[JIT] tid 5/6");
	ck_assert_span(dso_display_name(span_make(NULL, 0)), "[unknown]");
	ck_assert_span(dso_display_name(span_cstr("a.out")), "a.out");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {profile_inlined_frames_take_container_dso,
	                        profile_reads_folded_annotations,
	                        equal_stacks_add_up,
	                        sample_without_frames_counts_as_unknown,
	                        srcline_makes_a_function_per_line,
	                        folded_weights_and_names,
	                        weights_kept_per_run,
	                        dso_display_names,
	                        NULL};
	return unit_main("profile", tests);
}

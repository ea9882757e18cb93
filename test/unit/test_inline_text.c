/*
 * test_inline_text.c - perf's inlined-frame lines for frames of this test
 * program itself: a call inside an always-inlined function, at the return
 * address perf would print (a file offset), becomes the inlined function's
 * line, "(inlined)", then the frame line itself; under another ELF name
 * both are "(inlined)"; frames perf never expands stay as they are.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "symbols/inline_text.h"
#include "unit.h"

static uintptr_t caught_return;

__attribute__((noinline, noclone)) void
it_catch(void)
{
	caught_return = (uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
}

static inline __attribute__((always_inline)) int
it_inlined(int x)
{
	it_catch();
	return x + 1;
}

__attribute__((noinline)) int
it_outer(int x)
{
	return it_inlined(x) * 2;
}

static char exe[UNIT_MAPPED_PATH];

/*
 * perf's frame line for an address in the call in it_inlined (the call
 * instruction's last byte: the return address may lie past the inlined
 * code), named sym.
 */
static void
frame_line(char *buf, size_t size, const char *sym, bool offset)
{
	it_outer(1);
	uint64_t at = unit_file_offset(caught_return - 1, exe);
	uint64_t off = caught_return - 1 - (uintptr_t)it_outer;
	if (offset)
		snprintf(buf, size, "\t%16" PRIx64 " %s+0x%" PRIx64 " (%s)", at,
		         sym, off, exe);
	else
		snprintf(buf, size, "\t%16" PRIx64 " %s (%s)", at, sym, exe);
}

static struct span
expand(struct inline_text *t, const char *line)
{
	LIBBFD_LEAKS_BEGIN();
	struct span s = inline_text_frame(t, span_cstr(line));
	LIBBFD_LEAKS_END();
	return s;
}

START_TEST(inlined_call_as_perf_prints_it)
{
	struct inline_text *t = inline_text_new();
	char line[4300], want[9000];

	frame_line(line, sizeof line, "it_outer", true);
	/* "\t    1234 it_outer+0x5 (exe)": the address, then the name. */
	const char *name = strstr(line, "it_outer");
	int indent = (int)(name - line);
	const char *rest = name + 8;
	int offset = (int)(strchr(rest, ' ') - rest);
	snprintf(want, sizeof want, "%.*sit_inlined%.*s (inlined)\n%s\n",
	         indent, line, offset, rest, line);
	for (int round = 0; round < 2; round++) { /* the second: cached */
		struct span got = expand(t, line);
		ck_assert_ptr_nonnull(got.p);
		ck_assert_span(got, want);
	}
	struct inline_text_stats st = inline_text_stats(t);
	ck_assert_uint_eq(st.frames, 2);
	ck_assert_uint_eq(st.distinct, 1);
	ck_assert_uint_eq(st.expanded, 2);
	ck_assert_uint_eq(st.added, 2);
	inline_text_free(t);
}
END_TEST

/* Another ELF name (a GCC clone, a version): every record is inlined. */
START_TEST(renamed_frame_is_inlined_too)
{
	struct inline_text *t = inline_text_new();
	char line[4300], want[9000];

	frame_line(line, sizeof line, "it_outer.constprop.0", true);
	const char *name = strstr(line, "it_outer");
	int indent = (int)(name - line);
	const char *rest = name + strlen("it_outer.constprop.0");
	int offset = (int)(strchr(rest, ' ') - rest);
	snprintf(want, sizeof want,
	         "%.*sit_inlined%.*s (inlined)\n%.*sit_outer%.*s (inlined)\n",
	         indent, line, offset, rest, indent, line, offset, rest);
	ck_assert_span(expand(t, line), want);

	/* Without the offset (-F ip,sym,dso): none on the new lines. */
	frame_line(line, sizeof line, "it_outer", false);
	snprintf(want, sizeof want, "%.*sit_inlined (inlined)\n%s\n", indent,
	         line, line);
	ck_assert_span(expand(t, line), want);
	inline_text_free(t);
}
END_TEST

/* Frames perf never expands, or with nothing inlined: unchanged. */
START_TEST(other_frames_unchanged)
{
	struct inline_text *t = inline_text_new();
	char line[4300];
	const char *const never[] = {
	    "\tffffffff81000130 entry_SYSCALL_64+0x76 ([kernel.kallsyms])",
	    "\t    7ffd1234 __vdso_clock_gettime+0x10 ([vdso])",
	    "\t           0 [unknown] ([unknown])",
	    "\t    55d0a1 [unknown] (/usr/bin/python3.12)",
	    "\t    12 f+0x1 (inlined)",
	    "not a frame line",
	};
	for (size_t i = 0; i < sizeof never / sizeof *never; i++)
		ck_assert_ptr_null(expand(t, never[i]).p);
	/* it_catch's own entry: a chain of one, of its own name. */
	unit_file_offset((uintptr_t)it_catch, exe);
	snprintf(line, sizeof line, "\t%16" PRIx64 " it_catch+0x0 (%s)",
	         unit_file_offset((uintptr_t)it_catch, exe), exe);
	ck_assert_ptr_null(expand(t, line).p);
	struct inline_text_stats st = inline_text_stats(t);
	ck_assert_uint_eq(st.expanded, 0);
	ck_assert_uint_eq(st.added, 0);
	inline_text_free(t);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {inlined_call_as_perf_prints_it,
	                        renamed_frame_is_inlined_too,
	                        other_frames_unchanged, NULL};
	return unit_main("inline_text", tests);
}

/*
 * test_script_text.c - perf script text through script_text, in blocks
 * cut anywhere: copied byte for byte (a last line without '\n' too),
 * frame lines handed to inline_text only in the samples of events with
 * user stacks, as perf evlist -v tells them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "record/script_text.h"
#include "unit.h"

struct sink {
	char buf[8192];
	size_t len;
	unsigned writes;
};

static void
sink_write(void *ctx, const char *p, size_t n)
{
	struct sink *s = ctx;
	ck_assert_uint_le(s->len + n, sizeof s->buf);
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->writes++;
}

static const char evlist[] =
    "cpu-clock: type: 1, size: 128, { sample_period, sample_freq }: 20000, "
    "sample_type: IP|TID|TIME|CALLCHAIN|PERIOD|REGS_USER|STACK_USER, "
    "read_format: ID\n"
    "dummy:HG: type: 1, size: 128, config: 0x9, sample_type: "
    "IP|TID|TIME|CALLCHAIN|ID|CPU|PERIOD, read_format: ID|LOST\n";

static void
events_of(struct script_events *e, const char *text)
{
	char *copy = strdup(text), *save = NULL;
	memset(e, 0, sizeof *e);
	for (char *l = strtok_r(copy, "\n", &save); l != NULL;
	     l = strtok_r(NULL, "\n", &save))
		script_events_add(e, l);
	free(copy);
}

START_TEST(events_from_evlist)
{
	struct script_events e;

	events_of(&e, evlist);
	ck_assert_uint_eq(e.n, 2);
	ck_assert_str_eq(e.names[0], "cpu-clock");
	ck_assert_str_eq(e.names[1], "dummy:HG");
	ck_assert(e.dwarf[0] && !e.dwarf[1]);
	ck_assert(e.mixed && e.any);
	script_events_free(&e);
	/* -g: no STACK_USER; "STACK_USER" later on the line does not count */
	events_of(&e, "cycles:u: type: 0, sample_type: IP|TID|CALLCHAIN, "
	              "x: STACK_USER\nnot an event line\n");
	ck_assert_uint_eq(e.n, 1);
	ck_assert(!e.any && !e.mixed);
	script_events_free(&e);
}
END_TEST

/* Kernel and [unknown] frames: inline_text never opens a file for them. */
static const char text[] =
    "python3 10 100.000001:      50000 cpu-clock: \n"
    "\tffffffff81000130 entry_SYSCALL_64+0x76 ([kernel.kallsyms])\n"
    "\t           0 [unknown] ([unknown])\n"
    "\n"
    "python3 10 100.000002:          1 dummy:HG: \n"
    "\t           1 [unknown] ([unknown])\n"
    "\n"
    "python3 10 100.000003:      50000 cpu-clock: \n"
    "\tffffffff81000131 x+0x1 ([kernel.kallsyms])"; /* no last '\n' */

/* The whole text through script_text in blocks of n bytes. */
static void
feed(struct sink *s, struct inline_text *it, const struct script_events *e,
     size_t n)
{
	struct script_text st;
	size_t len = strlen(text);

	memset(s, 0, sizeof *s);
	script_text_init(&st, it, e, sink_write, s);
	for (size_t at = 0; at < len; at += n)
		script_text_feed(&st, text + at, at + n <= len ? n : len - at);
	script_text_end(&st);
	ck_assert_uint_eq(st.headers, it != NULL ? 3 : 0);
	script_text_free(&st);
}

START_TEST(text_copied_in_any_blocks)
{
	struct script_events e;
	struct inline_text *it = inline_text_new();
	struct sink s;

	events_of(&e, evlist);
	for (size_t n = 1; n <= strlen(text); n++) {
		feed(&s, it, &e, n);
		ck_assert_uint_eq(s.len, strlen(text));
		ck_assert(memcmp(s.buf, text, s.len) == 0);
	}
	/* Frames looked at: only the cpu-clock samples' (3 of 4 lines). */
	struct inline_text_stats st = inline_text_stats(it);
	ck_assert_uint_eq(st.frames, 3 * strlen(text));
	ck_assert_uint_eq(st.distinct, 3);
	inline_text_free(it);
	/* No inline_text: a copy, written in one block at the end. */
	feed(&s, NULL, &e, 7);
	ck_assert_uint_eq(s.len, strlen(text));
	ck_assert(memcmp(s.buf, text, s.len) == 0);
	ck_assert_uint_eq(s.writes, 1);
	script_events_free(&e);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {events_from_evlist, text_copied_in_any_blocks,
	                        NULL};
	return unit_main("script_text", tests);
}

/*
 * test_perf_script.c - the perf-script reader (input/perf_script.h) on
 * perf script's default form: one test per form of header line, each
 * built from a line of a real recording, then whole records read through
 * a pipe, with the text between samples handed out.  The forms of field
 * selections (-F) and of recordings without call chains have their own
 * tests, in test_perf_script_forms.c; frame lines in test_perf_frame.c.
 */
#include <stdio.h>
#include <unistd.h>

#include "input/input_format.h"
#include "input/perf_script.h"
#include "unit.h"

/* Is the start of an input certainly perf script text? */
static bool
perf_script_detect(struct span head)
{
	return input_format_guess(head, true).format == INPUT_PERF;
}

static struct perf_sample
header(const char *line)
{
	struct perf_sample s;
	memset(&s, 0, sizeof s);
	ck_assert_msg(perf_header_parse(span_cstr(line), &s), "no header: %s",
	              line);
	return s;
}

START_TEST(header_default_fields)
{
	struct perf_sample s =
	    header("python3.12  3688   157.770757:    2004008 cpu-clock:ppp: ");
	ck_assert_span(s.comm, "python3.12");
	ck_assert_int_eq(s.pid, -1);
	ck_assert_int_eq(s.tid, 3688);
	ck_assert_int_eq(s.cpu, -1);
	ck_assert_span(s.time, "157.770757");
	ck_assert_uint_eq(s.period, 2004008);
	ck_assert(s.has_period);
	ck_assert_span(s.event, "cpu-clock:ppp");
	ck_assert_uint_eq(s.trace.n, 0);
}
END_TEST

START_TEST(header_pid_tid_cpu)
{
	struct perf_sample s =
	    header("python3 12345/12346 [003] 12345.678901: 250000 cycles:u:");
	ck_assert_span(s.comm, "python3");
	ck_assert_int_eq(s.pid, 12345);
	ck_assert_int_eq(s.tid, 12346);
	ck_assert_int_eq(s.cpu, 3);
	ck_assert_uint_eq(s.period, 250000);
	ck_assert_span(s.event, "cycles:u");
}
END_TEST

START_TEST(header_comm_with_spaces)
{
	struct perf_sample s =
	    header("Web Content  2501/2509 [001] 99.5: 1 cycles:");
	ck_assert_span(s.comm, "Web Content");
	ck_assert_int_eq(s.pid, 2501);
	ck_assert_int_eq(s.tid, 2509);
}
END_TEST

START_TEST(header_comm_with_digits)
{
	/* A comm word that is a number is not taken for the pid. */
	struct perf_sample s = header("worker 2  77 [000] 1.0: 1 cycles:");
	ck_assert_span(s.comm, "worker 2");
	ck_assert_int_eq(s.tid, 77);
}
END_TEST

START_TEST(header_one_character_comm)
{
	struct perf_sample s = header("a 17 [000] 1.0:  1 cycles:");
	ck_assert_span(s.comm, "a");
	ck_assert_int_eq(s.tid, 17);
	ck_assert_span(s.event, "cycles");
}
END_TEST

START_TEST(header_idle_and_tool)
{
	struct perf_sample s =
	    header("swapper     0 [000]  6.0: 10101010 cpu-clock:");
	ck_assert_span(s.comm, "swapper");
	ck_assert_int_eq(s.tid, 0);
	s = header("perf-exec 1234 [001] 7.5: 1 cpu-clock:");
	ck_assert_span(s.comm, "perf-exec");
	s = header("java 2034 [002] 3345.1:          1 page-faults:");
	ck_assert_span(s.event, "page-faults");
}
END_TEST

START_TEST(header_tracepoint_fields)
{
	struct perf_sample s = header("sshd  1234 [000] 1.0: 1 "
	                              "syscalls:sys_enter_read: fd: 0x0003, "
	                              "buf: 0x7ffd, count: 0x4000");
	ck_assert_span(s.event, "syscalls:sys_enter_read");
	ck_assert_span(s.trace, "fd: 0x0003, buf: 0x7ffd, count: 0x4000");
}
END_TEST

START_TEST(header_without_time_or_period)
{
	struct perf_sample s = header("node-v011 31912 cpu-clock: ");
	ck_assert_span(s.comm, "node-v011");
	ck_assert_int_eq(s.tid, 31912);
	ck_assert(!s.has_period);
	ck_assert_uint_eq(s.period, 1);
	ck_assert_span(s.event, "cpu-clock");
	s = header("java 19983 cycles:");
	ck_assert_span(s.event, "cycles");
}
END_TEST

START_TEST(header_rejects_frames_and_junk)
{
	struct perf_sample s;
	ck_assert(!perf_header_parse(
	    span_cstr(
	        "ffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])"),
	    &s));
	ck_assert(!perf_header_parse(span_cstr("\t7f12 main (/bin/x)"), &s));
	ck_assert(!perf_header_parse(span_cstr("# cmdline : perf record"), &s));
	ck_assert(!perf_header_parse(span_cstr("hello world"), &s));
	ck_assert(!perf_header_parse(span_cstr(""), &s));
}
END_TEST

struct read_result {
	unsigned long samples;
	unsigned long bad_lines;
	size_t frames[8];
	uint64_t periods[8];
	char srcline[64];
};

static struct read_result
read_all(const char *text)
{
	struct read_result res;
	struct perf_reader r;
	struct perf_sample s;
	int fd = unit_pipe(text, strlen(text));

	memset(&res, 0, sizeof res);
	perf_reader_init(&r, fd, "test");
	while (perf_reader_next(&r, &s)) {
		if (r.samples <= 8) {
			res.frames[r.samples - 1] = s.nframes;
			res.periods[r.samples - 1] = s.period;
		}
		for (size_t i = 0; i < s.nframes; i++)
			if (s.frames[i].srcline.n > 0 && res.srcline[0] == 0)
				snprintf(res.srcline, sizeof res.srcline,
				         "%.*s", (int)s.frames[i].srcline.n,
				         s.frames[i].srcline.p);
	}
	res.samples = r.samples;
	res.bad_lines = r.lines.bad_lines;
	perf_reader_free(&r);
	close(fd);
	return res;
}

START_TEST(reader_no_final_blank_line)
{
	struct read_result r =
	    read_all("a 1 1.0: 5 cycles:\n\t1 f (x)\n\n"
	             "b 2 2.0: 7 cycles:\n\t2 g (y)\n\t3 h (y)");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(r.frames[1], 2);
	ck_assert_uint_eq(r.periods[1], 7);
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_crlf)
{
	struct read_result r =
	    read_all("a 1 1.0: 5 cycles:\r\n\t1 f (x)\r\n\r\nb 2 2.0: 7 "
	             "cycles:\r\n\t2 g (y)\r\n\r\n");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(r.frames[0], 1);
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_comments_and_header_without_blank)
{
	struct read_result r = read_all("# ========\n# cmdline : perf record\n"
	                                "a 1 1.0: 5 cycles:\n\t1 f (x)\n"
	                                "b 2 2.0: 7 cycles:\n\t2 g (y)\n");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(r.frames[0], 1);
	ck_assert_uint_eq(r.frames[1], 1);
}
END_TEST

START_TEST(reader_srcline)
{
	struct read_result r =
	    read_all("python 2101 57.4: 100000 cpu-clock:\n"
	             "\t104b0 _dl_setup_hash+0x0 (/lib/ld.so)\n"
	             "  dl-setup_hash.c:28\n"
	             "\t0 [unknown] ([unknown])\n\n");
	ck_assert_uint_eq(r.samples, 1);
	ck_assert_uint_eq(r.frames[0], 2);
	ck_assert_str_eq(r.srcline, "dl-setup_hash.c:28");
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_frame_on_header_line)
{
	struct read_result r =
	    read_all("python 2101 57.4: 100000 cpu-clock:  ffffffff815de804 "
	             "lock_vma+0x74 ([kernel.kallsyms])\n");
	ck_assert_uint_eq(r.samples, 1);
	ck_assert_uint_eq(r.frames[0], 1);
}
END_TEST

START_TEST(reader_counts_bad_lines)
{
	struct read_result r = read_all("garbage here\n"
	                                "a 1 1.0: 5 cycles:\n\t1 f (x)\n"
	                                "\tnot a frame at all\n\n"
	                                "\t5 orphan (x)\n");
	ck_assert_uint_eq(r.samples, 1);
	ck_assert_uint_eq(r.frames[0], 1);
	ck_assert_uint_eq(r.bad_lines, 3);
}
END_TEST

START_TEST(reader_cut_in_a_frame_line)
{
	/* The input ends in the middle of a frame's "(dso)". */
	struct read_result r =
	    read_all("a 1 1.0: 5 cycles:\n\t1 f (/lib/x.so)\n\n"
	             "b 2 2.0: 7 cycles:\n\t2 g (/lib/x.so)\n"
	             "\t3 h+0x1 (/lib/x.s");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(r.frames[1], 1);
	ck_assert_uint_eq(r.bad_lines, 1);
	/* A last line without '\n' that is whole is no loss. */
	r = read_all(
	    "a 1 1.0: 5 cycles:\n\t1 f (/lib/x.so)\n\t2 g (/lib/x.so)");
	ck_assert_uint_eq(r.frames[0], 2);
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_empty_and_binary)
{
	struct read_result r = read_all("");
	ck_assert_uint_eq(r.samples, 0);
	ck_assert_uint_eq(r.bad_lines, 0);
	r = read_all("\x01\x02\xff\xfe\n\x7f\x80 (\n");
	ck_assert_uint_eq(r.samples, 0);
	ck_assert_uint_eq(r.bad_lines, 2);
}
END_TEST

START_TEST(reader_detect)
{
	ck_assert(perf_script_detect(span_cstr("# header\n\npython 1 1.0: 1 "
	                                       "cycles:\n\t1 f (x)\n")));
	ck_assert(!perf_script_detect(span_cstr("python;main;f 12\n")));
	ck_assert(!perf_script_detect(span_cstr("")));
}
END_TEST

/* Everything a reader hands out, text between samples or samples. */
struct copy {
	char gaps[256];
	char texts[256];
	unsigned long linenos[4];
	size_t frames;
};

static void
append(char *to, size_t size, struct span text)
{
	size_t n = strlen(to);
	ck_assert_uint_lt(n + text.n, size);
	memcpy(to + n, text.p, text.n);
	to[n + text.n] = '\0';
}

static void
copy_gap(void *ctx, struct span text)
{
	struct copy *c = ctx;
	append(c->gaps, sizeof c->gaps, text);
}

static struct copy
copy_all(const char *text, bool skip_frames)
{
	struct copy c;
	struct perf_reader r;
	struct perf_sample s;
	int fd = unit_pipe(text, strlen(text));

	memset(&c, 0, sizeof c);
	perf_reader_init(&r, fd, "test");
	r.gap = copy_gap;
	r.gap_ctx = &c;
	r.skip_frames = skip_frames;
	while (perf_reader_next(&r, &s)) {
		append(c.texts, sizeof c.texts, s.text);
		if (r.samples <= 4)
			c.linenos[r.samples - 1] = s.lineno;
		c.frames += s.nframes;
	}
	perf_reader_free(&r);
	close(fd);
	return c;
}

START_TEST(reader_gaps_and_texts_make_the_input)
{
	struct copy c = copy_all("# c\n\na 1 1.0: 5 cycles:\n\t1 f (x)\n\n"
	                         "junk\nb 2 2.0: 7 cycles:\n\t2 g (y)\n\n"
	                         "# end\n",
	                         false);
	ck_assert_str_eq(c.gaps, "# c\n\njunk\n# end\n");
	ck_assert_str_eq(c.texts, "a 1 1.0: 5 cycles:\n\t1 f (x)\n\n"
	                          "b 2 2.0: 7 cycles:\n\t2 g (y)\n\n");
	ck_assert_uint_eq(c.linenos[0], 3);
	ck_assert_uint_eq(c.linenos[1], 7);
	ck_assert_uint_eq(c.frames, 2);
}
END_TEST

START_TEST(reader_skip_frames)
{
	struct copy c = copy_all("a 1 1.0: 5 cycles:\n\t1 f (x)\n\t2 g (x)\n\n"
	                         "b 2 2.0: 7 cycles:\n\t2 g (y)\n",
	                         true);
	ck_assert_uint_eq(c.frames, 0);
	ck_assert_uint_eq(c.linenos[1], 5);
	ck_assert_str_eq(c.texts, "a 1 1.0: 5 cycles:\n\t1 f (x)\n\t2 g (x)\n"
	                          "\nb 2 2.0: 7 cycles:\n\t2 g (y)\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {header_default_fields,
	                        header_pid_tid_cpu,
	                        header_comm_with_spaces,
	                        header_comm_with_digits,
	                        header_one_character_comm,
	                        header_idle_and_tool,
	                        header_tracepoint_fields,
	                        header_without_time_or_period,
	                        header_rejects_frames_and_junk,
	                        reader_no_final_blank_line,
	                        reader_crlf,
	                        reader_comments_and_header_without_blank,
	                        reader_srcline,
	                        reader_frame_on_header_line,
	                        reader_counts_bad_lines,
	                        reader_cut_in_a_frame_line,
	                        reader_empty_and_binary,
	                        reader_detect,
	                        reader_gaps_and_texts_make_the_input,
	                        reader_skip_frames,
	                        NULL};
	return unit_main("perf_script", tests);
}

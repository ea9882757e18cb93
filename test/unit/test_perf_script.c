/*
 * test_perf_script.c - the perf-script reader, one test per form of
 * header and frame line, each built from a line of a real recording.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "input/perf_script.h"
#include "unit.h"

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

static struct perf_frame
frame(const char *line)
{
	struct perf_frame f;
	memset(&f, 0, sizeof f);
	ck_assert_msg(perf_frame_parse(span_cstr(line), &f), "no frame: %s",
	              line);
	return f;
}

START_TEST(frame_kernel)
{
	struct perf_frame f = frame(
	    "\tffffffff815de804 lock_vma_under_rcu+0x74 ([kernel.kallsyms])");
	ck_assert_uint_eq(f.addr, 0xffffffff815de804ULL);
	ck_assert_span(f.symbol, "lock_vma_under_rcu");
	ck_assert_uint_eq(f.offset, 0x74);
	ck_assert_span(f.dso, "[kernel.kallsyms]");
	ck_assert(!f.inlined);
}
END_TEST

START_TEST(frame_unknown)
{
	struct perf_frame f = frame("\t               0 [unknown] ([unknown])");
	ck_assert_uint_eq(f.addr, 0);
	ck_assert_span(f.symbol, "[unknown]");
	ck_assert_span(f.dso, "[unknown]");
}
END_TEST

START_TEST(frame_perf_map)
{
	struct perf_frame f =
	    frame("\t    7f80aa75579b py::f:<string>+0x0 (/tmp/perf-2101.map)");
	ck_assert_span(f.symbol, "py::f:<string>");
	ck_assert_span(f.dso, "/tmp/perf-2101.map");
}
END_TEST

START_TEST(frame_inlined)
{
	struct perf_frame f =
	    frame("\t    7f0a1b2c3d4e _IO_new_file_write+0x24 (inlined)");
	ck_assert(f.inlined);
	ck_assert_span(f.symbol, "_IO_new_file_write");
}
END_TEST

START_TEST(frame_cpp_nested_parentheses)
{
	struct perf_frame f = frame(
	    "\t  4011a0 std::function<int (int)>::operator()(int) const+0x10 "
	    "(/usr/bin/app)");
	ck_assert_span(f.symbol,
	               "std::function<int (int)>::operator()(int) const");
	ck_assert_span(f.dso, "/usr/bin/app");
	f = frame("\t7f7241fbe6d8 arrayOopDesc::base(BasicType) const "
	          "(/opt/jdk/lib/libjvm.so)");
	ck_assert_span(f.symbol, "arrayOopDesc::base(BasicType) const");
}
END_TEST

START_TEST(frame_go_rust_java)
{
	struct perf_frame f = frame("\t 45d2f0 main.(*T).m+0x30 (/tmp/gobin)");
	ck_assert_span(f.symbol, "main.(*T).m");
	f = frame("\t 55aa10 core::fmt::write::h0123abcdef+0x1 (/tmp/rustbin)");
	ck_assert_span(f.symbol, "core::fmt::write::h0123abcdef");
	f = frame("\t7f722d12e1d4 LBusy;::main (/tmp/perf-19982.map)");
	ck_assert_span(f.symbol, "LBusy;::main");
}
END_TEST

START_TEST(frame_dso_with_spaces)
{
	struct perf_frame f = frame("\t7f00 Interpreter ([JIT app cache])");
	ck_assert_span(f.symbol, "Interpreter");
	ck_assert_span(f.dso, "[JIT app cache]");
	f = frame("\t  1234 main (/tmp/my prog (deleted))");
	ck_assert_span(f.dso, "/tmp/my prog (deleted)");
}
END_TEST

START_TEST(frame_unindented)
{
	struct perf_frame f =
	    frame("ffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])");
	ck_assert_span(f.symbol, "native_write_msr_safe");
}
END_TEST

START_TEST(frame_rejects_srcline)
{
	struct perf_frame f;
	ck_assert(!perf_frame_parse(span_cstr("  dl-cacheinfo.h:267"), &f));
	ck_assert(!perf_frame_parse(span_cstr("  :0"), &f));
	ck_assert(!perf_frame_parse(
	    span_cstr("  [kernel.kallsyms][ffffffff815de804]"), &f));
}
END_TEST

/* Read text through a pipe, as a filter would read it. */
static int
text_fd(const char *text)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	size_t n = strlen(text);
	ck_assert_int_eq(write(fds[1], text, n), (ssize_t)n);
	close(fds[1]);
	return fds[0];
}

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
	int fd = text_fd(text);

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

int
main(void)
{
	Suite *s = suite_create("perf_script");
	TCase *tc = tcase_create("headers");
	tcase_add_test(tc, header_default_fields);
	tcase_add_test(tc, header_pid_tid_cpu);
	tcase_add_test(tc, header_comm_with_spaces);
	tcase_add_test(tc, header_comm_with_digits);
	tcase_add_test(tc, header_one_character_comm);
	tcase_add_test(tc, header_idle_and_tool);
	tcase_add_test(tc, header_tracepoint_fields);
	tcase_add_test(tc, header_without_time_or_period);
	tcase_add_test(tc, header_rejects_frames_and_junk);
	suite_add_tcase(s, tc);
	tc = tcase_create("frames");
	tcase_add_test(tc, frame_kernel);
	tcase_add_test(tc, frame_unknown);
	tcase_add_test(tc, frame_perf_map);
	tcase_add_test(tc, frame_inlined);
	tcase_add_test(tc, frame_cpp_nested_parentheses);
	tcase_add_test(tc, frame_go_rust_java);
	tcase_add_test(tc, frame_dso_with_spaces);
	tcase_add_test(tc, frame_unindented);
	tcase_add_test(tc, frame_rejects_srcline);
	suite_add_tcase(s, tc);
	tc = tcase_create("reader");
	tcase_add_test(tc, reader_no_final_blank_line);
	tcase_add_test(tc, reader_crlf);
	tcase_add_test(tc, reader_comments_and_header_without_blank);
	tcase_add_test(tc, reader_srcline);
	tcase_add_test(tc, reader_frame_on_header_line);
	tcase_add_test(tc, reader_counts_bad_lines);
	tcase_add_test(tc, reader_cut_in_a_frame_line);
	tcase_add_test(tc, reader_empty_and_binary);
	tcase_add_test(tc, reader_detect);
	suite_add_tcase(s, tc);
	return unit_run(s);
}

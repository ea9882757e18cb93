/*
 * test_perf_script_forms.c - the perf-script reader (input/perf_script.h)
 * on the other forms perf script writes: header lines of recordings
 * without call chains (the leaf frame on the header line) and of field
 * selections (perf script -F), sideband lines told from samples, and
 * whole records of those forms read from a file.  The default form is
 * tested in test_perf_script.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "input/perf_script.h"
#include "unit.h"

static struct perf_sample
forms_header(const char *line)
{
	struct perf_sample s;
	memset(&s, 0, sizeof s);
	ck_assert_msg(perf_line_classify(span_cstr(line), &s) ==
	                  PERF_LINE_HEADER,
	              "no header: %s", line);
	return s;
}

static enum perf_line_kind
kind(const char *line)
{
	struct perf_sample s;
	return perf_line_classify(span_cstr(line), &s);
}

START_TEST(header_without_call_chain)
{
	/* perf record without -g: comm right-aligned, the frame on the line */
	struct perf_sample s = forms_header(
	    "      python3.11  9500   315.626334:    1001001 cpu-clock:ppp:  "
	    "ffffffff815eb7c2 __handle_mm_fault+0xe2 ([kernel.kallsyms])");
	ck_assert_span(s.comm, "python3.11");
	ck_assert_int_eq(s.tid, 9500);
	ck_assert_span(s.time, "315.626334");
	ck_assert_uint_eq(s.period, 1001001);
	ck_assert_span(s.event, "cpu-clock:ppp");
	ck_assert_span(s.ip, "ffffffff815eb7c2 __handle_mm_fault+0xe2 "
	                     "([kernel.kallsyms])");
	ck_assert_uint_eq(s.trace.n, 0);
	/* A user address is padded to 16 columns. */
	s = forms_header(
	    "      python3.12 14905 [001]  1357.846170:     500000 "
	    "cpu-clock:      7f13006602bc _dl_relocate_object+0x69c "
	    "(/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)");
	ck_assert_int_eq(s.cpu, 1);
	ck_assert_span(s.ip,
	               "7f13006602bc _dl_relocate_object+0x69c "
	               "(/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)");
}
END_TEST

START_TEST(header_field_selections)
{
	/* -F comm,pid,ip,sym: no event, no colon, no dso */
	struct perf_sample s =
	    forms_header("      python3.12 14905  ffffffff821e7bc3 xas_start");
	ck_assert_span(s.comm, "python3.12");
	ck_assert_int_eq(s.tid, 14905);
	ck_assert_uint_eq(s.event.n, 0);
	ck_assert_span(s.ip, "ffffffff821e7bc3 xas_start");
	s = forms_header("      python3.12 14905      7f1300660d13");
	ck_assert_span(s.ip, "7f1300660d13");
	/* with call chains: the bare fields, a blank after them */
	s = forms_header("python3.12 15072 ");
	ck_assert_span(s.comm, "python3.12");
	ck_assert_uint_eq(s.ip.n, 0);
	/* -F -comm: a pid of five digits starts the line */
	s = forms_header("14905 [001]  1357.845671:     500000 cpu-clock:  "
	                 "ffffffff821e7bc3 xas_start+0xa3 ([kernel.kallsyms])");
	ck_assert_uint_eq(s.comm.n, 0);
	ck_assert_int_eq(s.tid, 14905);
	s = forms_header(" 5526  1218.185641:     500000 cpu-clock:  "
	                 "ffffffff81a89630 security_inode_permission+0x30 "
	                 "([kernel.kallsyms])");
	ck_assert_int_eq(s.tid, 5526);
	/* -F -tid,-time: comm, cpu, period, event */
	s = forms_header("      python3.12 [001]     500000 cpu-clock:  "
	                 "ffffffff821e7bc3 xas_start+0xa3 ([kernel.kallsyms])");
	ck_assert_span(s.comm, "python3.12");
	ck_assert_int_eq(s.tid, -1);
	ck_assert_uint_eq(s.period, 500000);
	/* +pid,-event: the period, then the frame */
	s = forms_header(
	    "      python3.12 14905/14905 [001]  1357.845671:     500000 "
	    " ffffffff821e7bc3 xas_start+0xa3 ([kernel.kallsyms])");
	ck_assert_int_eq(s.pid, 14905);
	ck_assert_uint_eq(s.period, 500000);
	ck_assert_uint_eq(s.event.n, 0);
	ck_assert_span(s.ip, "ffffffff821e7bc3 xas_start+0xa3 "
	                     "([kernel.kallsyms])");
	/* -F comm,ip,sym: nothing but the comm and the frame */
	s = forms_header("      python3.12  ffffffff81a89630 security_inode_"
	                 "permission");
	ck_assert_span(s.comm, "python3.12");
	/* --ns */
	s = forms_header(
	    "      python3.12 14905 [001]  1357.845671153:     500000 "
	    "cpu-clock:  ffffffff821e7bc3 xas_start+0xa3 "
	    "([kernel.kallsyms])");
	ck_assert_span(s.time, "1357.845671153");
	/* a period of ten digits is no address */
	s = forms_header("      python3.12 14905 1234567890 cpu-clock: ");
	ck_assert_uint_eq(s.period, 1234567890);
}
END_TEST

START_TEST(header_address_alignment)
{
	/* A symbol named like a hex number is no address: too few blanks. */
	struct perf_sample s =
	    forms_header("      python3.12  5526  ffffffff81a89630 f");
	ck_assert_span(s.ip, "ffffffff81a89630 f");
	/* A decimal-looking ip without period: aligned, so an address. */
	s = forms_header("      python3.12  5526            401136 main");
	ck_assert_span(s.ip, "401136 main");
	ck_assert(!s.has_period);
}
END_TEST

START_TEST(header_addr_field)
{
	/* -F +addr without call chain: the data address, then the ip */
	struct perf_sample s = forms_header(
	    "      python3.12 14905 [001]  1357.845671:     500000 "
	    "cpu-clock:                0 ffffffff821e7bc3 "
	    "xas_start+0xa3 ([kernel.kallsyms])");
	ck_assert_span(s.trace, "0");
	ck_assert_span(s.ip, "ffffffff821e7bc3 xas_start+0xa3 "
	                     "([kernel.kallsyms])");
	s = forms_header(
	    "      python3.12 20933   914.751459:          1 "
	    "page-faults:     55d7541f1018 _edata+0x0 (/x/python3.12)  "
	    "ffffffff817554ea elf_load+0x28a ([kernel.kallsyms])");
	ck_assert_span(s.trace, "55d7541f1018 _edata+0x0 (/x/python3.12)");
	ck_assert_span(s.ip, "ffffffff817554ea elf_load+0x28a "
	                     "([kernel.kallsyms])");
	/* with call chains the address alone, 17 columns: no ip */
	s = forms_header(
	    "python3.12 26860   312.377497:          1 page-faults:    "
	    " 7fe7cc6f0008 [unknown] (//anon)");
	ck_assert_uint_eq(s.ip.n, 0);
	ck_assert_span(s.trace, "7fe7cc6f0008 [unknown] (//anon)");
}
END_TEST

START_TEST(sideband_and_other_lines)
{
	ck_assert_int_eq(
	    kind("      python3.12 14905 [001]  1357.845187: PERF_RECORD_MMAP2 "
	         "14905/14905: [0x7ffd5bec0000(0x21000) @ 0x7ffffffde000 00:00 "
	         "0 0]: rw-p [stack]"),
	    PERF_LINE_SIDEBAND);
	ck_assert_int_eq(kind("       perf-exec     0 [000]     0.000000: "
	                      "PERF_RECORD_COMM: perf-exec:14905/14905"),
	                 PERF_LINE_SIDEBAND);
	ck_assert_int_eq(kind("swapper     0 PERF_RECORD_MMAP -1/0: "
	                      "[0xffffffff81000000(0x120bb08) @ "
	                      "0xffffffff81000000]: x [kernel.kallsyms]_text"),
	                 PERF_LINE_SIDEBAND);
	ck_assert_int_eq(kind("hello world"), PERF_LINE_OTHER);
	ck_assert_int_eq(kind("Warning: no events processed!"),
	                 PERF_LINE_OTHER);
	ck_assert_int_eq(kind("  dl-machine.h:483"), PERF_LINE_OTHER);
	ck_assert_int_eq(kind("  [kernel.kallsyms][ffffffff821e7bc3]"),
	                 PERF_LINE_OTHER);
	ck_assert_int_eq(kind("  rtld.c:497 (inlined)"), PERF_LINE_OTHER);
	ck_assert_int_eq(
	    kind("    7f0a1b2c3d4e _IO_new_file_write+0x24 (inlined)"),
	    PERF_LINE_OTHER);
	ck_assert_int_eq(kind("  400123 main (/bin/x)"), PERF_LINE_OTHER);
	ck_assert_int_eq(kind("\t            dda7 _dl_relocate_object"),
	                 PERF_LINE_OTHER);
	ck_assert_int_eq(kind(" ffffffff81a89630 security_inode_permission"),
	                 PERF_LINE_OTHER);
}
END_TEST

static int
forms_text_fd(const char *text)
{
	char path[] = "/tmp/perfviews-unit.XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	unlink(path);
	size_t n = strlen(text);
	ck_assert_int_eq(write(fd, text, n), (ssize_t)n);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

struct forms_result {
	unsigned long samples, bad_lines;
	size_t frames[8];
	char first[8][64]; /* symbol of the leaf */
	char comm[8][32];
	bool inlined[8]; /* the leaf */
	char srcline[64];
};

static struct forms_result
forms_read_all(const char *text)
{
	struct forms_result res;
	struct perf_reader r;
	struct perf_sample s;
	int fd = forms_text_fd(text);

	memset(&res, 0, sizeof res);
	perf_reader_init(&r, fd, "test");
	while (perf_reader_next(&r, &s)) {
		size_t i = r.samples - 1;
		if (i >= 8)
			continue;
		res.frames[i] = s.nframes;
		snprintf(res.comm[i], sizeof res.comm[i], "%.*s", (int)s.comm.n,
		         s.comm.p);
		if (s.nframes > 0) {
			snprintf(res.first[i], sizeof res.first[i], "%.*s",
			         (int)s.frames[0].symbol.n,
			         s.frames[0].symbol.p);
			res.inlined[i] = s.frames[0].inlined;
		}
		if (s.nframes > 0 && s.frames[0].srcline.n > 0 &&
		    res.srcline[0] == 0)
			snprintf(res.srcline, sizeof res.srcline, "%.*s",
			         (int)s.frames[0].srcline.n,
			         s.frames[0].srcline.p);
	}
	res.samples = r.samples;
	res.bad_lines = r.lines.bad_lines;
	perf_reader_free(&r);
	close(fd);
	return res;
}

START_TEST(reader_one_line_samples)
{
	struct forms_result r = forms_read_all(
	    "      python3.12 14905 [001]  1357.845187: PERF_RECORD_MMAP2 "
	    "14905/14905: [0x7ffd5bec0000(0x21000) @ 0 00:00 0 0]: rw-p "
	    "[stack]\n"
	    "      python3.12 14905 [001]  1357.845671:     500000 cpu-clock:  "
	    "ffffffff821e7bc3 xas_start+0xa3 ([kernel.kallsyms])\n"
	    "  [kernel.kallsyms][ffffffff821e7bc3]\n"
	    "      python3.12 14905 [001]  1357.846170:     500000 cpu-clock:  "
	    "  "
	    "  7f13006602bc _dl_relocate_object+0x69c (/usr/lib/ld.so)\n"
	    "  dl-machine.h:483\n"
	    "      python3.12 14905 [001]  1357.846664:     500000 cpu-clock:  "
	    "  "
	    "  7f1300660d13 _dl_relocate_object+0x10f3 (/usr/lib/ld.so)\n");
	ck_assert_uint_eq(r.samples, 3);
	ck_assert_uint_eq(r.frames[0], 1);
	ck_assert_uint_eq(r.frames[2], 1);
	ck_assert_str_eq(r.first[0], "xas_start");
	ck_assert_str_eq(r.first[1], "_dl_relocate_object");
	ck_assert_str_eq(r.srcline, "[kernel.kallsyms][ffffffff821e7bc3]");
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_addr_above_call_chain)
{
	/* +addr with call chains: the header's address is not the leaf */
	struct forms_result r = forms_read_all(
	    "python3.12 26860   312.377497:          1 page-faults:     "
	    "56465b126008 [unknown] ([heap])\n"
	    "\t           98ac9 _int_malloc+0x199 (/usr/lib/libc.so.6)\n"
	    "\t          1cf057 _PyObject_Malloc+0xd7 (/usr/lib/libpython.so)\n"
	    "\n");
	ck_assert_uint_eq(r.samples, 1);
	ck_assert_uint_eq(r.frames[0], 2);
	ck_assert_str_eq(r.first[0], "_int_malloc");
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

START_TEST(reader_bare_comm_header)
{
	/* -F comm,ip,sym with call chains */
	struct forms_result r =
	    forms_read_all("python3.12 \n"
	                   "\tffffffff821f5127 exc_page_fault\n"
	                   "\t            dda7 _dl_relocate_object\n"
	                   "\n"
	                   "python3.12 \n"
	                   "\tffffffff81000c82 asm_exc_page_fault\n"
	                   "\n"
	                   "lonely line\n"
	                   "\n");
	ck_assert_uint_eq(r.samples, 2);
	ck_assert_uint_eq(r.frames[0], 2);
	ck_assert_str_eq(r.comm[1], "python3.12");
	ck_assert_uint_eq(r.bad_lines, 1);
}
END_TEST

START_TEST(reader_srcline_inlined)
{
	/* With +srcline perf moves "(inlined)" after the srcline. */
	struct forms_result r = forms_read_all(
	    "python3.12  5585  1219.383713:     500000 cpu-clock: \n"
	    "\t            e2bc elf_machine_rela_relative+0x69c\n"
	    "  dl-machine.h:483 (inlined)\n"
	    "\t            e2bc _dl_relocate_object+0x69c "
	    "(/usr/lib/ld.so)\n"
	    "  dl-reloc.c:301\n"
	    "\n");
	ck_assert_uint_eq(r.samples, 1);
	ck_assert_uint_eq(r.frames[0], 2);
	ck_assert(r.inlined[0]);
	ck_assert_str_eq(r.srcline, "dl-machine.h:483");
	ck_assert_uint_eq(r.bad_lines, 0);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    header_without_call_chain,    header_field_selections,
	    header_address_alignment,     header_addr_field,
	    sideband_and_other_lines,     reader_one_line_samples,
	    reader_addr_above_call_chain, reader_bare_comm_header,
	    reader_srcline_inlined,       NULL};
	return unit_main("perf_script_forms", tests);
}

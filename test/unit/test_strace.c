/*
 * test_strace.c - strace's text read one call at a time (input/strace.h).
 */
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "input/strace.h"
#include "unit.h"

/* The calls of text, one "pid name(args) = result|us|error" line each. */
static void
read_all(const char *text, char *out, size_t cap, struct strace_reader *r)
{
	int fd = unit_pipe(text, strlen(text));
	struct strace_call c;
	size_t n = 0;

	strace_reader_init(r, fd, "t.txt");
	out[0] = '\0';
	while (strace_reader_next(r, &c))
		n += (size_t)snprintf(
		    out + n, cap - n, "%lld@%lu %.*s(%.*s) = %.*s|%lld|%.*s\n",
		    (long long)c.pid, c.lineno, (int)c.name.n, c.name.p,
		    (int)c.args.n, c.args.p, (int)c.result.n, c.result.p,
		    (long long)c.usec, (int)c.error.n, c.error.p);
	close(fd);
}

START_TEST(call_with_path_result_and_time)
{
	struct strace_call c;
	bool unfinished;
	struct span body = span_cstr(
	    "openat(AT_FDCWD</w>, \"/lib/libc.so.6\", O_RDONLY|O_CLOEXEC) = "
	    "3</usr/lib/libc.so.6> <0.000032>");

	ck_assert(strace_call_parse(body, &c, &unfinished));
	ck_assert(!unfinished);
	ck_assert_span(c.name, "openat");
	ck_assert_span(c.args,
	               "AT_FDCWD</w>, \"/lib/libc.so.6\", O_RDONLY|O_CLOEXEC");
	ck_assert(c.returned);
	ck_assert_int_eq(c.ret, 3);
	ck_assert_span(c.ret_path, "/usr/lib/libc.so.6");
	ck_assert_span(c.result, "3</usr/lib/libc.so.6>");
	ck_assert_int_eq(c.usec, 32);
	ck_assert_uint_eq(c.error.n, 0);
}
END_TEST

START_TEST(failures_padding_and_odd_results)
{
	struct strace_call c;
	bool u;

	ck_assert(strace_call_parse(
	    span_cstr("access(\"/etc/ld.so.preload\", R_OK) = -1 ENOENT (No "
	              "such file or directory) <1.5>"),
	    &c, &u));
	ck_assert_int_eq(c.ret, -1);
	ck_assert_span(c.error, "ENOENT");
	ck_assert_int_eq(c.usec, 1500000);
	ck_assert(
	    strace_call_parse(span_cstr("rmdir(\"sub\")      = 0"), &c, &u));
	ck_assert_int_eq(c.ret, 0);
	ck_assert_int_eq(c.usec, -1);
	ck_assert(strace_call_parse(span_cstr("exit_group(0)   = ?"), &c, &u));
	ck_assert(!c.returned);
	ck_assert_span(c.result, "?");
	ck_assert(strace_call_parse(
	    span_cstr("mmap(NULL, 8192, PROT_READ, MAP_PRIVATE|MAP_ANONYMOUS, "
	              "-1, 0) = 0x7f31c8c00000 <0.000010>"),
	    &c, &u));
	ck_assert_int_eq(c.ret, (int64_t)0x7f31c8c00000);
	ck_assert(strace_call_parse(
	    span_cstr("poll([{fd=3, events=POLLIN}], 1, 0) = 0 (Timeout)"), &c,
	    &u));
	ck_assert_int_eq(c.ret, 0);
	ck_assert_uint_eq(c.error.n, 0);
	ck_assert(strace_call_parse(
	    span_cstr("read(0</dev/null>, 0x1, 4) = ? ERESTARTSYS (To be "
	              "restarted if SA_RESTART is set)"),
	    &c, &u));
	ck_assert(!c.returned);
	ck_assert_span(c.error, "ERESTARTSYS");
	/* A result that says how much, not that it failed. */
	ck_assert(strace_call_parse(
	    span_cstr("select(4, [3], NULL, NULL, NULL) = 1 (in [3])"), &c,
	    &u));
	ck_assert_uint_eq(c.error.n, 0);
}
END_TEST

START_TEST(structure_inside_strings_is_text)
{
	struct strace_call c;
	bool u;

	ck_assert(strace_call_parse(
	    span_cstr("openat(AT_FDCWD</a, b (c)>, \"x) = 3, \\\"y(\", "
	              "O_RDONLY) = -1 ENOENT (No such file or directory)"),
	    &c, &u));
	ck_assert_span(c.args,
	               "AT_FDCWD</a, b (c)>, \"x) = 3, \\\"y(\", O_RDONLY");
	ck_assert_span(c.error, "ENOENT");
	ck_assert(strace_call_parse(
	    span_cstr("execve(\"/bin/true\", [\"/bin/true\"], 0x7ffd /* 37 "
	              "vars) */) = 0 <0.000640>"),
	    &c, &u));
	ck_assert_span(c.args, "\"/bin/true\", [\"/bin/true\"], 0x7ffd /* 37 "
	                       "vars) */");
	ck_assert(
	    !strace_call_parse(span_cstr("openat(AT_FDCWD, \"x\""), &c, &u));
	ck_assert(!strace_call_parse(span_cstr("no call here"), &c, &u));
	ck_assert(!strace_call_parse(span_cstr("close(3) garbage"), &c, &u));
}
END_TEST

START_TEST(halves_joined_by_thread)
{
	struct strace_reader r;
	char out[2048];

	read_all("32093 1.5 newfstatat(AT_FDCWD</w>, \"/n/0\",  <unfinished "
	         "...>\n"
	         "32092 1.6 newfstatat(AT_FDCWD</w>, \"/m/0\",  <unfinished "
	         "...>\n"
	         "32093 1.7 <... newfstatat resumed>0x7f9d, 0) = -1 ENOENT (No "
	         "such file or directory) <0.000171>\n"
	         "32092 1.8 <... newfstatat resumed>0x7f9e, 0) = 0 <0.000002>\n"
	         "32094 1.9 execve(\"/bin/true\", [\"/bin/true\"], 0x7ffd /* 3 "
	         "vars */ <unfinished ...>\n"
	         "32094 2.0 <... execve resumed>) = 0 <0.000640>\n",
	         out, sizeof out, &r);
	ck_assert_str_eq(
	    out, "32093@1 newfstatat(AT_FDCWD</w>, \"/n/0\", 0x7f9d, 0) = -1 "
	         "ENOENT (No such file or directory)|171|ENOENT\n"
	         "32092@2 newfstatat(AT_FDCWD</w>, \"/m/0\", 0x7f9e, 0) = "
	         "0|2|\n"
	         "32094@5 execve(\"/bin/true\", [\"/bin/true\"], 0x7ffd /* 3 "
	         "vars */) = 0|640|\n");
	ck_assert_uint_eq(r.calls, 3);
	ck_assert_uint_eq(r.unfinished, 0);
	ck_assert_uint_eq(r.lines.bad_lines, 0);
	strace_reader_free(&r);
}
END_TEST

START_TEST(signals_exits_and_calls_never_resumed)
{
	struct strace_reader r;
	char out[2048];

	read_all("7 1.0 futex(0x1, FUTEX_WAIT, 0, NULL <unfinished ...>\n"
	         "8 1.1 read(3</x>,  <unfinished ...>\n"
	         "8 1.2 --- SIGCHLD {si_signo=SIGCHLD, si_pid=9} ---\n"
	         "8 1.3 <... read resumed> <unfinished ...>\n"
	         "7 1.4 +++ exited with 0 +++\n"
	         "8 1.5 <... read resumed>\"ab\", 2) = 2\n"
	         "9 1.6 close(4 <unfinished ...>\n"
	         "8 1.7 +++ killed by SIGKILL (core dumped) +++\n",
	         out, sizeof out, &r);
	ck_assert_str_eq(out, "7@1 futex(0x1, FUTEX_WAIT, 0, NULL) = |-1|\n"
	                      "8@2 read(3</x>, \"ab\", 2) = 2|-1|\n"
	                      "9@7 close(4) = |-1|\n");
	ck_assert_uint_eq(r.signals, 1);
	ck_assert_uint_eq(r.exits, 2);
	ck_assert_uint_eq(r.unfinished, 2);
	strace_reader_free(&r);
}
END_TEST

START_TEST(prefixes_of_every_form)
{
	struct strace_reader r;
	char out[2048];

	read_all("[pid 12] openat(AT_FDCWD, \"a\", O_RDONLY) = 3\n"
	         "13 07:12:42.535435 close(3) = 0\n"
	         "1796022765.419059 close(4) = 0 <0.000001>\n"
	         "14 close(5) = 0\n"
	         "close(6) = 0\n"
	         "     0.000123 close(7) = 0\n",
	         out, sizeof out, &r);
	ck_assert_str_eq(out, "12@1 openat(AT_FDCWD, \"a\", O_RDONLY) = 3|-1|\n"
	                      "13@2 close(3) = 0|-1|\n"
	                      "-1@3 close(4) = 0|1|\n"
	                      "14@4 close(5) = 0|-1|\n"
	                      "-1@5 close(6) = 0|-1|\n"
	                      "-1@6 close(7) = 0|-1|\n");
	strace_reader_free(&r);
}
END_TEST

START_TEST(times_kept)
{
	static const char text[] = "5 1796022765.419059 close(3) = 0\n";
	int fd = unit_pipe(text, sizeof text - 1);
	struct strace_reader r;
	struct strace_call c;

	strace_reader_init(&r, fd, "t");
	ck_assert(strace_reader_next(&r, &c));
	ck_assert_span(c.time, "1796022765.419059");
	ck_assert(!strace_reader_next(&r, &c));
	strace_reader_free(&r);
	close(fd);
}
END_TEST

static void
read_bad(void *arg)
{
	struct strace_reader r;
	char out[1024];
	bool strict = arg != NULL;
	static const char text[] = "1 1.0 close(3) = 0\n"
	                           "1 1.1 this is not strace\n"
	                           "1 1.2 <... read resumed>) = 0\n"
	                           "1 1.3 close(4) = 0\n";
	int fd = unit_pipe(text, sizeof text - 1);

	progname = "fileaccess";
	strace_reader_init(&r, fd, "bad.txt");
	r.lines.strict = strict;
	struct strace_call c;
	size_t n = 0;
	while (strace_reader_next(&r, &c))
		n++;
	strace_reader_summary(&r);
	snprintf(out, sizeof out, "%zu calls\n", n);
	fputs(out, stdout);
	strace_reader_free(&r);
}

START_TEST(bad_lines_named_by_file_and_line)
{
	struct unit_child c;

	unit_child_run(read_bad, NULL, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "2 calls\n");
	ck_assert_str_eq(
	    c.err, "fileaccess: bad.txt:2: not a line of strace\n"
	           "fileaccess: bad.txt:3: a resumed call that never began\n"
	           "fileaccess: bad.txt: 2 lines not understood and skipped "
	           "(first at line 2)\n");
	unit_child_run(read_bad, "strict", &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err,
	                 "fileaccess: bad.txt:2: not a line of strace\n");
}
END_TEST

START_TEST(arguments_split_at_top_level)
{
	struct span args = span_cstr(
	    "3</a,b>, {st_mode=S_IFREG|0644, st_size=2, ...}, [1, 2], "
	    "\"x, y\"..., f(1, 2), 0x1 /* a, b */,  AT_EMPTY_PATH ");
	const char *want[] = {
	    "3</a,b>",      "{st_mode=S_IFREG|0644, st_size=2, ...}",
	    "[1, 2]",       "\"x, y\"...",
	    "f(1, 2)",      "0x1 /* a, b */",
	    "AT_EMPTY_PATH"};
	struct span arg;
	size_t n = 0;

	while (strace_arg_next(&args, &arg)) {
		ck_assert(n < 7);
		ck_assert_span(arg, want[n]);
		n++;
	}
	ck_assert_uint_eq(n, 7);
	args = span_cstr("  ");
	ck_assert(!strace_arg_next(&args, &arg));
}
END_TEST

START_TEST(strings_descriptors_flags)
{
	struct span text, path;
	bool cut;
	int64_t fd;

	ck_assert(strace_arg_string(span_cstr("\"a\\\"b\""), &text, &cut));
	ck_assert_span(text, "a\\\"b");
	ck_assert(!cut);
	ck_assert(
	    strace_arg_string(span_cstr("\"/root/.py\"..."), &text, &cut));
	ck_assert(cut);
	ck_assert(!strace_arg_string(span_cstr("NULL"), &text, &cut));
	ck_assert(!strace_arg_string(span_cstr("\"open"), &text, &cut));

	ck_assert(strace_arg_fd(span_cstr("AT_FDCWD</w d>"), &fd, &path));
	ck_assert_int_eq(fd, STRACE_AT_FDCWD);
	ck_assert_span(path, "/w d");
	ck_assert(strace_arg_fd(span_cstr("3</a\\76b>"), &fd, &path));
	ck_assert_int_eq(fd, 3);
	ck_assert_span(path, "/a\\76b");
	ck_assert(strace_arg_fd(span_cstr("4<pipe:[87297]>"), &fd, &path));
	ck_assert_span(path, "pipe:[87297]");
	ck_assert(strace_arg_fd(span_cstr("-1"), &fd, &path));
	ck_assert_int_eq(fd, -1);
	ck_assert_ptr_null(path.p);
	ck_assert(!strace_arg_fd(span_cstr("0x7ffd"), &fd, &path));
	ck_assert(!strace_arg_fd(span_cstr("\"x\""), &fd, &path));
	ck_assert(!strace_arg_fd(span_cstr("3<x"), &fd, &path));

	ck_assert(strace_arg_has_flag(
	    span_cstr("O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY"),
	    "O_DIRECTORY"));
	ck_assert(
	    strace_arg_has_flag(span_cstr("AT_EMPTY_PATH"), "AT_EMPTY_PATH"));
	ck_assert(!strace_arg_has_flag(span_cstr("O_DIRECTORYX|O_RDONLY"),
	                               "O_DIRECTORY"));
}
END_TEST

START_TEST(escapes_decoded_to_bytes)
{
	const char *in = "q\\\"b\\\\s\\n\\t\\r\\v\\f\\a\\b \\303\\251\\0\\x41"
	                 "\\x4g\\7z";
	char out[64];
	size_t n = strace_unescape(span_cstr(in), out);
	const char want[] = "q\"b\\s\n\t\r\v\f\a\b \303\251\0A\004g\007z";

	ck_assert_uint_eq(n, sizeof want - 1);
	ck_assert(memcmp(out, want, n) == 0);
	ck_assert_uint_eq(strace_unescape(span_cstr("end\\"), out), 4);
}
END_TEST

START_TEST(detected_from_the_first_line)
{
	ck_assert(strace_detect(span_cstr("\n1 1.0 close(3) = 0\n")));
	ck_assert(strace_detect(span_cstr("1 1.0 +++ exited with 0 +++\n")));
	ck_assert(!strace_detect(span_cstr(
	    "python3.12 25144   256.363983:          1 page-faults: \n")));
	ck_assert(!strace_detect(span_cstr("a;b;c 3\n")));
	ck_assert(!strace_detect(span_cstr("")));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {call_with_path_result_and_time,
	                        failures_padding_and_odd_results,
	                        structure_inside_strings_is_text,
	                        halves_joined_by_thread,
	                        signals_exits_and_calls_never_resumed,
	                        prefixes_of_every_form,
	                        times_kept,
	                        bad_lines_named_by_file_and_line,
	                        arguments_split_at_top_level,
	                        strings_descriptors_flags,
	                        escapes_decoded_to_bytes,
	                        detected_from_the_first_line,
	                        NULL};
	return unit_main("strace", tests);
}

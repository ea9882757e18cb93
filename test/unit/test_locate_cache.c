/*
 * test_locate_cache.c - answers about DSOs kept in a file
 * (views/locate_cache.h): found again by another opening, known by the
 * DSO's identity, and lines that are cut or junk skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "views/locate_cache.h"
#include "unit.h"

static struct stat
dso(unsigned long ino, long size)
{
	struct stat st;

	memset(&st, 0, sizeof st);
	st.st_dev = 0xfe00;
	st.st_ino = ino;
	st.st_size = size;
	st.st_mtim.tv_sec = 1700000000;
	st.st_mtim.tv_nsec = 5;
	return st;
}

static char *
file_text(const char *path)
{
	static char text[4096];
	FILE *f = fopen(path, "r");
	size_t n = fread(text, 1, sizeof text - 1, f);

	fclose(f);
	text[n] = '\0';
	return text;
}

START_TEST(answers_kept_for_the_next_program)
{
	char path[UNIT_PATH];
	struct stat libc = dso(0x51423, 0x1d6458), libm = dso(0x5159b, 0xdea20);
	struct span name = span_cstr("__libc_start_main_impl");

	unit_temp_file(path, "");
	struct locate_cache *c = locate_cache_open(path);
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x27304, name), -1);
	locate_cache_put(c, &libc, 0x27304, name, true);
	locate_cache_put(c, &libm, 0x27304, name, false);
	/* Known in this program at once. */
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x27304, name), 1);
	locate_cache_close(c);
	ck_assert_str_eq(file_text(path),
	                 "fe00 51423 1d6458 6553f100 5 27304 1 "
	                 "__libc_start_main_impl\n"
	                 "fe00 5159b dea20 6553f100 5 27304 0 "
	                 "__libc_start_main_impl\n");

	/* And in the next one. */
	c = locate_cache_open(path);
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x27304, name), 1);
	ck_assert_int_eq(locate_cache_get(c, &libm, 0x27304, name), 0);
	/* Another address, name, or file: not known. */
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x27305, name), -1);
	ck_assert_int_eq(
	    locate_cache_get(c, &libc, 0x27304, span_cstr("__libc_start")), -1);
	struct stat rebuilt = libc;
	rebuilt.st_mtim.tv_nsec = 6;
	ck_assert_int_eq(locate_cache_get(c, &rebuilt, 0x27304, name), -1);
	rebuilt = dso(0x51423, 0x1d6459);
	ck_assert_int_eq(locate_cache_get(c, &rebuilt, 0x27304, name), -1);
	/* A name that would break the line is not kept. */
	locate_cache_put(c, &libc, 1, span_cstr("a\nb"), true);
	ck_assert_int_eq(locate_cache_get(c, &libc, 1, span_cstr("a\nb")), -1);
	locate_cache_close(c);
	unlink(path);
}
END_TEST

START_TEST(cut_and_junk_lines_skipped)
{
	char path[UNIT_PATH];
	struct stat libc = dso(0x51423, 0x1d6458);

	unit_temp_file(path, "junk\n"
	                     "fe00 51423 1d6458 6553f100 5 10 2 f\n"
	                     "fe00 51423 1d6458 6553f100 5 -10 1 g\n"
	                     "fe00 51423 1d6458 6553f100 5 20 1 \n"
	                     "fe00 51423 1d6458 6553f100 5 30 1 kept\n"
	                     "fe00 51423 1d6458 6553f100 5 40 1 cut");
	struct locate_cache *c = locate_cache_open(path);
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x10, span_cstr("f")), -1);
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x30, span_cstr("kept")),
	                 1);
	ck_assert_int_eq(locate_cache_get(c, &libc, 0x40, span_cstr("cut")),
	                 -1);
	locate_cache_close(c);
	unlink(path);
}
END_TEST

static void
open_cache(void *path)
{
	cli_start("prog");
	locate_cache_close(locate_cache_open(path));
}

START_TEST(no_cache)
{
	struct stat libc = dso(1, 2);
	struct unit_child c;

	ck_assert_ptr_null(locate_cache_open(NULL));
	ck_assert_ptr_null(locate_cache_open(""));
	/* Asked without one: nothing known, nothing kept. */
	ck_assert_int_eq(locate_cache_get(NULL, &libc, 1, span_cstr("f")), -1);
	locate_cache_put(NULL, &libc, 1, span_cstr("f"), true);
	locate_cache_close(NULL);
	unit_child_run(open_cache, "/nonexistent/dir/cache", &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "prog: /nonexistent/dir/cache: cannot open the "
	                        "cache of debug information's answers, going "
	                        "on without it: No such file or directory\n");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {answers_kept_for_the_next_program,
	                        cut_and_junk_lines_skipped, no_cache, NULL};
	return unit_main("locate_cache", tests);
}

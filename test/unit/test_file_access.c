/*
 * test_file_access.c - strace calls counted per path (views/file_access.h).
 */
#include "input/strace.h"
#include "views/file_access.h"
#include "unit.h"

/* Count one call given as the body of a strace line. */
static void
add(struct file_access *fa, int64_t pid, const char *body)
{
	struct strace_call c;
	bool unfinished;

	ck_assert_msg(strace_call_parse(span_cstr(body), &c, &unfinished),
	              "not a call: %s", body);
	c.pid = pid;
	file_access_add(fa, &c);
}

static const struct path_row *
row(const struct file_access *fa, const char *path)
{
	uint32_t id = string_table_find(&fa->paths, span_cstr(path));
	ck_assert_msg(id != STRING_NONE, "no row for %s", path);
	return &fa->rows[id];
}

START_TEST(paths_made_absolute_and_clean)
{
	struct file_access fa;

	file_access_init(&fa);
	add(&fa, 1, "newfstatat(AT_FDCWD</w>, \"./a//b/./c/\", 0x1, 0) = 0");
	add(&fa, 1, "access(\"d/../e\", R_OK) = -1 ENOENT (No such file)");
	add(&fa, 1,
	    "openat(5</x y>, \"z\", O_RDONLY) = -1 ENOTDIR (Not a "
	    "directory)");
	add(&fa, 1,
	    "newfstatat(AT_FDCWD</w>, \"/\", {st_mode=S_IFDIR|0755, "
	    "...}, 0) = 0");
	ck_assert_uint_eq(row(&fa, "/w/a/b/c")->by_kind[ACCESS_STAT], 1);
	ck_assert_uint_eq(row(&fa, "/w/d/../e")->missing, 1);
	ck_assert_int_eq(file_access_type(row(&fa, "/w/d/../e")), 'x');
	ck_assert_uint_eq(row(&fa, "/x y/z")->missing, 1);
	ck_assert_int_eq(file_access_type(row(&fa, "/")), 'd');
	ck_assert_uint_eq(fa.calls, 4);
	ck_assert_uint_eq(fa.missing, 2);
	file_access_free(&fa);
}
END_TEST

START_TEST(descriptors_counted_under_the_name_opened)
{
	struct file_access fa;

	file_access_init(&fa);
	add(&fa, 1,
	    "openat(AT_FDCWD</w>, \"/lib/libc.so.6\", O_RDONLY) = "
	    "3</usr/lib/libc.so.6> <0.000010>");
	add(&fa, 1,
	    "newfstatat(3</usr/lib/libc.so.6>, \"\", "
	    "{st_mode=S_IFREG|0755, ...}, AT_EMPTY_PATH) = 0 "
	    "<0.000002>");
	add(&fa, 1,
	    "mmap(NULL, 8, PROT_READ, MAP_PRIVATE, 3</usr/lib/"
	    "libc.so.6>, 0) = 0x7f00");
	add(&fa, 1, "close(3</usr/lib/libc.so.6>) = 0");
	add(&fa, 1, "mmap(NULL, 8, PROT_READ, MAP_ANONYMOUS, -1, 0) = 0x7f01");
	add(&fa, 1, "close(9) = -1 EBADF (Bad file descriptor)");
	const struct path_row *r = row(&fa, "/lib/libc.so.6");
	ck_assert_uint_eq(r->calls, 4);
	ck_assert_uint_eq(r->by_kind[ACCESS_OPEN], 1);
	ck_assert_uint_eq(r->by_kind[ACCESS_STAT], 1);
	ck_assert_uint_eq(r->by_kind[ACCESS_IO], 1);
	ck_assert_uint_eq(r->by_kind[ACCESS_CLOSE], 1);
	ck_assert_uint_eq(r->usec, 12);
	ck_assert_int_eq(file_access_type(r), 'f');
	ck_assert_uint_eq(
	    string_table_find(&fa.paths, span_cstr("/usr/lib/libc.so.6")),
	    STRING_NONE);
	ck_assert_uint_eq(fa.unnamed, 2);
	file_access_free(&fa);
}
END_TEST

START_TEST(standard_streams_pipes_and_two_paths)
{
	struct file_access fa;

	file_access_init(&fa);
	add(&fa, 1, "write(1</tmp/recorder/stdout>, \"x\", 1) = 1");
	add(&fa, 2, "write(5<pipe:[4242]>, \"x\", 1) = 1");
	add(&fa, 2, "read(6<anon_inode:[eventfd]>, \"\", 8) = 8");
	add(&fa, 2, "rename(\"/a.tmp\", \"/a\") = 0");
	ck_assert_uint_eq(row(&fa, "<stdout>")->calls, 1);
	ck_assert_int_eq(file_access_type(row(&fa, "<stdout>")), '-');
	ck_assert_uint_eq(row(&fa, "<pipe>")->calls, 1);
	ck_assert_uint_eq(row(&fa, "<anon_inode:[eventfd]>")->calls, 1);
	ck_assert_uint_eq(row(&fa, "/a.tmp")->by_kind[ACCESS_OTHER], 1);
	ck_assert_uint_eq(row(&fa, "/a")->by_kind[ACCESS_OTHER], 1);
	ck_assert_uint_eq(fa.calls, 4);
	ck_assert_uint_eq(fa.threads.count, 2);
	/* Once a call returned descriptor 1, it is a file like any other. */
	add(&fa, 1, "openat(AT_FDCWD</w>, \"out\", O_WRONLY) = 1</w/out>");
	add(&fa, 1, "write(1</w/out>, \"x\", 1) = 1");
	ck_assert_uint_eq(row(&fa, "/w/out")->calls, 2);
	file_access_free(&fa);
}
END_TEST

START_TEST(escaped_paths_decoded)
{
	struct file_access fa;

	file_access_init(&fa);
	add(&fa, 1,
	    "openat(AT_FDCWD</w>, \"q\\\"x\\n\\303\\251\", O_RDONLY) = "
	    "3</w/q\\\"x\\n\\303\\251>");
	add(&fa, 1, "close(3</w/q\\\"x\\n\\303\\251>) = 0");
	ck_assert_uint_eq(row(&fa, "/w/q\"x\n\303\251")->calls, 2);
	file_access_free(&fa);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {paths_made_absolute_and_clean,
	                        descriptors_counted_under_the_name_opened,
	                        standard_streams_pipes_and_two_paths,
	                        escaped_paths_decoded, NULL};
	return unit_main("file_access", tests);
}

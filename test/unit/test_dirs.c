/*
 * test_dirs.c - directories made and removed whole, scratch files
 * (os/dirs.h).
 */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os/dirs.h"
#include "unit.h"

static char top[64];

static void
make_top(void)
{
	snprintf(top, sizeof top, "/tmp/perfviews-dirs.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
}

static bool
is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void
make_file(const char *path)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("x\n", f);
	ck_assert_int_eq(fclose(f), 0);
}

START_TEST(make_and_remove)
{
	char path[PATH_MAX];

	make_top();
	snprintf(path, sizeof path, "%s/a/b/c", top);
	dirs_make(path);
	ck_assert(is_dir(path));
	dirs_make(path); /* there already: no error */
	snprintf(path, sizeof path, "%s/a/b/", top);
	dirs_make(path); /* a trailing slash */
	snprintf(path, sizeof path, "%s/a/b/file", top);
	make_file(path);
	dirs_remove_tree(top);
	ck_assert(!is_dir(top));
	ck_assert_int_ne(access(top, F_OK), 0);
	dirs_remove_tree(top); /* not there: no error, no warning */
}
END_TEST

static void
make_under_a_file(void *arg)
{
	dirs_make(arg);
}

START_TEST(make_fails)
{
	char path[PATH_MAX];
	struct unit_child c;

	make_top();
	snprintf(path, sizeof path, "%s/file", top);
	make_file(path);
	snprintf(path, sizeof path, "%s/file/sub", top);
	unit_child_run(make_under_a_file, path, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_ptr_nonnull(strstr(c.err, "/file/sub: Not a directory"));
	dirs_remove_tree(top);
}
END_TEST

START_TEST(scratch)
{
	char buf[8] = "";

	make_top();
	ck_assert_str_eq(dirs_temp(top), top);
	setenv("TMPDIR", top, 1);
	ck_assert_str_eq(dirs_temp(NULL), top);
	ck_assert_str_eq(dirs_temp(""), top);
	setenv("TMPDIR", "", 1);
	ck_assert_str_eq(dirs_temp(NULL), "/tmp");
	int fd = dirs_scratch_file(top, "scratch");
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "text", 4), 4);
	ck_assert_int_eq(pread(fd, buf, sizeof buf, 0), 4);
	ck_assert_str_eq(buf, "text");
	ck_assert_int_eq(rmdir(top), 0); /* empty: the file is unlinked */
	close(fd);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {make_and_remove, make_fails, scratch, NULL};
	return unit_main("dirs", tests);
}

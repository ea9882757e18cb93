/*
 * test_dirs.c - directories made and removed whole, scratch files, files
 * replaced whole (os/dirs.h).
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

/* What dirs_make_new made is named, and dirs_remove_made takes back only
 * that, and only while it is empty. */
START_TEST(make_new_and_take_back)
{
	char path[PATH_MAX], first[PATH_MAX], keep[PATH_MAX];

	make_top();
	snprintf(path, sizeof path, "%s/a/b/c", top);
	snprintf(first, sizeof first, "%s/a", top);
	char *made = dirs_make_new(path);
	ck_assert_str_eq(made, first);
	ck_assert_ptr_null(dirs_make_new(path)); /* there already */
	dirs_remove_made(path, made);
	ck_assert_int_ne(access(first, F_OK), 0);
	ck_assert(is_dir(top)); /* not made by it */
	dirs_make(path);
	snprintf(keep, sizeof keep, "%s/a/keep", top);
	make_file(keep);
	dirs_remove_made(path, made);
	snprintf(path, sizeof path, "%s/a/b", top);
	ck_assert_int_ne(access(path, F_OK), 0);
	ck_assert(is_dir(first)); /* it holds a file now */
	free(made);
	dirs_remove_tree(top);
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

static void
text_new(FILE *f, void *arg)
{
	fputs(arg, f);
}

static void
write_whole(void *path)
{
	dirs_write_whole(path, text_new, "new\n");
}

START_TEST(whole_file)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	struct unit_child c;

	make_top();
	snprintf(path, sizeof path, "%s/file", top);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	make_file(path);
	dirs_write_whole(path, text_new, "new\n");
	ck_assert_str_eq(unit_file_text(path), "new\n");
	ck_assert_int_ne(access(tmp, F_OK), 0);

	/* A directory in the way: fatal, named, nothing left beside it. */
	snprintf(path, sizeof path, "%s/dir", top);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	dirs_make(path);
	unit_child_run(write_whole, path, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, "/dir: Is a directory") != NULL, "%s",
	              c.err);
	ck_assert(is_dir(path));
	ck_assert_int_ne(access(tmp, F_OK), 0);

	/* No directory to write in. */
	snprintf(path, sizeof path, "%s/none/file", top);
	unit_child_run(write_whole, path, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, "/none/file.tmp: No such file") != NULL,
	              "%s", c.err);
	dirs_remove_tree(top);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {make_and_remove, make_new_and_take_back,
	                        make_fails,      scratch,
	                        whole_file,      NULL};
	return unit_main("dirs", tests);
}

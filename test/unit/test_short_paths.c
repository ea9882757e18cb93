/*
 * test_short_paths.c - the recording machine's paths shortened for
 * publishing (dataset/short_paths.h): each rule, where a path starts and
 * ends, and text that is not a path left byte for byte.
 */
#include <stdlib.h>
#include <string.h>

#include "pages/short_paths.h"
#include "unit.h"

static void
assert_short(const struct short_paths *sp, const char *in, const char *want)
{
	char *got = short_paths_string(sp, in);
	ck_assert_msg(strcmp(got, want) == 0, "'%s': got '%s', want '%s'", in,
	              got, want);
	free(got);
}

START_TEST(each_rule)
{
	struct short_paths sp;
	const char *data[] = {"/nonexistent-dir", "/"};

	unsetenv("TMPDIR");
	setenv("HOME", "/srv/me", 1);
	short_paths_init(&sp, data, 2);
	assert_short(&sp,
	             "py::advance:/root/d/.pyperformance/venv/x/lib/"
	             "python3.12/site-packages/pyperformance/bm.py",
	             "py::advance:$VENV/pyperformance/bm.py");
	assert_short(&sp, "(/usr/lib/python3/dist-packages/a.py)",
	             "(/usr/lib/python3/dist-packages/a.py)");
	assert_short(&sp, "(/usr/lib/python3.11/dist-packages/a.py)",
	             "($VENV/a.py)");
	assert_short(&sp, "--prefix=/root/.pyenv/versions/3.12.1 x",
	             "--prefix=~/.pyenv/versions/3.12.1 x");
	assert_short(&sp, "\"/home/ann/b\" /home/ /home//x /srv/me/c",
	             "\"~/b\" /home/ /home//x ~/c");
	assert_short(&sp, "\t1 f (/tmp/perf-12.map)\n/var/tmp/a",
	             "\t1 f ($TMP/perf-12.map)\n$TMP/a");
	/* Mid-word slashes, URLs and bare directories are not paths here. */
	assert_short(&sp, "a/root/b https://x/tmp/ /root /tmp",
	             "a/root/b https://x/tmp/ /root /tmp");
	/* Options with a path attached, as in configure's arguments. */
	assert_short(&sp, "'LDFLAGS=-L/root/lib -Wl,-rpath,/root/lib' -I/tmp/i",
	             "'LDFLAGS=-L~/lib -Wl,-rpath,~/lib' -I$TMP/i");
	assert_short(&sp, "x-L/root/lib -a/b/root/c",
	             "x-L/root/lib -a/b/root/c");
	assert_short(&sp, "", "");
	short_paths_free(&sp);
}
END_TEST

/* A data directory, made absolute, wins over home and temporary. */
START_TEST(data_directories)
{
	struct short_paths sp;
	const char *data[] = {"/tmp"};

	short_paths_init(&sp, data, 1);
	assert_short(&sp, "/tmp/x", "$DATA/x");
	short_paths_free(&sp);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {each_rule, data_directories, NULL};
	return unit_main("short_paths", tests);
}

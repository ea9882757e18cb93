/*
 * test_suite_file.c - a suite's definition (dataset/suite_file.h): made
 * from a data directory (recorded or not, the Python of the first recorded
 * data set, the IDs' setting), written and read back to the same values
 * (strings that need escaping included), members found by benchmark;
 * what is not a definition refused, naming the file; one named found as
 * OUT/NAME-suite.json, or at the path given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "dataset/suite_file.h"
#include "unit.h"

static char why[512];

/* A definition written to a temporary file: its path in path. */
static void
write_to(char *path, const struct suite_file *s)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	suite_file_write(f, s);
	fclose(f);
	unit_temp_file(path, text);
	free(text);
}

START_TEST(written_and_read_back)
{
	char *tags[] = {"xperf", "a\"b\\c"};
	struct suite_member m[] = {
	    {"nbody", "bm_nbody-perf-freq999x4-xperf", "/d/one", true},
	    {"float", "bm_float-perf-freq999x4-xperf", "/d/tw\no", false},
	};
	struct suite_file s = {.name = "s312",
	                       .date = "2026-12-02T05:00:00Z",
	                       .python = "/py/bin/python3.12",
	                       .python_version = "3.12.1 (main)",
	                       .build = NULL,
	                       .frequency = 999,
	                       .runs = 4,
	                       .tags = tags,
	                       .ntags = 2,
	                       .data = "/d/one",
	                       .members = m,
	                       .n = 2};
	struct suite_file r;
	char path[UNIT_PATH];

	write_to(path, &s);
	ck_assert_msg(suite_file_read(&r, path, why, sizeof why), "%s", why);
	ck_assert_str_eq(r.name, "s312");
	ck_assert_str_eq(r.date, s.date);
	ck_assert_str_eq(r.python, s.python);
	ck_assert_str_eq(r.python_version, s.python_version);
	ck_assert_ptr_null(r.build);
	ck_assert_uint_eq(r.frequency, 999);
	ck_assert_uint_eq(r.runs, 4);
	ck_assert_uint_eq(r.ntags, 2);
	ck_assert_str_eq(r.tags[1], "a\"b\\c");
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.members[1].data, "/d/tw\no");
	ck_assert(r.members[0].recorded && !r.members[1].recorded);
	ck_assert_str_eq(suite_file_member(&r, "float")->id,
	                 "bm_float-perf-freq999x4-xperf");
	ck_assert_ptr_null(suite_file_member(&r, "richards"));
	suite_file_free(&r);
	unlink(path);
}
END_TEST

/*
 * A published definition's directories are "." (publish relocates them):
 * read back, they are the file's own directory; another relative one is
 * taken from there too.
 */
START_TEST(relative_directories_read_from_the_file_s)
{
	struct suite_member m[] = {
	    {"nbody", "bm_nbody-perf-freq999x4", "/d/one", true},
	    {"float", "bm_float-perf-freq999x4", "/d/two", true},
	};
	struct suite_file s = {
	    .name = "s", .data = "/d/one", .members = m, .n = 2};
	struct suite_file copy = {0}, r;
	char path[UNIT_PATH];

	/* A copy of s that relocate may free and replace. */
	copy.name = xstrdup("s");
	copy.data = xstrdup(s.data);
	copy.members = xcalloc(2, sizeof *copy.members);
	for (size_t i = 0; i < 2; i++) {
		copy.members[i].benchmark = xstrdup(m[i].benchmark);
		copy.members[i].id = xstrdup(m[i].id);
		copy.members[i].data = xstrdup(m[i].data);
		copy.members[i].recorded = true;
	}
	copy.n = 2;
	suite_file_relocate(&copy, ".");
	ck_assert_str_eq(copy.data, ".");
	ck_assert_str_eq(copy.members[1].data, ".");
	write_to(path, &copy);
	char *dir = realpath(path, NULL);
	*strrchr(dir, '/') = '\0';
	ck_assert_msg(suite_file_read(&r, path, why, sizeof why), "%s", why);
	ck_assert_str_eq(r.data, dir);
	ck_assert_str_eq(r.members[0].data, dir);
	ck_assert_str_eq(r.members[1].data, dir);
	suite_file_free(&r);
	unlink(path);

	free(copy.members[1].data);
	copy.members[1].data = xstrdup("sub/dir");
	write_to(path, &copy);
	ck_assert_msg(suite_file_read(&r, path, why, sizeof why), "%s", why);
	char *sub = xasprintf("%s/sub/dir", dir);
	ck_assert_str_eq(r.members[1].data, sub);
	ck_assert_str_eq(r.members[0].data, dir);
	suite_file_free(&r);
	unlink(path);
	free(sub);
	free(dir);
	suite_file_free(&copy);
}
END_TEST

START_TEST(made_from_a_data_directory)
{
	char dir[] = "/tmp/test_suite_file.XXXXXX";
	char *ids[] = {"bm_nbody-perf-freq500x3-nosite",
	               "bm_float-perf-freq500x3-nosite"};
	struct suite_file s;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *meta = NULL;
	ck_assert_int_gt(asprintf(&meta, "%s/%s-meta.json", dir, ids[1]), 0);
	FILE *f = fopen(meta, "w");
	fputs("{\"id\": \"bm_float-perf-freq500x3-nosite\", \"python\": "
	      "{\"executable\": \"/py3\", \"version\": \"3.13.0\","
	      " \"implementation\": \"cpython\"}}\n",
	      f);
	fclose(f);
	suite_file_make(&s, "mine", dir, ids, 2);
	ck_assert_str_eq(s.name, "mine");
	ck_assert_str_eq(s.data, dir);
	ck_assert_uint_eq(s.frequency, 500);
	ck_assert_uint_eq(s.runs, 3);
	ck_assert_uint_eq(s.ntags, 1);
	ck_assert_str_eq(s.tags[0], "nosite");
	ck_assert_str_eq(s.members[0].benchmark, "nbody");
	ck_assert(!s.members[0].recorded && s.members[1].recorded);
	ck_assert_str_eq(s.python, "/py3");
	ck_assert_ptr_nonnull(s.build);
	ck_assert_ptr_nonnull(strstr(s.build, "3.13.0"));
	suite_file_free(&s);
	unlink(meta);
	rmdir(dir);
	free(meta);
}
END_TEST

START_TEST(not_a_definition_refused)
{
	static const char *const texts[] = {
	    "{\"name\": \"x\"}",
	    "{\"format\": \"perfviews suite 1\", \"name\": \"x\", \"data\": "
	    "\"/d\", \"datasets\": [{\"id\": \"bm_a-perf-freq9\"}]}",
	    "not json",
	};
	for (size_t i = 0; i < 3; i++) {
		char path[UNIT_PATH];
		struct suite_file s;
		unit_temp_file(path, texts[i]);
		ck_assert(!suite_file_read(&s, path, why, sizeof why));
		ck_assert_msg(strncmp(why, path, strlen(path)) == 0, "%s", why);
		unlink(path);
	}
}
END_TEST

/* A suite named is OUT/NAME-suite.json; a path is read as given. */
START_TEST(found_by_name_or_path)
{
	struct suite_member m = {"nbody", "bm_nbody-perf-freq9", "/d", false};
	struct suite_file s = {
	    .name = "s1", .data = "/d", .members = &m, .n = 1};
	struct suite_file got;
	const char *dir = unit_dir_make();
	char *text = NULL, *path = suite_file_path("definition", dir, "s1");
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	ck_assert_str_eq(path + strlen(dir), "/s1-suite.json");
	suite_file_write(f, &s);
	fclose(f);
	unit_dir_write("s1-suite.json", text);
	suite_file_find_or_die(&got, dir, "s1");
	ck_assert_str_eq(got.name, "s1");
	ck_assert_str_eq(got.members[0].id, "bm_nbody-perf-freq9");
	suite_file_free(&got);
	suite_file_find_or_die(&got, "/nonexistent", path);
	ck_assert_str_eq(got.name, "s1");
	suite_file_free(&got);
	free(path);
	free(text);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {written_and_read_back,
	                        relative_directories_read_from_the_file_s,
	                        made_from_a_data_directory,
	                        not_a_definition_refused,
	                        found_by_name_or_path,
	                        NULL};
	return unit_main("suite_file", tests);
}

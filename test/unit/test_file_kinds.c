/*
 * test_file_kinds.c - the table of the kinds of file of a data set
 * (dataset/file_kinds.h): rows a README, an index and `make publish` can
 * rely on, names built from an ID, and files found by suffix.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "input/run_marks.h"
#include "unit.h"

static const struct file_kind *
kind(const char *name)
{
	for (size_t i = 0; i < file_kind_count; i++)
		if (strcmp(file_kinds[i].kind, name) == 0)
			return &file_kinds[i];
	ck_abort_msg("no kind '%s'", name);
	return NULL;
}

/* Text for a Markdown table cell, written as it is. */
static bool
fits_a_cell(const char *s)
{
	return s != NULL && *s != '\0' && strpbrk(s, "|\n\r") == NULL;
}

START_TEST(every_row_usable)
{
	size_t readmes = 0;

	ck_assert_uint_ge(file_kind_count, 9);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		/* Names and suffixes become file names and table cells. */
		ck_assert_msg(fits_a_cell(k->kind) && !strpbrk(k->kind, " /`"),
		              "kind %zu", i);
		ck_assert_msg(k->suffix[0] == '-' && strchr(k->suffix, '.') &&
		                  !strpbrk(k->suffix, " /|`"),
		              "%s: suffix '%s'", k->kind, k->suffix);
		ck_assert_msg(fits_a_cell(k->what), "%s: what", k->kind);
		ck_assert_msg(fits_a_cell(k->how), "%s: how", k->kind);
		if (k->alt_suffix != NULL)
			ck_assert_msg(k->alt_suffix[0] == '-' &&
			                  strcmp(k->alt_suffix, k->suffix) != 0,
			              "%s: alt_suffix", k->kind);
		readmes += k->origin == FILE_README;
		/* Kinds and suffixes are unique. */
		for (size_t j = 0; j < i; j++) {
			ck_assert_str_ne(file_kinds[j].kind, k->kind);
			ck_assert_str_ne(file_kinds[j].suffix, k->suffix);
		}
	}
	ck_assert_uint_eq(readmes, 1);
}
END_TEST

START_TEST(known_kinds)
{
	static const struct {
		const char *kind, *suffix;
		enum file_origin origin;
	} known[] = {
	    {"flamegraph", "-flamegraph.svg", FILE_VIEW},
	    {"flat", "-flat.txt", FILE_VIEW},
	    {"calltree", "-calltree.txt", FILE_VIEW},
	    {"bydso", "-bydso.txt", FILE_VIEW},
	    {"folded", "-folded.txt", FILE_VIEW},
	    {"stability", "-stability.md", FILE_EXTRA},
	    {"raw", "-raw.txt.xz", FILE_RECORDED},
	    {"meta", "-meta.json", FILE_RECORDED},
	    {"readme", "-README.md", FILE_README},
	};

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		const struct file_kind *k = kind(known[i].kind);
		ck_assert_str_eq(k->suffix, known[i].suffix);
		ck_assert_int_eq(k->origin, known[i].origin);
	}
	/* A raw file may be plain; nothing else has two names. */
	ck_assert_str_eq(kind("raw")->alt_suffix, "-raw.txt");
	ck_assert_ptr_null(kind("meta")->alt_suffix);
	ck_assert_ptr_null(kind("flat")->alt_suffix);
	/* The raw row tells the run marker as it is written. */
	ck_assert_ptr_nonnull(strstr(kind("raw")->what, RUN_MARK_START "N/M"));
	/* Pictures first. */
	ck_assert_str_eq(file_kinds[0].kind, "flamegraph");
}
END_TEST

START_TEST(names_from_an_id)
{
	char *name = file_kind_name(kind("flat"), "w-perf-freq99x3-t");
	ck_assert_str_eq(name, "w-perf-freq99x3-t-flat.txt");
	free(name);
	/* The main suffix, even for a kind with another. */
	name = file_kind_name(kind("raw"), "x");
	ck_assert_str_eq(name, "x-raw.txt.xz");
	free(name);
	name = file_kind_name(kind("readme"), "");
	ck_assert_str_eq(name, "-README.md");
	free(name);
}
END_TEST

/* The directory a data set's file is in: what file_kind_find takes. */
START_TEST(directory_of_a_file)
{
	static const char *const cases[][2] = {
	    {"data/w-raw.txt.xz", "data"},
	    {"/a/b/w-meta.json", "/a/b"},
	    {"w-meta.json", "."},
	    {"/w-meta.json", "/"},
	    {"a//w", "a/"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *dir = file_kind_dir(cases[i][0]);
		ck_assert_str_eq(dir, cases[i][1]);
		free(dir);
	}
}
END_TEST

static void
touch(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ck_assert_int_ge(fd, 0);
	close(fd);
}

static void
remove_file(const char *dir, const char *name)
{
	char path[256];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	unlink(path);
}

/* The found file's path less dir, "" when none is found. */
static const char *
found(const char *kind_name, const char *dir, const char *id)
{
	static char out[256];
	char *path = file_kind_find(kind(kind_name), dir, id);

	out[0] = '\0';
	if (path != NULL) {
		size_t n = strlen(dir);
		ck_assert_msg(strncmp(path, dir, n) == 0 && path[n] == '/',
		              "%s", path);
		snprintf(out, sizeof out, "%s", path + n + 1);
	}
	free(path);
	return out;
}

START_TEST(files_found_by_suffix)
{
	char dir[] = "/tmp/perfviews-unit.XXXXXX";

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_str_eq(found("raw", dir, "w"), "");
	ck_assert_str_eq(found("flat", dir, "w"), "");

	/* The plain raw file when there is no compressed one. */
	touch(dir, "w-raw.txt");
	ck_assert_str_eq(found("raw", dir, "w"), "w-raw.txt");
	touch(dir, "w-raw.txt.xz");
	ck_assert_str_eq(found("raw", dir, "w"), "w-raw.txt.xz");
	remove_file(dir, "w-raw.txt");
	ck_assert_str_eq(found("raw", dir, "w"), "w-raw.txt.xz");

	/* The whole ID: another data set's files are not this one's. */
	touch(dir, "w2-flat.txt");
	touch(dir, "x-w-flat.txt");
	ck_assert_str_eq(found("flat", dir, "w"), "");
	touch(dir, "w-flat.txt");
	ck_assert_str_eq(found("flat", dir, "w"), "w-flat.txt");
	ck_assert_str_eq(found("flat", dir, "w2"), "w2-flat.txt");
	/* Only the kind's own suffix. */
	ck_assert_str_eq(found("calltree", dir, "w"), "");
	/* Another directory. */
	ck_assert_str_eq(found("flat", "/nonexistent", "w"), "");

	static const char *const names[] = {"w-raw.txt.xz", "w2-flat.txt",
	                                    "x-w-flat.txt", "w-flat.txt"};
	for (size_t i = 0; i < 4; i++)
		remove_file(dir, names[i]);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* Paths from the table, and IDs read back from file names. */
START_TEST(paths_and_ids)
{
	const struct file_kind *k = NULL;
	char *s = file_kind_path("meta", "d/e", "w-perf-freq99");
	ck_assert_str_eq(s, "d/e/w-perf-freq99-meta.json");
	free(s);
	s = file_kind_id_of("d/w-perf-freq99-raw.txt.xz", &k);
	ck_assert_str_eq(s, "w-perf-freq99");
	ck_assert_str_eq(k->kind, "raw");
	free(s);
	/* The alternative suffix; the longest that fits (python-folded is not
	 * folded). */
	s = file_kind_id_of("w-raw.txt", &k);
	ck_assert_str_eq(s, "w");
	ck_assert_str_eq(k->kind, "raw");
	free(s);
	s = file_kind_id_of("w-python-folded.txt", &k);
	ck_assert_str_eq(s, "w");
	ck_assert_str_eq(k->kind, "python-folded");
	free(s);
	/* A suffix alone names no data set; another name no kind. */
	ck_assert_ptr_null(file_kind_id_of("dir/-meta.json", &k));
	ck_assert_ptr_null(file_kind_id_of("w-notes.txt", NULL));
}
END_TEST

/* bycategory's column labels: a raw file's ID, else a file's name. */
START_TEST(labels_of_inputs)
{
	static const char *const cases[][2] = {
	    {"d/w-perf-freq99-raw.txt.xz", "w-perf-freq99"},
	    {"w-raw.txt", "w"},
	    {"d/run.folded.gz", "run"},
	    {"out/w-flat.txt", "w-flat"},
	    {"-", "stdin"},
	    {".txt", ".txt"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = file_kind_label(cases[i][0]);
		ck_assert_str_eq(s, cases[i][1]);
		free(s);
	}
}
END_TEST

/* An ID of any kind or of one; a directory's last name, resolved. */
START_TEST(ids_or_names_and_dir_names)
{
	char *s = file_kind_id_or_name("d/w-flat.txt", NULL);
	ck_assert_str_eq(s, "w");
	free(s);
	s = file_kind_id_or_name("d/w-flat.txt", "raw");
	ck_assert_str_eq(s, "w-flat.txt");
	free(s);
	s = file_kind_id_or_name("notes", NULL);
	ck_assert_str_eq(s, "notes");
	free(s);
	s = file_kind_dir_name("/usr/lib/../bin/.");
	ck_assert_str_eq(s, "bin");
	free(s);
	s = file_kind_dir_name("/nonexistent/x/");
	ck_assert_str_eq(s, "/nonexistent/x/");
	free(s);
}
END_TEST

START_TEST(comparison_names)
{
	char *s = comparison_name("a", "b", "x", "y");
	ck_assert_str_eq(s, "a" COMPARISON_SEPARATOR "b");
	free(s);
	s = comparison_name("a", "a", "x", "y");
	ck_assert_str_eq(s, "a-x" COMPARISON_SEPARATOR "y");
	free(s);
	s = comparison_path("diff", "out", "a-vs-b");
	ck_assert_str_eq(s, "out/a-vs-b-diff.txt");
	free(s);
	for (size_t i = 0; i < comparison_kind_count; i++) {
		s = comparison_path(comparison_kinds[i].kind, ".", "n");
		ck_assert_str_eq(s + 3, comparison_kinds[i].suffix);
		free(s);
	}
}
END_TEST

/* Suffixes by kind name, for files named in words, and paths less theirs. */
static void
suffix_of_no_kind(void *arg)
{
	file_kind_suffix(arg);
}

START_TEST(suffixes_and_stems)
{
	struct unit_child c;

	for (size_t i = 0; i < file_kind_count; i++)
		ck_assert_str_eq(file_kind_suffix(file_kinds[i].kind),
		                 file_kinds[i].suffix);
	ck_assert_str_eq(file_kind_suffix("flat"), "-flat.txt");
	for (size_t i = 0; i < comparison_kind_count; i++)
		ck_assert_str_eq(comparison_suffix(comparison_kinds[i].kind),
		                 comparison_kinds[i].suffix);
	ck_assert_str_eq(comparison_suffix("diff"), "-diff.txt");
	unit_child_run(suffix_of_no_kind, "flatt", &c);
	ck_assert_int_ne(c.status, 0);
	ck_assert_msg(strstr(c.err, "no kind of file flatt") != NULL, "%s",
	              c.err);
	/* The path less its kind's suffix, or either suffix of the raw. */
	char *s = file_kind_stem("d311/w-perf-freq99-raw.txt.xz", "raw");
	ck_assert_str_eq(s, "d311/w-perf-freq99");
	free(s);
	s = file_kind_stem("w-raw.txt", "raw");
	ck_assert_str_eq(s, "w");
	free(s);
	s = file_kind_stem("/a-b/w-files.txt", "files");
	ck_assert_str_eq(s, "/a-b/w");
	free(s);
	/* Another kind's name, the longest suffix's (python-folded is not
	 * folded), or no kind's: none. */
	ck_assert_ptr_null(file_kind_stem("d/w-files.txt", "raw"));
	ck_assert_ptr_null(file_kind_stem("w-python-folded.txt", "folded"));
	ck_assert_ptr_null(file_kind_stem("w-notes.txt", "raw"));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {every_row_usable,
	                        known_kinds,
	                        names_from_an_id,
	                        directory_of_a_file,
	                        files_found_by_suffix,
	                        paths_and_ids,
	                        comparison_names,
	                        suffixes_and_stems,
	                        labels_of_inputs,
	                        ids_or_names_and_dir_names,
	                        NULL};
	return unit_main("file_kinds", tests);
}

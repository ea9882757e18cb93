/*
 * test_publish.c - `make publish` (suite/publish.h): data sets copied
 * into one directory with an index whose every link is a file there,
 * copies made only where the bytes differ, data sets that cannot be
 * published skipped or fatal, and the views command run for each; a file
 * publish did not write (or changed since) never replaced, another
 * recording under a published ID refused unless forced, the index beside
 * a README of someone else's, comparisons and suites published with their
 * data sets, and paths shortened in every file.
 */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/metadata.h"
#include "suite/publish.h"
#include "dataset/suite_file.h"
#include "pages/view_make.h"
#include "unit.h"

#define ID "w-perf-freq99x2"

/* The test's scratch directory (unit_dir_make). */
static const char *top;

/* The text of top/rel. */
static const char *
contents(const char *rel)
{
	return unit_file_text(unit_dir_path(rel));
}

static bool
exists(const char *rel)
{
	return access(unit_dir_path(rel), F_OK) == 0;
}

static void
make_dir(const char *rel)
{
	ck_assert_int_eq(mkdir(unit_dir_path(rel), 0777), 0);
}

/* DIR/ID-meta.json for id, with a command line. */
static void
write_meta(const char *dir, const char *id, const char *command)
{
	struct metadata m;
	char why[256], rel[256];

	metadata_init(&m);
	ck_assert(metadata_set(&m, "id", id, why, sizeof why));
	ck_assert(
	    metadata_set(&m, "workload.command", command, why, sizeof why));
	snprintf(rel, sizeof rel, "%s/%s-meta.json", dir, id);
	FILE *f = fopen(unit_dir_path(rel), "w");
	ck_assert_ptr_nonnull(f);
	metadata_write(&m, f);
	fclose(f);
	metadata_free(&m);
}

static const char *const views[] = {
    "flamegraph.svg", "flat.txt",       "calltree.txt",
    "bydso.txt",      "categories.txt", "categories.svg",
    "folded.txt",     "README.md",      NULL};

/*
 * DIR's data set id noted as the source of out/'s views of it, as make
 * views notes it before it makes them (view_make.h).
 */
static void
note_source_in(const char *dir, const char *out_dir, const char *id)
{
	char raw[PATH_MAX], meta[PATH_MAX], out[PATH_MAX];

	snprintf(raw, sizeof raw, "%s/%s-raw.txt", unit_dir_path(dir), id);
	if (access(raw, F_OK) != 0)
		strcat(raw, ".xz");
	snprintf(meta, sizeof meta, "%s/%s-meta.json", unit_dir_path(dir), id);
	snprintf(out, sizeof out, "%s", unit_dir_path(out_dir));
	struct view_files f = {.id = id, .raw = raw, .meta = meta, .out = out};
	view_source_write(&f);
}

static void
note_source(const char *dir, const char *id)
{
	note_source_in(dir, "out", id);
}

/* out/'s views of dir's id, made after their source is noted. */
static void
make_views(const char *dir, const char *id)
{
	char rel[256];

	note_source(dir, id);
	for (size_t i = 0; views[i] != NULL; i++) {
		snprintf(rel, sizeof rel, "out/%s-%s", id, views[i]);
		unit_dir_write(rel, views[i]);
	}
}

/* out/NAME-suite.json: the suite of dir's ids, as make suite defines it. */
static void
define_suite(const char *name, const char *dir, char *const ids[], size_t n)
{
	struct suite_file s;
	char path[PATH_MAX];

	suite_file_make(&s, name, unit_dir_path(dir), ids, n);
	snprintf(path, sizeof path, "%s/%s-suite.json", unit_dir_path("out"),
	         name);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	suite_file_write(f, &s);
	ck_assert_int_eq(fclose(f), 0);
	suite_file_free(&s);
}

/* data/ with ID's meta and raw file, out/ with its views. */
static void
make_data_set(void)
{
	make_dir("data");
	make_dir("out");
	write_meta("data", ID, "python3 -c pass");
	unit_dir_write("data/" ID "-raw.txt", "raw text\n");
	make_views("data", ID);
}

struct run {
	const char *dest; /* under top */
	const char *data[3];
	size_t ndata;
	const char *out;
	const char *make;
	bool in_top; /* run in top: relative paths */
	bool force;
	int paths;
};

static void
publish_in_child(void *arg)
{
	const struct run *r = arg;
	char dest[PATH_MAX], out[PATH_MAX], data[3][PATH_MAX];
	const char *dirs[3];

	progname = "prog";
	if (r->in_top) {
		ck_assert_int_eq(chdir(top), 0);
		snprintf(dest, sizeof dest, "%s", r->dest);
		snprintf(out, sizeof out, "%s", r->out);
	} else {
		snprintf(dest, sizeof dest, "%s/%s", top, r->dest);
		snprintf(out, sizeof out, "%s/%s", top, r->out);
	}
	for (size_t i = 0; i < r->ndata; i++) {
		snprintf(data[i], sizeof data[i], "%s%s%s",
		         r->in_top ? "" : top, r->in_top ? "" : "/",
		         r->data[i]);
		dirs[i] = data[i];
	}
	struct publish_options opt = {
	    {dirs, r->ndata, 0}, out, r->make, r->force, r->paths, "xz -1"};
	publish(dest, &opt);
}

/* Publish; then the output, with top written TOP. */
static void
publish_run(const struct run *r, struct unit_child *c)
{
	unit_child_run(publish_in_child, (void *)r, c);
	char *buffers[] = {c->out, c->err};
	size_t sizes[] = {sizeof c->out, sizeof c->err};
	for (size_t b = 0; b < 2; b++) {
		char *p;
		while ((p = strstr(buffers[b], top)) != NULL) {
			memcpy(p, "TOP", 3);
			memmove(p + 3, p + strlen(top),
			        strlen(p + strlen(top)) + 1);
		}
		ck_assert(strlen(buffers[b]) < sizes[b] - 1);
	}
}

/* Every link "](target)" of dest's README.md names a file in dest. */
static size_t
assert_links_resolve(const char *dest)
{
	char rel[256];
	size_t links = 0;

	snprintf(rel, sizeof rel, "%s/README.md", dest);
	const char *text = contents(rel);
	for (const char *p = strstr(text, "]("); p != NULL;
	     p = strstr(p + 1, "](")) {
		size_t n = strcspn(p + 2, ")");
		if (strncmp(p + 2, "https://", 8) == 0)
			continue; /* the viewers' sites */
		snprintf(rel, sizeof rel, "%s/%.*s", dest, (int)n, p + 2);
		ck_assert_msg(strchr(rel + strlen(dest) + 1, '/') == NULL,
		              "link outside: %s", rel);
		ck_assert_msg(exists(rel), "dangling link %s", rel);
		links++;
	}
	return links;
}

/* The names in a directory, sorted, joined by spaces. */
static const char *
listing(const char *rel)
{
	static char out[4096];
	struct dirent **names;
	int n = scandir(unit_dir_path(rel), &names, NULL, alphasort);
	size_t used = 0;

	ck_assert_int_ge(n, 0);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.')
			used += (size_t)snprintf(out + used, sizeof out - used,
			                         "%s%s", used ? " " : "",
			                         names[i]->d_name);
		free(names[i]);
	}
	free(names);
	return out;
}

START_TEST(copies_and_indexes)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(listing("pub"),
	                 "README.md " ID "-README.md " ID "-bydso.txt " ID
	                 "-calltree.txt " ID "-categories.svg " ID
	                 "-categories.txt " ID "-flamegraph.svg " ID
	                 "-flat.txt " ID "-folded.txt " ID "-meta.json " ID
	                 "-raw.txt");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "flat.txt");
	char meta[4096];
	snprintf(meta, sizeof meta, "%s", contents("data/" ID "-meta.json"));
	ck_assert_str_eq(contents("pub/" ID "-meta.json"), meta);

	/* The index: one row, and nothing it links is missing. */
	const char *index = contents("pub/README.md");
	ck_assert_ptr_nonnull(strstr(index, "\n| [" ID "](" ID "-README.md) | "
	                                    "unknown | python3 -c pass | "));
	ck_assert_ptr_nonnull(strstr(index, "[raw](" ID "-raw.txt) [meta](" ID
	                                    "-meta.json) |\n"));
	/* README, 5 views, raw and meta. */
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);
	unit_dir_remove();
}
END_TEST

START_TEST(same_bytes_left_alone)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;
	struct stat before, after;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &before),
	                 0);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 0 file(s) copied, 10 "
	                        "already there\n");
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &after), 0);
	ck_assert_uint_eq(before.st_ino, after.st_ino);

	/* A changed view is replaced whole, by another file. */
	unit_dir_write("out/" ID "-flat.txt", "new flat, longer than before\n");
	/* A stability report, when there is one, is published too. */
	unit_dir_write("out/" ID "-stability.md", "stable\n");
	publish_run(&r, &c);
	ck_assert_str_eq(c.out, "published to TOP/pub: 2 file(s) copied, 9 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"),
	                 "new flat, longer than before\n");
	ck_assert_int_eq(stat(unit_dir_path("pub/" ID "-flat.txt"), &after), 0);
	ck_assert_uint_ne(before.st_ino, after.st_ino);
	ck_assert_str_eq(contents("pub/" ID "-stability.md"), "stable\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"),
	                             "[stability](" ID "-stability.md)"));
	/* Nothing written beside is left. */
	ck_assert_ptr_null(strstr(listing("pub"), ".tmp"));
	ck_assert_uint_eq(assert_links_resolve("pub"), 11);
	unit_dir_remove();
}
END_TEST

START_TEST(unpublishable_data_sets_skipped)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	/* No raw file; and an ID that is not one. */
	write_meta("data", "v-perf-freq1", "v");
	write_meta("data", "not_an_id", "n");
	unit_dir_write("data/not_an_id-raw.txt", "raw\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err,
	                 "prog: skipping TOP/data/not_an_id-meta.json: bad ID: "
	                 "missing tool and frequency (want "
	                 "WORKLOAD-perf-freqHZ[xRUNS][-TAG...])\n"
	                 "prog: skipping TOP/data/v-perf-freq1-meta.json: no "
	                 "raw file beside it\n");
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_ptr_null(strstr(listing("pub"), "v-perf"));
	ck_assert_ptr_null(strstr(listing("pub"), "not_an_id"));
	ck_assert_ptr_null(strstr(contents("pub/README.md"), "v-perf"));
	unit_dir_remove();
}
END_TEST

START_TEST(first_directory_wins)
{
	struct run r = {"pub", {"data", "data2"}, 2, "out", "", false, false,
	                0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	make_dir("data2");
	write_meta("data2", ID, "the other command");
	unit_dir_write("data2/" ID "-raw.txt.xz", "other raw\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert(!exists("pub/" ID "-raw.txt.xz"));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/" ID "-meta.json"), "python3 -c pass"));
	unit_dir_remove();
}
END_TEST

START_TEST(missing_view_is_fatal)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unlink(unit_dir_path("out/" ID "-calltree.txt"));
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: " ID ": no " ID "-calltree.txt in "
	                        "TOP/out\n");
	ck_assert_str_eq(c.out, "");
	ck_assert(!exists("pub/README.md"));
	unit_dir_remove();
}
END_TEST

START_TEST(destination_must_be_a_directory)
{
	struct run r = {"file", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unit_dir_write("file", "x");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err, "prog: TOP/file: Not a directory\n");
	r.dest = "no/such/dir";
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err,
	                 "prog: TOP/no/such/dir: No such file or directory\n");
	unit_dir_remove();
}
END_TEST

/*
 * The views command: run through sh with the ID and directories quoted,
 * before the files are copied; a failure is fatal.
 */
START_TEST(views_rendered_by_make)
{
	struct run r = {"pub", {"da'ta"}, 1, "out dir", NULL, false, false, 0};
	struct unit_child c;
	char make[PATH_MAX + 32], want[2 * PATH_MAX];

	top = unit_dir_make();
	make_dir("da'ta");
	make_dir("out dir");
	write_meta("da'ta", ID, "python3 -c pass");
	unit_dir_write("da'ta/" ID "-raw.txt", "raw text\n");
	/* What make views notes first; then a make that logs its words and
	 * renders each view as its name. */
	note_source_in("da'ta", "out dir", ID);
	unit_dir_write("make.sh",
	               "log=$(dirname \"$0\")/log\n"
	               "printf '[%s]' \"$@\" >>\"$log\"; echo >>\"$log\"\n"
	               "id=${2#ID=}; out=${4#OUT=}\n"
	               "for v in flamegraph.svg flat.txt calltree.txt "
	               "bydso.txt categories.txt categories.svg folded.txt "
	               "README.md; do\n"
	               "  echo \"made $v\" >\"$out/$id-$v\"\n"
	               "done\n");
	snprintf(make, sizeof make, "sh %s", unit_dir_path("make.sh"));
	r.make = make;
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	snprintf(want, sizeof want, "[views][ID=%s][DATA=%s][OUT=%s]\n", ID,
	         unit_dir_path("da'ta"), unit_dir_path("out dir"));
	ck_assert_str_eq(contents("log"), want);
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "made flat.txt\n");
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);

	/* A make that fails stops the publishing. */
	unit_dir_write("make.sh", "exit 3\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err,
	                             " views ID='" ID "' DATA='TOP/da'\\''ta' "
	                             "OUT='TOP/out dir' failed (exit 3)\n"));
	ck_assert_msg(strncmp(c.err, "prog: sh TOP/make.sh views", 26) == 0,
	              "%s", c.err);
	unit_dir_remove();
}
END_TEST

/* No directories given: data; paths relative to where it runs. */
START_TEST(data_by_default)
{
	struct run r = {"pub", {NULL}, 0, "out", "", true, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_str_eq(c.out, "published to pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_uint_eq(assert_links_resolve("pub"), 10);
	unit_dir_remove();
}
END_TEST

START_TEST(nothing_to_publish)
{
	struct run r = {"pub", {"empty"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_dir("empty");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "published to TOP/pub: 0 file(s) copied, 0 "
	                        "already there\n");
	/* An index of nothing, still with the table of kinds. */
	ck_assert_str_eq(listing("pub"), "README.md");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"),
	                             "|---|---|---|---|---|---|---|\n\n"
	                             "## Opening the files\n"));
	unit_dir_remove();
}
END_TEST

/* A file publish did not write is never replaced: nothing is written. */
START_TEST(foreign_files_left_alone)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	make_dir("pub");
	unit_dir_write("pub/README.md", "the repository's own README\n");
	unit_dir_write("pub/" ID "-flat.txt", "someone's flat\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(c.err,
	                 "prog: TOP/pub/" ID "-flat.txt is there already, and "
	                 "perfviews did not write it (it is not in "
	                 ".perfviews-published): leaving it, and publishing "
	                 "nothing\n"
	                 "prog: nothing published into TOP/pub: 1 file(s) in "
	                 "the way (move them, or publish elsewhere)\n");
	ck_assert_str_eq(listing("pub"), "README.md " ID "-flat.txt");
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "someone's flat\n");
	ck_assert(!exists("pub/.perfviews-published"));

	/* Moved away: published, the index beside the README. */
	unlink(unit_dir_path("pub/" ID "-flat.txt"));
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "TOP/pub/README.md is not perfviews': the "
	                        "index is TOP/pub/perfviews-index.md\n"
	                        "published to TOP/pub: 10 file(s) copied, 0 "
	                        "already there\n");
	ck_assert_str_eq(contents("pub/README.md"),
	                 "the repository's own README\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/perfviews-index.md"),
	                             "| [" ID "](" ID "-README.md) |"));
	/* The manifest keeps the index's place. */
	ck_assert_ptr_nonnull(strstr(contents("pub/.perfviews-published"),
	                             "\nindex perfviews-index.md\n"));
	unlink(unit_dir_path("pub/README.md"));
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert(!exists("pub/README.md"));

	/* A file publish wrote, changed since, is not its own any more. */
	unit_dir_write("pub/" ID "-flat.txt", "edited by hand\n");
	unit_dir_write("out/" ID "-flat.txt", "a new flat\n");
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err, "prog: TOP/pub/" ID "-flat.txt was "
	                                    "changed since perfviews "
	                                    "published it: leaving it"));
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"), "edited by hand\n");
	unit_dir_remove();
}
END_TEST

/*
 * Another recording under a published ID is refused, saying what
 * differs, and nothing is written; --force replaces it.
 */
START_TEST(another_recording_refused)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	char before[8192];
	snprintf(before, sizeof before, "%s",
	         contents("pub/.perfviews-published"));

	make_dir("data2");
	write_meta("data2", ID, "python3 -c other");
	unit_dir_write("data2/" ID "-raw.txt", "another raw text\n");
	write_meta("data2", "n-perf-freq99", "python3 -c new");
	unit_dir_write("data2/n-perf-freq99-raw.txt", "new raw\n");
	make_views("data2", "n-perf-freq99");
	r.data[0] = "data2";
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_str_eq(
	    c.err,
	    "prog: " ID ": another recording is published under this ID "
	    "in TOP/pub than the one in TOP/data2 (their raw files "
	    "differ); in their meta.json:\n"
	    "    workload.command: python3 -c pass published, python3 -c "
	    "other in TOP/data2\n"
	    "prog: nothing published: publish each recording under an "
	    "ID of its own (make record ID=... with a tag), or replace "
	    "the published one with FORCE=1 (--force)\n");
	ck_assert(!exists("pub/n-perf-freq99-meta.json"));
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "raw text\n");
	ck_assert_str_eq(contents("pub/.perfviews-published"), before);

	/* Forced: data2's views of ID, and no other's, are published. */
	r.force = true;
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, EXIT_DATA);
	ck_assert_ptr_nonnull(strstr(c.err, "was not made from TOP/data2/" ID
	                                    "-raw.txt (another recording"));
	make_views("data2", ID);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "prog: " ID ": replacing the recording "
	                        "published in TOP/pub with the one of "
	                        "TOP/data2 (force)\n");
	ck_assert_str_eq(contents("pub/" ID "-raw.txt"), "another raw text\n");
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/README.md"),
	           "| [n-perf-freq99](n-perf-freq99-README.md)"));
	unit_dir_remove();
}
END_TEST

/*
 * Comparisons and suites of OUT are published when their data sets are,
 * comparisons of two suites when both suites are, and the index links
 * them.
 */
START_TEST(comparisons_and_suites)
{
	struct run r = {"pub", {"data"}, 1, "out", "", false, false, 0};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	unit_dir_write("out/" ID "-vs-" ID "-README.md", "same\n");
	unit_dir_write("out/" ID "-vs-" ID "-diff.txt", "diff\n");
	unit_dir_write("out/w-perf-freq99x2-vs-x-perf-freq1-README.md", "x\n");
	unit_dir_write("out/s1-README.md",
	               "# Suite s1\n| [" ID "](" ID "-README.md) |\n");
	unit_dir_write("out/s1-categories.svg", "<svg/>\n");
	unit_dir_write("out/s2-README.md", "# Suite s2\n| [x-perf-freq1]"
	                                   "(x-perf-freq1-README.md) |\n");
	unit_dir_write("out/s-3-README.md",
	               "# Suite s-3\n| [" ID "](" ID "-README.md) |\n");
	unit_dir_write("out/s1-vs-s-3-README.md",
	               "# Suites compared: s-3 against s1\n"
	               "[README](s1-README.md), [README](s-3-README.md)\n"
	               "| n | [README](" ID "-vs-" ID "-README.md) |\n");
	unit_dir_write("out/s1-vs-s-3-timing.csv", "benchmark\n");
	unit_dir_write("out/s1-vs-s2-README.md",
	               "# Suites compared: s2 against s1\n"
	               "[README](s1-README.md), [README](s2-README.md)\n");
	char *ids[] = {ID, "x-perf-freq1"};
	define_suite("s1", "data", ids, 1);
	define_suite("s2", "data", ids + 1, 1);
	define_suite("s-3", "data", ids, 1);
	publish_run(&r, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err,
	                 "prog: skipping the comparison "
	                 "w-perf-freq99x2-vs-x-perf-freq1: x-perf-freq1 is not "
	                 "published (not in TOP/pub)\n"
	                 "prog: skipping the suite s2: its data set "
	                 "x-perf-freq1 is not published (not in TOP/pub)\n"
	                 "prog: skipping the comparison of suites s1-vs-s2: "
	                 "s2 is not published (not in TOP/pub)\n");
	ck_assert(exists("pub/s1-vs-s-3-timing.csv"));
	ck_assert(!exists("pub/s1-vs-s2-README.md"));
	ck_assert(exists("pub/" ID "-vs-" ID "-diff.txt"));
	ck_assert(exists("pub/s1-categories.svg"));
	ck_assert(!exists("pub/s2-README.md"));
	const char *index = contents("pub/README.md");
	ck_assert_ptr_nonnull(strstr(
	    index, "| [" ID " against " ID "](" ID "-vs-" ID
	           "-README.md) | [" ID "](" ID "-README.md) | [" ID "](" ID
	           "-README.md) | [diff](" ID "-vs-" ID "-diff.txt) |\n"));
	ck_assert_ptr_nonnull(strstr(index, "| [s1](s1-README.md) | "
	                                    "[categories](s1-categories.svg) "
	                                    "[definition](s1-suite.json) "
	                                    "|\n"));
	ck_assert_ptr_nonnull(
	    strstr(index, "| [s-3 against s1](s1-vs-s-3-README.md) | "
	                  "[s1](s1-README.md) [s-3](s-3-README.md) | "
	                  "[timing](s1-vs-s-3-timing.csv) |\n"));
	ck_assert_ptr_nonnull(strstr(contents("pub/.perfviews-published"),
	                             "\nsuite-comparison s1-vs-s-3\n"));
	/* The suites' definitions too (they are checked against the data). */
	ck_assert_uint_eq(assert_links_resolve("pub"), 23);
	unit_dir_remove();
}
END_TEST

/* Short paths: in every file, the raw file's compressed again. */
START_TEST(short_paths_everywhere)
{
	struct run r = {"pub", {"data"}, 1,     "out",
	                "",    false,    false, PUBLISH_PATHS_SHORT};
	struct unit_child c;

	top = unit_dir_make();
	make_data_set();
	write_meta("data", ID, "/home/ann/py/bin/python3 /tmp/x/run.py");
	unit_dir_write("out/" ID "-flat.txt",
	               "py::f:/root/v/lib/python3.12/site-packages/m.py 1\n");
	/* A compressed raw file: decompressed, shortened, compressed. */
	unlink(unit_dir_path("data/" ID "-raw.txt"));
	char cmd[3 * PATH_MAX];
	snprintf(cmd, sizeof cmd,
	         "printf '\\t1 f (/tmp/perf-1.map)\\n' | xz >%s",
	         unit_dir_path("data/" ID "-raw.txt.xz"));
	ck_assert_int_eq(system(cmd), 0);
	make_views("data", ID);
	unit_dir_write("out/" ID "-flat.txt",
	               "py::f:/root/v/lib/python3.12/site-packages/m.py 1\n");
	publish_run(&r, &c);
	ck_assert_str_eq(c.err, "");
	ck_assert_int_eq(c.status, 0);
	ck_assert_ptr_nonnull(strstr(contents("pub/" ID "-meta.json"),
	                             "\"~/py/bin/python3 $TMP/x/run.py\""));
	ck_assert_str_eq(contents("pub/" ID "-flat.txt"),
	                 "py::f:$VENV/m.py 1\n");
	snprintf(cmd, sizeof cmd, "xz -dc %s >%s",
	         unit_dir_path("pub/" ID "-raw.txt.xz"), unit_dir_path("raw"));
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_str_eq(contents("raw"), "\t1 f ($TMP/perf-1.map)\n");
	ck_assert_ptr_nonnull(strstr(contents("pub/README.md"), "## Paths\n"));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/.perfviews-published"), "\ndataset " ID " "));
	ck_assert_ptr_nonnull(
	    strstr(contents("pub/.perfviews-published"), " short\n"));
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {copies_and_indexes,
	                        same_bytes_left_alone,
	                        unpublishable_data_sets_skipped,
	                        first_directory_wins,
	                        missing_view_is_fatal,
	                        destination_must_be_a_directory,
	                        views_rendered_by_make,
	                        data_by_default,
	                        nothing_to_publish,
	                        foreign_files_left_alone,
	                        another_recording_refused,
	                        comparisons_and_suites,
	                        short_paths_everywhere,
	                        NULL};
	return unit_main("publish", tests);
}

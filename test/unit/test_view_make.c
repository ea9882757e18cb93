/*
 * test_view_make.c - how the views of a data set are made
 * (pages/view_make.h): each view's options by measure and Python, and
 * whether the views in OUT are current (view_current: make views' rule);
 * the views written, one read of the raw file: t-views-raw.sh.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "pages/view_make.h"
#include "unit.h"

/* view_options_write's line for a meta.json of the given text. */
static const char *
options(const char *meta_json, const char *view)
{
	static char *text;
	static size_t n;
	struct metadata m;
	char why[256];

	unit_dir_write("meta.json", meta_json);
	metadata_init(&m);
	ck_assert_msg(
	    metadata_read_json(&m, unit_dir_path("meta.json"), why, sizeof why),
	    "%s", why);
	free(text); /* the last call's, no longer used */
	FILE *f = open_memstream(&text, &n);
	if (!view_options_write(f, &m, view))
		fputs("(no such view)\n", f);
	fclose(f);
	metadata_free(&m);
	return text;
}

START_TEST(options_follow_measure_and_python)
{
	unit_dir_make();
	const char *plain = "{\"id\": \"w-perf-freq99\"}";
	const char *python =
	    "{\"id\": \"w-perf-freq99-xperf\", \"tags\": "
	    "[\"xperf\"], \"python\": {\"version\": \"3.12\"}}";
	const char *faults = "{\"id\": \"w-perf-freq99-faults\", \"tags\": "
	                     "[\"faults\"]}";

	ck_assert_str_eq(options(plain, "flat"), "\n");
	ck_assert_str_eq(options(plain, "folded"), "\n");
	ck_assert_str_eq(options(python, "folded"),
	                 "'--kernel' '--jit' '--python'\n");
	ck_assert_str_eq(options(python, "flamegraph"),
	                 "'--colors=python' '--countname=samples'\n");
	ck_assert_str_eq(options(faults, "callers"),
	                 "'--event=page-faults' '--inverted' '--max-depth=4' "
	                 "'--percent-limit=1'\n");
	ck_assert_str_eq(options(faults, "stability"),
	                 "'--event=page-faults'\n");
	ck_assert_str_eq(options(faults, "categories-svg"),
	                 "'--event=page-faults' '--format=svg'\n");
	/* The README and recorded files are made by no program of theirs. */
	ck_assert_str_eq(options(plain, "readme"), "(no such view)\n");
	ck_assert_str_eq(options(plain, "raw"), "(no such view)\n");
	ck_assert_str_eq(options(plain, "nonesuch"), "(no such view)\n");
	unit_dir_remove();
}
END_TEST

#define ID   "w-perf-freq99"
#define META "{\"id\": \"" ID "\", \"workload\": {\"command\": \"a\"}}"

/* A file's time of change set to t seconds and ns nanoseconds. */
static void
set_time_ns(const char *rel, time_t t, long ns)
{
	struct timespec ts[2] = {{t, ns}, {t, ns}};

	ck_assert_msg(utimensat(AT_FDCWD, unit_dir_path(rel), ts, 0) == 0, "%s",
	              unit_dir_path(rel));
}

static void
set_time(const char *rel, time_t t)
{
	set_time_ns(rel, t, 0);
}

/* A raw file and meta.json in dir, both of time 1000. */
static void
data_set_write(const char *dir, const char *raw_text, const char *meta)
{
	char raw[64], json[64];

	snprintf(raw, sizeof raw, "%s/%s-raw.txt", dir, ID);
	snprintf(json, sizeof json, "%s/%s-meta.json", dir, ID);
	mkdir(unit_dir_path(dir), 0777);
	unit_dir_write(raw, raw_text);
	unit_dir_write(json, meta);
	set_time(raw, 1000);
	set_time(json, 1000);
}

/*
 * Views made of data/ID as make views makes them: perfviews (bin/) of
 * time 1000, the note of their source written (time 2000), then the
 * README (time 3000), which stands for them all.
 */
static void
views_made(void)
{
	char raw[4096], meta[4096], out[4096];

	unit_dir_make();
	data_set_write("data", "a sample\n", META);
	mkdir(unit_dir_path("bin"), 0777);
	unit_dir_write("bin/perfviews", "");
	set_time("bin/perfviews", 1000);
	/* (unit_dir_path's buffers are reused: copies.) */
	snprintf(raw, sizeof raw, "%s", unit_dir_path("data/" ID "-raw.txt"));
	snprintf(meta, sizeof meta, "%s",
	         unit_dir_path("data/" ID "-meta.json"));
	snprintf(out, sizeof out, "%s", unit_dir_path("out"));
	struct view_files f = {.id = ID, .raw = raw, .meta = meta, .out = out};
	view_source_write(&f);
	set_time("out/." ID ".source", 2000);
	unit_dir_write("out/" ID "-README.md", "# " ID "\n");
	set_time("out/" ID "-README.md", 3000);
}

/* view_current of data set ID of dir (its files found there), the views
 * in out, made by bin/perfviews. */
static bool
current_in(const char *dir)
{
	char data[4096], out[4096], perfviews[4096];

	snprintf(data, sizeof data, "%s", unit_dir_path(dir));
	snprintf(out, sizeof out, "%s", unit_dir_path("out"));
	snprintf(perfviews, sizeof perfviews, "%s",
	         unit_dir_path("bin/perfviews"));
	struct view_files f = {.id = ID, .out = out};
	return view_current(data, &f, perfviews);
}

START_TEST(views_current_when_made_since_their_sources)
{
	views_made();
	ck_assert(current_in("data"));
	/* Given the raw file and meta.json rather than found. */
	char raw[4096], meta[4096], out[4096], perfviews[4096];
	snprintf(raw, sizeof raw, "%s", unit_dir_path("data/" ID "-raw.txt"));
	snprintf(meta, sizeof meta, "%s",
	         unit_dir_path("data/" ID "-meta.json"));
	snprintf(out, sizeof out, "%s", unit_dir_path("out"));
	snprintf(perfviews, sizeof perfviews, "%s",
	         unit_dir_path("bin/perfviews"));
	struct view_files f = {.id = ID, .raw = raw, .meta = meta, .out = out};
	ck_assert(view_current("nowhere", &f, perfviews));
	/* meta.json written anew with the same fields: still current. */
	unit_dir_write("data/" ID "-meta.json",
	               "{\"workload\": {\"command\": \"a\"}, \"id\": "
	               "\"" ID "\"}\n");
	set_time("data/" ID "-meta.json", 5000);
	ck_assert(current_in("data"));
	/* Made in the very nanosecond of a source, as make takes it. */
	set_time("data/" ID "-raw.txt", 3000);
	struct view_files again = f;
	view_source_write(&again);
	set_time("out/." ID ".source", 3000);
	set_time("bin/perfviews", 3000);
	ck_assert(current_in("data"));
	unit_dir_remove();
}
END_TEST

START_TEST(views_stale_when_a_source_is_newer)
{
	/* The raw file changed since. */
	views_made();
	set_time("data/" ID "-raw.txt", 4000);
	ck_assert(!current_in("data"));
	unit_dir_remove();
	/* Another raw file in its place, older (cp -p): the note says. */
	views_made();
	unit_dir_write("data/" ID "-raw.txt", "another sample\n");
	set_time("data/" ID "-raw.txt", 1000);
	ck_assert(!current_in("data"));
	unit_dir_remove();
	/* Its time after the README's, the note written since it was
	 * (the raw file dated ahead of the clock): make's rule still takes
	 * the raw file as newer. */
	views_made();
	set_time("data/" ID "-raw.txt", 4000);
	char raw[4096], meta[4096], out[4096];
	snprintf(raw, sizeof raw, "%s", unit_dir_path("data/" ID "-raw.txt"));
	snprintf(meta, sizeof meta, "%s",
	         unit_dir_path("data/" ID "-meta.json"));
	snprintf(out, sizeof out, "%s", unit_dir_path("out"));
	struct view_files f = {.id = ID, .raw = raw, .meta = meta, .out = out};
	view_source_write(&f);
	set_time("out/." ID ".source", 2000);
	ck_assert(!current_in("data"));
	unit_dir_remove();
	/* perfviews built since, if only by a nanosecond. */
	views_made();
	set_time("bin/perfviews", 4000);
	ck_assert(!current_in("data"));
	set_time_ns("bin/perfviews", 3000, 1);
	ck_assert(!current_in("data"));
	unit_dir_remove();
	/* The note written after the README (its views of an earlier
	 * source). */
	views_made();
	set_time("out/." ID ".source", 4000);
	ck_assert(!current_in("data"));
	unit_dir_remove();
	/* No README, no note. */
	views_made();
	unlink(unit_dir_path("out/" ID "-README.md"));
	ck_assert(!current_in("data"));
	unit_dir_remove();
	views_made();
	unlink(unit_dir_path("out/." ID ".source"));
	ck_assert(!current_in("data"));
	unit_dir_remove();
}
END_TEST

START_TEST(views_stale_when_meta_json_holds_other_fields)
{
	views_made();
	unit_dir_write("data/" ID "-meta.json",
	               "{\"id\": \"" ID "\", \"workload\": "
	               "{\"command\": \"b\"}}");
	set_time("data/" ID "-meta.json", 1000);
	ck_assert(!current_in("data"));
	/* No meta.json: none to make them of, nothing current. */
	unlink(unit_dir_path("data/" ID "-meta.json"));
	ck_assert(!current_in("data"));
	unit_dir_remove();
}
END_TEST

START_TEST(views_stale_for_another_raw_file_of_the_id)
{
	views_made();
	/* Another directory's data set of the same ID, its files alike and
	 * older than the views. */
	data_set_write("data2", "a sample\n", META);
	ck_assert(!current_in("data2"));
	ck_assert(current_in("data"));
	/* None in the directory: nothing current. */
	mkdir(unit_dir_path("empty"), 0777);
	ck_assert(!current_in("empty"));
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {options_follow_measure_and_python,
	                        views_current_when_made_since_their_sources,
	                        views_stale_when_a_source_is_newer,
	                        views_stale_when_meta_json_holds_other_fields,
	                        views_stale_for_another_raw_file_of_the_id,
	                        NULL};
	return unit_main("view_make", tests);
}

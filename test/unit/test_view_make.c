/*
 * test_view_make.c - how the views of a data set are made
 * (dataset/view_make.h): each view's options by measure and Python (the
 * views written, one read of the raw file: t-views-raw.sh).
 */
#include <stdio.h>

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

int
main(void)
{
	const TTest *tests[] = {options_follow_measure_and_python, NULL};
	return unit_main("view_make", tests);
}

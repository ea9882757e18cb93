/*
 * test_suite.c - a suite's steps (dataset/suite): what the suite's log and
 * report say of a step, from the step's own stderr.
 */
#include <stdio.h>
#include <string.h>

#include "dataset/dataset_id.h"
#include "dataset/metadata.h"
#include "suite/suite.h"
#include "unit.h"

/* The reason logged for the step, its last field. */
static const char *
logged_reason(const char *log)
{
	const char *text = unit_file_text(log);
	const char *tab = strrchr(text, '\t');
	ck_assert_ptr_nonnull(tab);
	static char reason[256];
	snprintf(reason, sizeof reason, "%.*s", (int)strcspn(tab + 1, "\n"),
	         tab + 1);
	return reason;
}

/* A step that waited for a lock, then failed: its error is the reason,
 * not the note of waiting. */
START_TEST(failure_reason_skips_waiting)
{
	unit_dir_make();
	const char *log = unit_dir_path("s.log");
	char *const argv[] = {
	    "sh", "-c",
	    "echo 'perfviews: waiting for the cache: pid 1 holds it (x)' >&2; "
	    "echo 'perfviews: no pyperformance benchmark named nope' >&2; "
	    "exit 1",
	    NULL};
	ck_assert_int_eq(suite_step(log, 1, "bm_nope-perf-freq9", argv), 1);
	ck_assert_str_eq(logged_reason(log),
	                 "no pyperformance benchmark named nope");
	unit_dir_remove();
}
END_TEST

/* A failure that says nothing but the note, or nothing at all: how the
 * step ended. */
START_TEST(failure_reason_otherwise)
{
	unit_dir_make();
	const char *log = unit_dir_path("s.log");
	char *const wait_only[] = {
	    "sh", "-c", "echo 'perfviews: waiting for it: pid 1' >&2; exit 1",
	    NULL};
	ck_assert_int_eq(suite_step(log, 2, "bm_a-perf-freq9", wait_only), 1);
	ck_assert_str_eq(logged_reason(log), "exit 1");
	char *const silent[] = {"sh", "-c", "exit 3", NULL};
	ck_assert_int_eq(suite_step(log, 2, "bm_b-perf-freq9", silent), 1);
	ck_assert_str_eq(logged_reason(log), "exit 3");
	unit_dir_remove();
}
END_TEST

/* A recorded data set: its raw text of one run, and its meta.json. */
static void
recorded(const char *id)
{
	char rel[128];
	struct dataset_id did;
	struct metadata m;

	snprintf(rel, sizeof rel, "%s-raw.txt", id);
	unit_dir_write(rel, "# perfviews run 1/1\n"
	                    "python 10 1.0: 1 cpu-clock:\n"
	                    "\t2 work (/bin/python)\n"
	                    "\t1 main (/bin/python)\n\n"
	                    "# perfviews end of run 1/1: 1 samples\n");
	dataset_id_parse_or_die(id, &did);
	metadata_init(&m);
	metadata_set_id(&m, &did);
	snprintf(rel, sizeof rel, "%s-meta.json", id);
	metadata_write_file(&m, unit_dir_path(rel));
	metadata_free(&m);
	dataset_id_free(&did);
}

/* The cells of a Markdown table row: its '|' less one. */
static size_t
cells(const char *line, size_t len)
{
	size_t bars = 0;

	for (size_t i = 0; i < len; i++)
		bars += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
	return bars - 1;
}

/* Every row of the suite's table, the mean's too, has the header's cells:
 * a value under its own column. */
START_TEST(readme_rows_fill_the_header)
{
	unit_dir_make();
	recorded("bm_a-perf-freq9");
	recorded("bm_b-perf-freq9");
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	struct suite_options o = {.data = unit_dir_path(".")};
	char *ids[] = {"bm_a-perf-freq9", "bm_b-perf-freq9"};
	suite_readme(out, &o, "s", ids, 2);
	fclose(out);
	const char *header = strstr(text, "| benchmark |");
	ck_assert_ptr_nonnull(header);
	size_t want = cells(header, strcspn(header, "\n")), rows = 0;
	bool mean = false;
	for (const char *line = header; *line == '|';) {
		size_t len = strcspn(line, "\n");
		ck_assert_msg(cells(line, len) == want,
		              "%zu cells, want %zu: %.*s", cells(line, len),
		              want, (int)len, line);
		mean |= strncmp(line, "| **mean", 8) == 0;
		rows++;
		line += len + (line[len] == '\n');
	}
	ck_assert_uint_eq(rows, 5); /* header, rule, two data sets, mean */
	ck_assert(mean);
	free(text);
	unit_dir_remove();
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {failure_reason_skips_waiting,
	                        failure_reason_otherwise,
	                        readme_rows_fill_the_header, NULL};
	return unit_main("suite", tests);
}

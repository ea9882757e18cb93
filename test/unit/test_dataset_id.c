/*
 * test_dataset_id.c - unit tests of the data-set ID grammar (dataset_id.h):
 * every part parsed, and every kind of bad ID rejected with a reason that
 * names what is wrong.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "dataset/dataset_id.h"
#include "unit.h"

static char why[256];

/* Parse text, which must be rejected with a reason containing want. */
static void
assert_rejected(const char *text, const char *want)
{
	struct dataset_id id;

	ck_assert_msg(!dataset_id_parse(text, &id, why, sizeof why),
	              "'%s' accepted", text);
	ck_assert_msg(strstr(why, want) != NULL, "'%s': got '%s', want '%s'",
	              text, why, want);
	ck_assert_ptr_null(id.text);
}

START_TEST(parses_the_spec_examples)
{
	struct dataset_id id;

	ck_assert(dataset_id_parse("pass-perf-freq100000-nosite", &id, why,
	                           sizeof why));
	ck_assert_str_eq(id.text, "pass-perf-freq100000-nosite");
	ck_assert_str_eq(id.workload, "pass");
	ck_assert_str_eq(id.tool, "perf");
	ck_assert_uint_eq(id.hz, 100000);
	ck_assert_uint_eq(id.runs, 1);
	ck_assert(!id.runs_given);
	ck_assert_uint_eq(id.ntags, 1);
	ck_assert_str_eq(id.tags[0], "nosite");
	ck_assert(dataset_id_has_tag(&id, "nosite"));
	ck_assert(!dataset_id_has_tag(&id, "xperf"));
	dataset_id_free(&id);

	ck_assert(dataset_id_parse("bm_genshi-perf-freq1000x10", &id, why,
	                           sizeof why));
	ck_assert_str_eq(id.workload, "bm_genshi");
	ck_assert_uint_eq(id.hz, 1000);
	ck_assert_uint_eq(id.runs, 10);
	ck_assert(id.runs_given);
	ck_assert_uint_eq(id.ntags, 0);
	dataset_id_free(&id);
}
END_TEST

START_TEST(parses_several_tags_and_dots)
{
	struct dataset_id id;

	ck_assert(dataset_id_parse("py3.12.a_b-perf-freq1x2-nosite-xperf-_v1.2",
	                           &id, why, sizeof why));
	ck_assert_str_eq(id.workload, "py3.12.a_b");
	ck_assert_uint_eq(id.hz, 1);
	ck_assert_uint_eq(id.runs, 2);
	ck_assert_uint_eq(id.ntags, 3);
	ck_assert_str_eq(id.tags[0], "nosite");
	ck_assert_str_eq(id.tags[1], "xperf");
	ck_assert_str_eq(id.tags[2], "_v1.2");
	dataset_id_free(&id);
}
END_TEST

START_TEST(says_what_is_missing)
{
	assert_rejected("foo", "missing tool and frequency");
	assert_rejected("foo-perf", "missing frequency");
	assert_rejected("foo-perf-freq", "missing frequency");
	assert_rejected("", "empty ID");
	assert_rejected("-perf-freq1", "empty workload");
}
END_TEST

START_TEST(says_what_is_malformed)
{
	assert_rejected("foo-ltrace-freq100", "unknown tool 'ltrace'");
	assert_rejected("foo-perf-100", "'100' is not freqHZ");
	assert_rejected("foo-perf-freq0", "not a frequency");
	assert_rejected("foo-perf-freq0100", "not a frequency");
	assert_rejected("foo-perf-freq1k", "not a frequency");
	assert_rejected("foo-perf-freq99999999999", "not a frequency");
	assert_rejected("foo-perf-freq100x", "not a number of runs");
	assert_rejected("foo-perf-freq100x0", "not a number of runs");
	assert_rejected("foo-perf-freq100x2x3", "not a number of runs");
	assert_rejected("foo-perf-freq100--x", "empty tag");
	assert_rejected("foo-perf-freq100-", "empty tag");
	assert_rejected("a/b-perf-freq1", "'/' is not allowed");
	assert_rejected("a b-perf-freq1", "' ' is not allowed");
	assert_rejected("a-perf-freq1-no site", "' ' is not allowed");
	assert_rejected("a-perf-freq1-_t=1", "'=' is not allowed");
}
END_TEST

/* A misspelt tag would record something else: refused, with the tags
 * there are and how to name one of one's own. */
START_TEST(refuses_unknown_tags)
{
	static const char *const known[] = {"nosite", "xperf", "faults",
	                                    "files"};
	struct dataset_id id;

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		char text[64];
		snprintf(text, sizeof text, "w-perf-freq1-%s", known[i]);
		ck_assert_msg(dataset_id_parse(text, &id, why, sizeof why),
		              "%s: %s", text, why);
		dataset_id_free(&id);
	}
	assert_rejected("w-perf-freq1-nosit",
	                "unknown tag 'nosit' (the tags are nosite, xperf, "
	                "faults, files; a build's, 'py' and a digit: "
	                "'py312'; a tag of your own, a label that changes "
	                "nothing recorded, starts with '_': '_nosit')");
	/* A build's tag is known; "py" alone or with a letter is not. */
	ck_assert(dataset_id_parse("w-perf-freq1-py311", &id, why, sizeof why));
	dataset_id_free(&id);
	assert_rejected("w-perf-freq1-py", "unknown tag 'py'");
	assert_rejected("w-perf-freq1-pyx", "unknown tag 'pyx'");
	assert_rejected("w-perf-freq1-nosite-xpref", "unknown tag 'xpref'");
	assert_rejected("w-perf-freq1-Nosite", "unknown tag 'Nosite'");
	assert_rejected("w-perf-freq1-_", "unknown tag '_'");
	ck_assert(dataset_id_parse("w-perf-freq1-_py311-xperf", &id, why,
	                           sizeof why));
	ck_assert_uint_eq(id.ntags, 2);
	ck_assert(dataset_id_has_tag(&id, "_py311"));
	dataset_id_free(&id);
}
END_TEST

START_TEST(limits_the_number_of_tags)
{
	char text[512] = "w-perf-freq1";
	struct dataset_id id;

	for (int i = 0; i < DATASET_ID_MAX_TAGS; i++)
		strcat(text, "-_t");
	ck_assert(dataset_id_parse(text, &id, why, sizeof why));
	ck_assert_uint_eq(id.ntags, DATASET_ID_MAX_TAGS);
	dataset_id_free(&id);
	strcat(text, "-_t");
	assert_rejected(text, "more than");
}
END_TEST

START_TEST(tells_build_tags)
{
	static const char *const builds[] = {"py311", "py3.12.1", "py313jit",
	                                     "py3"};
	static const char *const others[] = {"py",     "pyx",  "xperf",
	                                     "nosite", "p311", ""};

	for (size_t i = 0; i < sizeof builds / sizeof *builds; i++)
		ck_assert_msg(
		    dataset_tag_is_build(builds[i], strlen(builds[i])), "%s",
		    builds[i]);
	for (size_t i = 0; i < sizeof others / sizeof *others; i++)
		ck_assert_msg(
		    !dataset_tag_is_build(others[i], strlen(others[i])), "%s",
		    others[i]);
	/* A tag's length, not its NUL: "py311 nosite" holds one. */
	ck_assert(dataset_tag_is_build("py311 nosite", 5));
	ck_assert(!dataset_tag_is_build("py311", 2));
}
END_TEST

START_TEST(fits_a_build_tag_to_a_version)
{
	const char *v = "3.12.1 (main, May 9 2026, 07:36:11) [GCC 12.2.0]";

	ck_assert(dataset_tag_fits_version("py312", v));
	ck_assert(dataset_tag_fits_version("py3.12.1", v));
	ck_assert(dataset_tag_fits_version("py3.12", v));
	ck_assert(dataset_tag_fits_version("py312jit", v));
	ck_assert(dataset_tag_fits_version("py3", v));
	ck_assert(!dataset_tag_fits_version("py311", v));
	ck_assert(!dataset_tag_fits_version("py31", v)); /* 3.1, not 3.12 */
	ck_assert(!dataset_tag_fits_version("py3.12.10", v));
	ck_assert(!dataset_tag_fits_version("py3.1", v));
	ck_assert(dataset_tag_fits_version("py313", "3.13.0 (main)"));
	ck_assert(dataset_tag_fits_version("py3.13.0", "3.13.0"));
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {parses_the_spec_examples,
	                        parses_several_tags_and_dots,
	                        says_what_is_missing,
	                        says_what_is_malformed,
	                        limits_the_number_of_tags,
	                        refuses_unknown_tags,
	                        tells_build_tags,
	                        fits_a_build_tag_to_a_version,
	                        NULL};
	return unit_main("dataset_id", tests);
}

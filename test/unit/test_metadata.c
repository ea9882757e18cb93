/*
 * test_metadata.c - unit tests of meta.json (metadata.h): the writer and
 * reader must round-trip any bytes and write null for every unknown value.
 * The JSON reader underneath is tested in test_json_flat.c.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dataset/metadata.h"
#include "unit.h"

static char why[256];

/* Write m to a temporary file and read it back into a new metadata. */
static void
round_trip(const struct metadata *m, struct metadata *back, char *json,
           size_t jsonlen)
{
	char path[] = "/tmp/test_metadata.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w+");

	metadata_write(m, f);
	rewind(f);
	size_t n = fread(json, 1, jsonlen - 1, f);
	json[n] = '\0';
	fclose(f);
	metadata_init(back);
	ck_assert_msg(metadata_read_json(back, path, why, sizeof why), "%s",
	              why);
	unlink(path);
}

START_TEST(metadata_round_trips_and_nulls)
{
	struct metadata m, back;
	static char json[8192];

	metadata_init(&m);
	ck_assert(metadata_set(&m, "id", "w-perf-freq1", why, sizeof why));
	ck_assert(metadata_set(&m, "workload.command",
	                       "python -c 'print(\"a\\tb\")' \x01 \xff", why,
	                       sizeof why));
	ck_assert(metadata_set(&m, "tool.frequency", "1", why, sizeof why));
	ck_assert(metadata_set(&m, "tags", "a b", why, sizeof why));
	ck_assert(metadata_set(&m, "samples.per_run", "3 4", why, sizeof why));
	ck_assert(metadata_set(&m, "host.kernel", "", why, sizeof why));
	ck_assert(metadata_set(&m, "samples.by_event",
	                       "page-faults=806 major-faults=2", why,
	                       sizeof why));
	ck_assert(metadata_set(&m, "tool.period", "1", why, sizeof why));
	ck_assert(metadata_set(&m, "machine.other_cpus_per_run", "0.951 1 0",
	                       why, sizeof why));
	round_trip(&m, &back, json, sizeof json);

	ck_assert_str_eq(metadata_get(&back, "id"), "w-perf-freq1");
	/* Invalid UTF-8 became U+FFFD; everything else survived. */
	ck_assert_str_eq(metadata_get(&back, "workload.command"),
	                 "python -c 'print(\"a\\tb\")' \x01 \xef\xbf\xbd");
	ck_assert_str_eq(metadata_get(&back, "tool.frequency"), "1");
	ck_assert_str_eq(metadata_get(&back, "tags"), "a b");
	ck_assert_str_eq(metadata_get(&back, "samples.per_run"), "3 4");
	ck_assert_ptr_null(metadata_get(&back, "host.kernel"));
	ck_assert_ptr_null(metadata_get(&back, "python.build.git_revision"));
	ck_assert_ptr_nonnull(strstr(json, "\"frequency\": 1,"));
	ck_assert_ptr_nonnull(strstr(json, "\"git_revision\": null,"));
	ck_assert_ptr_nonnull(strstr(json, "\"tags\": [\"a\", \"b\"],"));
	ck_assert_ptr_nonnull(strstr(json, "\"per_run\": [3, 4],\n"));
	ck_assert_ptr_nonnull(strstr(
	    json, "\"by_event\": [\"page-faults=806\", \"major-faults=2\"],"));
	ck_assert_ptr_nonnull(strstr(json, "\"period\": 1,"));
	ck_assert_str_eq(metadata_get(&back, "samples.by_event"),
	                 "page-faults=806 major-faults=2");
	ck_assert_ptr_null(metadata_get(&back, "strace.runs"));
	/* A list of decimals: numbers in JSON, read back as written. */
	ck_assert_ptr_nonnull(
	    strstr(json, "\"other_cpus_per_run\": [0.951, 1, 0],\n"));
	ck_assert_str_eq(metadata_get(&back, "machine.other_cpus_per_run"),
	                 "0.951 1 0");
	/* An older data set without the machine's state: unknown. */
	ck_assert_ptr_null(metadata_get(&back, "machine.other_cpus"));
	metadata_free(&back);
	metadata_free(&m);
}
END_TEST

START_TEST(metadata_rejects_unknown_and_non_numbers)
{
	struct metadata m;

	metadata_init(&m);
	ck_assert(!metadata_set(&m, "tool.colour", "x", why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "unknown metadata field"));
	ck_assert(!metadata_set(&m, "tool.frequency", "1e3", why, sizeof why));
	ck_assert(!metadata_set(&m, "samples.per_run", "1 x", why, sizeof why));
	ck_assert(!metadata_set(&m, "samples.per_run", "1.5", why, sizeof why));
	ck_assert(!metadata_set(&m, "machine.load_per_run", "1.5 -2", why,
	                        sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "not a list of numbers"));
	ck_assert(!metadata_set(&m, "machine.load_per_run", "1.5 .", why,
	                        sizeof why));
	ck_assert_ptr_null(metadata_get(&m, "tool.frequency"));
	metadata_free(&m);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {metadata_round_trips_and_nulls,
	                        metadata_rejects_unknown_and_non_numbers, NULL};
	return unit_main("metadata", tests);
}

/*
 * test_perf_file.c - the perf.data header (perfdata/perf_header.h, read by
 * perf_file_open): perf's command line from HEADER_CMDLINE, as perf
 * report --header-only prints it.  The rest of the reader is
 * test/t-perfdata.sh's, on real recordings against perf script.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "perfdata/perf_file.h"
#include "unit.h"

/* A file being made: bytes, and where they end. */
struct bytes {
	unsigned char b[1024];
	size_t n;
};

static void
put(struct bytes *x, const void *p, size_t n)
{
	ck_assert_uint_le(x->n + n, sizeof x->b);
	memcpy(x->b + x->n, p, n);
	x->n += n;
}

static void
put_u32(struct bytes *x, uint32_t v)
{
	put(x, &v, 4);
}

static void
put_u64(struct bytes *x, uint64_t v)
{
	put(x, &v, 8);
}

/* A perf_header_string: its length, then the text padded with NULs. */
static void
put_string(struct bytes *x, const char *s, uint32_t padded)
{
	char pad[64] = {0};
	ck_assert_uint_lt(strlen(s), padded);
	put_u32(x, padded);
	put(x, s, strlen(s));
	put(x, pad, padded - strlen(s));
}

/*
 * The smallest file the reader opens: one event, no ids, a data section
 * of one empty word, and the one feature HEADER_CMDLINE, whose section
 * is cmd (n bytes).
 */
static const char *
file_with_cmdline(const struct bytes *cmd)
{
	struct bytes x = {.n = 0};
	const uint64_t attr = 64, attrs = 104, data = attrs + attr + 16;
	const uint64_t table = data + 8, section = table + 16;

	put(&x, "PERFILE2", 8);
	put_u64(&x, 104);
	put_u64(&x, attr + 16); /* an entry: the attr, its ids */
	put_u64(&x, attrs);     /* the attributes */
	put_u64(&x, attr + 16);
	put_u64(&x, data); /* the data */
	put_u64(&x, 8);
	put_u64(&x, 0); /* event types */
	put_u64(&x, 0);
	put_u64(&x, UINT64_C(1) << FEAT_CMDLINE);
	put_u64(&x, 0);
	put_u64(&x, 0);
	put_u64(&x, 0);
	unsigned char a[64] = {0};
	a[4] = 64; /* attr.size */
	put(&x, a, sizeof a);
	put_u64(&x, 0); /* its ids: none */
	put_u64(&x, 0);
	put_u64(&x, 0); /* the data */
	put_u64(&x, section);
	put_u64(&x, cmd->n);
	put(&x, cmd->b, cmd->n);

	unit_dir_make();
	const char *path = unit_dir_path("perf.data");
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(x.b, 1, x.n, f), x.n);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

static void
cmdline_is(const struct bytes *cmd, const char *want)
{
	struct perf_file f;

	perf_file_open(&f, file_with_cmdline(cmd));
	ck_assert_ptr_null(f.refused);
	if (want == NULL)
		ck_assert_ptr_null(f.cmdline);
	else
		ck_assert_str_eq(f.cmdline, want);
	perf_file_close(&f);
	unit_dir_remove();
}

START_TEST(cmdline_joined)
{
	struct bytes c = {.n = 0};
	put_u32(&c, 4);
	put_string(&c, "/usr/bin/perf", 64);
	put_string(&c, "record", 8);
	put_string(&c, "--pid", 8);
	put_string(&c, "123", 4 + 4); /* padding past the text */
	cmdline_is(&c, "/usr/bin/perf record --pid 123");
}
END_TEST

/* perf writes a ' as \' so that the line reads back in a shell. */
START_TEST(cmdline_quotes)
{
	struct bytes c = {.n = 0};
	put_u32(&c, 3);
	put_string(&c, "perf", 8);
	put_string(&c, "-o", 8);
	put_string(&c, "it's 'here'", 16);
	cmdline_is(&c, "perf -o it\\'s \\'here\\'");
}
END_TEST

/* A section cut inside an argument keeps the arguments before it. */
START_TEST(cmdline_cut)
{
	struct bytes c = {.n = 0};
	put_u32(&c, 3);
	put_string(&c, "perf", 8);
	put_string(&c, "record", 8);
	put_u32(&c, 64); /* an argument longer than what is left */
	put(&c, "abc", 3);
	cmdline_is(&c, "perf record");

	struct bytes empty = {.n = 0};
	put_u32(&empty, 0);
	cmdline_is(&empty, "");

	struct bytes none = {.n = 0};
	put(&none, "ab", 2); /* not even the count */
	cmdline_is(&none, NULL);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {cmdline_joined, cmdline_quotes, cmdline_cut,
	                        NULL};
	return unit_main("perf_file", tests);
}

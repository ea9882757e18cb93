/*
 * test_dso_symbols.c - DSOs and their function symbols: this test program
 * itself (ELF, at the file offsets perf prints), perf maps (perf's choice
 * among aliases, symbol ends), DSOs with nothing to read, one warning per
 * unreadable DSO, and DSOs that stay where they are.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symbols/dso_symbols.h"
#include "unit.h"

/* A function to find. */
__attribute__((noinline)) int
dso_probe_target(int x)
{
	return x * 5 + 2;
}

static char exe[UNIT_MAPPED_PATH];

/* A perf map under a fresh directory: DIR/tmp/perf-77.map. */
struct perf_map {
	char dir[64], sub[96], path[128];
};

static void
perf_map_write(struct perf_map *m, const char *text)
{
	snprintf(m->dir, sizeof m->dir, "/tmp/perfviews-unit.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(m->dir));
	snprintf(m->sub, sizeof m->sub, "%s/tmp", m->dir);
	snprintf(m->path, sizeof m->path, "%s/perf-77.map", m->sub);
	ck_assert_int_eq(mkdir(m->sub, 0700), 0);
	FILE *fp = fopen(m->path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
}

static void
perf_map_remove(struct perf_map *m)
{
	unlink(m->path);
	rmdir(m->sub);
	rmdir(m->dir);
}

/* The name at addr in d, "-" when none, and its offset. */
static const char *
name_at(struct dso_table *t, const struct dso *d, uint64_t addr,
        uint64_t *offset)
{
	const char *name = dso_function_at(t, d, dso_address(d, addr), offset);
	return name != NULL ? name : "-";
}

/* What is written to stderr while calling get(t, path) twice. */
static void
stderr_of_two_gets(struct dso_table *t, const char *path, char *out, size_t cap)
{
	unit_stderr_begin();
	ck_assert_ptr_null(dso_table_get(t, span_cstr(path)));
	ck_assert_ptr_null(dso_table_get(t, span_cstr(path)));
	snprintf(out, cap, "%s", unit_stderr_end());
}

START_TEST(own_function_at_file_offset)
{
	struct dso_table t;
	dso_table_init(&t);
	uint64_t off = unit_file_offset((uintptr_t)dso_probe_target, exe);
	struct dso *d = dso_table_get(&t, span_cstr(exe));
	ck_assert_ptr_nonnull(d);
	uint64_t at = 99;
	ck_assert_str_eq(name_at(&t, d, off + 2, &at), "dso_probe_target");
	ck_assert_uint_eq(at, 2);
	/* Built with -g: the DWARF is found, with its symbols. */
	struct dso_dwarf dw = dso_dwarf(d);
	ck_assert_ptr_nonnull(dw.file);
	ck_assert_ptr_nonnull(dw.symbols);
	dso_table_free(&t);
}
END_TEST

START_TEST(perf_map_symbols)
{
	struct perf_map m;
	perf_map_write(&m, "1000 10 __f\n"
	                   "1000 10 f\n"
	                   "1000 0 g\n"
	                   "3000 0 h\n"
	                   "3100 10 i\n"
	                   "4000 10 _ZN2ns1fEv\n"
	                   "5000 0 last\n"
	                   "bad line\n");
	struct dso_table t;
	dso_table_init(&t);
	struct dso *d = dso_table_get(&t, span_cstr(m.path));
	ck_assert_ptr_nonnull(d);
	uint64_t off = 0;
	/* Sized, then fewer leading underscores. */
	ck_assert_str_eq(name_at(&t, d, 0x100f, &off), "f");
	ck_assert_uint_eq(off, 0xf);
	ck_assert_str_eq(name_at(&t, d, 0x1010, &off), "-");
	/* No size: up to the next symbol; the last gets one byte. */
	ck_assert_str_eq(name_at(&t, d, 0x30ff, &off), "h");
	ck_assert_uint_eq(off, 0xff);
	ck_assert_str_eq(name_at(&t, d, 0x3110, &off), "-");
	ck_assert_str_eq(name_at(&t, d, 0x5000, &off), "last");
	ck_assert_str_eq(name_at(&t, d, 0x5001, &off), "-");
	ck_assert_str_eq(name_at(&t, d, 0xfff, &off), "-");
	/* Names of a perf map are as the map has them. */
	ck_assert_str_eq(name_at(&t, d, 0x4000, &off), "_ZN2ns1fEv");
	ck_assert_ptr_null(dso_dwarf(d).file);
	/* Absolute addresses, and the same DSO the second time. */
	ck_assert_uint_eq(dso_address(d, 0x1234), 0x1234);
	ck_assert_ptr_eq(dso_table_get(&t, span_cstr(m.path)), d);
	dso_table_free(&t);
	perf_map_remove(&m);
}
END_TEST

START_TEST(nothing_to_read)
{
	static const char *const opaque[] = {
	    "",
	    "[unknown]",
	    "[vdso]",
	    "[heap]",
	    "[JIT] tid 5",
	    "/x (deleted)",
	    "anon_inode:[perf]",
	};
	struct dso_table t;
	dso_table_init(&t);
	for (size_t i = 0; i < sizeof opaque / sizeof *opaque; i++)
		ck_assert_ptr_null(dso_table_get(&t, span_cstr(opaque[i])));
	ck_assert_uint_eq(t.paths.count, 0);
	dso_table_free(&t);
}
END_TEST

/* A missing or non-ELF file: NULL, and one warning however often. */
START_TEST(unreadable_warned_once)
{
	struct perf_map m;
	perf_map_write(&m, "not ELF\n");
	struct dso_table t;
	dso_table_init(&t);
	char err[1024], want[256];

	stderr_of_two_gets(&t, "/nonexistent/libgone.so", err, sizeof err);
	ck_assert_str_eq(err, "perfviews: /nonexistent/libgone.so: No such "
	                      "file or directory, frames left as they are\n");
	/* The map's text, read as a path of an ELF DSO. */
	snprintf(m.sub, sizeof m.sub, "%s/not-elf.so", m.dir);
	ck_assert_int_eq(rename(m.path, m.sub), 0);
	stderr_of_two_gets(&t, m.sub, err, sizeof err);
	snprintf(want, sizeof want,
	         "perfviews: %s: not an ELF file, frames left as they are\n",
	         m.sub);
	ck_assert_str_eq(err, want);
	dso_table_free(&t);
	unlink(m.sub);
	rmdir(m.dir);
}
END_TEST

/* Every kernel DSO is the one kallsyms table (or none, if unreadable). */
START_TEST(one_kernel_table)
{
	struct dso_table t;
	dso_table_init(&t);
	unit_stderr_begin(); /* the kptr_restrict warning, if any */
	struct dso *kernel = dso_table_get(&t, span_cstr("[kernel.kallsyms]"));
	struct dso *module = dso_table_get(&t, span_cstr("[ext4]"));
	unit_stderr_end();
	ck_assert_ptr_eq(kernel, module);
	ck_assert_uint_eq(t.paths.count, 0);
	dso_table_free(&t);
}
END_TEST

/* A DSO stays where it is while the table grows. */
START_TEST(dsos_do_not_move)
{
	struct perf_map m;
	perf_map_write(&m, "1000 10 f\n");
	struct dso_table t;
	dso_table_init(&t);
	struct dso *d = dso_table_get(&t, span_cstr(m.path));
	ck_assert_ptr_nonnull(d);
	unit_stderr_begin(); /* warnings of the missing files */
	for (int i = 0; i < 100; i++) {
		char path[64];
		snprintf(path, sizeof path, "/nonexistent/lib%d.so", i);
		ck_assert_ptr_null(dso_table_get(&t, span_cstr(path)));
	}
	unit_stderr_end();
	ck_assert_uint_eq(t.paths.count, 101);
	ck_assert_ptr_eq(dso_table_get(&t, span_cstr(m.path)), d);
	uint64_t off;
	ck_assert_str_eq(name_at(&t, d, 0x1001, &off), "f");
	dso_table_free(&t);
	perf_map_remove(&m);
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {own_function_at_file_offset,
	                        perf_map_symbols,
	                        nothing_to_read,
	                        unreadable_warned_once,
	                        one_kernel_table,
	                        dsos_do_not_move,
	                        NULL};
	return unit_main("dso_symbols", tests);
}

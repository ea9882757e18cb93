/*
 * file_report.c - see file_report.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_write.h"
#include "base/numbers.h"
#include "base/utf8.h"
#include "base/xalloc.h"
#include "views/file_report.h"

/* The columns of the table of paths, after calls and the kinds. */
enum { COL_FAILED, COL_MISSING, COL_USEC, NEXTRA };
static const char *const extra_names[NEXTRA] = {"failed", "missing", "usec"};

/* A path or directory with its count, for sorting. */
struct entry {
	uint32_t id;
	uint64_t key;
};

struct totals {
	uint64_t dirs, files, never, other; /* distinct paths by type */
	uint64_t paths, missing_paths;
};

static struct span
path_of(const struct string_table *t, uint32_t id)
{
	return string_table_get(t, id);
}

/* For qsort_r: the larger key first, then the path bytewise. */
static int
compare_entries(const void *a, const void *b, void *ctx)
{
	const struct entry *x = a, *y = b;
	const struct string_table *names = ctx;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	struct span p = path_of(names, x->id), q = path_of(names, y->id);
	return span_compare(p, q);
}

static uint64_t
sort_key(const struct path_row *r, enum file_sort sort)
{
	if (sort == FILE_SORT_FAILED)
		return r->failed;
	if (sort == FILE_SORT_TIME)
		return r->usec;
	return r->calls;
}

/* The paths counted, sorted; their number in *n.  Free it. */
static struct entry *
sorted_rows(const struct file_access *fa, enum file_sort sort, size_t *n,
            struct totals *t)
{
	struct entry *e = xreallocarray(NULL, fa->paths.count + 1, sizeof *e);

	memset(t, 0, sizeof *t);
	*n = 0;
	for (uint32_t id = 0; id < fa->paths.count; id++) {
		const struct path_row *r = &fa->rows[id];
		if (r->calls == 0)
			continue;
		e[(*n)++] = (struct entry){id, sort_key(r, sort)};
		char type = file_access_type(r);
		t->dirs += type == 'd';
		t->files += type == 'f';
		t->never += type == 'x';
		t->other += type != 'd' && type != 'f' && type != 'x';
		t->missing_paths += r->missing > 0;
	}
	t->paths = *n;
	qsort_r(e, *n, sizeof *e, compare_entries, (void *)&fa->paths);
	return e;
}

/* Failed lookups summed by the directory of their path, sorted. */
static struct entry *
missing_by_directory(const struct file_access *fa, struct string_table *dirs,
                     size_t *n)
{
	struct entry *e = NULL;
	size_t cap = 0;

	*n = 0;
	for (uint32_t id = 0; id < fa->paths.count; id++) {
		const struct path_row *r = &fa->rows[id];
		if (r->missing == 0)
			continue;
		struct span p = path_of(&fa->paths, id);
		const char *slash = memrchr(p.p, '/', p.n);
		struct span dir = slash == NULL ? span_cstr(".")
		                  : slash == p.p
		                      ? span_cstr("/")
		                      : span_make(p.p, (size_t)(slash - p.p));
		uint32_t d = string_table_intern(dirs, dir);
		if (d == *n) {
			e = array_reserve(e, &cap, *n + 1, sizeof *e);
			e[(*n)++] = (struct entry){d, 0};
		}
		e[d].key += r->missing;
	}
	if (*n > 1)
		qsort_r(e, *n, sizeof *e, compare_entries, dirs);
	return e;
}

/*
 * A path in text, one line whatever its bytes: control characters, '\'
 * and bytes that are not UTF-8 as C escapes, as strace writes them.
 */
static void
put_text_path(struct span p)
{
	const unsigned char *b = (const unsigned char *)p.p;

	for (size_t i = 0; i < p.n;) {
		size_t len = utf8_sequence_length(span_make(p.p + i, p.n - i));
		if (b[i] == '\\')
			fputs("\\\\", stdout);
		else if (b[i] == '\n')
			fputs("\\n", stdout);
		else if (b[i] == '\t')
			fputs("\\t", stdout);
		else if (len == 0 || b[i] < 0x20 || b[i] == 0x7f)
			printf("\\%03o", b[i]);
		else
			fwrite_unlocked(b + i, 1, len, stdout);
		i += len > 0 ? len : 1;
	}
}

static void
text_summary(const struct file_access *fa, const struct totals *t)
{
	printf("# fileaccess: calls %" PRIu64 ", paths %" PRIu64
	       ", threads %" PRIu32 ", time in the calls %" PRIu64
	       " us (strace -T, tracing included)\n",
	       fa->calls, t->paths, fa->threads.count, fa->usec);
	printf("# distinct paths: %" PRIu64 " (directories %" PRIu64
	       ", files %" PRIu64 ", never found %" PRIu64 ", other %" PRIu64
	       ")\n",
	       t->paths, t->dirs, t->files, t->never, t->other);
	printf("# failed calls: %" PRIu64 " of %" PRIu64 " (%.2f%%); failed "
	       "lookups (ENOENT, ENOTDIR): %" PRIu64 " on %" PRIu64 " paths\n",
	       fa->failed, fa->calls, percent_of(fa->failed, fa->calls),
	       fa->missing, t->missing_paths);
	printf("# by kind:");
	for (int k = 0, n = 0; k < ACCESS_KINDS; k++) {
		if (fa->kind_calls[k] == 0)
			continue;
		printf("%s %s %" PRIu64, n++ ? "," : "", access_kind_names[k],
		       fa->kind_calls[k]);
		if (fa->kind_failed[k] > 0)
			printf(" (%" PRIu64 " failed)", fa->kind_failed[k]);
	}
	if (fa->calls == 0)
		printf(" none");
	printf("\n# left out: calls naming no file %" PRIu64, fa->unnamed);
	if (fa->unfinished > 0)
		printf("; counted, but never returned: %" PRIu64,
		       fa->unfinished);
	printf("\n#\n");
}

/* The values of a row in column order: calls, kinds, the extras. */
static void
row_values(const struct path_row *r, uint64_t v[1 + ACCESS_KINDS + NEXTRA])
{
	v[0] = r->calls;
	for (int k = 0; k < ACCESS_KINDS; k++)
		v[1 + k] = r->by_kind[k];
	v[1 + ACCESS_KINDS + COL_FAILED] = r->failed;
	v[1 + ACCESS_KINDS + COL_MISSING] = r->missing;
	v[1 + ACCESS_KINDS + COL_USEC] = r->usec;
}

static const char *
column_name(int i)
{
	if (i == 0)
		return "calls";
	if (i <= ACCESS_KINDS)
		return access_kind_names[i - 1];
	return extra_names[i - 1 - ACCESS_KINDS];
}

enum { NCOLS = 1 + ACCESS_KINDS + NEXTRA };

static void
text_table(const struct file_access *fa, const struct entry *e, size_t n)
{
	int width[NCOLS];
	uint64_t v[NCOLS];

	for (int i = 0; i < NCOLS; i++)
		width[i] = (int)strlen(column_name(i));
	for (size_t i = 0; i < n; i++) {
		row_values(&fa->rows[e[i].id], v);
		for (int c = 0; c < NCOLS; c++)
			if (decimal_digits(v[c]) > width[c])
				width[c] = decimal_digits(v[c]);
	}
	printf("#");
	for (int c = 0; c < NCOLS; c++)
		printf(" %*s", width[c], column_name(c));
	printf(" t path\n");
	for (size_t i = 0; i < n; i++) {
		const struct path_row *r = &fa->rows[e[i].id];
		row_values(r, v);
		putchar_unlocked(' ');
		for (int c = 0; c < NCOLS; c++) {
			bool blank = v[c] == 0 && c > 0 && c != NCOLS - 1;
			if (blank)
				printf(" %*s", width[c], "");
			else
				printf(" %*" PRIu64, width[c], v[c]);
		}
		printf(" %c ", file_access_type(r));
		put_text_path(path_of(&fa->paths, e[i].id));
		putchar_unlocked('\n');
	}
}

static void
text_directories(const struct string_table *dirs, const struct entry *e,
                 size_t n)
{
	if (n == 0)
		return;
	int w = decimal_digits(e[0].key) > 7 ? decimal_digits(e[0].key) : 7;
	printf("#\n# failed lookups by directory\n# %*s directory\n", w,
	       "missing");
	for (size_t i = 0; i < n; i++) {
		printf("  %*" PRIu64 " ", w, e[i].key);
		put_text_path(path_of(dirs, e[i].id));
		putchar_unlocked('\n');
	}
}

static void
csv_table(const struct file_access *fa, const struct entry *e, size_t n)
{
	uint64_t v[NCOLS];

	for (int c = 0; c < NCOLS; c++)
		printf("%s,", column_name(c));
	printf("type,path\n");
	for (size_t i = 0; i < n; i++) {
		const struct path_row *r = &fa->rows[e[i].id];
		row_values(r, v);
		for (int c = 0; c < NCOLS; c++)
			printf("%" PRIu64 ",", v[c]);
		printf("%c,", file_access_type(r));
		csv_write_field(stdout, path_of(&fa->paths, e[i].id));
		putchar_unlocked('\n');
	}
}

static void
json_summary(const struct file_access *fa, const struct totals *t)
{
	printf(
	    "{\"view\":\"fileaccess\",\"weight\":\"calls\",\"total\":%" PRIu64
	    ",\n\"summary\":{\"calls\":%" PRIu64 ",\"threads\":%" PRIu32
	    ",\"usec\":%" PRIu64 ",\"paths\":%" PRIu64
	    ",\"directories\":%" PRIu64 ",\"files\":%" PRIu64
	    ",\"never_found\":%" PRIu64 ",\"other_paths\":%" PRIu64
	    ",\"failed\":%" PRIu64 ",\"failed_percent\":%.2f"
	    ",\"missing\":%" PRIu64 ",\"missing_paths\":%" PRIu64
	    ",\"unnamed\":%" PRIu64 ",\"unfinished\":%" PRIu64 ",\"by_kind\":{",
	    fa->calls, fa->calls, fa->threads.count, fa->usec, t->paths,
	    t->dirs, t->files, t->never, t->other, fa->failed,
	    percent_of(fa->failed, fa->calls), fa->missing, t->missing_paths,
	    fa->unnamed, fa->unfinished);
	for (int k = 0; k < ACCESS_KINDS; k++)
		printf("%s\"%s\":{\"calls\":%" PRIu64 ",\"failed\":%" PRIu64
		       "}",
		       k ? "," : "", access_kind_names[k], fa->kind_calls[k],
		       fa->kind_failed[k]);
	printf("}},\n\"rows\":[");
}

static void
json_rows(const struct file_access *fa, const struct entry *e, size_t n)
{
	uint64_t v[NCOLS];

	for (size_t i = 0; i < n; i++) {
		const struct path_row *r = &fa->rows[e[i].id];
		row_values(r, v);
		printf(i ? ",\n{" : "\n{");
		for (int c = 0; c < NCOLS; c++)
			printf("\"%s\":%" PRIu64 ",", column_name(c), v[c]);
		printf("\"type\":\"%c\",\"path\":", file_access_type(r));
		json_write_string(stdout, path_of(&fa->paths, e[i].id));
		putchar_unlocked('}');
	}
}

static void
json_directories(const struct string_table *dirs, const struct entry *e,
                 size_t n)
{
	printf("],\n\"missing_by_directory\":[");
	for (size_t i = 0; i < n; i++) {
		printf("%s{\"missing\":%" PRIu64 ",\"directory\":",
		       i ? ",\n" : "\n", e[i].key);
		json_write_string(stdout, path_of(dirs, e[i].id));
		putchar_unlocked('}');
	}
	printf("]}\n");
}

void
file_report(const struct file_access *fa, const struct file_report_options *opt)
{
	struct totals t;
	struct string_table dirs;
	size_t nrows, ndirs;
	struct entry *rows = sorted_rows(fa, opt->sort, &nrows, &t);

	string_table_init(&dirs);
	struct entry *by_dir = missing_by_directory(fa, &dirs, &ndirs);
	size_t shown =
	    opt->limit > 0 && opt->limit < nrows ? opt->limit : nrows;
	size_t dirs_shown =
	    opt->limit > 0 && opt->limit < ndirs ? opt->limit : ndirs;
	switch (opt->format) {
	case FORMAT_TEXT:
		text_summary(fa, &t);
		text_table(fa, rows, shown);
		text_directories(&dirs, by_dir, dirs_shown);
		break;
	case FORMAT_CSV:
		csv_table(fa, rows, shown);
		break;
	case FORMAT_JSON:
		json_summary(fa, &t);
		json_rows(fa, rows, shown);
		json_directories(&dirs, by_dir, dirs_shown);
		break;
	}
	free(rows);
	free(by_dir);
	string_table_free(&dirs);
}

/*
 * publish_fixture.h - what the unit tests of `make publish` (test_publish.c
 * and test_publish_files.c) share: a scratch directory with data sets
 * (data/ID-meta.json and its raw file, out/ with views noted as made from
 * it), suites defined as make suite defines them, publish run in a child
 * with the directory's path written TOP in its output, and what the
 * destination then holds: its names, files, and the index's links.
 *
 * A unit test program is its own file linked with unit.c, so what two of
 * them share is defined here, static inline: each includes it once and
 * uses part of it.
 */
#ifndef PERFVIEWS_PUBLISH_FIXTURE_H
#define PERFVIEWS_PUBLISH_FIXTURE_H

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "dataset/metadata.h"
#include "dataset/suite_file.h"
#include "pages/view_make.h"
#include "suite/publish.h"
#include "unit.h"

/* The data set make_data_set makes. */
#define ID "w-perf-freq99x2"

/* The test's scratch directory (unit_dir_make). */
static const char *top;

/* The text of top/rel. */
static inline const char *
contents(const char *rel)
{
	return unit_file_text(unit_dir_path(rel));
}

static inline bool
exists(const char *rel)
{
	return access(unit_dir_path(rel), F_OK) == 0;
}

static inline void
make_dir(const char *rel)
{
	ck_assert_int_eq(mkdir(unit_dir_path(rel), 0777), 0);
}

/* DIR/ID-meta.json for id, with a command line. */
static inline void
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
static inline void
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

static inline void
note_source(const char *dir, const char *id)
{
	note_source_in(dir, "out", id);
}

/* out/'s views of dir's id, made after their source is noted. */
static inline void
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
static inline void
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
static inline void
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

static inline void
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
static inline void
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
static inline size_t
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
static inline const char *
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

#endif

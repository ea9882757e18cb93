/*
 * bench_loops.c - see bench_loops.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json_flat.h"
#include "base/json_write.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/dirs.h"
#include "os/lock.h"
#include "record/bench_loops.h"

struct loops {
	char **names;
	long *loops;
	size_t n, cap, loops_cap;
	bool ours; /* a loops file perfviews wrote (its metadata says so) */
};

/* How a loops file perfviews writes says what it is, and knows one. */
static const char about[] =
    "iterations of each benchmark's timed loop, as pyperf calibrated them "
    "(perfviews: make suite LOOPS=FILE; pyperformance run --same-loops "
    "FILE)";

/* A benchmark's metadata value: its own, else the file's (pyperf keeps
 * what every benchmark shares at the top). */
static const struct json_entry *
meta_of(const struct json_flat *doc, size_t b, const char *key)
{
	char path[96];

	snprintf(path, sizeof path, "benchmarks.%zu.metadata.%s", b, key);
	const struct json_entry *e = json_flat_find(doc, path);
	if (e == NULL) {
		snprintf(path, sizeof path, "metadata.%s", key);
		e = json_flat_find(doc, path);
	}
	return e;
}

static void
put(struct loops *l, const char *name, long loops)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->names[i], name) == 0) {
			l->loops[i] = loops;
			return;
		}
	l->names = array_reserve(l->names, &l->cap, l->n + 1, sizeof *l->names);
	l->loops =
	    array_reserve(l->loops, &l->loops_cap, l->n + 1, sizeof *l->loops);
	l->names[l->n] = xstrdup(name);
	l->loops[l->n++] = loops;
}

/* The file's benchmarks; false, with why, when it is not a loops file. */
static bool
read_loops(const char *path, struct loops *l, char *why, size_t size)
{
	struct json_flat doc;
	size_t count = 0;

	if (!json_flat_read_file(path, &doc, why, size))
		return false;
	for (size_t i = 0; i < doc.count; i++) {
		const char *p = doc.entries[i].path;
		if (strncmp(p, "benchmarks.", 11) != 0)
			continue;
		size_t b = strtoul(p + 11, NULL, 10);
		if (b + 1 > count)
			count = b + 1;
	}
	const struct json_entry *a = json_flat_find(&doc, "metadata.about");
	l->ours =
	    a != NULL && a->kind == JSON_STRING && strcmp(a->value, about) == 0;
	for (size_t b = 0; b < count; b++) {
		const struct json_entry *name = meta_of(&doc, b, "name");
		const struct json_entry *loops = meta_of(&doc, b, "loops");
		if (name == NULL || name->kind != JSON_STRING)
			continue;
		if (loops != NULL && loops->kind == JSON_NUMBER &&
		    atol(loops->value) >= 1)
			put(l, name->value, atol(loops->value));
	}
	json_flat_free(&doc);
	if (count == 0 || l->n == 0) {
		snprintf(why, size,
		         "%s: not a loops file (no benchmarks with a name and "
		         "loops in their metadata)",
		         path);
		return false;
	}
	return true;
}

static void
free_loops(struct loops *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->names[i]);
	free(l->names);
	free(l->loops);
	memset(l, 0, sizeof *l);
}

/* The loops file given as LOOPS, read; false when there is none yet. */
static bool
read_given(const char *path, struct loops *l)
{
	char why[512];

	if (access(path, F_OK) != 0)
		return false;
	if (!read_loops(path, l, why, sizeof why))
		die(EXIT_DATA,
		    "%s (LOOPS=FILE: the loops a suite recorded, for "
		    "pyperformance's --same-loops; remove it to calibrate "
		    "again)",
		    why);
	return true;
}

bool
bench_loops_usable(const char *path, const char *name, bool *has)
{
	struct loops l = {0};

	*has = false;
	if (!read_given(path, &l))
		return false;
	for (size_t i = 0; i < l.n; i++)
		*has |= strcmp(l.names[i], name) == 0;
	free_loops(&l);
	return true;
}

char *
bench_loops_json(const char *path)
{
	struct loops l = {0};
	char *text = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);
	fputc('{', f);
	if (path != NULL && *path != '\0' && read_given(path, &l))
		for (size_t i = 0; i < l.n; i++) {
			fputs(i ? ", " : "", f);
			json_write_string(f, span_cstr(l.names[i]));
			fprintf(f, ": %ld", l.loops[i]);
		}
	fputc('}', f);
	xclose_memstream(f);
	free_loops(&l);
	return text;
}

static void
loops_text(FILE *f, void *arg)
{
	const struct loops *l = arg;

	fputs("{\"metadata\": {", f);
	json_write_member(f, "about", about);
	fputs("},\n \"benchmarks\": [", f);
	for (size_t i = 0; i < l->n; i++) {
		fputs(i ? ",\n  {\"metadata\": {" : "\n  {\"metadata\": {", f);
		json_write_member(f, "name", l->names[i]);
		fprintf(f, ", \"loops\": %ld}}", l->loops[i]);
	}
	fputs("\n ]}\n", f);
}

void
bench_loops_copy(const char *path, const char *to)
{
	struct loops l = {0};

	if (!read_given(path, &l))
		die(EXIT_DATA, "%s: %s", path, strerror(ENOENT));
	dirs_write_whole(to, loops_text, &l);
	free_loops(&l);
}

void
bench_loops_add(const char *path, const struct pyperf_result *r)
{
	struct loops l = {0};
	struct lock held = {0};
	char why[512], holder[128];
	char *lock = xasprintf("%s.lock", path);

	const char *slash = strrchr(path, '/');
	if (slash != NULL && slash > path) { /* its directory, made */
		char *dir = xstrndup(path, (size_t)(slash - path));
		dirs_make(dir);
		free(dir);
	}
	lock_take(&held, lock, "the loops file", true, holder, sizeof holder);
	bool there = access(path, F_OK) == 0;
	if (there && !read_loops(path, &l, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	if (there && !l.ours) {
		/* A pyperf result given as LOOPS: the user's, kept whole. */
		warnmsg(
		    "%s: not a loops file perfviews wrote (a pyperf "
		    "result, or made by hand?): left as it is, and the loops "
		    "calibrated now are not added to it",
		    path);
		lock_release(&held);
		free_loops(&l);
		free(lock);
		return;
	}
	for (size_t b = 0; b < r->count; b++) {
		const char *loops = pyperf_result_meta(r, b, "loops");
		if (loops != NULL && atol(loops) >= 1)
			put(&l, r->benchmarks[b].name, atol(loops));
	}
	if (l.n > 0)
		dirs_write_whole(path, loops_text, &l);
	lock_release(&held);
	free_loops(&l);
	free(lock);
}

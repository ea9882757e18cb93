/*
 * publish_plan.c - see publish_plan.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "suite/publish_plan.h"

const char *
publish_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL ? slash + 1 : path;
}

void
publish_problem(struct publishing *p, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	p->problems++;
}

void
publish_glob(const char *dir, const char *pattern, glob_t *g)
{
	char *path = xasprintf("%s/%s", dir, pattern);

	memset(g, 0, sizeof *g);
	int err = glob(path, 0, NULL, g);
	if (err != 0 && err != GLOB_NOMATCH)
		die(EXIT_DATA, "%s: cannot list", dir);
	free(path);
}

void
publish_glob_comparisons(const struct publishing *p, const char *readme,
                         glob_t *g)
{
	char *pattern = xasprintf("*" COMPARISON_SEPARATOR "*%s", readme);

	publish_glob(p->opt->out, pattern, g);
	free(pattern);
}

char *
publish_comparison_of(const char *path, const char *readme)
{
	const char *base = publish_base_name(path);
	size_t n = strlen(base), k = strlen(readme);

	return xstrndup(base, n > k ? n - k : 0);
}

char *
publish_raw_of(const char *dir, const char *id)
{
	const struct file_kind *k = file_kind_named("raw");

	if (k == NULL)
		die(EXIT_DATA, "no raw kind of file");
	return file_kind_find(k, dir, id);
}

struct publish_set *
publish_set_of(const struct publishing *p, const char *id)
{
	for (size_t i = 0; i < p->nsets; i++)
		if (strcmp(p->sets[i].id, id) == 0)
			return &p->sets[i];
	return NULL;
}

uint64_t
publish_hash(const char *path)
{
	uint64_t h, n;
	if (!file_hash(path, &h, &n))
		die_errno(EXIT_DATA, "%s", path);
	return h;
}

void
publish_add_item(struct publishing *p, const char *src, const char *name)
{
	p->items = array_reserve(p->items, &p->items_cap, p->nitems + 1,
	                         sizeof *p->items);
	p->items[p->nitems++] = (struct publish_item){
	    xstrdup(src), xstrdup(name), NULL, false, ITEM_NEW};
}

bool
publish_has_dataset(const struct publishing *p, const char *id)
{
	return publish_set_of(p, id) != NULL ||
	       manifest_dataset(&p->m, id) != NULL;
}

bool
publish_is_item(const struct publishing *p, const char *name)
{
	for (size_t i = 0; i < p->nitems; i++)
		if (strcmp(p->items[i].name, name) == 0)
			return true;
	return false;
}

void
publish_add_if_there(struct publishing *p, const char *path)
{
	if (access(path, F_OK) == 0)
		publish_add_item(p, path, publish_base_name(path));
}

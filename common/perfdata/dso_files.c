/*
 * dso_files.c - see dso_files.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "perfdata/dso_files.h"

static char *
vdso_path(const struct perf_file *f)
{
	const char *dir = getenv("PERF_BUILDID_DIR");
	char *own = NULL;
	if (dir == NULL || *dir == '\0') {
		const char *home = getenv("HOME");
		if (home == NULL)
			return NULL;
		dir = own = xasprintf("%s/.debug", home);
	}
	char *path = NULL;
	for (size_t i = 0; i < f->nbuild_ids && path == NULL; i++) {
		const struct perf_build_id *b = &f->build_ids[i];
		if (strcmp(b->filename, "[vdso]") != 0)
			continue;
		char hex[2 * sizeof b->id + 1];
		for (unsigned k = 0; k < b->size; k++)
			snprintf(hex + 2 * k, 3, "%02x", b->id[k]);
		hex[2 * b->size] = '\0';
		char *p = xasprintf("%s/[vdso]/%s/vdso", dir, hex);
		if (access(p, R_OK) == 0)
			path = p;
		else
			free(p);
	}
	free(own);
	return path;
}

char *
dso_file_path(const struct perf_file *f, const struct map_dso *d)
{
#ifdef PERFVIEWS_FUZZING
	/* The files of this machine are not the fuzzed input. */
	(void)f;
	(void)d;
	return NULL;
#endif
	switch (d->kind) {
	case DSO_FILE:
		return xstrdup(d->name);
	case DSO_VDSO:
		return vdso_path(f);
	default:
		return NULL;
	}
}

/*
 * dso_files.c - see dso_files.h.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "perfdata/dso_files.h"

/* perf's build-id cache: $PERF_BUILDID_DIR, else ~/.debug; to free. */
static char *
cache_dir(void)
{
	const char *dir = getenv("PERF_BUILDID_DIR");
	if (dir != NULL && *dir != '\0')
		return xstrdup(dir);
	const char *home = getenv("HOME");
	return home != NULL ? xasprintf("%s/.debug", home) : NULL;
}

static void
hex_of(const struct perf_build_id *b, char *hex)
{
	for (unsigned k = 0; k < b->size; k++)
		snprintf(hex + 2 * k, 3, "%02x", b->id[k]);
	hex[2 * b->size] = '\0';
}

static bool
regular_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, R_OK) == 0;
}

/* The header's build id of the file perf names name; NULL if none. */
static const struct perf_build_id *
recorded_id(const struct perf_file *f, const char *name)
{
	for (size_t i = 0; i < f->nbuild_ids; i++)
		if (f->build_ids[i].size > 0 &&
		    strcmp(f->build_ids[i].filename, name) == 0)
			return &f->build_ids[i];
	return NULL;
}

/*
 * The cache's copy of a file of build id b: "[vdso]/ID/vdso" for the
 * vDSO, else ".build-id/XX/REST/elf" (the link to "PATH/ID", then its
 * "elf"; or the link itself, in older caches), as perf's
 * DSO_BINARY_TYPE__BUILD_ID_CACHE; NULL when not there.
 */
static char *
cached_copy(const struct perf_build_id *b, bool vdso)
{
	char *dir = cache_dir();
	if (dir == NULL)
		return NULL;
	char hex[2 * sizeof b->id + 1];
	hex_of(b, hex);
	char *p = vdso ? xasprintf("%s/[vdso]/%s/vdso", dir, hex)
	               : xasprintf("%s/.build-id/%.2s/%s", dir, hex, hex + 2);
	free(dir);
	if (regular_file(p))
		return p; /* the cache's old layout: the link is the file */
	char *elf = vdso ? NULL : xasprintf("%s/elf", p);
	free(p);
	if (elf != NULL && regular_file(elf))
		return elf;
	free(elf);
	return NULL;
}

static char *
vdso_path(const struct perf_file *f)
{
	for (size_t i = 0; i < f->nbuild_ids; i++) {
		const struct perf_build_id *b = &f->build_ids[i];
		if (strcmp(b->filename, "[vdso]") != 0)
			continue;
		char *path = cached_copy(b, true);
		if (path != NULL)
			return path;
	}
	return NULL;
}

/* Whether the ELF file at path has build id b (its GNU build-id note). */
static bool
has_build_id(const char *path, const struct perf_build_id *b)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Elf_Scn *scn = NULL;
	int found = -1; /* -1: no note yet; else whether it is b */
	while (elf != NULL && found < 0 &&
	       (scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *data;
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE ||
		    (data = elf_getdata(scn, NULL)) == NULL)
			continue;
		const char *bytes = data->d_buf;
		GElf_Nhdr nh;
		size_t off = 0, name_at, desc_at;
		while (found < 0 &&
		       (off = gelf_getnote(data, off, &nh, &name_at,
		                           &desc_at)) > 0)
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    memcmp(bytes + name_at, "GNU", 4) == 0)
				/* perf compares the recorded id's bytes */
				found = nh.n_descsz >= b->size &&
				        memcmp(bytes + desc_at, b->id,
				               b->size) == 0;
	}
	if (elf != NULL)
		elf_end(elf);
	close(fd);
	return found == 1;
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
	case DSO_FILE: {
		const struct perf_build_id *b = recorded_id(f, d->name);
		char *copy = b != NULL ? cached_copy(b, false) : NULL;
		return copy != NULL ? copy : xstrdup(d->name);
	}
	case DSO_VDSO:
		return vdso_path(f);
	default:
		return NULL;
	}
}

char *
dso_symbol_path(const struct perf_file *f, const struct map_dso *d)
{
	char *path = dso_file_path(f, d);
	if (path == NULL || d->kind != DSO_FILE || strcmp(path, d->name) != 0)
		return path;
	const struct perf_build_id *b = recorded_id(f, d->name);
	if (b != NULL && !has_build_id(path, b)) {
		free(path);
		return NULL;
	}
	return path;
}

/*
 * publish_manifest.c - see publish_manifest.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "pages/publish_manifest.h"
#include "os/dirs.h"

bool
file_hash(const char *path, uint64_t *hash, uint64_t *size)
{
	unsigned char buf[65536];
	uint64_t h = 0xcbf29ce484222325ULL, n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t got;

	if (fd < 0)
		return false;
	while ((got = read(fd, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < got; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
		n += (uint64_t)got;
	}
	int saved = errno;
	close(fd);
	errno = saved;
	if (got < 0)
		return false;
	*hash = h;
	*size = n;
	return true;
}

static char *
manifest_path(const char *dir)
{
	return xasprintf("%s/%s", dir, PUBLISH_MANIFEST);
}

/* Add a name to a list of names, once. */
static void
add_name(char ***v, size_t *n, size_t *cap, const char *name)
{
	if (manifest_lists(*v, *n, name))
		return;
	*v = array_reserve(*v, cap, *n + 1, sizeof **v);
	(*v)[(*n)++] = xstrdup(name);
}

struct manifest_file *
manifest_file(const struct publish_manifest *m, const char *name)
{
	for (size_t i = 0; i < m->nfiles; i++)
		if (strcmp(m->files[i].name, name) == 0)
			return &m->files[i];
	return NULL;
}

struct manifest_dataset *
manifest_dataset(const struct publish_manifest *m, const char *id)
{
	for (size_t i = 0; i < m->ndatasets; i++)
		if (strcmp(m->datasets[i].id, id) == 0)
			return &m->datasets[i];
	return NULL;
}

void
manifest_add_file(struct publish_manifest *m, const char *name, uint64_t hash,
                  uint64_t size)
{
	struct manifest_file *f = manifest_file(m, name);

	if (f == NULL) {
		m->files = array_reserve(m->files, &m->files_cap, m->nfiles + 1,
		                         sizeof *m->files);
		f = &m->files[m->nfiles++];
		f->name = xstrdup(name);
	}
	f->hash = hash;
	f->size = size;
}

void
manifest_remove_file(struct publish_manifest *m, const char *name)
{
	struct manifest_file *f = manifest_file(m, name);

	if (f == NULL)
		return;
	free(f->name);
	*f = m->files[--m->nfiles];
}

void
manifest_add_dataset(struct publish_manifest *m, const char *id,
                     uint64_t raw_hash, bool short_paths)
{
	struct manifest_dataset *d = manifest_dataset(m, id);

	if (d == NULL) {
		m->datasets =
		    array_reserve(m->datasets, &m->datasets_cap,
		                  m->ndatasets + 1, sizeof *m->datasets);
		d = &m->datasets[m->ndatasets++];
		d->id = xstrdup(id);
	}
	d->raw_hash = raw_hash;
	d->short_paths = short_paths;
}

void
manifest_add_comparison(struct publish_manifest *m, const char *name)
{
	add_name(&m->comparisons, &m->ncomparisons, &m->comparisons_cap, name);
}

void
manifest_add_suite(struct publish_manifest *m, const char *name)
{
	add_name(&m->suites, &m->nsuites, &m->suites_cap, name);
}

void
manifest_add_suite_comparison(struct publish_manifest *m, const char *name)
{
	add_name(&m->suite_comparisons, &m->nsuite_comparisons,
	         &m->suite_comparisons_cap, name);
}

bool
manifest_lists(char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return true;
	return false;
}

/* One line of the manifest (its newline removed); false: not an entry. */
static bool
parse_line(struct publish_manifest *m, char *line)
{
	uint64_t a, b;
	int used = 0;
	char mode[8];

	if (strncmp(line, "index ", 6) == 0 && line[6] != '\0') {
		free(m->index);
		m->index = xstrdup(line + 6);
		return true;
	}
	if (strncmp(line, "comparison ", 11) == 0 && line[11] != '\0') {
		manifest_add_comparison(m, line + 11);
		return true;
	}
	if (strncmp(line, "suite ", 6) == 0 && line[6] != '\0') {
		manifest_add_suite(m, line + 6);
		return true;
	}
	if (strncmp(line, "suite-comparison ", 17) == 0 && line[17] != '\0') {
		manifest_add_suite_comparison(m, line + 17);
		return true;
	}
	if (sscanf(line, "file %" SCNx64 " %" SCNu64 " %n", &a, &b, &used) ==
	        2 &&
	    used > 0 && line[used] != '\0') {
		manifest_add_file(m, line + used, a, b);
		return true;
	}
	if (strncmp(line, "dataset ", 8) == 0) {
		char *id = line + 8, *sp = strchr(id, ' ');
		if (sp == NULL)
			return false;
		*sp = '\0';
		if (sscanf(sp + 1, "%" SCNx64 " %7s", &a, mode) != 2 ||
		    (strcmp(mode, "full") != 0 && strcmp(mode, "short") != 0))
			return false;
		manifest_add_dataset(m, id, a, strcmp(mode, "short") == 0);
		return true;
	}
	return false;
}

void
manifest_read(struct publish_manifest *m, const char *dir)
{
	char *path = manifest_path(dir);
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0;
	ssize_t got;

	memset(m, 0, sizeof *m);
	if (f == NULL) {
		if (errno != ENOENT)
			die_errno(EXIT_DATA, "%s", path);
		free(path);
		return;
	}
	while ((got = getline(&line, &cap, f)) != -1) {
		lineno++;
		if (got > 0 && line[got - 1] == '\n')
			line[--got] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (!parse_line(m, line))
			die(EXIT_DATA,
			    "%s:%lu: not a line of perfviews publish's "
			    "manifest: %s",
			    path, lineno, line);
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", path);
	fclose(f);
	free(line);
	free(path);
}

static void
manifest_text(FILE *f, void *arg)
{
	const struct publish_manifest *m = arg;

	fputs("# perfviews publish: the files it wrote in this directory, each "
	      "with the hash\n# and size it had then.  It replaces a file only "
	      "when it is listed here\n# and unchanged, and never touches "
	      "another.  Written by perfviews; keep it\n# with the files.\n",
	      f);
	if (m->index != NULL)
		fprintf(f, "index %s\n", m->index);
	for (size_t i = 0; i < m->ndatasets; i++)
		fprintf(f, "dataset %s %016" PRIx64 " %s\n", m->datasets[i].id,
		        m->datasets[i].raw_hash,
		        m->datasets[i].short_paths ? "short" : "full");
	for (size_t i = 0; i < m->ncomparisons; i++)
		fprintf(f, "comparison %s\n", m->comparisons[i]);
	for (size_t i = 0; i < m->nsuites; i++)
		fprintf(f, "suite %s\n", m->suites[i]);
	for (size_t i = 0; i < m->nsuite_comparisons; i++)
		fprintf(f, "suite-comparison %s\n", m->suite_comparisons[i]);
	for (size_t i = 0; i < m->nfiles; i++)
		fprintf(f, "file %016" PRIx64 " %" PRIu64 " %s\n",
		        m->files[i].hash, m->files[i].size, m->files[i].name);
}

void
manifest_write(const struct publish_manifest *m, const char *dir)
{
	char *path = manifest_path(dir);

	dirs_write_whole(path, manifest_text, (void *)m);
	free(path);
}

void
manifest_free(struct publish_manifest *m)
{
	free(m->index);
	for (size_t i = 0; i < m->nfiles; i++)
		free(m->files[i].name);
	free(m->files);
	for (size_t i = 0; i < m->ndatasets; i++)
		free(m->datasets[i].id);
	free(m->datasets);
	for (size_t i = 0; i < m->ncomparisons; i++)
		free(m->comparisons[i]);
	free(m->comparisons);
	for (size_t i = 0; i < m->nsuites; i++)
		free(m->suites[i]);
	free(m->suites);
	for (size_t i = 0; i < m->nsuite_comparisons; i++)
		free(m->suite_comparisons[i]);
	free(m->suite_comparisons);
	memset(m, 0, sizeof *m);
}

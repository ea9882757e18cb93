/*
 * bench_files.c - see bench_files.h.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/perf_file.h"
#include "record/bench_files.h"

const char hook_files_rule[] =
    "pyperf's perf_record hook wrote one perf.data per worker and phase; "
    "in modification-time order they follow pyperf's runs (the "
    "calibration worker's file, then each value worker's warmups file and "
    "values file; a command benchmark's commands have files of their "
    "own), but a worker that started perf for its values only (pyperf "
    "metadata perfviews_perf, perfviews_pyperf.py) has its values "
    "file alone, the calibration worker none; each value worker's values "
    "file is one run";

static int
by_mtime(const void *a, const void *b)
{
	const struct hook_file *x = a, *y = b;
	if (x->mtime.tv_sec != y->mtime.tv_sec)
		return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
	if (x->mtime.tv_nsec != y->mtime.tv_nsec)
		return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* The hook's files, in the order they were written. */
static void
list_files(struct hook_files *hf, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL)
		die_errno(EXIT_DATA, "%s", dir);
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "perf.data", 9) != 0)
			continue;
		struct stat st;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			die_errno(EXIT_DATA, "%s", path);
		hf->v =
		    array_reserve(hf->v, &hf->cap, hf->n + 1, sizeof *hf->v);
		struct hook_file *f = &hf->v[hf->n++];
		memset(f, 0, sizeof *f);
		f->path = path;
		f->mtime = st.st_mtim;
		f->size = st.st_size;
	}
	closedir(d);
	qsort(hf->v, hf->n, sizeof *hf->v, by_mtime);
}

/*
 * A file's perf record command line, from its header (read here: perf
 * report --header-only took 40 ms a file, two files a worker).
 */
static void
read_header(const struct pyperf_result *r, struct hook_file *f)
{
	struct perf_file pf;
	const struct pyperf_benchmark *b = &r->benchmarks[f->label.benchmark];

	if (f->size == 0)
		die(EXIT_DATA,
		    "%s, worker %zu: its perf.data is empty: perf failed in "
		    "pyperf's hook, which hides perf's messages",
		    b->name, f->label.run + 1);
	perf_file_open(&pf, f->path); /* not perf.data: fatal, named */
	if (pf.cmdline == NULL || *pf.cmdline == '\0')
		die(EXIT_DATA,
		    "%s, worker %zu: %s has no perf header (no "
		    "cmdline)",
		    b->name, f->label.run + 1, f->path);
	f->cmdline = xstrdup(pf.cmdline);
	const char *pid = strstr(f->cmdline, " --pid ");
	f->pid = pid != NULL ? strtol(pid + 7, NULL, 10) : 0;
	perf_file_close(&pf);
}

void
hook_files_read(struct hook_files *hf, const char *dir,
                const struct pyperf_result *r)
{
	char why[512];

	memset(hf, 0, sizeof *hf);
	list_files(hf, dir);
	struct pyperf_file_label *labels = xcalloc(hf->n, sizeof *labels);
	if (!pyperf_assign_files(r, hf->n, labels, why, sizeof why))
		die(EXIT_DATA, "%s: %s", dir, why);
	for (size_t i = 0; i < hf->n; i++)
		hf->v[i].label = labels[i];
	free(labels);
	long pid = 0;
	for (size_t i = 0; i < hf->n; i++) {
		struct hook_file *f = &hf->v[i];
		if (!f->label.outer && !f->label.kept)
			continue;
		read_header(r, f);
		if (!f->label.outer)
			continue;
		if (i > 0 && hf->v[i - 1].label.outer &&
		    hf->v[i - 1].label.benchmark == f->label.benchmark &&
		    hf->v[i - 1].label.run == f->label.run &&
		    hf->v[i - 1].pid != f->pid)
			die(EXIT_DATA,
			    "%s: worker %zu's files name two processes (%ld, "
			    "%ld): the files are out of step with pyperf's "
			    "result",
			    r->benchmarks[f->label.benchmark].name,
			    f->label.run + 1, pid, f->pid);
		pid = f->pid;
	}
}

char *
hook_files_dropped(const struct hook_files *hf, size_t bench)
{
	static const char *const kinds[] = {
	    "calibration", "warmup", "command-wrapper", "other variants'"};
	size_t n[4] = {0};
	char *text = xstrdup("");

	for (size_t i = 0; i < hf->n; i++) {
		const struct pyperf_file_label *l = &hf->v[i].label;
		if (l->benchmark != bench)
			n[3]++;
		else if (l->phase == PHASE_CALIBRATION)
			n[0]++;
		else if (l->phase == PHASE_WARMUP ||
		         l->phase == PHASE_INNER_WARMUP)
			n[1]++;
		else if (!l->kept)
			n[2]++;
	}
	for (size_t k = 0; k < 4; k++) {
		if (n[k] == 0)
			continue;
		char *more =
		    xasprintf("%s%s%zu %s file%s", text, *text ? ", " : "",
		              n[k], kinds[k], n[k] == 1 ? "" : "s");
		free(text);
		text = more;
	}
	if (*text == '\0') {
		free(text);
		text = xstrdup("none");
	}
	return text;
}

void
hook_files_free(struct hook_files *hf)
{
	for (size_t i = 0; i < hf->n; i++) {
		free(hf->v[i].path);
		free(hf->v[i].cmdline);
	}
	free(hf->v);
	memset(hf, 0, sizeof *hf);
}

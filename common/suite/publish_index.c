/*
 * publish_index.c - see publish_index.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "pages/readme_index.h"
#include "suite/publish_files.h"
#include "suite/publish_index.h"

/*
 * The index's name: the one the manifest keeps; else README.md, unless
 * one that is not publish's is there, then perfviews-index.md.
 */
void
publish_choose_index(struct publishing *p)
{
	if (p->m.index == NULL) {
		char *readme = xasprintf("%s/README.md", p->dest);
		bool taken = access(readme, F_OK) == 0;
		free(readme);
		p->m.index =
		    xstrdup(taken ? "perfviews-index.md" : "README.md");
		if (taken)
			printf("%s/README.md is not perfviews': the index is "
			       "%s/%s\n",
			       p->dest, p->dest, p->m.index);
	}
	char *path = xasprintf("%s/%s", p->dest, p->m.index);
	if (access(path, F_OK) == 0)
		publish_ours(p, p->m.index);
	free(path);
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort names (a list that may be empty: NULL). */
static void
sort_names(char **v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof *v, compare_names);
}

/* The index, from the manifest: every data set, comparison and suite. */
void
publish_write_index(struct publishing *p)
{
	size_t n = p->m.ndatasets;
	char **ids = xmalloc((n + 1) * sizeof *ids);
	char **metas = xmalloc((n + 1) * sizeof *metas);
	bool *shortened = xmalloc(n + 1);
	char *text = xasprintf("%s/index.md", p->staging);
	uint64_t h, size;

	for (size_t i = 0; i < n; i++)
		ids[i] = p->m.datasets[i].id;
	sort_names(ids, n);
	for (size_t i = 0; i < n; i++) {
		metas[i] = file_kind_path("meta", p->dest, ids[i]);
		shortened[i] = manifest_dataset(&p->m, ids[i])->short_paths;
	}
	sort_names(p->m.comparisons, p->m.ncomparisons);
	sort_names(p->m.suites, p->m.nsuites);
	sort_names(p->m.suite_comparisons, p->m.nsuite_comparisons);
	struct readme_index ix = {.metas = metas,
	                          .shortened = shortened,
	                          .n = n,
	                          .comparisons = p->m.comparisons,
	                          .ncomparisons = p->m.ncomparisons,
	                          .suites = p->m.suites,
	                          .nsuites = p->m.nsuites,
	                          .suite_comparisons = p->m.suite_comparisons,
	                          .nsuite_comparisons =
	                              p->m.nsuite_comparisons};
	FILE *f = fopen(text, "we");
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", text);
	readme_index(f, p->dest, &ix);
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", text);
	char *to = xasprintf("%s/%s", p->dest, p->m.index);
	if (!publish_same_bytes(text, to))
		publish_copy_file(text, p->dest, p->m.index);
	if (!file_hash(to, &h, &size))
		die_errno(EXIT_DATA, "%s", to);
	manifest_add_file(&p->m, p->m.index, h, size);
	unlink(text);
	for (size_t i = 0; i < n; i++)
		free(metas[i]);
	free(metas);
	free(ids);
	free(shortened);
	free(text);
	free(to);
}

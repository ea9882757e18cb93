/*
 * publish_comparisons.c - see publish_comparisons.h.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "suite/publish_comparisons.h"

/*
 * NAME "A-vs-B": the IDs, when NAME splits into two valid ones at a
 * COMPARISON_SEPARATOR.  Free both.
 */
static bool
split_comparison(const char *name, char **a, char **b)
{
	const size_t n = strlen(COMPARISON_SEPARATOR);
	char why[256];
	struct dataset_id id;

	for (const char *vs = strstr(name, COMPARISON_SEPARATOR); vs != NULL;
	     vs = strstr(vs + 1, COMPARISON_SEPARATOR)) {
		*a = xstrndup(name, (size_t)(vs - name));
		*b = xstrdup(vs + n);
		bool ok = dataset_id_parse(*a, &id, why, sizeof why);
		if (ok)
			dataset_id_free(&id);
		if (ok && dataset_id_parse(*b, &id, why, sizeof why)) {
			dataset_id_free(&id);
			return true;
		}
		free(*a);
		free(*b);
	}
	return false;
}

/* The files of the comparison name that OUT has: the README first. */
static void
add_comparison_items(struct publishing *p, const char *name)
{
	char *path = comparison_path("readme", p->opt->out, name);

	publish_add_if_there(p, path);
	free(path);
	for (size_t k = 0; k < comparison_kind_count; k++) {
		if (strcmp(comparison_kinds[k].kind, "readme") == 0)
			continue;
		path = comparison_path(comparison_kinds[k].kind, p->opt->out,
		                       name);
		publish_add_if_there(p, path);
		free(path);
	}
}

void
publish_comparisons(struct publishing *p)
{
	glob_t g;

	publish_glob_comparisons(p, comparison_suffix("readme"), &g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *name = publish_comparison_of(g.gl_pathv[i],
		                                   comparison_suffix("readme")),
		     *a, *b;
		if (!split_comparison(name, &a, &b)) {
			free(name);
			continue;
		}
		if (publish_has_dataset(p, a) && publish_has_dataset(p, b)) {
			add_comparison_items(p, name);
			manifest_add_comparison(&p->m, name);
		} else {
			warnmsg("skipping the comparison %s: %s is not "
			        "published (not in %s)",
			        name, publish_has_dataset(p, a) ? b : a,
			        p->dest);
		}
		free(a);
		free(b);
		free(name);
	}
	globfree(&g);
}

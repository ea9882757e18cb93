/*
 * record_views.c - see record_views.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/metadata.h"
#include "os/child.h"
#include "record/record_step.h"
#include "record/record_views.h"

double
record_views(const char *views, const char *id, const char *meta)
{
	struct child_args a = {0};
	struct child_result r;
	struct metadata m;
	char seconds[32], why[256];

	args_add_words(&a, views, "--views");
	char *assign = xasprintf("ID=%s", id);
	args_add(&a, assign);
	double t = clock_seconds();
	bool ok = child_run(a.v, NULL, 0, &r);
	double s = clock_seconds() - t;
	args_free(&a);
	free(assign);
	record_stop_if_asked();
	if (!ok)
		child_failed("the views", &r, NULL);
	printf("rendered the views of %s: %s ID=%s\n", id, views, id);

	/* The time into meta.json, replaced whole. */
	metadata_read_or_die(&m, meta);
	snprintf(seconds, sizeof seconds, "%.3f", s);
	if (!metadata_set(&m, "timing.views_seconds", seconds, why, sizeof why))
		die(EXIT_DATA, "%s: %s", meta, why);
	char *tmp = xasprintf("%s.tmp", meta);
	FILE *f = fopen(tmp, "we");
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", tmp);
	metadata_write(&m, f);
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", tmp);
	if (rename(tmp, meta) != 0)
		die_errno(EXIT_DATA, "%s", meta);
	free(tmp);
	metadata_free(&m);
	return s;
}

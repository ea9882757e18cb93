/*
 * record_views.c - see record_views.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "record/record.h"
#include "record/record_step.h"
#include "record/record_views.h"

/* The command views (make's), with ID=id. */
static void
run_views(const char *views, const char *id)
{
	struct child_args a = {0};
	struct child_result r;

	args_add_words(&a, views, "--views");
	char *assign = xasprintf("ID=%s", id);
	args_add(&a, assign);
	bool ok = child_run(a.v, NULL, 0, &r);
	args_free(&a);
	free(assign);
	record_stop_if_asked();
	if (!ok)
		child_failed("the views", &r, NULL);
	printf("rendered the views of %s: %s ID=%s\n", id, views, id);
}

double
record_views(const struct record_options *opt, const char *id)
{
	if (opt->views != NULL && *opt->views == '\0')
		return 0;
	double t = clock_seconds();
	if (opt->views != NULL) {
		run_views(opt->views, id);
	} else {
		opt->render(opt->data, id, opt->out);
		record_stop_if_asked();
		printf("rendered the views of %s into %s/\n", id, opt->out);
	}
	return clock_seconds() - t;
}

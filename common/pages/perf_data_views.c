/*
 * perf_data_views.c - see perf_data_views.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "pages/perf_data_views.h"
#include "pages/view_pass.h"
#include "input/input_format.h"
#include "os/dirs.h"

/*
 * Is k a view of a perf.data's samples: one every data set has, made
 * from its raw file or its folded stacks?
 */
static bool
is_sample_view(const struct file_kind *k)
{
	return k->origin == FILE_VIEW && k->tag == NULL &&
	       (k->input == VIEW_FROM_RAW || k->input == VIEW_FROM_FOLDED);
}

unsigned
perf_data_views_write(const struct perf_data_views *v)
{
	/* A perf.data has no meta.json: the graphs titled by its name. */
	struct view_given g = {
	    .event = v->event, .title = v->name, .label = v->name};
	struct view_inputs in = {.raw = v->path};
	const struct file_kind *rows[64];
	size_t n = 0;
	unsigned written = 0;

	if (access(v->path, R_OK) != 0)
		die_errno(EXIT_DATA, "%s", v->path);
	if (!input_is_perf_data(v->path))
		die(EXIT_DATA,
		    "%s: not a perf.data file (perf script text: give it to "
		    "each view, or record a data set)",
		    v->path);
	for (size_t i = 0; i < file_kind_count && n < 64; i++)
		if (is_sample_view(&file_kinds[i])) {
			if (!view_pass_writes(&file_kinds[i], &g))
				die(EXIT_DATA,
				    "views: no way to write view %s of a "
				    "perf.data",
				    file_kinds[i].kind);
			rows[n++] = &file_kinds[i];
		}
	struct view_pass *p = view_pass_read(&in, &g, rows, n);
	bool python = view_pass_has_python(p);
	bool eval_loop = view_pass_has_eval_loop(p);
	dirs_make(v->out);
	for (size_t i = 0; i < n; i++) {
		/* Python's views where its frames are, the eval loop's where
		 * it is: a perf.data has no meta.json to say. */
		if ((rows[i]->python && !python) ||
		    (rows[i]->cpython && !eval_loop))
			continue;
		char *path =
		    xasprintf("%s/%s%s", v->out, v->name, rows[i]->suffix);
		view_pass_write(p, rows[i], &g, path);
		free(path);
		written++;
	}
	view_pass_free(p);
	return written;
}

char *
perf_data_views_name(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".data") == 0)
		n -= 5;
	return xstrndup(base, n);
}

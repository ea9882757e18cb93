/*
 * comparison_files.c - see comparison_files.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "pages/comparison_files.h"
#include "pages/comparison_readme.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "pages/view_pass.h"
#include "flame/flame_input.h"
#include "flame/flame_view.h"
#include "os/dirs.h"
#include "compare/compare_table.h"
#include "compare/diff_stacks.h"

/* The last name of the directory a raw file is in. */
static char *
last_dir(const char *path)
{
	char *dir = file_kind_dir(path);
	char *last = file_kind_dir_name(dir);

	free(dir);
	return last;
}

char *
comparison_files_name(char *const raws[2])
{
	char *id[2] = {raw_dataset_name(raws[0]), raw_dataset_name(raws[1])};
	char *a = last_dir(raws[0]), *b = last_dir(raws[1]);
	char *name = comparison_name(id[0], id[1], a, b);
	free(a);
	free(b);
	free(id[0]);
	free(id[1]);
	return name;
}

/* What a comparison's files are written from, and how the graph went. */
struct compared {
	char *const *raws;
	const char *name;
	struct compare *functions, *stacks;
	const char *diff; /* the table, written first: the README quotes it */
	char *title;      /* the graph's */
	bool drawn;
};

/* flatdiff's table, as it writes it given no options. */
static void
write_table(void *ctx)
{
	struct compared *w = ctx;
	struct compare_table t;

	compare_table_select(&t, w->functions, 0, 20, false);
	compare_table_write(&t, FORMAT_TEXT);
	compare_table_free(&t);
}

/*
 * diffstacks' stacks into fd (memory), as it writes them given no
 * options; false when they could not be written.
 */
static bool
stacks_into(int fd, struct compare *stacks)
{
	int copy = dup(fd);
	FILE *f = copy >= 0 ? fdopen(copy, "w") : NULL;

	if (f == NULL) {
		if (copy >= 0)
			close(copy);
		return false;
	}
	diff_stacks_write(f, stacks, false);
	bool ok = !ferror(f);
	return fclose(f) == 0 && ok && lseek(fd, 0, SEEK_SET) == 0;
}

/* The stacks drawn as flamesvg --title draws them. */
static void
write_graph(void *ctx)
{
	struct compared *w = ctx;
	struct flame_view_options o;
	struct flame_input in;
	int fd = memfd_create("diffstacks", MFD_CLOEXEC);

	if (fd < 0 || !stacks_into(fd, w->stacks))
		die_errno(EXIT_DATA, "%s: the differential stacks", w->name);
	flame_view_defaults(&o);
	o.svg.title = w->title;
	flame_view_settle(&o);
	flame_input_init(&in, o.reverse, o.flamechart);
	flame_input_read(&in, fd, "diffstacks", false);
	close(fd);
	flame_input_settle(&in, &o);
	w->drawn = flame_view_write(stdout, &in.graph, &o);
	flame_input_free(&in);
}

static void
write_readme(void *ctx)
{
	struct compared *w = ctx;

	comparison_readme_of_compared(stdout, w->raws, w->diff, w->name,
	                              w->functions, w->stacks);
}

/* The table, the graph and the README into scratch, named as in OUT. */
static bool
write_all(const char *scratch, struct compared *w)
{
	char *diff = comparison_path("diff", scratch, w->name);
	char *svg = comparison_path("diffgraph", scratch, w->name);
	char *readme = comparison_path("readme", scratch, w->name);

	w->diff = diff;
	view_write_whole(diff, write_table, w);
	view_write_whole(svg, write_graph, w);
	if (!w->drawn)
		warnmsg("%s: no samples to draw", w->name);
	else
		view_write_whole(readme, write_readme, w);
	free(readme);
	free(svg);
	free(diff);
	return w->drawn;
}

/* The three files from the comparison by stack of the same sides. */
static bool
write_compared(const char *out, const char *name, char *const raws[2],
               struct compare *functions)
{
	char *id[2] = {raw_dataset_name(raws[0]), raw_dataset_name(raws[1])};
	struct compare stacks;
	struct compared w = {.raws = raws,
	                     .name = name,
	                     .functions = functions,
	                     .stacks = &stacks,
	                     .title = xasprintf("%s against %s", id[1], id[0])};
	char *scratch = xasprintf("%s/.%s.XXXXXX", out, name);

	compare_defaults_shared(&stacks, KEY_STACK, functions, NULL);
	dirs_make(out);
	if (mkdtemp(scratch) == NULL)
		die_errno(EXIT_DATA, "%s", scratch);
	bool ok = write_all(scratch, &w);
	for (size_t i = 0; ok && i < comparison_kind_count; i++) {
		char *from =
		    comparison_path(comparison_kinds[i].kind, scratch, name);
		char *to = comparison_path(comparison_kinds[i].kind, out, name);
		if (rename(from, to) != 0)
			die_errno(EXIT_DATA, "%s", to);
		free(from);
		free(to);
	}
	dirs_remove_tree(scratch);
	free(scratch);
	compare_free(&stacks);
	free(w.title);
	free(id[0]);
	free(id[1]);
	return ok;
}

bool
comparison_files_of(const char *out, const char *name, char *const raws[2],
                    bool force, struct compare *functions)
{
	/* Refused as flatdiff refuses them, which says what differs. */
	if (compare_refused(functions, force) && !force)
		return false;
	return write_compared(out, name, raws, functions);
}

bool
comparison_files_write(const char *out, const char *name, char *const raws[2],
                       bool force)
{
	struct compare functions;

	compare_defaults_run(&functions, KEY_FUNCTION, raws[0], raws[1], NULL);
	bool ok = comparison_files_of(out, name, raws, force, &functions);
	compare_free(&functions);
	return ok;
}

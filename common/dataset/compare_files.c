/*
 * compare_files.c - see compare_files.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/compare_files.h"
#include "dataset/compare_readme.h"
#include "dataset/file_kinds.h"
#include "dataset/runs.h"
#include "os/child.h"
#include "os/dirs.h"

/* The last part of path's directory: "d311" of "/tmp/d311/ID-raw.txt". */
static char *
last_dir(const char *path)
{
	char *dir = file_kind_dir(path);
	char *abs = realpath(dir, NULL);
	const char *p = abs != NULL ? abs : dir;
	const char *slash = strrchr(p, '/');
	char *last = xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 : p);

	free(abs);
	free(dir);
	return last;
}

char *
compare_files_name(char *const raws[2])
{
	char *id[2] = {raw_dataset_name(raws[0]), raw_dataset_name(raws[1])};
	char *name;

	if (strcmp(id[0], id[1]) != 0)
		name = xasprintf("%s-vs-%s", id[0], id[1]);
	else {
		char *a = last_dir(raws[0]), *b = last_dir(raws[1]);
		name = xasprintf("%s-%s-vs-%s", id[0], a, b);
		free(a);
		free(b);
	}
	free(id[0]);
	free(id[1]);
	return name;
}

/* Run argv, its stdout into path; false when it failed (it said why). */
static bool
run_into(char *const argv[], const char *path)
{
	struct child_result r;
	int fd = child_open(path, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, -1};
	bool ok = child_run(argv, &io, 0, &r);

	close(fd);
	if (child_stopped() != 0)
		return false;
	if (!ok && r.status == -1)
		warnmsg("%s: could not start", argv[0]);
	return ok;
}

/* dir/program [--force] A B, its stdout into path. */
static bool
compare_into(const char *dir, const char *program, char *const raws[2],
             bool force, const char *path)
{
	struct child_args a = {0};
	char *self = xasprintf("%s/%s", dir, program);

	args_add(&a, self);
	if (force)
		args_add(&a, "--force");
	args_add(&a, raws[0]);
	args_add(&a, raws[1]);
	bool ok = run_into(a.v, path);
	args_free(&a);
	free(self);
	return ok;
}

/* flatdiff, diffstacks | flamesvg and the README into scratch. */
static bool
write_all(const char *scratch, const char *name, char *const raws[2],
          bool force)
{
	char *dir = dirs_program();
	char *flamesvg = xasprintf("%s/flamesvg", dir);
	char *diff = xasprintf("%s/diff.txt", scratch);
	char *stacks = xasprintf("%s/stacks.txt", scratch);
	char *svg = xasprintf("%s/diffgraph.svg", scratch);
	char *readme = xasprintf("%s/README.md", scratch);
	char *id[2] = {raw_dataset_name(raws[0]), raw_dataset_name(raws[1])};
	char *title = xasprintf("%s against %s", id[1], id[0]);
	char *svg_argv[] = {flamesvg, "--title", title, stacks, NULL};

	bool ok = compare_into(dir, "flatdiff", raws, force, diff) &&
	          compare_into(dir, "diffstacks", raws, force, stacks) &&
	          run_into(svg_argv, svg);
	if (ok) {
		FILE *f = fopen(readme, "we");
		if (f == NULL)
			die_errno(EXIT_DATA, "%s", readme);
		compare_readme_of_raws(f, raws, diff, name);
		if (fclose(f) != 0)
			die_errno(EXIT_DATA, "%s", readme);
	}
	free(id[0]);
	free(id[1]);
	free(title);
	free(readme);
	free(svg);
	free(stacks);
	free(diff);
	free(flamesvg);
	free(dir);
	return ok;
}

bool
compare_files_write(const char *out, const char *name, char *const raws[2],
                    bool force)
{
	static const char *const files[] = {"diff.txt", "diffgraph.svg",
	                                    "README.md"};
	char *scratch = xasprintf("%s/.%s.XXXXXX", out, name);

	dirs_make(out);
	if (mkdtemp(scratch) == NULL)
		die_errno(EXIT_DATA, "%s", scratch);
	bool ok = write_all(scratch, name, raws, force);
	for (size_t i = 0; ok && i < sizeof files / sizeof files[0]; i++) {
		char *from = xasprintf("%s/%s", scratch, files[i]);
		char *to = xasprintf("%s/%s-%s", out, name, files[i]);
		if (rename(from, to) != 0)
			die_errno(EXIT_DATA, "%s", to);
		free(from);
		free(to);
	}
	dirs_remove_tree(scratch);
	free(scratch);
	if (child_stopped() != 0)
		child_exit_by_signal(child_stopped());
	return ok;
}

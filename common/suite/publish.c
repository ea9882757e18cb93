/*
 * publish.c - see publish.h.
 *
 * In steps, so that a conflict leaves the destination untouched: the data
 * sets found (and another recording under a published ID refused), then
 * rendered, then every file to publish planned and checked against what
 * is there (shortened copies made in OUT/.publish first), then written,
 * then the index and the manifest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/dirs.h"
#include "suite/publish.h"
#include "suite/publish_comparisons.h"
#include "suite/publish_datasets.h"
#include "suite/publish_files.h"
#include "suite/publish_index.h"
#include "suite/publish_plan.h"
#include "suite/publish_suites.h"

/*
 * One publish into a directory at a time, from reading its manifest to
 * writing it: flock(2) on the directory itself, which leaves nothing in
 * it (a repository's work tree) and goes with the process however it
 * ends.  The descriptor, to close when done.
 */
static int
dest_lock(const char *dest)
{
	int fd = open(dest, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		die_errno(EXIT_DATA, "%s", dest);
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK)
			die_errno(EXIT_DATA, "%s: lock", dest);
		warnmsg("waiting for another publish into %s", dest);
		if (flock(fd, LOCK_EX) != 0)
			die_errno(EXIT_DATA, "%s: lock", dest);
	}
	return fd;
}

static void
make_dir(const char *path)
{
	struct stat st;

	if (mkdir(path, 0777) != 0 && errno != EEXIST)
		die_errno(EXIT_DATA, "%s", path);
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno(EXIT_DATA, "%s", path);
	}
}

static void
publishing_free(struct publishing *p)
{
	for (size_t i = 0; i < p->nsets; i++) {
		free(p->sets[i].id);
		free(p->sets[i].dir);
		free(p->sets[i].raw);
		free(p->sets[i].meta);
	}
	free(p->sets);
	for (size_t i = 0; i < p->nitems; i++) {
		if (p->items[i].staged != NULL)
			unlink(p->items[i].staged);
		free(p->items[i].src);
		free(p->items[i].name);
		free(p->items[i].staged);
	}
	free(p->items);
	if (p->staging != NULL)
		dirs_remove_tree(p->staging);
	free(p->staging);
	short_paths_free(&p->sp);
	manifest_free(&p->m);
}

/* The staging directory, removed however publishing ends. */
static char *staging_dir;

static void
remove_staging(void)
{
	if (staging_dir != NULL)
		dirs_remove_tree(staging_dir);
}

void
publish(const char *dest, const struct publish_options *opt)
{
	struct publishing p = {.dest = dest, .opt = opt};
	static const char *const default_data[] = {"data"};
	const char *const *data = opt->data.n > 0 ? opt->data.v : default_data;
	size_t ndata = opt->data.n > 0 ? opt->data.n : 1;

	if (*dest == '\0')
		usage_error("publish: no DEST (make publish DEST=dir)");
	make_dir(dest);
	int locked = dest_lock(dest);
	manifest_read(&p.m, dest);
	short_paths_init(&p.sp, data, ndata);
	publish_find_datasets(&p, data, ndata);
	publish_datasets(&p);
	publish_comparisons(&p);
	publish_suites(&p);
	publish_suite_comparisons(&p);
	p.staging = xasprintf("%s/.publish", opt->out);
	dirs_remove_tree(p.staging);
	dirs_make(p.staging);
	static bool registered;
	staging_dir = p.staging;
	if (!registered)
		atexit(remove_staging);
	registered = true;
	publish_check_items(&p);
	publish_choose_index(&p);
	if (p.problems > 0)
		die(EXIT_DATA,
		    "nothing published into %s: %u file(s) in the "
		    "way (move them, or publish elsewhere)",
		    dest, p.problems);
	publish_write_items(&p);
	publish_datasets_listed(&p);
	publish_write_index(&p);
	manifest_write(&p.m, dest);
	close(locked);
	printf("published to %s: %u file(s) copied, %u already there\n", dest,
	       p.copied, p.same);
	staging_dir = NULL;
	publishing_free(&p);
}

/*
 * publish_files.c - see publish_files.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "suite/publish_files.h"
#include "suite/publish_suites.h"

bool
publish_same_bytes(const char *a, const char *b)
{
	char ba[65536], bb[65536];
	int fa = open(a, O_RDONLY | O_CLOEXEC),
	    fb = open(b, O_RDONLY | O_CLOEXEC);
	bool same = fa >= 0 && fb >= 0;

	while (same) {
		ssize_t na = read(fa, ba, sizeof ba);
		ssize_t nb =
		    na > 0 ? read(fb, bb, (size_t)na) : read(fb, bb, 1);
		if (na < 0 || nb < 0 || na != nb ||
		    memcmp(ba, bb, (size_t)na) != 0)
			same = false;
		if (na <= 0)
			break;
	}
	if (fa >= 0)
		close(fa);
	if (fb >= 0)
		close(fb);
	return same;
}

/*
 * A copy that cannot be finished (a full disk, say): its temporary file
 * removed, and the end, naming what failed with errno's reason.  What was
 * copied before stays; publishing again takes those files as its own,
 * their bytes being what it publishes.
 */
static _Noreturn void
copy_failed(const char *tmp, const char *what)
{
	int e = errno;

	unlink(tmp);
	die(EXIT_DATA,
	    "%s: %s (publishing stopped; publish again once that is "
	    "mended: the files copied so far are taken as they are)",
	    what, strerror(e));
}

/* All of buf[0..n) to fd, through partial writes; false with errno. */
static bool
write_whole(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t put = write(fd, buf, n);
		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0) {
			if (put == 0)
				errno = ENOSPC;
			return false;
		}
		buf += put;
		n -= (size_t)put;
	}
	return true;
}

/*
 * Copy src to dest/name as a whole: written beside under a name of its
 * own (.NAME.XXXXXX, which nothing else uses), then renamed; on failure
 * the temporary file goes.
 */
void
publish_copy_file(const char *src, const char *dest, const char *name)
{
	char *to = xasprintf("%s/%s", dest, name);
	char *tmp = xasprintf("%s/.%s.XXXXXX", dest, name);
	char buf[65536];
	int in = open(src, O_RDONLY | O_CLOEXEC);
	ssize_t got;

	if (in < 0)
		die_errno(EXIT_DATA, "%s", src);
	int out = mkostemp(tmp, O_CLOEXEC);
	if (out < 0)
		die_errno(EXIT_DATA, "%s", tmp);
	while ((got = read(in, buf, sizeof buf)) > 0)
		if (!write_whole(out, buf, (size_t)got))
			copy_failed(tmp, to);
	if (got < 0)
		copy_failed(tmp, src);
	close(in);
	if (fchmod(out, 0644) != 0 || close(out) != 0)
		copy_failed(tmp, to);
	if (rename(tmp, to) != 0)
		copy_failed(tmp, to);
	free(to);
	free(tmp);
}

/* Compress text (a file) with the xz command into path. */
static void
compress_into(const struct publishing *p, const char *text, const char *path)
{
	struct child_args a = {0};
	struct child_result r;
	int in = child_open(text, O_RDONLY);
	int out = child_open(path, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {in, out, -1};

	args_add_words(&a, p->opt->xz != NULL ? p->opt->xz : "xz -9 -T1",
	               "--xz");
	args_add(&a, "-c");
	bool ok = child_run(a.v, &io, 0, &r);
	close(in);
	close(out);
	args_free(&a);
	if (child_stopped() != 0)
		child_exit_by_signal(child_stopped());
	if (!ok)
		child_failed("compression", &r, NULL);
}

/* The item's shortened copy, in the staging directory. */
static void
stage_short(struct publishing *p, struct publish_item *it)
{
	size_t n = strlen(it->name);
	bool xz = n > 3 && strcmp(it->name + n - 3, ".xz") == 0;
	char *text =
	    xasprintf("%s/%.*s", p->staging, (int)(xz ? n - 3 : n), it->name);
	FILE *out = fopen(text, "we");

	if (out == NULL)
		die_errno(EXIT_DATA, "%s", text);
	int fd = input_open(it->src);
	short_paths_copy(&p->sp, fd, it->src, out);
	input_close(fd);
	bool failed = ferror(out) != 0;
	if (fclose(out) != 0 || failed)
		die_errno(EXIT_DATA, "%s", text);
	if (xz) {
		it->staged = xasprintf("%s/%s", p->staging, it->name);
		compress_into(p, text, it->staged);
		unlink(text);
		free(text);
	} else {
		it->staged = text;
	}
}

/*
 * Is dest/name publish's to replace: listed in the manifest, as it was
 * written?  Else say why not.
 */
bool
publish_ours(struct publishing *p, const char *name)
{
	char *path = xasprintf("%s/%s", p->dest, name);
	const struct manifest_file *f = manifest_file(&p->m, name);
	uint64_t h, n;
	bool yes = false;

	if (!file_hash(path, &h, &n))
		die_errno(EXIT_DATA, "%s", path);
	if (f == NULL)
		publish_problem(
		    p,
		    "%s is there already, and perfviews did not write it "
		    "(it is not in %s): leaving it, and publishing nothing",
		    path, PUBLISH_MANIFEST);
	else if (f->hash != h || f->size != n)
		publish_problem(
		    p,
		    "%s was changed since perfviews published it: leaving "
		    "it, and publishing nothing",
		    path);
	else
		yes = true;
	free(path);
	return yes;
}

/* What publishing each item does; a file not publish's is a conflict. */
void
publish_check_items(struct publishing *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		struct publish_item *it = &p->items[i];
		char *to = xasprintf("%s/%s", p->dest, it->name);
		if (it->definition)
			publish_stage_definition(p, it);
		else if (p->opt->paths == PUBLISH_PATHS_SHORT)
			stage_short(p, it);
		if (access(to, F_OK) != 0)
			it->state = ITEM_NEW;
		else if (publish_same_bytes(it->staged ? it->staged : it->src,
		                            to))
			it->state = ITEM_SAME;
		else if (publish_ours(p, it->name))
			it->state = ITEM_REPLACE;
		free(to);
	}
}

void
publish_write_items(struct publishing *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		struct publish_item *it = &p->items[i];
		const char *from = it->staged ? it->staged : it->src;
		uint64_t h, n;
		if (it->state == ITEM_SAME) {
			p->same++;
		} else {
			publish_copy_file(from, p->dest, it->name);
			p->copied++;
		}
		if (!file_hash(from, &h, &n))
			die_errno(EXIT_DATA, "%s", from);
		manifest_add_file(&p->m, it->name, h, n);
	}
}

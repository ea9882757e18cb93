/*
 * publish.c - see publish.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/string_table.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/publish.h"
#include "dataset/view_make.h"
#include "dataset/readme.h"

struct tally {
	unsigned copied, same;
};

/* A command line being built. */
struct line {
	char *s;
	size_t len, cap;
};

static void
add_text(struct line *l, const char *text)
{
	size_t n = strlen(text);
	l->s = array_reserve(l->s, &l->cap, l->len + n + 1, 1);
	memcpy(l->s + l->len, text, n + 1);
	l->len += n;
}

/* Text as one word for sh: in single quotes, each ' as '\''. */
static void
add_quoted(struct line *l, const char *text)
{
	add_text(l, "'");
	for (const char *p = text; *p != '\0'; p++) {
		char c[2] = {*p, '\0'};
		add_text(l, *p == '\'' ? "'\\''" : c);
	}
	add_text(l, "'");
}

/* MAKE views ID='id' DATA='dir' OUT='out', through sh. */
static void
render(const char *make, const char *id, const char *dir, const char *out)
{
	struct line cmd = {NULL, 0, 0};
	struct child_result r;
	char how[128];

	add_text(&cmd, make);
	add_text(&cmd, " views ID=");
	add_quoted(&cmd, id);
	add_text(&cmd, " DATA=");
	add_quoted(&cmd, dir);
	add_text(&cmd, " OUT=");
	add_quoted(&cmd, out);
	char *argv[] = {"sh", "-c", cmd.s, NULL};
	fflush(stdout);
	bool ok = child_run(argv, NULL, 0, &r);
	if (child_stopped() != 0)
		child_exit_by_signal(child_stopped());
	if (!ok)
		die(EXIT_DATA, "%s failed (%s)", cmd.s,
		    child_describe(&r, how, sizeof how));
	free(cmd.s);
}

/* Do the two files hold the same bytes?  False when b is missing. */
static bool
same_bytes(const char *a, const char *b)
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

/* Copy src into dest/NAME as a whole: written beside, then renamed. */
static void
copy_into(const char *src, const char *dest, struct tally *t)
{
	const char *name =
	    strrchr(src, '/') != NULL ? strrchr(src, '/') + 1 : src;
	size_t n = strlen(dest) + strlen(name) + 8;
	char *to = xmalloc(n), *tmp = xmalloc(n);
	char buf[65536];

	snprintf(to, n, "%s/%s", dest, name);
	snprintf(tmp, n, "%s/%s.tmp", dest, name);
	if (same_bytes(src, to)) {
		t->same++;
	} else {
		int in = open(src, O_RDONLY | O_CLOEXEC);
		if (in < 0)
			die_errno(EXIT_DATA, "%s", src);
		int out =
		    open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (out < 0)
			die_errno(EXIT_DATA, "%s", tmp);
		ssize_t got;
		while ((got = read(in, buf, sizeof buf)) > 0)
			if (write(out, buf, (size_t)got) != got)
				die_errno(EXIT_DATA, "%s", tmp);
		if (got < 0)
			die_errno(EXIT_DATA, "%s", src);
		close(in);
		if (close(out) != 0)
			die_errno(EXIT_DATA, "%s", tmp);
		if (rename(tmp, to) != 0)
			die_errno(EXIT_DATA, "%s", to);
		t->copied++;
	}
	free(to);
	free(tmp);
}

/* Every file of one data set, from dir (recorded) and out (made). */
static void
copy_data_set(const char *id, const char *dir, const char *out,
              const char *dest, struct tally *t)
{
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		bool recorded =
		    k->origin == FILE_RECORDED || k->origin == FILE_OPTIONAL;
		char *path = file_kind_find(k, recorded ? dir : out, id);
		if (path == NULL && k->origin != FILE_EXTRA &&
		    k->origin != FILE_OPTIONAL && file_kind_applies(k, id))
			die(EXIT_DATA, "%s: no %s%s in %s", id, id, k->suffix,
			    recorded ? dir : out);
		if (path != NULL)
			copy_into(path, dest, t);
		free(path);
	}
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

/* DIR/ *-meta.json, sorted. */
static void
find_metas(const char *dir, glob_t *g)
{
	size_t n = strlen(dir) + 16;
	char *pattern = xmalloc(n);

	snprintf(pattern, n, "%s/*-meta.json", dir);
	memset(g, 0, sizeof *g);
	int err = glob(pattern, 0, NULL, g);
	if (err != 0 && err != GLOB_NOMATCH)
		die(EXIT_DATA, "%s: cannot list", dir);
	free(pattern);
}

static char *
id_of(const char *meta)
{
	const char *base = strrchr(meta, '/') + 1;
	return xstrndup(base, strlen(base) - strlen("-meta.json"));
}

static void
write_index(const char *dest)
{
	glob_t g;
	size_t n = strlen(dest) + 16;
	char *path = xmalloc(n), *tmp = xmalloc(n);

	find_metas(dest, &g);
	snprintf(path, n, "%s/README.md", dest);
	snprintf(tmp, n, "%s/README.md.tmp", dest);
	FILE *f = fopen(tmp, "we");
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", tmp);
	readme_index(f, dest, g.gl_pathv, g.gl_pathc);
	if (fclose(f) != 0)
		die_errno(EXIT_DATA, "%s", tmp);
	if (rename(tmp, path) != 0)
		die_errno(EXIT_DATA, "%s", path);
	globfree(&g);
	free(path);
	free(tmp);
}

/* The raw file's kind: a data set needs one to be rendered. */
static const struct file_kind *
raw_kind(void)
{
	for (size_t i = 0; i < file_kind_count; i++)
		if (strcmp(file_kinds[i].kind, "raw") == 0)
			return &file_kinds[i];
	die(EXIT_DATA, "no raw kind of file");
}

/* One meta.json of dir: rendered and copied, unless it cannot be. */
static void
publish_one(const char *meta, const char *dir, const char *dest,
            const struct publish_options *opt, struct string_table *done,
            struct tally *t)
{
	char *id = id_of(meta);
	struct dataset_id parsed;
	char why[256];
	uint32_t before = done->count;

	if (!dataset_id_parse(id, &parsed, why, sizeof why)) {
		warnmsg("skipping %s: bad ID: %s", meta, why);
		free(id);
		return;
	}
	dataset_id_free(&parsed);
	string_table_intern(done, span_cstr(id));
	char *raw = file_kind_find(raw_kind(), dir, id);
	if (done->count == before) {
		/* published from an earlier directory */
	} else if (raw == NULL) {
		warnmsg("skipping %s: no raw file beside it", meta);
	} else {
		if (opt->make == NULL) {
			struct view_files f = {.id = id, .out = opt->out};
			view_render_all(dir, &f);
		} else if (*opt->make != '\0') {
			render(opt->make, id, dir, opt->out);
		}
		copy_data_set(id, dir, opt->out, dest, t);
	}
	free(raw);
	free(id);
}

void
publish(const char *dest, const struct publish_options *opt)
{
	struct string_table done; /* IDs published */
	struct tally t = {0, 0};

	static const char *const default_data[] = {"data"};
	const char *const *data = opt->data.n > 0 ? opt->data.v : default_data;
	size_t ndata = opt->data.n > 0 ? opt->data.n : 1;

	if (*dest == '\0')
		usage_error("publish: no DEST (make publish DEST=dir)");
	make_dir(dest);
	string_table_init(&done);
	for (size_t d = 0; d < ndata; d++) {
		glob_t g;
		find_metas(data[d], &g);
		for (size_t i = 0; i < g.gl_pathc; i++)
			publish_one(g.gl_pathv[i], data[d], dest, opt, &done,
			            &t);
		globfree(&g);
	}
	string_table_free(&done);
	write_index(dest);
	printf("published to %s: %u file(s) copied, %u already there\n", dest,
	       t.copied, t.same);
}

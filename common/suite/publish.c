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
#include <glob.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "suite/publish.h"
#include "pages/publish_manifest.h"
#include "pages/view_make.h"
#include "pages/readme_index.h"
#include "pages/short_paths.h"
#include "dataset/suite_file.h"

/* A data set to publish: from which directory, its raw file's hash. */
struct source {
	char *id, *dir, *raw, *meta;
	uint64_t raw_hash;
};

/* A file to publish: what is copied (src, or its staged copy). */
struct item {
	char *src, *name;
	char *staged;    /* the shortened or relocated copy, or NULL */
	bool definition; /* a suite's: its directories become "." */
	enum { ITEM_NEW, ITEM_SAME, ITEM_REPLACE } state;
};

struct publishing {
	const char *dest;
	const struct publish_options *opt;
	struct publish_manifest m;
	struct short_paths sp;
	struct source *sets;
	size_t nsets, sets_cap;
	struct item *items;
	size_t nitems, items_cap;
	char *staging; /* OUT/.publish, for shortened copies */
	unsigned problems;
	unsigned copied, same;
};

static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL ? slash + 1 : path;
}

/* A conflict: said at once, counted; nothing is written after any. */
static void problem(struct publishing *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
problem(struct publishing *p, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	p->problems++;
}

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

/* Run a command line through sh; a failure is fatal, naming it. */
static void
run_sh(const char *cmd)
{
	struct child_result r;
	char how[128];
	char *argv[] = {"sh", "-c", (char *)cmd, NULL};

	fflush(stdout);
	bool ok = child_run(argv, NULL, 0, &r);
	if (child_stopped() != 0)
		child_exit_by_signal(child_stopped());
	if (!ok)
		die(EXIT_DATA, "%s failed (%s)", cmd,
		    child_describe(&r, how, sizeof how));
}

/* MAKE views ID='id' DATA='dir' OUT='out', through sh. */
static void
render(const char *make, const char *id, const char *dir, const char *out)
{
	struct line cmd = {NULL, 0, 0};

	add_text(&cmd, make);
	add_text(&cmd, " views ID=");
	add_quoted(&cmd, id);
	add_text(&cmd, " DATA=");
	add_quoted(&cmd, dir);
	add_text(&cmd, " OUT=");
	add_quoted(&cmd, out);
	run_sh(cmd.s);
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
static void
copy_file(const char *src, const char *dest, const char *name)
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

/* DIR/PATTERN, sorted. */
static void
find(const char *dir, const char *pattern, glob_t *g)
{
	char *path = xasprintf("%s/%s", dir, pattern);

	memset(g, 0, sizeof *g);
	int err = glob(path, 0, NULL, g);
	if (err != 0 && err != GLOB_NOMATCH)
		die(EXIT_DATA, "%s: cannot list", dir);
	free(path);
}

/* The raw file's kind: a data set needs one to be rendered. */
static const struct file_kind *
raw_kind(void)
{
	const struct file_kind *k = file_kind_named("raw");
	if (k == NULL)
		die(EXIT_DATA, "no raw kind of file");
	return k;
}

static struct source *
source_of(const struct publishing *p, const char *id)
{
	for (size_t i = 0; i < p->nsets; i++)
		if (strcmp(p->sets[i].id, id) == 0)
			return &p->sets[i];
	return NULL;
}

static uint64_t
hash_or_die(const char *path)
{
	uint64_t h, n;
	if (!file_hash(path, &h, &n))
		die_errno(EXIT_DATA, "%s", path);
	return h;
}

/* One meta.json of dir: a data set to publish, unless it cannot be. */
static void
add_source(struct publishing *p, const char *meta, const char *dir)
{
	const char *base = base_name(meta);
	char *id = xstrndup(base, strlen(base) - strlen("-meta.json"));
	struct dataset_id parsed;
	char why[256];

	if (!dataset_id_parse(id, &parsed, why, sizeof why)) {
		warnmsg("skipping %s: bad ID: %s", meta, why);
		free(id);
		return;
	}
	dataset_id_free(&parsed);
	char *raw = file_kind_find(raw_kind(), dir, id);
	struct source *first = source_of(p, id);
	if (raw == NULL) {
		if (first == NULL)
			warnmsg("skipping %s: no raw file beside it", meta);
	} else if (first != NULL) {
		if (hash_or_die(raw) != first->raw_hash)
			warnmsg("%s: %s holds another recording of it than "
			        "%s: publishing the one of %s",
			        id, dir, first->dir, first->dir);
	} else {
		p->sets = array_reserve(p->sets, &p->sets_cap, p->nsets + 1,
		                        sizeof *p->sets);
		p->sets[p->nsets++] =
		    (struct source){xstrdup(id), xstrdup(dir), raw,
		                    xstrdup(meta), hash_or_die(raw)};
		raw = NULL;
	}
	free(raw);
	free(id);
}

/*
 * Another recording under a published ID: what differs in their
 * meta.json, beyond how long things took.
 */
static void
say_differences(struct publishing *p, const struct source *s, bool there_short)
{
	char *there_meta = xasprintf("%s/%s-meta.json", p->dest, s->id);
	struct metadata there, here;
	char why[256];
	unsigned shown = 0;

	metadata_init(&there);
	if (!metadata_read_json(&there, there_meta, why, sizeof why)) {
		fprintf(stderr, "    (its meta.json cannot be read: %s)\n",
		        why);
		metadata_free(&there);
		free(there_meta);
		return;
	}
	metadata_read_or_die(&here, s->meta);
	for (size_t i = 0; i < meta_field_count && shown < 8; i++) {
		if (strncmp(meta_fields[i].path, "timing.", 7) == 0)
			continue;
		const char *a = there.values[i];
		char *b = here.values[i] == NULL ? NULL
		          : there_short
		              ? short_paths_string(&p->sp, here.values[i])
		              : xstrdup(here.values[i]);
		if ((a == NULL) != (b == NULL) ||
		    (a != NULL && strcmp(a, b) != 0)) {
			fprintf(stderr, "    %s: %s published, %s in %s\n",
			        meta_fields[i].path, a ? a : "null",
			        b ? b : "null", s->dir);
			shown++;
		}
		free(b);
	}
	if (shown == 0)
		fputs("    (their meta.json are alike: the raw files differ)\n",
		      stderr);
	metadata_free(&there);
	metadata_free(&here);
	free(there_meta);
}

/* A data set published before from another raw file, unless force. */
static void
check_recordings(struct publishing *p)
{
	for (size_t i = 0; i < p->nsets; i++) {
		const struct source *s = &p->sets[i];
		const struct manifest_dataset *d =
		    manifest_dataset(&p->m, s->id);
		if (d == NULL || d->raw_hash == s->raw_hash)
			continue;
		if (p->opt->force) {
			warnmsg("%s: replacing the recording published in %s "
			        "with the one of %s (force)",
			        s->id, p->dest, s->dir);
			continue;
		}
		problem(p,
		        "%s: another recording is published under this ID in "
		        "%s than the one in %s (their raw files differ); in "
		        "their meta.json:",
		        s->id, p->dest, s->dir);
		say_differences(p, s, d->short_paths);
	}
	if (p->problems > 0)
		die(EXIT_DATA,
		    "nothing published: publish each recording under an ID "
		    "of its own (make record ID=... with a tag), or replace "
		    "the published one with FORCE=1 (--force)");
}

static void
add_item(struct publishing *p, const char *src, const char *name)
{
	p->items = array_reserve(p->items, &p->items_cap, p->nitems + 1,
	                         sizeof *p->items);
	p->items[p->nitems++] =
	    (struct item){xstrdup(src), xstrdup(name), NULL, false, ITEM_NEW};
}

/* Every file of one data set, from its directory (recorded) and OUT. */
static void
add_data_set_items(struct publishing *p, const struct source *s)
{
	struct metadata m;
	struct view_files f = {
	    .id = s->id, .raw = s->raw, .meta = s->meta, .out = p->opt->out};

	metadata_read_or_die(&m, s->meta);
	for (size_t i = 0; i < file_kind_count; i++) {
		const struct file_kind *k = &file_kinds[i];
		bool recorded =
		    k->origin == FILE_RECORDED || k->origin == FILE_OPTIONAL;
		const char *dir = recorded ? s->dir : p->opt->out;
		char *path = file_kind_find(k, dir, s->id);
		if (path == NULL && k->origin != FILE_EXTRA &&
		    k->origin != FILE_OPTIONAL && file_kind_applies(k, &m)) {
			metadata_free(&m);
			die(EXIT_DATA, "%s: no %s%s in %s", s->id, s->id,
			    k->suffix, dir);
		}
		if (path != NULL && !recorded && !view_source_matches(&f, path))
			die(EXIT_DATA,
			    "%s: %s was not made from %s (another recording "
			    "of this ID, or an older one): nothing published; "
			    "make the views with make views ID=%s DATA=%s "
			    "OUT=%s",
			    s->id, path, s->raw, s->id, s->dir, p->opt->out);
		if (path != NULL)
			add_item(p, path, base_name(path));
		free(path);
	}
	metadata_free(&m);
}

/* Is a data set in the destination once this is published? */
static bool
published(const struct publishing *p, const char *id)
{
	return source_of(p, id) != NULL || manifest_dataset(&p->m, id) != NULL;
}

/* The files OUT/NAME-SUFFIX that exist, as items. */
static void
add_named_items(struct publishing *p, const char *name,
                const char *const suffixes[], size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *path =
		    xasprintf("%s/%s-%s", p->opt->out, name, suffixes[i]);
		if (access(path, F_OK) == 0)
			add_item(p, path, base_name(path));
		free(path);
	}
}

/*
 * NAME "A-vs-B": the IDs, when NAME splits into two valid ones at a
 * "-vs-".  Free both.
 */
static bool
split_comparison(const char *name, char **a, char **b)
{
	char why[256];
	struct dataset_id id;

	for (const char *vs = strstr(name, "-vs-"); vs != NULL;
	     vs = strstr(vs + 1, "-vs-")) {
		*a = xstrndup(name, (size_t)(vs - name));
		*b = xstrdup(vs + 4);
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

/* OUT's comparisons of two published data sets. */
static void
add_comparisons(struct publishing *p)
{
	static const char *const parts[] = {"README.md", "diff.txt",
	                                    "diffgraph.svg"};
	glob_t g;

	find(p->opt->out, "*-vs-*-README.md", &g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *base = base_name(g.gl_pathv[i]);
		char *name =
		    xstrndup(base, strlen(base) - strlen("-README.md"));
		char *a, *b;
		if (!split_comparison(name, &a, &b)) {
			free(name);
			continue;
		}
		if (published(p, a) && published(p, b)) {
			add_named_items(p, name, parts,
			                sizeof parts / sizeof *parts);
			manifest_add_comparison(&p->m, name);
		} else {
			warnmsg("skipping the comparison %s: %s is not "
			        "published (not in %s)",
			        name, published(p, a) ? b : a, p->dest);
		}
		free(a);
		free(b);
		free(name);
	}
	globfree(&g);
}

/*
 * Is what NAME-README.md is the README of (a data set, a comparison, a
 * suite) in the destination once this is published?
 */
static bool
readme_published(const struct publishing *p, const char *name)
{
	return published(p, name) ||
	       manifest_lists(p->m.comparisons, p->m.ncomparisons, name) ||
	       manifest_lists(p->m.suites, p->m.nsuites, name);
}

/*
 * A suite's README, or a comparison of two suites': true when everything
 * it links a README of is published (data sets; a comparison of suites
 * links its suites and each benchmark's comparison); else the first that
 * is not, in missing.
 */
static bool
links_published(const struct publishing *p, const char *readme, char **missing)
{
	FILE *f = fopen(readme, "re");
	char *line = NULL;
	size_t cap = 0;
	bool ok = true;

	*missing = NULL;
	if (f == NULL)
		die_errno(EXIT_DATA, "%s", readme);
	while (ok && getline(&line, &cap, f) != -1) {
		for (char *l = strstr(line, "]("); l != NULL && ok;
		     l = strstr(l + 2, "](")) {
			char *end = strstr(l + 2, "-README.md)");
			if (end == NULL ||
			    memchr(l + 2, ')', (size_t)(end - l - 2)))
				continue;
			char *name = xstrndup(l + 2, (size_t)(end - l - 2));
			if (!readme_published(p, name)) {
				ok = false;
				*missing = name;
			} else {
				free(name);
			}
		}
	}
	free(line);
	fclose(f);
	return ok;
}

/*
 * OUT/NAME-parts as items when all that NAME's readme links is published;
 * else a warning saying what (a "kind" NAME) is skipped, and for want of
 * what ("its data set " X).
 */
static bool
add_when_linked(struct publishing *p, const char *readme, const char *name,
                const char *kind, const char *wanting,
                const char *const parts[], size_t n)
{
	char *missing;

	if (!links_published(p, readme, &missing)) {
		warnmsg("skipping %s %s: %s%s is not published (not in %s)",
		        kind, name, wanting, missing, p->dest);
		free(missing);
		return false;
	}
	add_named_items(p, name, parts, n);
	return true;
}

/* OUT/NAME-suite.json, when there: published with its data sets beside. */
static void
add_definition(struct publishing *p, const char *name)
{
	char *path = xasprintf("%s/%s-suite.json", p->opt->out, name);

	if (access(path, F_OK) == 0) {
		add_item(p, path, base_name(path));
		p->items[p->nitems - 1].definition = true;
	}
	free(path);
}

/*
 * Is each data set the definition OUT/NAME-suite.json names the recording
 * published under its ID (now or before), by its raw file?  A suite of
 * another DATA whose IDs are those published is not.  Else why, in why.
 */
static bool
suite_data_published(struct publishing *p, const char *name, char **why)
{
	char *path = xasprintf("%s/%s-suite.json", p->opt->out, name);
	struct suite_file s;
	char problem[512];

	*why = NULL;
	if (!suite_file_read(&s, path, problem, sizeof problem)) {
		*why = xasprintf("its definition cannot be read to check its "
		                 "data sets by (%s)",
		                 problem);
		free(path);
		return false;
	}
	free(path);
	for (size_t i = 0; i < s.n && *why == NULL; i++) {
		const struct suite_member *m = &s.members[i];
		if (!m->recorded)
			continue;
		char *raw = file_kind_find(raw_kind(), m->data, m->id);
		const struct source *src = source_of(p, m->id);
		const struct manifest_dataset *d =
		    manifest_dataset(&p->m, m->id);
		if (raw == NULL)
			*why =
			    xasprintf("its data set %s has no raw file in %s",
			              m->id, m->data);
		else if (src == NULL && d == NULL)
			*why = xasprintf("its data set %s is not published",
			                 m->id);
		else if (hash_or_die(raw) !=
		         (src != NULL ? src->raw_hash : d->raw_hash))
			*why =
			    xasprintf("its data set %s (%s) is another "
			              "recording than the "
			              "one published under that ID%s%s",
			              m->id, raw, src != NULL ? " from " : "",
			              src != NULL ? src->dir : "");
		free(raw);
	}
	suite_file_free(&s);
	return *why == NULL;
}

/* The name of a suite whose README this is, or NULL. */
static char *
suite_name(const char *readme)
{
	FILE *f = fopen(readme, "re");
	char *line = NULL, *name = NULL;
	size_t cap = 0;
	ssize_t got;
	const char *base = base_name(readme);

	if (f == NULL)
		return NULL;
	got = getline(&line, &cap, f);
	fclose(f);
	if (got > 8 && strncmp(line, "# Suite ", 8) == 0) {
		line[strcspn(line, "\n")] = '\0';
		/* The README of that suite, not a copy under another name. */
		if (strlen(base) == strlen(line + 8) + strlen("-README.md") &&
		    strncmp(base, line + 8, strlen(line + 8)) == 0)
			name = xstrdup(line + 8);
	}
	free(line);
	return name;
}

/*
 * OUT's suites whose data sets are all published; with its loops file
 * when OUT has it, so that another build can be recorded elsewhere with
 * the same loops (make suite LOOPS=FILE), and its definition, so that
 * compare-suites can name it where it is published.
 */
static void
add_suites(struct publishing *p)
{
	static const char *const parts[] = {"README.md", "categories.txt",
	                                    "categories.svg", "loops.json"};
	glob_t g;

	find(p->opt->out, "*-README.md", &g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *name = suite_name(g.gl_pathv[i]), *why;
		if (name == NULL)
			continue;
		if (!suite_data_published(p, name, &why)) {
			warnmsg("skipping the suite %s: %s", name, why);
			free(why);
		} else if (add_when_linked(p, g.gl_pathv[i], name, "the suite",
		                           "its data set ", parts,
		                           sizeof parts / sizeof *parts)) {
			add_definition(p, name);
			manifest_add_suite(&p->m, name);
		}
		free(name);
	}
	globfree(&g);
}

/*
 * OUT's comparisons of two suites (compare-suites: S1-vs-S2-README.md,
 * whose first line is "# Suites compared: "), when both suites and every
 * benchmark's comparison it links are published.
 */
static void
add_suite_comparisons(struct publishing *p)
{
	static const char *const parts[] = {"README.md", "timing.csv",
	                                    "categories.csv", "categories.svg",
	                                    "comparison.json"};
	static const char first[] = "# Suites compared: ";
	glob_t g;

	find(p->opt->out, "*-vs-*-README.md", &g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "re");
		char head[sizeof first] = "";
		if (f == NULL)
			die_errno(EXIT_DATA, "%s", g.gl_pathv[i]);
		size_t got = fread(head, 1, sizeof head - 1, f);
		fclose(f);
		if (got != sizeof head - 1 || strcmp(head, first) != 0)
			continue;
		const char *base = base_name(g.gl_pathv[i]);
		char *name =
		    xstrndup(base, strlen(base) - strlen("-README.md"));
		if (add_when_linked(p, g.gl_pathv[i], name,
		                    "the comparison of suites", "", parts,
		                    sizeof parts / sizeof *parts))
			manifest_add_suite_comparison(&p->m, name);
		free(name);
	}
	globfree(&g);
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
stage_short(struct publishing *p, struct item *it)
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
 * A suite's definition as published: its data sets are beside it (every
 * directory "."), and its paths shortened as the rest's.
 */
static void
stage_definition(struct publishing *p, struct item *it)
{
	struct suite_file s;
	char why[1024], *text = NULL;
	size_t n = 0;
	FILE *mem = open_memstream(&text, &n);

	if (mem == NULL)
		die_errno(EXIT_DATA, "open_memstream");
	if (!suite_file_read(&s, it->src, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	suite_file_relocate(&s, ".");
	suite_file_write(mem, &s);
	suite_file_free(&s);
	if (fclose(mem) != 0)
		die_errno(EXIT_DATA, "open_memstream");
	it->staged = xasprintf("%s/%s", p->staging, it->name);
	FILE *out = fopen(it->staged, "we");
	if (out == NULL)
		die_errno(EXIT_DATA, "%s", it->staged);
	if (p->opt->paths == PUBLISH_PATHS_SHORT)
		short_paths_write(&p->sp, text, n, out);
	else
		fwrite(text, 1, n, out);
	bool failed = ferror(out) != 0; /* a full disk, say */
	if (fclose(out) != 0 || failed)
		die_errno(EXIT_DATA, "%s", it->staged);
	free(text);
}

/*
 * Is dest/name publish's to replace: listed in the manifest, as it was
 * written?  Else say why not.
 */
static bool
ours(struct publishing *p, const char *name)
{
	char *path = xasprintf("%s/%s", p->dest, name);
	const struct manifest_file *f = manifest_file(&p->m, name);
	uint64_t h, n;
	bool yes = false;

	if (!file_hash(path, &h, &n))
		die_errno(EXIT_DATA, "%s", path);
	if (f == NULL)
		problem(p,
		        "%s is there already, and perfviews did not write it "
		        "(it is not in %s): leaving it, and publishing nothing",
		        path, PUBLISH_MANIFEST);
	else if (f->hash != h || f->size != n)
		problem(p,
		        "%s was changed since perfviews published it: leaving "
		        "it, and publishing nothing",
		        path);
	else
		yes = true;
	free(path);
	return yes;
}

/* What publishing each item does; a file not publish's is a conflict. */
static void
check_items(struct publishing *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		struct item *it = &p->items[i];
		char *to = xasprintf("%s/%s", p->dest, it->name);
		if (it->definition)
			stage_definition(p, it);
		else if (p->opt->paths == PUBLISH_PATHS_SHORT)
			stage_short(p, it);
		if (access(to, F_OK) != 0)
			it->state = ITEM_NEW;
		else if (same_bytes(it->staged ? it->staged : it->src, to))
			it->state = ITEM_SAME;
		else if (ours(p, it->name))
			it->state = ITEM_REPLACE;
		free(to);
	}
}

/*
 * The index's name: the one the manifest keeps; else README.md, unless
 * one that is not publish's is there, then perfviews-index.md.
 */
static void
choose_index(struct publishing *p)
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
		ours(p, p->m.index);
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
static void
write_index(struct publishing *p)
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
		metas[i] = xasprintf("%s/%s-meta.json", p->dest, ids[i]);
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
	if (!same_bytes(text, to))
		copy_file(text, p->dest, p->m.index);
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

static bool
is_item(const struct publishing *p, const char *name)
{
	for (size_t i = 0; i < p->nitems; i++)
		if (strcmp(p->items[i].name, name) == 0)
			return true;
	return false;
}

/*
 * A recording replaced (force): the files of the one before that this one
 * has not (a raw file named otherwise, a stability report), while they
 * are as publish wrote them, so that no file of another recording is left
 * under the ID.
 */
static void
remove_replaced(struct publishing *p, const struct source *s)
{
	for (size_t i = 0; i < file_kind_count; i++) {
		const char *suffixes[2] = {file_kinds[i].suffix,
		                           file_kinds[i].alt_suffix};
		for (size_t k = 0; k < 2 && suffixes[k] != NULL; k++) {
			char *name = xasprintf("%s%s", s->id, suffixes[k]);
			char *path = xasprintf("%s/%s", p->dest, name);
			const struct manifest_file *f =
			    manifest_file(&p->m, name);
			uint64_t h, n;
			if (f != NULL && !is_item(p, name) &&
			    file_hash(path, &h, &n) && h == f->hash &&
			    n == f->size) {
				if (unlink(path) != 0)
					die_errno(EXIT_DATA, "%s", path);
				manifest_remove_file(&p->m, name);
			}
			free(name);
			free(path);
		}
	}
}

/* Write every item, and list it in the manifest. */
static void
write_items(struct publishing *p)
{
	for (size_t i = 0; i < p->nitems; i++) {
		struct item *it = &p->items[i];
		const char *from = it->staged ? it->staged : it->src;
		uint64_t h, n;
		if (it->state == ITEM_SAME) {
			p->same++;
		} else {
			copy_file(from, p->dest, it->name);
			p->copied++;
		}
		if (!file_hash(from, &h, &n))
			die_errno(EXIT_DATA, "%s", from);
		manifest_add_file(&p->m, it->name, h, n);
	}
	for (size_t i = 0; i < p->nsets; i++) {
		const struct manifest_dataset *d =
		    manifest_dataset(&p->m, p->sets[i].id);
		if (d != NULL && d->raw_hash != p->sets[i].raw_hash)
			remove_replaced(p, &p->sets[i]);
		manifest_add_dataset(&p->m, p->sets[i].id, p->sets[i].raw_hash,
		                     p->opt->paths == PUBLISH_PATHS_SHORT);
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
	for (size_t d = 0; d < ndata; d++) {
		glob_t g;
		find(data[d], "*-meta.json", &g);
		for (size_t i = 0; i < g.gl_pathc; i++)
			add_source(&p, g.gl_pathv[i], data[d]);
		globfree(&g);
	}
	check_recordings(&p);
	for (size_t i = 0; i < p.nsets; i++) {
		if (opt->make == NULL) {
			struct view_files f = {.id = p.sets[i].id,
			                       .out = opt->out};
			view_render_all(p.sets[i].dir, &f);
		} else if (*opt->make != '\0') {
			render(opt->make, p.sets[i].id, p.sets[i].dir,
			       opt->out);
		}
		add_data_set_items(&p, &p.sets[i]);
	}
	add_comparisons(&p);
	add_suites(&p);
	add_suite_comparisons(&p);
	p.staging = xasprintf("%s/.publish", opt->out);
	dirs_remove_tree(p.staging);
	dirs_make(p.staging);
	static bool registered;
	staging_dir = p.staging;
	if (!registered)
		atexit(remove_staging);
	registered = true;
	check_items(&p);
	choose_index(&p);
	if (p.problems > 0)
		die(EXIT_DATA,
		    "nothing published into %s: %u file(s) in the "
		    "way (move them, or publish elsewhere)",
		    dest, p.problems);
	write_items(&p);
	write_index(&p);
	manifest_write(&p.m, dest);
	close(locked);
	printf("published to %s: %u file(s) copied, %u already there\n", dest,
	       p.copied, p.same);
	staging_dir = NULL;
	publishing_free(&p);
}

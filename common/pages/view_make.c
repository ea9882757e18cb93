/*
 * view_make.c - see view_make.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/hash.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/measure.h"
#include "pages/readme.h"
#include "pages/view_make.h"
#include "pages/view_pass.h"
#include "dataset/dataset_id.h"
#include "dataset/runs.h"
#include "os/child.h"
#include "os/dirs.h"

/* The views the README quotes: readme_options' flat, categories, files,
 * python, bytecode. */
static const char *const quoted[] = {"flat", "categories", "files", "python",
                                     "bytecode"};
#define NQUOTED (sizeof quoted / sizeof *quoted)

static const struct file_kind *
kind_or_die(const char *view)
{
	const struct file_kind *k = file_kind_named(view);

	if (k == NULL || (k->program == NULL && k->input != VIEW_FROM_VIEWS))
		usage_error("views: no such view: %s", view);
	return k;
}

/* "--name=value", added to a. */
static void
add_option(struct child_args *a, const char *name, const char *value)
{
	char *word = xasprintf("%s=%s", name, value);
	args_add(a, word);
	free(word);
}

/* What data set m (of ID id) gives its views (view_pass.h), the
 * subtitle aside: it waits for the raw file's read. */
static void
given_of(struct view_given *g, const char *id, const struct metadata *m)
{
	const struct measure *ms = measure_of_meta(m);
	const char *about;

	memset(g, 0, sizeof *g);
	g->event = ms->view_event;
	/* For the python palette: kernel and JIT frames marked. */
	g->kernel = g->jit = measure_of_python(m);
	g->python = g->kernel && metadata_has_tag(m, "xperf");
	g->palette = measure_palette(m, &about);
	g->countname = ms->unit;
	g->title = g->label = id;
}

/* What g gives k's program as options, as view_make.h lists them, the
 * title and label aside. */
static void
add_options(struct child_args *a, const struct file_kind *k,
            const struct view_given *g)
{
	if ((k->options & VIEW_EVENT) && g->event != NULL)
		add_option(a, "--event", g->event);
	for (size_t i = 0; i < 4 && k->args[i] != NULL; i++)
		args_add(a, k->args[i]);
	if ((k->options & VIEW_ANNOTATE) && g->kernel)
		args_add(a, "--kernel");
	if ((k->options & VIEW_ANNOTATE) && g->jit)
		args_add(a, "--jit");
	if ((k->options & VIEW_ANNOTATE) && g->python)
		args_add(a, "--python");
	if (k->options & VIEW_PALETTE) {
		add_option(a, "--colors", g->palette);
		add_option(a, "--countname", g->countname);
	}
}

bool
view_options_write(FILE *out, const struct metadata *m, const char *view)
{
	const struct file_kind *k = file_kind_named(view);
	struct child_args a = {0};
	struct view_given g;

	if (k == NULL || k->program == NULL)
		return false;
	given_of(&g, metadata_get(m, "id"), m);
	add_options(&a, k, &g);
	for (size_t i = 0; i < a.n; i++)
		fprintf(out, "%s'%s'", i ? " " : "", a.v[i]);
	fputc('\n', out);
	args_free(&a);
	return true;
}

/* The kind of folded stacks a VIEW_FROM_FOLDED view reads. */
static const char *
folded_of(const struct file_kind *k)
{
	return k->from != NULL ? k->from : "folded";
}

/* The strace text beside the raw file, or NULL when there is none. */
static char *
strace_path(const struct view_files *f)
{
	char *dir = file_kind_dir(f->raw);
	char *path = file_kind_find(file_kind_named("strace"), dir, f->id);

	free(dir);
	return path;
}

/* Is k a view make views makes for this data set (m describes it)? */
static bool
view_applies(const struct file_kind *k, const struct view_files *f,
             const struct metadata *m)
{
	if (k->origin != FILE_VIEW && k->origin != FILE_README)
		return false;
	if (!file_kind_applies(k, m))
		return false;
	if (k->input != VIEW_FROM_STRACE)
		return true;
	char *strace = strace_path(f);
	free(strace);
	return strace != NULL;
}

/* Does the file at path hold exactly text[0..n)? */
static bool
holds(const char *path, const char *text, size_t n)
{
	FILE *f = fopen(path, "re");
	char *old = xmalloc(n + 1);
	bool same = f != NULL && fread(old, 1, n + 1, f) == n &&
	            memcmp(old, text, n) == 0;

	if (f != NULL)
		fclose(f);
	free(old);
	return same;
}

/* path made to hold text[0..n), whole: written beside, then renamed. */
static void
replace_file(const char *path, const char *text, size_t n)
{
	char *tmp = xasprintf("%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	FILE *w = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (w == NULL || fwrite(text, 1, n, w) != n || fclose(w) != 0 ||
	    chmod(tmp, 0644) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		die_errno(EXIT_DATA, "%s", path);
	}
	free(tmp);
}

/*
 * The hash of what meta.json holds, not of its bytes or date: written
 * anew with the same fields, it changes nothing the views show.
 */
static uint64_t
meta_hash(const char *meta)
{
	struct metadata m;
	char *text = NULL;
	size_t n = 0;

	metadata_read_or_die(&m, meta);
	FILE *f = xopen_memstream(&text, &n);
	metadata_write(&m, f);
	xclose_memstream(f);
	uint64_t h = hash_bytes(text, n, 0);
	free(text);
	metadata_free(&m);
	return h;
}

/* A file's real path, or fatal naming it. */
static char *
real_path(const char *path, struct stat *st)
{
	char *real = realpath(path, NULL);

	if (real == NULL || stat(real, st) != 0)
		die_errno(EXIT_DATA, "%s", path);
	return real;
}

/*
 * What the views are made from, a line each: the raw file by its real
 * path, size and time of change; meta.json by its real path and what it
 * holds (meta_hash).  Views of one ID from another directory, or from
 * either file changed, have another text.
 */
static char *
source_text(const struct view_files *f)
{
	struct stat st;
	char *raw = real_path(f->raw, &st);
	char *text = xasprintf("%s %jd %jd.%09ld\n", raw, (intmax_t)st.st_size,
	                       (intmax_t)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	char *meta = real_path(f->meta, &st);
	char *both =
	    xasprintf("%s%s %016" PRIx64 "\n", text, meta, meta_hash(f->meta));

	free(raw);
	free(meta);
	free(text);
	return both;
}

char *
view_source_path(const char *out, const char *id)
{
	return xasprintf("%s/.%s.source", out, id);
}

/*
 * The views were of a raw file of another directory (the old note's first
 * line, against text's): what links them (a suite's README) now shows
 * another recording; say so, and how to keep both.
 */
static void
other_directory_note(const char *path, const char *text,
                     const struct view_files *f)
{
	FILE *old = fopen(path, "re");
	char line[4096];

	if (old == NULL || fgets(line, sizeof line, old) == NULL) {
		if (old != NULL)
			fclose(old);
		return;
	}
	fclose(old);
	char *was = xstrndup(line, strcspn(line, " "));
	char *now = xstrndup(text, strcspn(text, " "));
	if (strcmp(was, now) != 0 && strrchr(was, '/') != NULL &&
	    strrchr(now, '/') != NULL)
		warnmsg("%s: the views in %s were of %.*s's recording, and "
		        "are now of %.*s's: a README that links them (a "
		        "suite's) describes the other; give each DATA an OUT "
		        "of its own, or each build a tag of its own "
		        "(TAGS=py312)",
		        f->id, f->out, (int)(strrchr(was, '/') - was), was,
		        (int)(strrchr(now, '/') - now), now);
	free(was);
	free(now);
}

/* OUT's files of the ID made on request (the stability report). */
static void
remove_extras(const struct view_files *f)
{
	for (size_t i = 0; i < file_kind_count; i++) {
		if (file_kinds[i].origin != FILE_EXTRA)
			continue;
		char *path = file_kind_path(file_kinds[i].kind, f->out, f->id);
		if (unlink(path) != 0 && errno != ENOENT)
			die_errno(EXIT_DATA, "%s", path);
		free(path);
	}
}

void
view_source_write(const struct view_files *f)
{
	dirs_make(f->out);
	char *path = view_source_path(f->out, f->id);
	char *text = source_text(f);

	/* Another source: what was made of the last one on request goes. */
	if (!holds(path, text, strlen(text))) {
		if (access(path, F_OK) == 0) {
			other_directory_note(path, text, f);
			remove_extras(f);
		}
		replace_file(path, text, strlen(text));
	}
	free(text);
	free(path);
}

/* Was made changed when source was or since (make's check of a target
 * against a prerequisite, to the nanosecond)? */
static bool
made_since(const struct stat *made, const struct stat *source)
{
	return made->st_mtim.tv_sec > source->st_mtim.tv_sec ||
	       (made->st_mtim.tv_sec == source->st_mtim.tv_sec &&
	        made->st_mtim.tv_nsec >= source->st_mtim.tv_nsec);
}

bool
view_source_matches(const struct view_files *f, const char *view)
{
	char *path = view_source_path(f->out, f->id);
	char *text = source_text(f);
	struct stat source, made;
	/* Made since the source was noted, or of an earlier one. */
	bool same = holds(path, text, strlen(text)) &&
	            (view == NULL ||
	             (stat(path, &source) == 0 && stat(view, &made) == 0 &&
	              made_since(&made, &source)));

	free(text);
	free(path);
	return same;
}

/* The meta.json beside f's raw file (which may not be there). */
static char *
meta_beside(const struct view_files *f)
{
	char *dir = file_kind_dir(f->raw);
	char *path = file_kind_path("meta", dir, f->id);

	free(dir);
	return path;
}

bool
view_current(const char *data, const struct view_files *given,
             const char *perfviews)
{
	struct view_files f = *given;
	char *raw = NULL, *meta = NULL, *self = NULL, *readme = NULL;
	struct stat made, st;
	bool current = false;

	if (f.raw == NULL)
		f.raw = raw =
		    file_kind_find(file_kind_named("raw"), data, f.id);
	if (f.raw == NULL)
		return false;
	/* meta.json beside the raw file, or the one made into OUT. */
	if (f.meta == NULL) {
		f.meta = meta = meta_beside(&f);
		if (access(meta, F_OK) != 0) {
			free(meta);
			f.meta = meta = file_kind_path("meta", f.out, f.id);
		}
	}
	if (perfviews == NULL) {
		char *dir = dirs_program();
		perfviews = self = xasprintf("%s/perfviews", dir);
		free(dir);
	}
	readme = file_kind_path("readme", f.out, f.id);
	/* The README against the rule's prerequisites, then the note
	 * against the source (view_source_matches: the note's rule). */
	current = access(f.meta, F_OK) == 0 && stat(readme, &made) == 0 &&
	          stat(f.raw, &st) == 0 && made_since(&made, &st) &&
	          stat(perfviews, &st) == 0 && made_since(&made, &st) &&
	          view_source_matches(&f, readme);
	free(readme);
	free(self);
	free(meta);
	free(raw);
	return current;
}

/* The README, from the views it quotes that this data set has, and what
 * the raw file holds short of its counts (NULL: nothing). */
static void
render_readme(const struct view_files *f, const struct metadata *m,
              const char *shortfall)
{
	struct readme_options opt = {0};
	char *paths[NQUOTED] = {NULL};
	char *raw = xstrdup(f->raw);

	for (size_t i = 0; i < NQUOTED; i++)
		if (view_applies(file_kind_named(quoted[i]), f, m))
			paths[i] = file_kind_path(quoted[i], f->out, f->id);
	opt.flat = paths[0];
	opt.categories = paths[1];
	opt.files = paths[2];
	opt.python = paths[3];
	opt.bytecode = paths[4];
	opt.raw = strrchr(raw, '/') != NULL ? strrchr(raw, '/') + 1 : raw;
	opt.shortfall = shortfall;
	readme_write_file(stdout, f->meta, &opt, false);
	for (size_t i = 0; i < NQUOTED; i++)
		free(paths[i]);
	free(raw);
}

/* The line under the flame graph's title; first, when the raw file is
 * short of its counts, what it holds. */
static char *
subtitle(const struct metadata *m, const char *shortfall)
{
	char *text = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);
	if (shortfall != NULL)
		fprintf(f, "RAW FILE INCOMPLETE: %s | ", shortfall);
	readme_subtitle(f, m);
	xclose_memstream(f);
	text[strcspn(text, "\n")] = '\0';
	return text;
}

void
view_render(const char *view, const struct view_files *f)
{
	const struct file_kind *k = kind_or_die(view);
	struct child_args a = {0};
	struct view_given g;
	struct metadata m;

	metadata_read_or_die(&m, f->meta);
	/* What a cut raw file holds, said by the README and the titles only:
	 * another view's program reads the file itself. */
	char *shortfall =
	    k->input == VIEW_FROM_VIEWS || (k->options & VIEW_TITLE)
	        ? raw_file_shortfall(f->raw, &m)
	        : NULL;
	if (k->input == VIEW_FROM_VIEWS) {
		render_readme(f, &m, shortfall);
		metadata_free(&m);
		free(shortfall);
		return;
	}
	given_of(&g, f->id, &m);
	args_add_words(&a, k->program, "program");
	char *dir = dirs_program();
	char *program = xasprintf("%s/%s", dir, a.v[0]);
	free(a.v[0]);
	a.v[0] = program;
	add_options(&a, k, &g);
	if (k->options & VIEW_TITLE) {
		char *sub = subtitle(&m, shortfall);
		add_option(&a, "--title", g.title);
		add_option(&a, "--subtitle", sub);
		free(sub);
	}
	if (k->options & VIEW_LABEL)
		add_option(&a, "--label", g.label);
	char *input = k->input == VIEW_FROM_FOLDED
	                  ? file_kind_path(folded_of(k), f->out, f->id)
	              : k->input == VIEW_FROM_STRACE ? strace_path(f)
	                                             : xstrdup(f->raw);
	if (input == NULL)
		die(EXIT_DATA, "%s: no %s%s beside it", f->raw, f->id,
		    file_kind_suffix("strace"));
	args_add(&a, input);
	metadata_free(&m);
	free(shortfall);
	fflush(stdout);
	execv(a.v[0], a.v);
	die_errno(EXIT_DATA, "%s", a.v[0]);
}

/*
 * A raw file alone (no meta.json beside it): OUT/ID-meta.json made from
 * what its text tells, as `perfviews meta --raw` does.
 */
static char *
meta_from_raw(const struct view_files *f)
{
	struct dataset_id id;
	struct metadata m;
	char why[256];
	const char *base = strrchr(f->raw, '/');
	char *path = file_kind_path("meta", f->out, f->id);
	char *from = xasprintf("raw file %s", base != NULL ? base + 1 : f->raw);

	warnmsg("%s has no %s%s beside it: %s holds what its text tells, null "
	        "elsewhere",
	        f->raw, f->id, file_kind_suffix("meta"), path);
	dataset_id_parse_or_die(f->id, &id);
	metadata_init(&m);
	metadata_set_id(&m, &id);
	if (!metadata_set(&m, "made_from", from, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	run_index_describe_file(&m, f->raw, false);
	metadata_write_file(&m, path);
	metadata_free(&m);
	dataset_id_free(&id);
	free(from);
	return path;
}

/*
 * A view the pass does not write, into its file whole (written beside,
 * then renamed): `perfviews views --view` runs its program on its input.
 */
static void
render_into(const char *view, const struct view_files *f)
{
	char *dir = dirs_program();
	char *self = xasprintf("%s/perfviews", dir);
	char *path = file_kind_path(view, f->out, f->id);
	char *tmp = xasprintf("%s.tmp", path);
	char *argv[] = {self,    "views",        "--view",      (char *)view,
	                "--raw", (char *)f->raw, "--meta",      (char *)f->meta,
	                "--out", (char *)f->out, (char *)f->id, NULL};
	struct child_result r;

	/* perfviews, where the views' programs are (not this program's
	 * self: a test linking this module is no perfviews). */
	if (access(self, X_OK) != 0)
		die_errno(EXIT_DATA, "%s", self);
	int fd = child_open(tmp, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, -1};
	bool ok = child_run(argv, &io, 0, &r);

	close(fd);
	if (child_stopped() != 0) {
		unlink(tmp);
		child_exit_by_signal(child_stopped());
	}
	if (!ok) {
		unlink(tmp);
		exit(EXIT_DATA); /* the view's program said why */
	}
	if (rename(tmp, path) != 0)
		die_errno(EXIT_DATA, "%s", path);
	free(path);
	free(tmp);
	free(self);
	free(dir);
}

/* The raw file and meta.json of f, found or made (view_make.h). */
struct found {
	char *raw, *meta, *made;
};

static void
find_sources(struct view_files *f, const char *data, struct found *got)
{
	memset(got, 0, sizeof *got);
	if (f->raw == NULL) {
		const struct file_kind *raw = file_kind_named("raw");
		got->raw = file_kind_find(raw, data, f->id);
		if (got->raw == NULL)
			die(EXIT_DATA,
			    "%s: no %s%s or %s%s: record it "
			    "(perfviews record --data %s %s)",
			    data, f->id, raw->suffix, f->id, raw->alt_suffix,
			    data, f->id);
		f->raw = got->raw;
	}
	dirs_make(f->out);
	if (f->meta == NULL) {
		got->meta = meta_beside(f);
		if (access(got->meta, F_OK) != 0)
			got->made = meta_from_raw(f);
		f->meta = got->made != NULL ? got->made : got->meta;
	}
}

struct readme_of {
	const struct view_files *f;
	const struct metadata *m;
	const char *shortfall;
};

static void
write_readme(void *ctx)
{
	const struct readme_of *r = ctx;

	render_readme(r->f, r->m, r->shortfall);
}

/* The rows make views makes for this data set, in the order they are
 * written: what a view reads before it (its folded stacks, the views the
 * README quotes). */
static size_t
rows_in_order(const struct view_files *f, const struct metadata *m,
              const struct file_kind *rows[])
{
	static const enum view_input order[] = {
	    VIEW_FROM_RAW, VIEW_FROM_STRACE, VIEW_FROM_FOLDED, VIEW_FROM_VIEWS};
	size_t n = 0;

	for (size_t o = 0; o < sizeof order / sizeof order[0]; o++)
		for (size_t i = 0; i < file_kind_count; i++)
			if (file_kinds[i].input == order[o] &&
			    view_applies(&file_kinds[i], f, m))
				rows[n++] = &file_kinds[i];
	return n;
}

void
view_render_all(const char *data, const struct view_files *given)
{
	struct view_files f = *given;
	struct found got;
	struct dataset_id id;
	struct metadata m;
	struct view_given g;
	/* At most a row of the table each. */
	const struct file_kind **rows = xcalloc(file_kind_count, sizeof *rows);
	const struct file_kind **in_pass =
	    xcalloc(file_kind_count, sizeof *in_pass);
	size_t npass = 0;

	dataset_id_parse_or_die(f.id, &id); /* a bad ID says so first */
	dataset_id_free(&id);
	find_sources(&f, data, &got);
	metadata_read_or_die(&m, f.meta);
	given_of(&g, f.id, &m);
	size_t n = rows_in_order(&f, &m, rows);
	for (size_t i = 0; i < n; i++)
		if (view_pass_writes(rows[i], &g))
			in_pass[npass++] = rows[i];
	char *strace = strace_path(&f);
	struct view_inputs in = {.raw = f.raw, .strace = strace};
	/* The raw file read once, for every view the pass writes. */
	struct view_pass *p =
	    npass > 0 ? view_pass_read(&in, &g, in_pass, npass) : NULL;
	/* Read: the views made after the note are of its source
	 * (view_source_matches). */
	view_source_write(&f);
	char *shortfall = p != NULL ? raw_shortfall(view_pass_runs(p), &m)
	                            : raw_file_shortfall(f.raw, &m);
	char *sub = subtitle(&m, shortfall);
	g.subtitle = sub;
	for (size_t i = 0; i < n; i++) {
		char *path = file_kind_path(rows[i]->kind, f.out, f.id);
		if (rows[i]->input == VIEW_FROM_VIEWS) {
			struct readme_of r = {&f, &m, shortfall};
			view_write_whole(path, write_readme, &r);
		} else if (view_pass_writes(rows[i], &g)) {
			view_pass_write(p, rows[i], &g, path);
		} else {
			render_into(rows[i]->kind, &f);
		}
		free(path);
	}
	view_pass_free(p);
	metadata_free(&m);
	free(sub);
	free(shortfall);
	free(strace);
	free(got.raw);
	free(got.meta);
	free(got.made);
	free(rows);
	free(in_pass);
}

void
view_incomplete_say(const struct view_files *f)
{
	static const char mark[] = "**The raw file is incomplete**: ";
	char *path = file_kind_path("readme", f->out, f->id);
	FILE *readme = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;

	while (readme != NULL && getline(&line, &cap, readme) > 0)
		if (strncmp(line, mark, sizeof mark - 1) == 0) {
			char *what = line + sizeof mark - 1;
			what[strcspn(what, ";\n")] = '\0';
			fprintf(stderr,
			        "make views: %s is incomplete: %s; the views "
			        "show only what was read (%s)\n",
			        f->raw, what, path);
			break;
		}
	if (readme != NULL)
		fclose(readme);
	free(line);
	free(path);
}

/*
 * view_pass.c - see view_pass.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "pages/view_pass.h"
#include "flame/flame_view.h"
#include "flame/palette.h"
#include "match/category_rules.h"
#include "views/bydso_view.h"
#include "views/bytecode_view.h"
#include "views/calltree_view.h"
#include "views/category_view.h"
#include "views/file_access.h"
#include "views/file_report.h"
#include "views/flat_view.h"
#include "views/fold.h"
#include "views/python_view.h"
#include "views/view_cli.h"

/* What a writer needs made in the read. */
enum {
	NEED_FOLD = 1,       /* collapse's stacks */
	NEED_CATEGORIES = 2, /* bycategory's count */
	NEED_PYTHON = 4,     /* pyprofile's functions */
	NEED_BYTECODE = 8,   /* the eval loop's instructions */
};

struct view_pass {
	struct view_inputs in;
	struct profile profile;
	struct fold fold;
	bool folding;
	struct category_rules rules;
	struct category_profile categories;
	bool categorised;
	struct python_view *python;     /* NULL: not asked */
	struct bytecode_view *bytecode; /* NULL: not asked */
};

/* One folded line of a view's stacks. */
typedef void stack_fn(void *ctx, struct span stack, uint64_t weight);

struct writer {
	const char *program;
	const char *args[4]; /* as the row gives them */
	enum view_input input;
	unsigned takes; /* option bits it takes, VIEW_EVENT aside */
	unsigned needs;
	void (*write)(struct view_pass *p, const struct file_kind *k,
	              const struct view_given *g);
	/* A view of stacks: each of them, for a flame graph of it. */
	void (*stacks)(const struct view_pass *p, stack_fn *line, void *ctx);
};

static const struct writer *writer_of(const struct file_kind *k);

static void
folded(struct view_pass *p, const struct file_kind *k,
       const struct view_given *g)
{
	(void)k, (void)g;
	fold_write(&p->fold, stdout);
}

static void
each_folded(const struct view_pass *p, stack_fn *line, void *ctx)
{
	fold_each(&p->fold, line, ctx);
}

static void
add_stack(void *ctx, struct span stack, uint64_t weight)
{
	flame_graph_add(ctx, stack, (double)weight, 0);
}

/* The row whose stacks a flame graph row draws. */
static const struct file_kind *
stacks_of(const struct file_kind *k)
{
	return file_kind_named(k->from != NULL ? k->from : "folded");
}

/* flamesvg of the stacks of the row k reads, with what g gives it. */
static void
flamegraph(struct view_pass *p, const struct file_kind *k,
           const struct view_given *g)
{
	const struct file_kind *from = stacks_of(k);
	struct flame_view_options o;
	struct flame_graph graph;

	flame_view_defaults(&o);
	if ((k->options & VIEW_PALETTE) && g->palette != NULL &&
	    !palette_parse(g->palette, &o.svg.palette))
		usage_error("unknown palette '%s'", g->palette);
	if ((k->options & VIEW_PALETTE) && g->countname != NULL)
		o.svg.countname = g->countname;
	if (k->options & VIEW_TITLE) {
		o.svg.title = g->title;
		o.svg.subtitle = g->subtitle;
	}
	flame_view_settle(&o);
	flame_graph_init(&graph, o.reverse, o.flamechart);
	writer_of(from)->stacks(p, add_stack, &graph);
	bool drawn = flame_view_write(stdout, &graph, &o);
	flame_graph_free(&graph);
	if (!drawn) /* as flamesvg: the document says so, and it fails */
		die(EXIT_DATA, "%s: no samples in %s", k->kind, from->kind);
}

static void
flat(struct view_pass *p, const struct file_kind *k, const struct view_given *g)
{
	struct flat_view_options o = {0};

	(void)k, (void)g;
	flat_view_write(&p->profile, &o);
}

static void
calltree(struct view_pass *p, const struct file_kind *k,
         const struct view_given *g)
{
	struct calltree_view_options o;

	(void)k, (void)g;
	calltree_view_defaults(&o);
	calltree_view_write(&p->profile, &o);
}

/* calltree --inverted --max-depth=4 --percent-limit=1 */
static void
callers(struct view_pass *p, const struct file_kind *k,
        const struct view_given *g)
{
	struct calltree_view_options o;

	(void)k, (void)g;
	calltree_view_defaults(&o);
	o.percent_limit = 1;
	o.max_depth = 4;
	o.inverted = true;
	calltree_view_write(&p->profile, &o);
}

static void
bydso(struct view_pass *p, const struct file_kind *k,
      const struct view_given *g)
{
	struct bydso_view_options o;

	(void)k, (void)g;
	bydso_view_defaults(&o);
	bydso_view_write(&p->profile, &o);
}

/* bycategory [--format=svg]: its column labelled by --label, else by the
 * input's file name. */
static void
categories_as(struct view_pass *p, const struct file_kind *k,
              const struct view_given *g, bool svg)
{
	struct category_view_options o;
	char *label = (k->options & VIEW_LABEL) && g->label != NULL
	                  ? xstrdup(g->label)
	                  : file_kind_label(p->in.raw);
	struct span labels[1] = {span_cstr(label)};

	category_view_defaults(&o);
	o.svg = svg;
	category_view_write(&o, &p->categories, &p->profile, labels);
	free(label);
}

static void
categories(struct view_pass *p, const struct file_kind *k,
           const struct view_given *g)
{
	categories_as(p, k, g, false);
}

static void
categories_svg(struct view_pass *p, const struct file_kind *k,
               const struct view_given *g)
{
	categories_as(p, k, g, true);
}

static void
python_as(struct view_pass *p, enum report_format format)
{
	struct python_view_options o;

	python_view_defaults(&o);
	o.format = format;
	python_view_write(p->python, &o);
}

static void
python_text(struct view_pass *p, const struct file_kind *k,
            const struct view_given *g)
{
	(void)k, (void)g;
	python_as(p, FORMAT_TEXT);
}

static void
python_csv(struct view_pass *p, const struct file_kind *k,
           const struct view_given *g)
{
	(void)k, (void)g;
	python_as(p, FORMAT_CSV);
}

static void
python_json(struct view_pass *p, const struct file_kind *k,
            const struct view_given *g)
{
	(void)k, (void)g;
	python_as(p, FORMAT_JSON);
}

static void
python_folded(struct view_pass *p, const struct file_kind *k,
              const struct view_given *g)
{
	(void)k, (void)g;
	python_view_write_folded(p->python);
}

static void
each_python_folded(const struct view_pass *p, stack_fn *line, void *ctx)
{
	python_view_each_folded(p->python, line, ctx);
}

static void
bytecode_as(struct view_pass *p, enum report_format format)
{
	struct bytecode_view_options o = {.format = format};

	bytecode_view_write(p->bytecode, &p->profile, &o);
}

static void
bytecode(struct view_pass *p, const struct file_kind *k,
         const struct view_given *g)
{
	(void)k, (void)g;
	bytecode_as(p, FORMAT_TEXT);
}

static void
bytecode_csv(struct view_pass *p, const struct file_kind *k,
             const struct view_given *g)
{
	(void)k, (void)g;
	bytecode_as(p, FORMAT_CSV);
}

/* fileaccess of the strace text: read here, the raw file's read aside. */
static void
files(struct view_pass *p, const struct file_kind *k,
      const struct view_given *g)
{
	struct file_access fa;
	struct file_report_options o = {0};

	(void)k, (void)g;
	file_access_init(&fa);
	file_access_read(&fa, p->in.strace, false);
	file_report(&fa, &o);
	file_access_free(&fa);
}

/* Each program's call on the aggregates, with the args it is given. */
static const struct writer writers[] = {
    {"collapse",
     {NULL},
     VIEW_FROM_RAW,
     VIEW_ANNOTATE,
     NEED_FOLD,
     folded,
     each_folded},
    {"flamesvg",
     {NULL},
     VIEW_FROM_FOLDED,
     VIEW_PALETTE | VIEW_TITLE,
     0,
     flamegraph,
     NULL},
    {"flatsort", {NULL}, VIEW_FROM_RAW, 0, 0, flat, NULL},
    {"calltree", {NULL}, VIEW_FROM_RAW, 0, 0, calltree, NULL},
    {"calltree",
     {"--inverted", "--max-depth=4", "--percent-limit=1"},
     VIEW_FROM_RAW,
     0,
     0,
     callers,
     NULL},
    {"bydso", {NULL}, VIEW_FROM_RAW, 0, 0, bydso, NULL},
    {"bycategory",
     {NULL},
     VIEW_FROM_RAW,
     VIEW_LABEL,
     NEED_CATEGORIES,
     categories,
     NULL},
    {"bycategory",
     {"--format=svg"},
     VIEW_FROM_RAW,
     VIEW_LABEL,
     NEED_CATEGORIES,
     categories_svg,
     NULL},
    {"pyprofile", {NULL}, VIEW_FROM_RAW, 0, NEED_PYTHON, python_text, NULL},
    {"pyprofile",
     {"--format=csv"},
     VIEW_FROM_RAW,
     0,
     NEED_PYTHON,
     python_csv,
     NULL},
    {"pyprofile",
     {"--format=json"},
     VIEW_FROM_RAW,
     0,
     NEED_PYTHON,
     python_json,
     NULL},
    {"pyprofile",
     {"--folded"},
     VIEW_FROM_RAW,
     0,
     NEED_PYTHON,
     python_folded,
     each_python_folded},
    {"bytecode", {NULL}, VIEW_FROM_RAW, 0, NEED_BYTECODE, bytecode, NULL},
    {"bytecode",
     {"--format=csv"},
     VIEW_FROM_RAW,
     0,
     NEED_BYTECODE,
     bytecode_csv,
     NULL},
    {"fileaccess", {NULL}, VIEW_FROM_STRACE, 0, 0, files, NULL},
};
#define NWRITERS (sizeof writers / sizeof writers[0])

static bool
same_args(const char *const a[4], const char *const b[4])
{
	for (size_t i = 0; i < 4; i++)
		if ((a[i] == NULL) != (b[i] == NULL) ||
		    (a[i] != NULL && strcmp(a[i], b[i]) != 0))
			return false;
	return true;
}

/* The writer of row k's program and args, or NULL. */
static const struct writer *
writer_of(const struct file_kind *k)
{
	for (size_t i = 0; k->program != NULL && i < NWRITERS; i++)
		if (strcmp(writers[i].program, k->program) == 0 &&
		    writers[i].input == k->input &&
		    same_args(writers[i].args, k->args))
			return &writers[i];
	return NULL;
}

bool
view_pass_writes(const struct file_kind *k, const struct view_given *g)
{
	const struct writer *w = writer_of(k);

	if (w == NULL || (k->options & ~(VIEW_EVENT | w->takes)) != 0)
		return false;
	if (k->input == VIEW_FROM_FOLDED) {
		const struct file_kind *from = stacks_of(k);
		return from != NULL && writer_of(from) != NULL &&
		       writer_of(from)->stacks != NULL &&
		       view_pass_writes(from, g);
	}
	/* The pass's profile is of g's event: a row shown another reads
	 * again. */
	return k->input != VIEW_FROM_RAW || g->event == NULL ||
	       (k->options & VIEW_EVENT);
}

static unsigned
needs_of(const struct file_kind *k)
{
	unsigned needs = writer_of(k)->needs;

	if (k->input == VIEW_FROM_FOLDED)
		needs |= needs_of(stacks_of(k));
	return needs;
}

/* Each sample, after the profile took it: the fold, the instructions. */
static void
also_take(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct view_pass *p = ctx;

	if (p->folding)
		fold_take(&p->fold, s, root);
	if (p->bytecode != NULL)
		bytecode_view_sample(p->bytecode, s, root);
}

/* collapse's options: its annotations, where its row takes them. */
static void
fold_options_of(struct fold_options *fo, const struct file_kind *const rows[],
                size_t n, const struct view_given *g)
{
	memset(fo, 0, sizeof *fo);
	for (size_t i = 0; i < n; i++)
		if ((needs_of(rows[i]) & NEED_FOLD) &&
		    (rows[i]->options & VIEW_ANNOTATE)) {
			fo->kernel = g->kernel;
			fo->jit = g->jit;
			fo->python = g->python;
		}
}

struct view_pass *
view_pass_read(const struct view_inputs *in, const struct view_given *g,
               const struct file_kind *const rows[], size_t n)
{
	struct view_pass *p = xcalloc(1, sizeof *p);
	struct view_options o;
	struct fold_options fo;
	unsigned needs = 0;
	char *inputs[] = {(char *)in->raw};

	p->in = *in;
	for (size_t i = 0; i < n; i++)
		needs |= needs_of(rows[i]);
	memset(&o, 0, sizeof o);
	o.profile.input.event = g->event;
	if (needs & NEED_PYTHON)
		p->python = python_view_new(NULL);
	/* The fold names in the profile's table, where the roots are. */
	fold_options_of(&fo, rows, n, g);
	fold_init(&p->fold, &fo, &p->profile.names);
	p->folding = needs & NEED_FOLD;
	if (needs & NEED_BYTECODE)
		p->bytecode = bytecode_view_new(false);
	bool also = p->folding || p->bytecode != NULL;
	if (!view_load_with(&p->profile, &o, 1, inputs, also ? also_take : NULL,
	                    also ? p : NULL))
		exit(EXIT_DATA); /* the profile said why */
	if (needs & NEED_CATEGORIES) {
		category_rules_load_or_exit(&p->rules, NULL);
		category_profile_init(&p->categories, &p->rules, 1, false,
		                      false);
		category_profile_count(&p->categories, &p->profile, 0);
		p->categorised = true;
	}
	if (p->python != NULL)
		python_view_count(p->python, &p->profile);
	return p;
}

void
view_pass_free(struct view_pass *p)
{
	if (p == NULL)
		return;
	python_view_free(p->python);
	bytecode_view_free(p->bytecode);
	if (p->categorised) {
		category_profile_free(&p->categories);
		category_rules_free(&p->rules);
	}
	fold_free(&p->fold);
	profile_free(&p->profile);
	free(p);
}

const struct sample_stream_runs *
view_pass_runs(const struct view_pass *p)
{
	return &p->profile.stream.text_runs;
}

bool
view_pass_has_python(const struct view_pass *p)
{
	return python_view_has_python(&p->profile);
}

bool
view_pass_has_eval_loop(const struct view_pass *p)
{
	return p->bytecode != NULL &&
	       bytecode_view_loop_samples(p->bytecode) > 0;
}

/* The file being written, removed if the process ends before it is
 * whole (a view's write error ends it wherever it is found). */
static char *unfinished;

static void
remove_unfinished(void)
{
	if (unfinished != NULL)
		unlink(unfinished);
}

void
view_write_whole(const char *path, void (*write)(void *ctx), void *ctx)
{
	static bool registered;
	char *tmp = xasprintf("%s.tmp", path);

	if (!registered && atexit(remove_unfinished) == 0)
		registered = true;
	finish_output();
	unfinished = tmp;
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int saved = fd >= 0 ? dup(STDOUT_FILENO) : -1;
	if (fd < 0 || saved < 0 || dup2(fd, STDOUT_FILENO) < 0)
		die_errno(EXIT_DATA, "%s", tmp);
	close(fd);
	write(ctx);
	finish_output(); /* a write error names the file, and ends here */
	if (dup2(saved, STDOUT_FILENO) < 0)
		die_errno(EXIT_DATA, "stdout");
	close(saved);
	if (rename(tmp, path) != 0)
		die_errno(EXIT_DATA, "%s", path);
	unfinished = NULL;
	free(tmp);
}

struct pass_view {
	struct view_pass *p;
	const struct file_kind *k;
	const struct view_given *g;
};

static void
write_pass_view(void *ctx)
{
	struct pass_view *v = ctx;

	writer_of(v->k)->write(v->p, v->k, v->g);
}

void
view_pass_write(struct view_pass *p, const struct file_kind *k,
                const struct view_given *g, const char *path)
{
	struct pass_view v = {p, k, g};

	if (!view_pass_writes(k, g))
		die(EXIT_DATA, "views: no way to write view %s in one pass",
		    k->kind);
	view_write_whole(path, write_pass_view, &v);
}

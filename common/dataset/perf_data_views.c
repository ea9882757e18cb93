/*
 * perf_data_views.c - see perf_data_views.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/perf_data_views.h"
#include "flame/flame_view.h"
#include "input/input_format.h"
#include "match/category_rules.h"
#include "os/dirs.h"
#include "views/bydso_view.h"
#include "views/bytecode_view.h"
#include "views/calltree_view.h"
#include "views/category_view.h"
#include "views/flat_view.h"
#include "views/fold.h"
#include "views/python_view.h"
#include "views/view_cli.h"

/* What the views are written from: one read of the perf.data. */
struct aggregates {
	const struct perf_data_views *v;
	struct profile profile;
	struct fold fold;
	struct category_rules rules;
	struct category_profile categories; /* bycategory's count */
	struct python_view *python;         /* NULL: no Python frames */
	struct bytecode_view *bytecode;     /* the eval loop's samples */
};

/* The flame graph of folded lines, as flamesvg --title NAME draws it. */
static void
add_stack(void *ctx, struct span stack, uint64_t weight)
{
	flame_graph_add(ctx, stack, (double)weight, 0);
}

static void
write_flame_graph(const struct aggregates *a,
                  void (*each)(const struct aggregates *a,
                               void (*line)(void *, struct span, uint64_t),
                               void *ctx))
{
	struct flame_view_options o;
	struct flame_graph g;

	flame_view_defaults(&o);
	o.svg.title = a->v->name;
	flame_view_settle(&o);
	flame_graph_init(&g, o.reverse, o.flamechart);
	each(a, add_stack, &g);
	flame_view_write(stdout, &g, &o);
	flame_graph_free(&g);
}

static void
each_folded(const struct aggregates *a,
            void (*line)(void *, struct span, uint64_t), void *ctx)
{
	fold_each(&a->fold, line, ctx);
}

static void
each_python_folded(const struct aggregates *a,
                   void (*line)(void *, struct span, uint64_t), void *ctx)
{
	python_view_each_folded(a->python, line, ctx);
}

static void
flamegraph(struct aggregates *a)
{
	write_flame_graph(a, each_folded);
}

static void
python_flamegraph(struct aggregates *a)
{
	write_flame_graph(a, each_python_folded);
}

static void
folded(struct aggregates *a)
{
	fold_write(&a->fold, stdout);
}

static void
python_folded(struct aggregates *a)
{
	python_view_write_folded(a->python);
}

static void
flat(struct aggregates *a)
{
	struct flat_view_options o = {0};

	flat_view_write(&a->profile, &o);
}

static void
calltree(struct aggregates *a)
{
	struct calltree_view_options o = {.percent_limit = 0.5};

	calltree_view_write(&a->profile, &o);
}

static void
bydso(struct aggregates *a)
{
	struct bydso_view_options o = {.depth = 2};

	bydso_view_write(&a->profile, &o);
}

/* bycategory's table, its column labelled by the file's name. */
static void
categories(struct aggregates *a)
{
	struct category_view_options o = {.top = 3};
	char *label = category_view_label(a->v->path);
	struct span labels[1] = {span_cstr(label)};

	category_view_write(&o, &a->categories, &a->profile, labels);
	free(label);
}

/* bycategory --format=svg --label NAME. */
static void
categories_svg(struct aggregates *a)
{
	struct category_view_options o = {.top = 3, .svg = true};
	struct span labels[1] = {span_cstr(a->v->name)};

	category_view_write(&o, &a->categories, &a->profile, labels);
}

static void
python_as(struct aggregates *a, enum report_format format)
{
	struct python_view_options o = {.top = 5, .format = format};

	python_view_write(a->python, &o);
}

static void
python_text(struct aggregates *a)
{
	python_as(a, FORMAT_TEXT);
}

static void
python_csv(struct aggregates *a)
{
	python_as(a, FORMAT_CSV);
}

static void
python_json(struct aggregates *a)
{
	python_as(a, FORMAT_JSON);
}

static void
bytecode_as(struct aggregates *a, enum report_format format)
{
	struct bytecode_view_options o = {.format = format};

	bytecode_view_write(a->bytecode, &a->profile, &o);
}

static void
bytecode_text(struct aggregates *a)
{
	bytecode_as(a, FORMAT_TEXT);
}

static void
bytecode_csv(struct aggregates *a)
{
	bytecode_as(a, FORMAT_CSV);
}

/* A view written to stdout from the aggregates. */
typedef void view_writer(struct aggregates *a);

/* Each view of a perf.data, by its kind in file_kinds. */
static const struct {
	const char *kind;
	view_writer *write;
} writers[] = {
    {"flamegraph", flamegraph},
    {"python-flamegraph", python_flamegraph},
    {"flat", flat},
    {"calltree", calltree},
    {"categories", categories},
    {"categories-svg", categories_svg},
    {"python", python_text},
    {"python-csv", python_csv},
    {"python-json", python_json},
    {"bytecode", bytecode_text},
    {"bytecode-csv", bytecode_csv},
    {"bydso", bydso},
    {"folded", folded},
    {"python-folded", python_folded},
};
#define NWRITERS (sizeof writers / sizeof writers[0])

/*
 * Is k a view of a perf.data's samples: one every data set (of Python,
 * with python; with eval loop samples, with cpython) has, made from its
 * raw file or its folded stacks?  No meta.json says what a perf.data
 * ran: the eval loop's view is of one whose samples have its frames.
 */
static bool
is_sample_view(const struct file_kind *k, bool python, bool cpython)
{
	return k->origin == FILE_VIEW && k->tag == NULL &&
	       (k->input == VIEW_FROM_RAW || k->input == VIEW_FROM_FOLDED) &&
	       (!k->python || python) && (!k->cpython || cpython);
}

static view_writer *
writer_of(const struct file_kind *k)
{
	for (size_t i = 0; i < NWRITERS; i++)
		if (strcmp(writers[i].kind, k->kind) == 0)
			return writers[i].write;
	die(EXIT_DATA, "views: no way to write view %s of a perf.data",
	    k->kind);
}

/* One view into OUT/NAME<suffix>: stdout there, then renamed. */
static void
write_view(struct aggregates *a, const struct file_kind *k)
{
	char *path = xasprintf("%s/%s%s", a->v->out, a->v->name, k->suffix);
	char *tmp = xasprintf("%s.tmp", path);
	view_writer *write = writer_of(k);

	finish_output();
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int saved = fd >= 0 ? dup(STDOUT_FILENO) : -1;
	if (fd < 0 || saved < 0 || dup2(fd, STDOUT_FILENO) < 0)
		die_errno(EXIT_DATA, "%s", tmp);
	close(fd);
	write(a);
	bool ok = fflush(stdout) == 0 && !ferror(stdout);
	if (dup2(saved, STDOUT_FILENO) < 0)
		die_errno(EXIT_DATA, "stdout");
	close(saved);
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		die_errno(EXIT_DATA, "%s", path);
	}
	free(tmp);
	free(path);
}

/* A sample, after the profile took it: to the fold and the eval loop. */
static void
take_sample(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct aggregates *a = ctx;

	fold_take(&a->fold, s, root);
	bytecode_view_sample(a->bytecode, s, root);
}

/* The samples read once, into the profile, the fold and the eval loop. */
static void
read_samples(struct aggregates *a)
{
	struct view_options o;
	struct fold_options fo = {0};
	char *inputs[] = {(char *)a->v->path};

	memset(&o, 0, sizeof o);
	o.profile.input.event = a->v->event;
	/* The fold names in the profile's table, where the roots are. */
	fold_init(&a->fold, &fo, &a->profile.names);
	a->bytecode = bytecode_view_new(false);
	if (!view_load_with(&a->profile, &o, 1, inputs, take_sample, a))
		exit(EXIT_DATA); /* the profile said why */
	category_rules_load_or_exit(&a->rules, NULL);
	category_profile_init(&a->categories, &a->rules, 1, false, false);
	category_profile_count(&a->categories, &a->profile, 0);
	if (python_view_has_python(&a->profile)) {
		a->python = python_view_new(NULL);
		python_view_count(a->python, &a->profile);
	}
}

unsigned
perf_data_views_write(const struct perf_data_views *v)
{
	struct aggregates a;
	unsigned written = 0;

	if (access(v->path, R_OK) != 0)
		die_errno(EXIT_DATA, "%s", v->path);
	if (!input_is_perf_data(v->path))
		die(EXIT_DATA,
		    "%s: not a perf.data file (perf script text: give it to "
		    "each view, or record a data set)",
		    v->path);
	memset(&a, 0, sizeof a);
	a.v = v;
	read_samples(&a);
	dirs_make(v->out);
	for (size_t i = 0; i < file_kind_count; i++)
		if (is_sample_view(&file_kinds[i], a.python != NULL,
		                   bytecode_view_loop_samples(a.bytecode) >
		                       0)) {
			write_view(&a, &file_kinds[i]);
			written++;
		}
	python_view_free(a.python);
	bytecode_view_free(a.bytecode);
	category_profile_free(&a.categories);
	category_rules_free(&a.rules);
	fold_free(&a.fold);
	profile_free(&a.profile);
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

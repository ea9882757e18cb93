/*
 * publish_datasets.c - see publish_datasets.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "os/child.h"
#include "pages/view_make.h"
#include "suite/publish_datasets.h"

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

/* One meta.json of dir: a data set to publish, unless it cannot be. */
static void
add_source(struct publishing *p, const char *meta, const char *dir)
{
	char *id = file_kind_id_of(meta, NULL);
	struct dataset_id parsed;
	char why[256];

	if (!dataset_id_parse(id, &parsed, why, sizeof why)) {
		warnmsg("skipping %s: bad ID: %s", meta, why);
		free(id);
		return;
	}
	dataset_id_free(&parsed);
	char *raw = publish_raw_of(dir, id);
	struct publish_set *first = publish_set_of(p, id);
	if (raw == NULL) {
		if (first == NULL)
			warnmsg("skipping %s: no raw file beside it", meta);
	} else if (first != NULL) {
		if (publish_hash(raw) != first->raw_hash)
			warnmsg("%s: %s holds another recording of it than "
			        "%s: publishing the one of %s",
			        id, dir, first->dir, first->dir);
	} else {
		p->sets = array_reserve(p->sets, &p->sets_cap, p->nsets + 1,
		                        sizeof *p->sets);
		p->sets[p->nsets++] =
		    (struct publish_set){xstrdup(id), xstrdup(dir), raw,
		                         xstrdup(meta), publish_hash(raw)};
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
say_differences(struct publishing *p, const struct publish_set *s,
                bool there_short)
{
	char *there_meta = file_kind_path("meta", p->dest, s->id);
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
		const struct publish_set *s = &p->sets[i];
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
		publish_problem(
		    p,
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

/* Every file of one data set, from its directory (recorded) and OUT. */
static void
add_data_set_items(struct publishing *p, const struct publish_set *s)
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
			publish_add_item(p, path, publish_base_name(path));
		free(path);
	}
	metadata_free(&m);
}

/*
 * A recording replaced (force): the files of the one before that this one
 * has not (a raw file named otherwise, a stability report), while they
 * are as publish wrote them, so that no file of another recording is left
 * under the ID.
 */
static void
remove_replaced(struct publishing *p, const struct publish_set *s)
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
			if (f != NULL && !publish_is_item(p, name) &&
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

void
publish_find_datasets(struct publishing *p, const char *const data[], size_t n)
{
	char *pattern = xasprintf("*%s", file_kind_suffix("meta"));

	for (size_t d = 0; d < n; d++) {
		glob_t g;
		publish_glob(data[d], pattern, &g);
		for (size_t i = 0; i < g.gl_pathc; i++)
			add_source(p, g.gl_pathv[i], data[d]);
		globfree(&g);
	}
	free(pattern);
	check_recordings(p);
}

void
publish_datasets(struct publishing *p)
{
	const char *make = p->opt->make;

	for (size_t i = 0; i < p->nsets; i++) {
		struct publish_set *s = &p->sets[i];
		if (make == NULL) {
			/* Only views not current, as make views would. */
			struct view_files f = {.id = s->id,
			                       .raw = s->raw,
			                       .meta = s->meta,
			                       .out = p->opt->out};
			if (!view_current(s->dir, &f, NULL))
				view_render_all(s->dir, &f);
		} else if (*make != '\0') {
			render(make, s->id, s->dir, p->opt->out);
		}
		add_data_set_items(p, s);
	}
}

void
publish_datasets_listed(struct publishing *p)
{
	for (size_t i = 0; i < p->nsets; i++) {
		const struct manifest_dataset *d =
		    manifest_dataset(&p->m, p->sets[i].id);
		if (d != NULL && d->raw_hash != p->sets[i].raw_hash)
			remove_replaced(p, &p->sets[i]);
		manifest_add_dataset(&p->m, p->sets[i].id, p->sets[i].raw_hash,
		                     p->opt->paths == PUBLISH_PATHS_SHORT);
	}
}

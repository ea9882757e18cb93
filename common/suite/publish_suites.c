/*
 * publish_suites.c - see publish_suites.h.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/suite_file.h"
#include "suite/publish_suites.h"

/*
 * Is what NAME's README is the README of (a data set, a comparison, a
 * suite) in the destination once this is published?
 */
static bool
readme_published(const struct publishing *p, const char *name)
{
	return publish_has_dataset(p, name) ||
	       manifest_lists(p->m.comparisons, p->m.ncomparisons, name) ||
	       manifest_lists(p->m.suites, p->m.nsuites, name);
}

/*
 * The name of the README a link's target (n bytes) is, of a data set, a
 * comparison, a suite or two suites compared; else NULL.
 */
static char *
readme_link(const char *target, size_t n)
{
	const char *suffixes[] = {
	    file_kind_suffix("readme"), comparison_suffix("readme"),
	    suite_file_suffix("readme"), suites_compared_suffix("readme")};

	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
		size_t k = strlen(suffixes[i]);
		if (n >= k && memcmp(target + n - k, suffixes[i], k) == 0)
			return xstrndup(target, n - k);
	}
	return NULL;
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
			const char *end = strchr(l + 2, ')');
			char *name =
			    end != NULL
			        ? readme_link(l + 2, (size_t)(end - l - 2))
			        : NULL;
			if (name == NULL)
				continue;
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
 * Is all that NAME's readme links published?  Else a warning saying what
 * (a "kind" NAME) is skipped, and for want of what ("its data set " X).
 */
static bool
linked_published(struct publishing *p, const char *readme, const char *name,
                 const char *kind, const char *wanting)
{
	char *missing;

	if (!links_published(p, readme, &missing)) {
		warnmsg("skipping %s %s: %s%s is not published (not in %s)",
		        kind, name, wanting, missing, p->dest);
		free(missing);
		return false;
	}
	return true;
}

/*
 * The suite's files OUT has (suite_file_kinds; not the run's own, hidden
 * ones): its README first, its definition last, published with its data
 * sets beside it.
 */
static void
add_suite_items(struct publishing *p, const char *readme, const char *name)
{
	publish_add_if_there(p, readme);
	for (size_t i = 0; i < suite_file_kind_count; i++) {
		const struct suite_file_kind *k = &suite_file_kinds[i];
		if (k->prefix != NULL || strcmp(k->kind, "readme") == 0 ||
		    strcmp(k->kind, "definition") == 0)
			continue;
		char *part = suite_file_path(k->kind, p->opt->out, name);
		publish_add_if_there(p, part);
		free(part);
	}
	char *path = suite_file_path("definition", p->opt->out, name);

	if (access(path, F_OK) == 0) {
		publish_add_item(p, path, publish_base_name(path));
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
	char *path = suite_file_path("definition", p->opt->out, name);
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
		char *raw = publish_raw_of(m->data, m->id);
		const struct publish_set *src = publish_set_of(p, m->id);
		const struct manifest_dataset *d =
		    manifest_dataset(&p->m, m->id);
		if (raw == NULL)
			*why =
			    xasprintf("its data set %s has no raw file in %s",
			              m->id, m->data);
		else if (src == NULL && d == NULL)
			*why = xasprintf("its data set %s is not published",
			                 m->id);
		else if (publish_hash(raw) !=
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
	const char *base = publish_base_name(readme);

	if (f == NULL)
		return NULL;
	got = getline(&line, &cap, f);
	fclose(f);
	if (got > 8 && strncmp(line, "# Suite ", 8) == 0) {
		line[strcspn(line, "\n")] = '\0';
		/* The README of that suite, not a copy under another name. */
		if (strlen(base) == strlen(line + 8) +
		                        strlen(suite_file_suffix("readme")) &&
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
void
publish_suites(struct publishing *p)
{
	char *pattern = xasprintf("*%s", suite_file_suffix("readme"));
	glob_t g;

	publish_glob(p->opt->out, pattern, &g);
	free(pattern);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *name = suite_name(g.gl_pathv[i]), *why;
		if (name == NULL)
			continue;
		if (!suite_data_published(p, name, &why)) {
			warnmsg("skipping the suite %s: %s", name, why);
			free(why);
		} else if (linked_published(p, g.gl_pathv[i], name, "the suite",
		                            "its data set ")) {
			add_suite_items(p, g.gl_pathv[i], name);
			manifest_add_suite(&p->m, name);
		}
		free(name);
	}
	globfree(&g);
}

/* The files beside a comparison of two suites' README that OUT has. */
static void
add_suites_compared_items(struct publishing *p, const char *name)
{
	for (size_t k = 0; k < suites_compared_kind_count; k++) {
		const char *kind = suites_compared_kinds[k].kind;
		if (strcmp(kind, "readme") == 0)
			continue;
		char *path = suites_compared_path(kind, p->opt->out, name);
		publish_add_if_there(p, path);
		free(path);
	}
}

/*
 * OUT's comparisons of two suites (compare-suites: S1-vs-S2-README.md,
 * whose first line is "# Suites compared: "), when both suites and every
 * benchmark's comparison it links are published.
 */
void
publish_suite_comparisons(struct publishing *p)
{
	static const char first[] = "# Suites compared: ";
	glob_t g;

	publish_glob_comparisons(p, suites_compared_suffix("readme"), &g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "re");
		char head[sizeof first] = "";
		if (f == NULL)
			die_errno(EXIT_DATA, "%s", g.gl_pathv[i]);
		size_t got = fread(head, 1, sizeof head - 1, f);
		fclose(f);
		if (got != sizeof head - 1 || strcmp(head, first) != 0)
			continue;
		char *name = publish_comparison_of(
		    g.gl_pathv[i], suites_compared_suffix("readme"));
		if (linked_published(p, g.gl_pathv[i], name,
		                     "the comparison of suites", "")) {
			publish_add_if_there(p, g.gl_pathv[i]);
			add_suites_compared_items(p, name);
			manifest_add_suite_comparison(&p->m, name);
		}
		free(name);
	}
	globfree(&g);
}

/*
 * A suite's definition as published: its data sets are beside it (every
 * directory "."), and its paths shortened as the rest's.
 */
void
publish_stage_definition(struct publishing *p, struct publish_item *it)
{
	struct suite_file s;
	char why[1024], *text = NULL;
	size_t n = 0;
	FILE *mem = xopen_memstream(&text, &n);
	if (!suite_file_read(&s, it->src, why, sizeof why))
		die(EXIT_DATA, "%s", why);
	suite_file_relocate(&s, ".");
	suite_file_write(mem, &s);
	suite_file_free(&s);
	xclose_memstream(mem);
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

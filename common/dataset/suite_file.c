/*
 * suite_file.c - see suite_file.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/json_flat.h"
#include "base/json_write.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/dataset_id.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "dataset/suite_file.h"

static const char format_name[] = "perfviews suite 1";

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* The Python of a recorded data set's meta.json. */
static void
python_of(struct suite_file *s, const char *meta)
{
	struct metadata m;
	char why[512];

	metadata_init(&m);
	if (metadata_read_json(&m, meta, why, sizeof why)) {
		s->python = dup_or_null(metadata_get(&m, "python.executable"));
		s->python_version =
		    dup_or_null(metadata_get(&m, "python.version"));
		s->build = metadata_build_label(&m);
	} else
		warnmsg("%s", why);
	metadata_free(&m);
}

void
suite_file_make(struct suite_file *s, const char *name, const char *data,
                char *const ids[], size_t n)
{
	char when[32];
	time_t t = time(NULL);
	char *abs = realpath(data, NULL);

	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	s->date = xstrdup(when);
	s->data = abs != NULL ? abs : xstrdup(data);
	s->members = xcalloc(n + 1, sizeof *s->members);
	for (size_t i = 0; i < n; i++) {
		struct dataset_id id;
		dataset_id_parse_or_die(ids[i], &id);
		if (i == 0) {
			s->frequency = id.hz;
			s->runs = id.runs;
			s->tags = xcalloc(id.ntags + 1, sizeof *s->tags);
			for (size_t k = 0; k < id.ntags; k++)
				s->tags[k] = xstrdup(id.tags[k]);
			s->ntags = id.ntags;
		}
		struct suite_member *m = &s->members[s->n++];
		const char *w = id.workload;
		m->benchmark = xstrdup(strncmp(w, "bm_", 3) == 0 ? w + 3 : w);
		m->id = xstrdup(ids[i]);
		m->data = xstrdup(s->data);
		char *meta = file_kind_path("meta", m->data, m->id);
		m->recorded = access(meta, F_OK) == 0;
		if (m->recorded && s->build == NULL)
			python_of(s, meta);
		free(meta);
		dataset_id_free(&id);
	}
}

void
suite_file_write(FILE *out, const struct suite_file *s)
{
	fputs("{\n  ", out);
	json_write_member(out, "format", format_name);
	fputs(",\n  ", out);
	json_write_member(out, "name", s->name);
	fputs(",\n  ", out);
	json_write_member(out, "date", s->date);
	fputs(",\n  \"python\": {", out);
	json_write_member(out, "executable", s->python);
	fputs(", ", out);
	json_write_member(out, "version", s->python_version);
	fputs(", ", out);
	json_write_member(out, "build", s->build);
	fprintf(out, "},\n  \"frequency\": %u,\n  \"runs\": %u,\n  \"tags\": [",
	        s->frequency, s->runs);
	for (size_t i = 0; i < s->ntags; i++) {
		fputs(i > 0 ? ", " : "", out);
		json_write_string(out, span_cstr(s->tags[i]));
	}
	fputs("],\n  ", out);
	json_write_member(out, "data", s->data);
	fputs(",\n  \"datasets\": [", out);
	for (size_t i = 0; i < s->n; i++) {
		const struct suite_member *m = &s->members[i];
		fputs(i > 0 ? ",\n    {" : "\n    {", out);
		json_write_member(out, "benchmark", m->benchmark);
		fputs(", ", out);
		json_write_member(out, "id", m->id);
		fputs(", ", out);
		json_write_member(out, "data", m->data);
		fprintf(out, ", \"recorded\": %s}",
		        m->recorded ? "true" : "false");
	}
	fputs(s->n > 0 ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* A string at path, or NULL (absent, null, or not a string). */
static char *
string_at(const struct json_flat *doc, const char *path)
{
	const struct json_entry *e = json_flat_find(doc, path);

	return e != NULL && e->kind == JSON_STRING ? xstrdup(e->value) : NULL;
}

static unsigned
number_at(const struct json_flat *doc, const char *path)
{
	const struct json_entry *e = json_flat_find(doc, path);

	return e != NULL && e->kind == JSON_NUMBER
	           ? (unsigned)strtoul(e->value, NULL, 10)
	           : 0;
}

/* The members, datasets.0... until one is missing; false if one is bad. */
static bool
read_members(struct suite_file *s, const struct json_flat *doc)
{
	char key[64];

	for (size_t i = 0;; i++) {
		snprintf(key, sizeof key, "datasets.%zu.id", i);
		if (json_flat_find(doc, key) == NULL)
			return true;
		s->members =
		    xreallocarray(s->members, i + 1, sizeof *s->members);
		struct suite_member *m = &s->members[s->n++];
		memset(m, 0, sizeof *m);
		m->id = string_at(doc, key);
		snprintf(key, sizeof key, "datasets.%zu.benchmark", i);
		m->benchmark = string_at(doc, key);
		snprintf(key, sizeof key, "datasets.%zu.data", i);
		m->data = string_at(doc, key);
		snprintf(key, sizeof key, "datasets.%zu.recorded", i);
		const struct json_entry *r = json_flat_find(doc, key);
		m->recorded = r != NULL && r->kind == JSON_TRUE;
		if (m->id == NULL || m->benchmark == NULL || m->data == NULL)
			return false;
	}
}

/*
 * A relative directory of the file at path (a published definition's
 * "."): made from the file's own directory, as a link in a page is.
 */
static void
directory_from(char **dir, const char *path)
{
	if (**dir == '/')
		return;
	const char *slash = strrchr(path, '/');
	char *base = slash != NULL ? xstrndup(path, (size_t)(slash - path + 1))
	                           : xstrdup("./");
	char *abs = realpath(base, NULL);
	char *joined = strcmp(*dir, ".") == 0
	                   ? xstrdup(abs != NULL ? abs : base)
	                   : xasprintf("%s/%s", abs != NULL ? abs : base, *dir);
	free(abs);
	free(base);
	free(*dir);
	*dir = joined;
}

bool
suite_file_read(struct suite_file *s, const char *path, char *why,
                size_t whylen)
{
	struct json_flat doc;
	char key[32];

	memset(s, 0, sizeof *s);
	if (!json_flat_read_file(path, &doc, why, whylen))
		return false;
	char *format = string_at(&doc, "format");
	bool ok = format != NULL && strcmp(format, format_name) == 0;
	free(format);
	if (ok) {
		s->name = string_at(&doc, "name");
		s->date = string_at(&doc, "date");
		s->python = string_at(&doc, "python.executable");
		s->python_version = string_at(&doc, "python.version");
		s->build = string_at(&doc, "python.build");
		s->frequency = number_at(&doc, "frequency");
		s->runs = number_at(&doc, "runs");
		s->data = string_at(&doc, "data");
		for (size_t i = 0;; i++) {
			snprintf(key, sizeof key, "tags.%zu", i);
			char *tag = string_at(&doc, key);
			if (tag == NULL)
				break;
			s->tags =
			    xreallocarray(s->tags, i + 1, sizeof *s->tags);
			s->tags[s->ntags++] = tag;
		}
		ok =
		    s->name != NULL && s->data != NULL && read_members(s, &doc);
	}
	json_flat_free(&doc);
	if (ok) {
		directory_from(&s->data, path);
		for (size_t i = 0; i < s->n; i++)
			directory_from(&s->members[i].data, path);
	}
	if (!ok) {
		snprintf(why, whylen,
		         "%s: not a suite's definition (\"format\": \"%s\", "
		         "a name, data and datasets each with benchmark, id "
		         "and data)",
		         path, format_name);
		suite_file_free(s);
	}
	return ok;
}

const struct suite_file_kind suite_file_kinds[] = {
    {.kind = "readme",
     .suffix = "-README.md",
     .what = "the suite: a row per data set (its README linked) with its "
             "top functions and shares, by category, and where the run's "
             "time went"},
    {.kind = "definition",
     .suffix = "-suite.json",
     .what = "its definition: name, Python, setting, each data set and "
             "where it is (what `perfviews compare-suites` reads)"},
    {.kind = "categories",
     .suffix = "-categories.txt",
     .what = "its data sets by category (`bycategory --each`), a column "
             "each"},
    {.kind = "categories-svg",
     .suffix = "-categories.svg",
     .what = "the same as a chart, a bar per data set"},
    {.kind = "loops",
     .suffix = "-loops.json",
     .what = "the loops pyperf calibrated for each benchmark "
             "(`--same-loops`): another build's `make suite LOOPS=FILE` "
             "runs the same"},
    {.kind = "log",
     .prefix = ".",
     .suffix = "-suite.log",
     .what = "the run's log: its start, and each recording's step "
             "(`perfviews suite step`), which the README times and "
             "`perfviews suite report` reads"},
    {.kind = "locate-cache",
     .prefix = ".",
     .suffix = "-locate.cache",
     .what = "what the DSOs' debug information answered, shared by every "
             "view of the run (locate_cache.h), removed after them"},
};
const size_t suite_file_kind_count =
    sizeof suite_file_kinds / sizeof suite_file_kinds[0];

const struct suite_file_kind suites_compared_kinds[] = {
    {.kind = "readme",
     .suffix = "-README.md",
     .what = "the comparison: both suites, the timing ratios and their "
             "geometric mean, the categories and functions that changed "
             "most, a row per benchmark linking its `make compare` "
             "files"},
    {.kind = "timing",
     .suffix = "-timing.csv",
     .what = "a row per benchmark: "
             "`benchmark,a_seconds,b_seconds,ratio,significant,"
             "a_cpu_seconds,b_cpu_seconds,cpu_ratio,cpu_significant,"
             "disagree` (pyperf's means per loop; empty where a side has "
             "none)"},
    {.kind = "categories",
     .suffix = "-categories.csv",
     .what = "a row per benchmark and category: both sides' self values "
             "in the unit named (ms per loop where the loops are known), "
             "the change, both shares (percent of each side's samples) and "
             "their change, p, q (Benjamini–Hochberg over all rows) and "
             "`significant`"},
    {.kind = "categories-svg",
     .suffix = "-categories.svg",
     .what = "the same as a chart: per benchmark, the categories that "
             "changed most, bars left (less) or right (more) of one axis, "
             "significant ones outlined, the others muted"},
    {.kind = "json",
     .suffix = "-comparison.json",
     .what = "all of it for scripts: both suites, the geometric mean, each "
             "benchmark's timing and categories"},
};
const size_t suites_compared_kind_count =
    sizeof suites_compared_kinds / sizeof suites_compared_kinds[0];

/* The row of kind in table (n rows); fatal when there is none. */
static const struct suite_file_kind *
kind_named(const struct suite_file_kind *table, size_t n, const char *kind,
           const char *of)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(table[i].kind, kind) == 0)
			return &table[i];
	die(EXIT_DATA, "no kind of %s file %s (suite_file.c)", of, kind);
}

/* "DIR/[prefix]NAME<suffix>" of row k. */
static char *
kind_path(const struct suite_file_kind *k, const char *dir, const char *name)
{
	return xasprintf("%s/%s%s%s", dir, k->prefix != NULL ? k->prefix : "",
	                 name, k->suffix);
}

const char *
suite_file_suffix(const char *kind)
{
	return kind_named(suite_file_kinds, suite_file_kind_count, kind,
	                  "suite")
	    ->suffix;
}

char *
suite_file_path(const char *kind, const char *dir, const char *name)
{
	return kind_path(
	    kind_named(suite_file_kinds, suite_file_kind_count, kind, "suite"),
	    dir, name);
}

const char *
suites_compared_suffix(const char *kind)
{
	return kind_named(suites_compared_kinds, suites_compared_kind_count,
	                  kind, "suites compared")
	    ->suffix;
}

char *
suites_compared_path(const char *kind, const char *dir, const char *name)
{
	return kind_path(kind_named(suites_compared_kinds,
	                            suites_compared_kind_count, kind,
	                            "suites compared"),
	                 dir, name);
}

void
suite_file_find_or_die(struct suite_file *s, const char *out, const char *given)
{
	size_t n = strlen(given);
	bool path = strchr(given, '/') != NULL ||
	            (n > 5 && strcmp(given + n - 5, ".json") == 0);
	char *file =
	    path ? xstrdup(given) : suite_file_path("definition", out, given);
	char why[1024];

	if (!suite_file_read(s, file, why, sizeof why)) {
		if (path)
			die(EXIT_DATA, "%s", why);
		die(EXIT_DATA,
		    "%s (make suite SUITE=NAME writes OUT/NAME%s; give OUT=DIR "
		    "where it is, or the file's path)",
		    why, suite_file_suffix("definition"));
	}
	free(file);
}

void
suite_file_relocate(struct suite_file *s, const char *data)
{
	free(s->data);
	s->data = xstrdup(data);
	for (size_t i = 0; i < s->n; i++) {
		free(s->members[i].data);
		s->members[i].data = xstrdup(data);
	}
}

const struct suite_member *
suite_file_member(const struct suite_file *s, const char *benchmark)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->members[i].benchmark, benchmark) == 0)
			return &s->members[i];
	return NULL;
}

void
suite_file_free(struct suite_file *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->members[i].benchmark);
		free(s->members[i].id);
		free(s->members[i].data);
	}
	for (size_t i = 0; i < s->ntags; i++)
		free(s->tags[i]);
	free(s->tags);
	free(s->members);
	free(s->name);
	free(s->date);
	free(s->python);
	free(s->python_version);
	free(s->build);
	free(s->data);
	memset(s, 0, sizeof *s);
}

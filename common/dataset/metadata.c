/*
 * metadata.c - see metadata.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "base/json_flat.h"
#include "dataset/metadata.h"
#include "base/json_write.h"
#include "os/dirs.h"

void
metadata_init(struct metadata *m)
{
	m->values = xcalloc(meta_field_count, sizeof *m->values);
}

void
metadata_free(struct metadata *m)
{
	for (size_t i = 0; i < meta_field_count; i++)
		free(m->values[i]);
	free(m->values);
	m->values = NULL;
}

static bool
all_digits(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

/* "12", "0.25": digits, then at most one '.' followed by digits. */
static bool
decimal(const char *s)
{
	size_t whole = strspn(s, "0123456789");

	if (whole == 0)
		return false;
	if (s[whole] == '\0')
		return true;
	return s[whole] == '.' && all_digits(s + whole + 1);
}

static bool
is_list(enum meta_kind kind)
{
	return kind == META_STRING_LIST || kind == META_NUMBER_LIST ||
	       kind == META_DECIMAL_LIST;
}

/* Every word of a list is a number (a decimal, with a fraction). */
static bool
all_numbers(const char *s, bool fraction)
{
	char *copy = xstrdup(s), *save = NULL;
	bool ok = true;

	for (char *w = strtok_r(copy, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save))
		ok = ok && (fraction ? decimal(w) : all_digits(w));
	free(copy);
	return ok;
}

bool
metadata_set(struct metadata *m, const char *path, const char *value, char *why,
             size_t whylen)
{
	int i = metadata_field(path);

	if (i < 0) {
		snprintf(why, whylen, "unknown metadata field '%s'", path);
		return false;
	}
	if (value != NULL && *value != '\0') {
		if (meta_fields[i].kind == META_NUMBER && !all_digits(value)) {
			snprintf(why, whylen, "%s: not a number: '%s'", path,
			         value);
			return false;
		}
		if (meta_fields[i].kind == META_DECIMAL && !decimal(value)) {
			snprintf(why, whylen, "%s: not a number: '%s'", path,
			         value);
			return false;
		}
		if ((meta_fields[i].kind == META_NUMBER_LIST ||
		     meta_fields[i].kind == META_DECIMAL_LIST) &&
		    !all_numbers(value,
		                 meta_fields[i].kind == META_DECIMAL_LIST)) {
			snprintf(why, whylen, "%s: not a list of numbers: '%s'",
			         path, value);
			return false;
		}
	}
	free(m->values[i]);
	m->values[i] = NULL;
	if (value == NULL || *value == '\0')
		return true;
	if (is_list(meta_fields[i].kind) && value[strspn(value, " ")] == '\0')
		m->values[i] = xstrdup(""); /* known to be empty */
	else
		m->values[i] = xstrdup(value);
	return true;
}

void
metadata_set_or_die(struct metadata *m, const char *path, const char *value)
{
	char why[512];

	if (!metadata_set(m, path, value, why, sizeof why))
		die(EXIT_DATA, "%s", why);
}

void
metadata_set_id(struct metadata *m, const struct dataset_id *id)
{
	char hz[16], runs[16], tags[DATASET_ID_MAX_TAGS * 64] = " ";
	size_t len = 0;

	snprintf(hz, sizeof hz, "%" PRIu32, id->hz);
	snprintf(runs, sizeof runs, "%" PRIu32, id->runs);
	for (size_t i = 0; i < id->ntags && len < sizeof tags; i++)
		len += (size_t)snprintf(tags + len, sizeof tags - len, "%s%s",
		                        i ? " " : "", id->tags[i]);
	const char *const fields[][2] = {
	    {"id", id->text},        {"workload.name", id->workload},
	    {"tool.name", id->tool}, {"tool.frequency", hz},
	    {"tool.runs", runs},     {"tags", tags},
	};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		char why[256];
		if (!metadata_set(m, fields[i][0], fields[i][1], why,
		                  sizeof why))
			die(EXIT_DATA, "%s", why); /* a parsed ID is valid */
	}
}

void
metadata_assign(struct metadata *m, const char *assignment, const char *where)
{
	const char *eq = strchr(assignment, '=');
	char why[512];

	if (eq == NULL)
		die(EXIT_DATA, "%s: not FIELD=VALUE: '%s'", where, assignment);
	char *field = xstrndup(assignment, (size_t)(eq - assignment));
	bool ok = metadata_set(m, field, eq + 1, why, sizeof why);
	free(field);
	if (!ok)
		die(EXIT_DATA, "%s: %s", where, why);
}

void
metadata_assign_file(struct metadata *m, const char *path)
{
	int fd = input_open(path);
	FILE *f = fd == STDIN_FILENO ? stdin : input_stream(fd);
	char *line = NULL, where[1024];
	size_t cap = 0;
	unsigned long lineno = 0;
	ssize_t n;

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", path);
	while ((n = getline(&line, &cap, f)) != -1) {
		lineno++;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		if (n == 0 || line[0] == '#')
			continue;
		snprintf(where, sizeof where, "%s:%lu", input_name(path),
		         lineno);
		metadata_assign(m, line, where);
	}
	if (ferror(f))
		die_errno(EXIT_DATA, "%s", input_name(path));
	free(line);
	if (f != stdin)
		fclose(f);
	input_close(fd);
}

const char *
metadata_get(const struct metadata *m, const char *path)
{
	int i = metadata_field(path);
	return i < 0 ? NULL : m->values[i];
}

bool
metadata_has_tag(const struct metadata *m, const char *tag)
{
	const char *list = metadata_get(m, "tags");
	size_t n = strlen(tag);

	for (const char *p = list; p != NULL && *p != '\0';) {
		size_t len = strcspn(p, " ");
		if (len == n && memcmp(p, tag, n) == 0)
			return true;
		p += len + strspn(p + len, " ");
	}
	return false;
}

static void
write_value(FILE *out, const char *value, enum meta_kind kind)
{
	if (value == NULL) {
		fputs("null", out);
		return;
	}
	if (kind == META_STRING) {
		json_write_string(out, span_cstr(value));
		return;
	}
	if (kind == META_NUMBER || kind == META_DECIMAL) {
		fputs(value, out);
		return;
	}
	/* A list: words, possibly none. */
	char *copy = xstrdup(value), *save = NULL;
	const char *sep = "";
	fputc('[', out);
	for (char *w = strtok_r(copy, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save)) {
		fputs(sep, out);
		if (kind == META_NUMBER_LIST || kind == META_DECIMAL_LIST)
			fputs(w, out);
		else
			json_write_string(out, span_cstr(w));
		sep = ", ";
	}
	fputc(']', out);
	free(copy);
}

enum { MAX_SECTION_DEPTH = 8 };

/* Split a path into its components, at most max; returns how many. */
static size_t
split_path(const char *path, struct span *parts, size_t max)
{
	size_t n = 0;
	const char *start = path;

	for (const char *p = path;; p++) {
		if (*p != '.' && *p != '\0')
			continue;
		if (n < max)
			parts[n++] = span_make(start, (size_t)(p - start));
		if (*p == '\0')
			break;
		start = p + 1;
	}
	return n;
}

static void
indent(FILE *out, size_t depth)
{
	fprintf(out, "\n%*s", (int)(2 * depth), "");
}

void
metadata_write(const struct metadata *m, FILE *out)
{
	struct span open[MAX_SECTION_DEPTH]; /* the open objects' names */
	size_t nopen = 0;
	bool first = true; /* nothing written yet in the innermost object */

	fputc('{', out);
	for (size_t i = 0; i < meta_field_count; i++) {
		struct span parts[MAX_SECTION_DEPTH + 1];
		size_t n = split_path(meta_fields[i].path, parts,
		                      MAX_SECTION_DEPTH + 1);
		size_t nsections = n - 1;
		size_t common = 0;
		while (common < nopen && common < nsections &&
		       span_eq(open[common], parts[common]))
			common++;
		while (nopen > common) {
			indent(out, nopen);
			fputc('}', out);
			nopen--;
			first = false;
		}
		while (nopen < nsections) {
			fputs(first ? "" : ",", out);
			indent(out, nopen + 1);
			json_write_string(out, parts[nopen]);
			fputs(": {", out);
			open[nopen] = parts[nopen];
			nopen++;
			first = true;
		}
		fputs(first ? "" : ",", out);
		indent(out, nopen + 1);
		json_write_string(out, parts[n - 1]);
		fputs(": ", out);
		write_value(out, m->values[i], meta_fields[i].kind);
		first = false;
	}
	while (nopen > 0) {
		indent(out, nopen);
		fputc('}', out);
		nopen--;
	}
	fputs("\n}\n", out);
}

/* Append a word to a list value held as text, in *cap bytes. */
static void
append_word(char **value, size_t *cap, const char *word)
{
	size_t old = *value != NULL ? strlen(*value) : 0;
	size_t n = strlen(word);
	*value = array_reserve(*value, cap, old + n + 2, 1);
	if (old > 0)
		(*value)[old++] = ' ';
	memcpy(*value + old, word, n + 1);
}

bool
metadata_read_json(struct metadata *m, const char *file, char *why,
                   size_t whylen)
{
	struct json_flat doc;

	if (!json_flat_read_file(file, &doc, why, whylen))
		return false;
	size_t *caps = xcalloc(meta_field_count, sizeof *caps); /* of lists */
	for (size_t i = 0; i < doc.count; i++) {
		const struct json_entry *e = &doc.entries[i];
		int f = metadata_field(e->path);
		if (e->kind == JSON_EMPTY_ARRAY && f >= 0 &&
		    is_list(meta_fields[f].kind)) {
			free(m->values[f]);
			m->values[f] = xstrdup(""); /* known to be empty */
			continue;
		}
		if (e->value == NULL)
			continue; /* null, or a boolean no field has */
		if (f >= 0 && !is_list(meta_fields[f].kind)) {
			free(m->values[f]);
			m->values[f] = xstrdup(e->value);
			continue;
		}
		/* A list element: "tags.0". */
		char *path = xstrdup(e->path);
		char *dot = strrchr(path, '.');
		if (dot != NULL) {
			*dot = '\0';
			f = metadata_field(path);
			if (f >= 0 && is_list(meta_fields[f].kind)) {
				if (caps[f] == 0) { /* the file's list, anew */
					free(m->values[f]);
					m->values[f] = NULL;
				}
				append_word(&m->values[f], &caps[f], e->value);
			}
		}
		free(path);
	}
	free(caps);
	json_flat_free(&doc);
	if (metadata_get(m, "id") == NULL) {
		snprintf(why, whylen,
		         "%s: no \"id\": not the meta.json of a data set "
		         "(perfviews(5))",
		         file);
		return false;
	}
	return true;
}

void
metadata_read_or_die(struct metadata *m, const char *file)
{
	char why[1024];

	metadata_init(m);
	if (!metadata_read_json(m, file, why, sizeof why))
		die(EXIT_DATA, "%s", why);
}

void
metadata_print_field(FILE *out, const char *meta, const char *field)
{
	struct metadata m;

	if (metadata_field(field) < 0)
		usage_error("get: unknown field '%s' (see perfviews meta "
		            "--fields)",
		            field);
	metadata_read_or_die(&m, meta);
	const char *v = metadata_get(&m, field);
	if (v != NULL)
		fprintf(out, "%s\n", v);
	metadata_free(&m);
}

const char *const meta_build_fields[] = {
    "python.executable",
    "python.version",
    "python.implementation",
    "python.build.git_revision",
    "python.build.configure_args",
    "python.build.options",
    NULL,
};

bool
metadata_same_build(const struct metadata *a, const struct metadata *b)
{
	for (size_t i = 0; meta_build_fields[i] != NULL; i++) {
		const char *x = metadata_get(a, meta_build_fields[i]);
		const char *y = metadata_get(b, meta_build_fields[i]);
		if ((x == NULL) != (y == NULL) ||
		    (x != NULL && strcmp(x, y) != 0))
			return false;
	}
	return true;
}

char *
metadata_build_label(const struct metadata *m)
{
	const char *version = metadata_get(m, "python.version");
	const char *impl = metadata_get(m, "python.implementation");
	const char *options = metadata_get(m, "python.build.options");
	const char *revision = metadata_get(m, "python.build.git_revision");
	const char *path = metadata_get(m, "python.executable");
	char *text = NULL;
	size_t n = 0;

	if (version == NULL && path == NULL)
		return NULL;
	FILE *out = xopen_memstream(&text, &n);
	if (impl == NULL || strcmp(impl, "cpython") == 0)
		fputs(impl == NULL ? "Python" : "CPython", out);
	else
		fputs(impl, out);
	if (version != NULL) {
		/* "3.12.1 (main, Dec 1 2026, 10:00:00) [GCC 12.2.0]": the
		 * number and the build tag, not the compiler. */
		size_t len = strcspn(version, "[");
		while (len > 0 && version[len - 1] == ' ')
			len--;
		fprintf(out, " %.*s", (int)len, version);
	}
	if (options != NULL && *options != '\0')
		fprintf(out, " [%s]", options);
	if (revision != NULL)
		fprintf(out, ", revision %.12s", revision);
	if (path != NULL)
		fprintf(out, " at %s", path);
	xclose_memstream(out);
	return text;
}

static void
metadata_text(FILE *f, void *m)
{
	metadata_write(m, f);
}

void
metadata_write_file(const struct metadata *m, const char *path)
{
	dirs_write_whole(path, metadata_text, (void *)m);
}

const char *
metadata_known(const struct metadata *m, const char *field)
{
	const char *v = metadata_get(m, field);
	if (v == NULL)
		return "unknown";
	return *v == '\0' ? "none" : v;
}

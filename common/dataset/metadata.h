/*
 * metadata.h - a data set's meta.json (perfviews(5): every field).
 *
 * The fields are fixed: each is named by its dotted path in the JSON
 * document ("python.build.git_revision") and has a kind.  Values are held
 * as text and set by path; a field never set (or set to the empty string)
 * is written as null: unknown values are never guessed.  Lists are held as
 * space-separated words; a list set to blanks (" ") is known to be empty:
 * its value is "" and it is written [], where an unknown list is null.
 *
 * metadata_write always writes valid JSON with every field, in the order of
 * the schema, strings escaped so that any bytes make valid UTF-8 JSON.
 * metadata_read_json reads such a file back (unknown paths are ignored, so
 * a newer file still reads).
 */
#ifndef PERFVIEWS_METADATA_H
#define PERFVIEWS_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dataset/dataset_id.h"
#include "dataset/metadata_fields.h"

struct metadata {
	char **values; /* by field index; NULL is null */
};

void metadata_init(struct metadata *m);
void metadata_free(struct metadata *m);

/*
 * Set a field by path; the empty string sets null.  False, with the reason
 * in why, for an unknown path or a number field given something else.
 */
bool metadata_set(struct metadata *m, const char *path, const char *value,
                  char *why, size_t whylen);
/* The same, fatal (exit 1, the reason) when the value is refused. */
void metadata_set_or_die(struct metadata *m, const char *path,
                         const char *value);

/*
 * Set the fields an ID tells: id, workload.name, tool.name,
 * tool.frequency, tool.runs and tags (an ID without tags has none).
 */
void metadata_set_id(struct metadata *m, const struct dataset_id *id);

/*
 * "FIELD=VALUE", or each such line of a file ("-" is stdin; blank lines
 * and '#' comments are skipped).  A bad line is fatal (exit 1), the
 * message naming where ("--set", "file:3").
 */
void metadata_assign(struct metadata *m, const char *assignment,
                     const char *where);
void metadata_assign_file(struct metadata *m, const char *path);

/* The value of a field, or NULL when null or unknown. */
const char *metadata_get(const struct metadata *m, const char *path);

/* Is tag one of the words of the field tags? */
bool metadata_has_tag(const struct metadata *m, const char *tag);

/*
 * `perfviews get`: field of the meta.json file meta, on a line; nothing
 * when it is null.  An unknown field is a usage error.
 */
void metadata_print_field(FILE *out, const char *meta, const char *field);

/*
 * Which Python build a data set is, in words (a new string): the
 * implementation and version, sys.version's build tag, the build options,
 * the git revision when known, and the interpreter's path:
 * "CPython 3.12.1 (main, Dec 1 2026, 10:00:00) [shared] at /usr/bin/python3".
 * NULL when the data set does not know its Python.
 */
char *metadata_build_label(const struct metadata *m);

/*
 * Are a and b of one build?  The fields that tell builds apart
 * (meta_build_fields: the interpreter's path, sys.version with its build
 * date, the revision, configure's arguments, the options) all agree, an
 * unknown field agreeing only with an unknown one.
 */
bool metadata_same_build(const struct metadata *a, const struct metadata *b);
extern const char *const meta_build_fields[];

void metadata_write(const struct metadata *m, FILE *out);

/* m into the file path, replaced whole (dirs_write_whole); fatal on failure. */
void metadata_write_file(const struct metadata *m, const char *path);

/* Read a meta.json file; false, with the reason in why, when it is bad. */
bool metadata_read_json(struct metadata *m, const char *file, char *why,
                        size_t whylen);

/* metadata_init, then read a meta.json file or end with the reason. */
void metadata_read_or_die(struct metadata *m, const char *file);

/*
 * A field's text for a reader: its value, "none" when empty, "unknown"
 * when meta.json does not have it (an older data set).
 */
const char *metadata_known(const struct metadata *m, const char *field);

#endif

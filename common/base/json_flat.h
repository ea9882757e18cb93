/*
 * json_flat.h - reading a JSON document as a flat list of leaf values.
 *
 * Each scalar of the document becomes one entry named by its path: object
 * keys joined with '.', array elements by their index ("python.version",
 * "samples.per_run.2").  Strings are unescaped to UTF-8 (\uXXXX pairs
 * included); numbers keep their text; true, false, null and an empty
 * array are kinds (an empty array is an entry, an empty object is none).
 * Meant for small documents such as a data set's meta.json: the whole
 * document is held in memory, and a malformed one is rejected with the
 * byte offset of the problem.
 */
#ifndef PERFVIEWS_JSON_FLAT_H
#define PERFVIEWS_JSON_FLAT_H

#include <stdbool.h>
#include <stddef.h>

enum json_kind {
	JSON_STRING,
	JSON_NUMBER,
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL,
	JSON_EMPTY_ARRAY, /* "[]": an entry, so that it is told from absent */
};

struct json_entry {
	char *path;
	char *value; /* text of a string or number; NULL for the others */
	enum json_kind kind;
};

struct json_flat {
	struct json_entry *entries;
	size_t count;
	size_t cap;
};

/*
 * Parse text[0..n).  On success fill doc (free it with json_flat_free) and
 * return true; otherwise write the reason, with its byte offset, to why
 * and return false (doc is then empty).
 */
bool json_flat_parse(const char *text, size_t n, struct json_flat *doc,
                     char *why, size_t whylen);
void json_flat_free(struct json_flat *doc);

/*
 * The same for the whole of the file at path; why then names the file and
 * says what is wrong (cannot be read, or not JSON and where).
 */
bool json_flat_read_file(const char *path, struct json_flat *doc, char *why,
                         size_t whylen);

/* The entry at path, or NULL. */
const struct json_entry *json_flat_find(const struct json_flat *doc,
                                        const char *path);

#endif

/*
 * short_paths.h - the recording machine's paths shortened, for publishing
 * (`make publish PUBLISH_PATHS=short`): home directories, virtual
 * environments, the data directories and temporary directories replaced by
 * a placeholder each; every other byte of a text kept as it was.
 *
 * A path is a run of path characters (letters, digits, "._-+@%~" and '/')
 * that starts with '/' after a character that is not one, or after an
 * option it is attached to: in "(/usr/x)", "py::f:/root/x.py",
 * "--prefix=/root/.pyenv" and "-L/root/lib" alike.  Its prefix is
 * replaced by the first rule that applies:
 *
 *   DIR/lib/pythonX.Y/site-packages/  $VENV/  (a virtual environment's
 *                                              packages, or an install's;
 *                                              also dist-packages)
 *   each data directory (absolute)    $DATA/
 *   /root/, /home/NAME/, $HOME/       ~/
 *   /tmp/, /var/tmp/, $TMPDIR/        $TMP/
 *
 * Placeholders hold no character that XML, JSON, Markdown or the perf
 * script and folded formats treat specially, so a shortened file reads
 * as the original did.
 */
#ifndef PERFVIEWS_SHORT_PATHS_H
#define PERFVIEWS_SHORT_PATHS_H

#include <stddef.h>
#include <stdio.h>

#define SHORT_PATHS_MAX 16

struct short_paths {
	char *prefix[SHORT_PATHS_MAX]; /* each ends in '/' */
	const char *placeholder[SHORT_PATHS_MAX];
	size_t n;
};

/* The rules, with data's directories (as given; made absolute). */
void short_paths_init(struct short_paths *sp, const char *const data[],
                      size_t ndata);
void short_paths_free(struct short_paths *sp);

/* Write text (n bytes, whole lines) to out with its paths shortened. */
void short_paths_write(const struct short_paths *sp, const char *text, size_t n,
                       FILE *out);

/* A new string: s with its paths shortened.  Free it. */
char *short_paths_string(const struct short_paths *sp, const char *s);

/* Copy the file read from fd (named name) to out, line by line, shortened. */
void short_paths_copy(const struct short_paths *sp, int fd, const char *name,
                      FILE *out);

/* The placeholders in words, a Markdown list, for the index. */
extern const char short_paths_legend[];

#endif

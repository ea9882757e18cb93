/*
 * publish_manifest.h - what `make publish` wrote into a directory, so
 * that it replaces only that: the manifest DEST/.perfviews-published.
 *
 * It lists the index's name, every data set published there (its ID, the
 * hash of the raw file it came from: which recording it is, and whether
 * its paths were shortened), every comparison, suite and comparison of
 * two suites, and every file
 * written, each with the size and hash it had when written.  A file is
 * publish's to replace only when it is listed and still has that size and
 * hash: a file someone else put there, or changed since, is never
 * touched.  The hash is FNV-1a of 64 bits: it tells an unchanged file
 * from a changed one, it is not meant to resist forgery.
 *
 * One line per entry, words separated by one space, the name last:
 *   index NAME
 *   dataset ID RAWHASH full|short
 *   comparison NAME
 *   suite NAME
 *   suite-comparison NAME
 *   file HASH SIZE NAME
 * and '#' comments.  A line that is none of these is fatal (file:line).
 */
#ifndef PERFVIEWS_PUBLISH_MANIFEST_H
#define PERFVIEWS_PUBLISH_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PUBLISH_MANIFEST ".perfviews-published"

struct manifest_file {
	char *name;
	uint64_t hash, size;
};

struct manifest_dataset {
	char *id;
	uint64_t raw_hash;
	bool short_paths;
};

struct publish_manifest {
	char *index; /* NULL: none yet */
	struct manifest_file *files;
	size_t nfiles, files_cap;
	struct manifest_dataset *datasets;
	size_t ndatasets, datasets_cap;
	char **comparisons, **suites, **suite_comparisons;
	size_t ncomparisons, comparisons_cap, nsuites, suites_cap;
	size_t nsuite_comparisons, suite_comparisons_cap;
};

/* Read dir's manifest; none there is an empty one. */
void manifest_read(struct publish_manifest *m, const char *dir);

/* Write it into dir, whole (beside, then renamed). */
void manifest_write(const struct publish_manifest *m, const char *dir);
void manifest_free(struct publish_manifest *m);

/* The entry of a name or ID, or NULL. */
struct manifest_file *manifest_file(const struct publish_manifest *m,
                                    const char *name);
struct manifest_dataset *manifest_dataset(const struct publish_manifest *m,
                                          const char *id);

/* Record a file as written (its hash and size now), a data set, a name. */
void manifest_add_file(struct publish_manifest *m, const char *name,
                       uint64_t hash, uint64_t size);
void manifest_add_dataset(struct publish_manifest *m, const char *id,
                          uint64_t raw_hash, bool short_paths);
/* Forget a file (removed). */
void manifest_remove_file(struct publish_manifest *m, const char *name);
void manifest_add_comparison(struct publish_manifest *m, const char *name);
void manifest_add_suite(struct publish_manifest *m, const char *name);
void manifest_add_suite_comparison(struct publish_manifest *m,
                                   const char *name);

/* Is name in the list v of n names (comparisons, suites)? */
bool manifest_lists(char *const *v, size_t n, const char *name);

/*
 * The hash and size of a file's bytes; false when it cannot be read (then
 * errno says why).
 */
bool file_hash(const char *path, uint64_t *hash, uint64_t *size);

#endif

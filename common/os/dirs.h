/*
 * dirs.h - directories and scratch files, as recording makes and removes
 * them: a directory made with its parents (mkdir -p), a tree removed whole
 * (rm -rf), a scratch file that is gone once closed.
 *
 * Failing to make something is fatal (exit 1, naming the path); failing
 * to remove something is a warning, since it happens while cleaning up.
 */
#ifndef PERFVIEWS_DIRS_H
#define PERFVIEWS_DIRS_H

/* Make path and its parents; those already there are no error. */
void dirs_make(const char *path);

/* Remove a directory tree; what is not there is no error. */
void dirs_remove_tree(const char *path);

/* Where scratch files go: dir, or when NULL or "", $TMPDIR, or /tmp. */
const char *dirs_temp(const char *dir);

/*
 * A scratch file dirs_temp(dir)/NAME.XXXXXX, open for reading and writing
 * (O_CLOEXEC) and already unlinked.
 */
int dirs_scratch_file(const char *dir, const char *name);

#endif

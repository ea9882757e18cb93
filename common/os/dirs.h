/*
 * dirs.h - directories and scratch files, as recording makes and removes
 * them: a directory made with its parents (mkdir -p), a tree removed whole
 * (rm -rf), a scratch file that is gone once closed, a file replaced
 * whole.
 *
 * Failing to make something is fatal (exit 1, naming the path); failing
 * to remove something is a warning, since it happens while cleaning up.
 */
#ifndef PERFVIEWS_DIRS_H
#define PERFVIEWS_DIRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Make path and its parents; those already there are no error. */
void dirs_make(const char *path);

/*
 * dirs_make, returning the first directory it made (a new string), NULL
 * when path was there already: a failure can then take back what it made
 * with dirs_remove_made(path, made), which removes path and its parents up
 * to made, each only while it is empty (what others put there stays).
 */
char *dirs_make_new(const char *path);
void dirs_remove_made(const char *path, const char *made);

/* Remove a directory tree; what is not there is no error. */
void dirs_remove_tree(const char *path);

/*
 * Write path whole: write(f, arg) into path.tmp, which then replaces
 * path, so that a reader sees the old file or the new one, never part of
 * one.  Fatal when it cannot be written (naming the file), the .tmp
 * removed.
 */
void dirs_write_whole(const char *path, void (*write)(FILE *f, void *arg),
                      void *arg);

/* Where scratch files go: dir, or when NULL or "", $TMPDIR, or /tmp. */
const char *dirs_temp(const char *dir);

/*
 * A scratch file dirs_temp(dir)/NAME.XXXXXX, open for reading and writing
 * (O_CLOEXEC) and already unlinked.
 */
int dirs_scratch_file(const char *dir, const char *name);

/*
 * A file in memory (memfd_create), named by a path this process can open
 * ("/proc/self/fd/N"), for as long as it runs: what a child prints, kept
 * off the disk a recording fills, so that a full disk cannot cut the
 * message that says so.  One file per name, the same each call (open it
 * with O_TRUNC to start anew).  Free the path.
 */
char *dirs_memory_file(const char *name);

/*
 * The user's cache directory for perfviews' NAME, outside any data
 * directory, shared by them all: $XDG_CACHE_HOME/perfviews/NAME, else
 * $HOME/.cache/perfviews/NAME (not made here).  Free it.
 */
char *dirs_user_cache(const char *name);

/*
 * The directory of the running program (/proc/self/exe), where make's BIN
 * holds every program: perfviews runs the others from there.  Free it.
 */
char *dirs_program(void);

/*
 * The space free on the file system holding path, in bytes, and where it
 * is mounted (into mount, of size mount_size); false when unknown.
 */
bool dirs_free_space(const char *path, unsigned long long *bytes, char *mount,
                     size_t mount_size);

#endif

/*
 * lock.h - a lock held by one process at a time, named by a file: two
 * recordings of one data set, or two installs into one shared directory,
 * never run at once.
 *
 * flock(2) on the file: the kernel drops it when the process ends, however
 * it ends, so a crashed holder never leaves a stale lock.  The holder
 * writes "pid PID since TIME" into the file, for the message of whoever
 * finds it taken.  The file is removed on release; a taker that opened it
 * just before checks it locked the file still at the path, and tries again
 * if not.
 */
#ifndef PERFVIEWS_LOCK_H
#define PERFVIEWS_LOCK_H

#include <stdbool.h>

struct lock {
	char *path;
	int fd; /* -1: not held */
};

/* How the line a waiting lock_take writes begins, after "progname: ": a
 * note, not an error (a suite's report of a step skips it). */
#define LOCK_WAITING "waiting for "

/*
 * Take the lock at path.  When another process holds it: with wait, say so
 * on stderr (LOCK_WAITING, what is waited for, the holder) and wait; without,
 * false with the holder in holder ("pid 123 since 2026-12-02 02:41:03 UTC"). An
 * error opening the file is fatal, naming it.
 */
bool lock_take(struct lock *l, const char *path, const char *what, bool wait,
               char *holder, size_t size);

/* Remove the file and release the lock, if held. */
void lock_release(struct lock *l);

#endif

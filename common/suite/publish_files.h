/*
 * publish_files.h - the files a publish (publish.h) plans, checked
 * against what is in the destination and then written.
 *
 * Checking writes nothing there: with short paths each file is first
 * staged in OUT/.publish shortened (short_paths.h; a compressed raw file
 * decompressed, shortened and compressed again with xz), a suite's
 * definition relocated (publish_suites.h).  A file there already with the
 * same bytes is left alone; one publish wrote and nobody changed since
 * (the manifest's hash and size) is replaced; any other is a conflict,
 * said and counted.  Writing copies each whole: beside under a name of
 * its own, then renamed; a copy that cannot be finished leaves no
 * temporary file and ends the process.
 */
#ifndef PERFVIEWS_PUBLISH_FILES_H
#define PERFVIEWS_PUBLISH_FILES_H

#include <stdbool.h>

#include "suite/publish_plan.h"

/* What publishing each item does (staging it when it must be). */
void publish_check_items(struct publishing *p);

/* Write every item not there already, and list each in the manifest. */
void publish_write_items(struct publishing *p);

/* Is dest/name publish's to replace: listed in the manifest, as it was
 * written?  Else a conflict, said. */
bool publish_ours(struct publishing *p, const char *name);

/* Do the two files hold the same bytes?  False when b is missing. */
bool publish_same_bytes(const char *a, const char *b);

/* src copied to dest/name as a whole. */
void publish_copy_file(const char *src, const char *dest, const char *name);

#endif

/*
 * dso_files.h - which file holds a DSO's bytes: the path perf names for
 * a file, the build-id cache's copy of the vDSO.
 *
 * perf record copies the DSOs sampled into its build-id cache
 * ($PERF_BUILDID_DIR, else ~/.debug: ".build-id/XX/REST/elf", the vDSO
 * as "[vdso]/BUILD-ID/vdso"), under the build ids listed in the file's
 * header; perf script reads a DSO's bytes there first, else where it is
 * named, and its symbols only from a file of the recorded build id (a
 * DSO rebuilt since the recording and not in the cache: [unknown]).
 */
#ifndef PERFVIEWS_DSO_FILES_H
#define PERFVIEWS_DSO_FILES_H

#include "perfdata/machine.h"
#include "perfdata/perf_file.h"

/*
 * The path of the file holding d's bytes, to free; NULL when there is
 * none (an anonymous map, the kernel, a vDSO not in the cache).
 */
char *dso_file_path(const struct perf_file *f, const struct map_dso *d);

/*
 * The path of the file to read d's symbols (and inlined calls) from, to
 * free: dso_file_path's, unless that is a file of another build id than
 * recorded; then NULL.
 */
char *dso_symbol_path(const struct perf_file *f, const struct map_dso *d);

#endif

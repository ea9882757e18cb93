/*
 * dso_files.h - which file holds a DSO's bytes: the path perf names for
 * a file, the build-id cache's copy of the vDSO.
 *
 * perf record copies the vDSO into its build-id cache
 * ($PERF_BUILDID_DIR, else ~/.debug: "[vdso]/BUILD-ID/vdso"), under the
 * build id listed in the file's header; perf script reads its symbols
 * and frame information there.  Other DSOs are read where they are named
 * (perf would prefer its cache's copy; the two differ only for a file
 * changed since the recording).
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

#endif

/*
 * perf_file_errors.h - what the perf.data reader says of a file it cannot
 * trust, cannot read, or will not read.
 *
 * Corrupt input (perf_file_corrupt: with the offset) and a file that
 * cannot be read (perf_file_fail) are fatal, exit status EXIT_DATA, the
 * message naming the file; unless perf_file_on_error is set, and then
 * they return there instead.  A refusal (perf_file_refuse) is not an
 * error: the reader reads on, the first reason is kept in f->refused,
 * and a caller that can hand the file to perf does so.
 */
#ifndef PERFVIEWS_PERF_FILE_ERRORS_H
#define PERFVIEWS_PERF_FILE_ERRORS_H

#include <setjmp.h>
#include <stdint.h>

struct perf_file;

/* Fatal: the file is corrupt at offset, with a message. */
_Noreturn void perf_file_corrupt(const struct perf_file *f, uint64_t offset,
                                 const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Fatal: the file cannot be read, with a message naming it. */
_Noreturn void perf_file_fail(const struct perf_file *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Where those two return to instead of ending the process, when set
 * (the fuzz target): the message is in perf_file_error, and the reader
 * is to be closed.
 */
extern jmp_buf *perf_file_on_error;
extern char perf_file_error[512];

/* The reader does not read f as perf does, for why (kept if the first). */
void perf_file_refuse(struct perf_file *f, const char *why);

#endif

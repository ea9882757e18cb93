/*
 * unit.h - what every Check unit test program shares.
 *
 * A test program is named after the module it tests (test_MODULE.c), holds
 * its START_TEST functions, and ends with a main of two lines:
 *
 *	const TTest *tests[] = {first_test, second_test, NULL};
 *	return unit_main("MODULE", tests);
 *
 * unit_main prints Check's summary line ("100%: Checks: N, Failures: 0,
 * Errors: 0"), which test/run-all.sh reads, and exits non-zero on any
 * failure.  A test leaves the process as it found it (stdin, stdout,
 * stderr, the environment, globals it set): the release pass runs each
 * test in a process of its own (Check's fork mode), but the ASan pass runs
 * them one after another in one process (CK_FORK=no: LeakSanitizer's check
 * at the end of every forked test costs more than the tests).  What must
 * end a process, or change what a process has, runs in a child through the
 * helpers below.
 */
#ifndef PERFVIEWS_UNIT_H
#define PERFVIEWS_UNIT_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/span.h"

/* Run the tests (a NULL-terminated list) as one suite named name. */
int unit_main(const char *name, const TTest *const tests[]);
/* Run a suite built by hand; prefer unit_main. */
int unit_run(Suite *suite);

/*
 * What a function did in a child process: its exit status (0 when it
 * returned; 128 + N when signal N ended it) and what it wrote to stdout
 * and stderr, NUL-terminated and cut to the size of the buffers.
 */
struct unit_child {
	int status;
	char out[32768];
	char err[8192];
};

/* Run fn(arg) in a child process and tell what it did. */
void unit_child_run(void (*fn)(void *arg), void *arg, struct unit_child *c);

/*
 * The read end of a pipe that a child process fills with the n bytes of
 * text, then closes: input as a filter reads it from another program.
 */
int unit_pipe(const char *text, size_t n);

/*
 * A new temporary file holding text; its path is written to path (at
 * least UNIT_PATH bytes).  The caller removes it.
 */
enum { UNIT_PATH = 64 };
void unit_temp_file(char *path, const char *text);

/*
 * Where addr is in the file mapped there, as perf prints a user-space
 * address: the file offset, returned, and the file's path, written to path
 * (UNIT_MAPPED_PATH bytes).  Fails the test when nothing is mapped there.
 */
enum { UNIT_MAPPED_PATH = 4096 };
uint64_t unit_file_offset(uintptr_t addr, char *path);

/*
 * A scratch directory for one test: made by unit_dir_make, removed with
 * everything in it by unit_dir_remove.  unit_dir_path gives DIR/rel, in
 * one of eight buffers used in turn (so a few may be held at once).
 */
const char *unit_dir_make(void);
const char *unit_dir_path(const char *rel);
void unit_dir_write(const char *rel, const char *text);
void unit_dir_remove(void);

/*
 * Send what is written to stderr to a temporary file until
 * unit_stderr_end, which puts stderr back, removes the file and gives its
 * text as unit_file_text does.
 */
void unit_stderr_begin(void);
const char *unit_stderr_end(void);

/*
 * The start of a file (up to 64 KiB), NUL-terminated, in a buffer that the
 * next call reuses.  Fails the test when the file cannot be read.
 */
const char *unit_file_text(const char *path);

/*
 * A test that ends the process with exit(1) from deep inside the code
 * under test leaves what it allocated behind: not a leak, but
 * LeakSanitizer (the ASan build) would report it.  libbfd 2.40 leaks a
 * little of what its DWARF reader allocates (dwarf2.c, inside the
 * library): not ours to report either.  Both are kept from LeakSanitizer.
 */
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#define FAILURE_EXPECTED()   __lsan_disable()
#define LIBBFD_LEAKS_BEGIN() __lsan_disable()
#define LIBBFD_LEAKS_END()   __lsan_enable()
#else
#define FAILURE_EXPECTED()   ((void)0)
#define LIBBFD_LEAKS_BEGIN() ((void)0)
#define LIBBFD_LEAKS_END()   ((void)0)
#endif

/*
 * Add the lines "stack count" (or "stack A B" when diff, the graph's
 * difference B - A) of a NULL-terminated list to g, made with
 * flame_graph_init, then finish it.
 */
struct flame_graph;
void unit_flame_graph_lines(struct flame_graph *g, const char *const *lines,
                            bool diff);

/* Assert that a span holds exactly the C string want. */
#define ck_assert_span(got, want)                                              \
	do {                                                                   \
		struct span got_ = (got);                                      \
		ck_assert_msg(span_eq_cstr(got_, (want)),                      \
		              "got '%.*s', want '%s'", (int)got_.n, got_.p,    \
		              (want));                                         \
	} while (0)

#endif

/*
 * perf_file_errors.c - see perf_file_errors.h.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/message.h"
#include "perfdata/perf_file.h"
#include "perfdata/perf_file_errors.h"

jmp_buf *perf_file_on_error;
char perf_file_error[512];

static _Noreturn void
fail(void)
{
	if (perf_file_on_error != NULL)
		longjmp(*perf_file_on_error, 1);
	die(EXIT_DATA, "%s", perf_file_error);
}

void
perf_file_corrupt(const struct perf_file *f, uint64_t offset, const char *fmt,
                  ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(perf_file_error, sizeof perf_file_error,
	         "%s: at offset %#" PRIx64 ": %s", f->name, offset, what);
	fail();
}

void
perf_file_fail(const struct perf_file *f, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(perf_file_error, sizeof perf_file_error, "%s: %s", f->name,
	         what);
	fail();
}

void
perf_file_refuse(struct perf_file *f, const char *why)
{
	if (f->refused == NULL)
		f->refused = why;
}

/*
 * message.c - see message.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"

const char *progname = "perfviews";

static void
vmessage(const char *fmt, va_list ap, int errnum)
{
	/* What was written before the message comes before it. */
	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
	if (errnum != 0)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
}

void
die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, 0);
	va_end(ap);
	exit(status);
}

void
die_errno(int status, const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, errnum);
	va_end(ap);
	exit(status);
}

void
warnmsg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, 0);
	va_end(ap);
}

void
warnmsg_errno(const char *fmt, ...)
{
	int errnum = errno;
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, errnum);
	va_end(ap);
}

void
usage_error(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help'.\n", progname);
	exit(EXIT_USAGE);
}

/*
 * cli.c - see cli.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char *progname = "perfviews";

static char stdout_buffer[1 << 16];

void
cli_init(const char *name)
{
	progname = name;
	setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
}

static void
vmessage(const char *fmt, va_list ap, int errnum)
{
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
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, 0);
	va_end(ap);
	fprintf(stderr, "Try '%s --help'.\n", progname);
	exit(EXIT_USAGE);
}

void
print_version(void)
{
	printf("%s (perfviews) %s\n", progname, PERFVIEWS_VERSION);
	finish_output();
}

void
cli_quiet_getopt(void)
{
	opterr = 0;
}

void
option_error(char *const argv[])
{
	const char *arg = argv[optind - 1];

	if (strncmp(arg, "--", 2) == 0 || optopt == 0)
		warnmsg("option %s: unknown, or its value is missing", arg);
	else
		warnmsg("option -%c: unknown, or its value is missing", optopt);
}

struct option *
options_join(const struct option *a, const struct option *b)
{
	size_t na = 0, nb = 0;

	while (a[na].name != NULL)
		na++;
	while (b[nb].name != NULL)
		nb++;
	struct option *all = xreallocarray(NULL, na + nb + 1, sizeof *all);
	memcpy(all, a, na * sizeof *a);
	memcpy(all + na, b, (nb + 1) * sizeof *b);
	return all;
}

double
option_percent(const char *arg, const char *option)
{
	double v;

	if (!parse_double(arg, &v) || v < 0 || v > 100)
		usage_error("%s: not a percentage from 0 to 100: '%s'", option,
		            arg);
	return v;
}

void
each_input(int argc, char *const argv[],
           void (*read)(void *ctx, const char *path), void *ctx)
{
	if (argc == 0)
		read(ctx, "-");
	for (int i = 0; i < argc; i++)
		read(ctx, argv[i]);
}

void
finish_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		die_errno(EXIT_DATA, "write error");
}

const char *
input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

int
input_open(const char *path)
{
	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd == -1)
		die_errno(EXIT_DATA, "%s", path);
	return fd;
}

void
input_close(int fd)
{
	if (fd != STDIN_FILENO)
		close(fd);
}

bool
parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return false;
	*out = v;
	return true;
}

bool
parse_double(const char *s, double *out)
{
	char *end;

	if (*s == '\0')
		return false;
	errno = 0;
	double v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || v != v)
		return false;
	*out = v;
	return true;
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

void *
xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

void *
xreallocarray(void *p, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		die(EXIT_DATA, "out of memory");
	size_t n = count * size;
	p = realloc(p, n > 0 ? n : 1);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);
	if (p == NULL)
		die(EXIT_DATA, "out of memory");
	return p;
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void *
array_reserve(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 256;
	while (n < need)
		n *= 2;
	*cap = n;
	return xreallocarray(p, n, size);
}

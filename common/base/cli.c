/*
 * cli.c - see cli.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/usage.h"
#include "base/xalloc.h"

enum { OPT_HELP = 'h', OPT_VERSION = 0x7f00 };

static char stdout_buffer[1 << 16];

void
cli_start(const char *name)
{
	progname = name;
	setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
}

static void
print_help(const struct program *p)
{
	program_usage_write(stdout, "usage: ", p);
	printf("%s\n\n", p->summary);
	if (p->options != NULL)
		options_help(stdout, p->options);
	printf("  -h, --help              show this help\n"
	       "      --version           show the version\n\n");
	if (p->reads_files)
		printf("Files are read in order and combined; none or - is "
		       "stdin.\n");
	/* "perfviews record": a command of perfviews(1). */
	printf("See %.*s(1).\n", (int)strcspn(p->name, " "), p->name);
	finish_output();
}

static void
print_version(void)
{
	printf("%s (perfviews) %s\n", progname, PERFVIEWS_VERSION);
	finish_output();
}

void
program_usage_write(FILE *out, const char *lead, const struct program *p)
{
	struct usage u = {p->name, p->options, p->operands, p->forms};

	usage_write(out, lead, &u);
}

noreturn void
program_usage(const struct program *p)
{
	program_usage_write(stderr, "usage: ", p);
	fprintf(stderr, "Try '%s --help'.\n", p->name);
	exit(EXIT_USAGE);
}

/* getopt_long's table: the program's options, then --help and --version. */
static struct option *
with_standard(const struct option_set *s)
{
	static const struct option standard[] = {
	    {"help", no_argument, NULL, OPT_HELP},
	    {"version", no_argument, NULL, OPT_VERSION},
	    {NULL, 0, NULL, 0},
	};
	struct option *all = xreallocarray(NULL, s->n + 3, sizeof *all);

	memcpy(all, s->longopts, s->n * sizeof *all);
	memcpy(all + s->n, standard, sizeof standard);
	return all;
}

/* Say what was wrong with the option getopt_long refused. */
static void
option_problem(int ch, char *const argv[])
{
	const char *arg = argv[optind - 1];
	bool missing = ch == ':';
	const char *what = missing ? "needs a value" : "unknown option";

	if (strncmp(arg, "--", 2) == 0 || optopt == 0) {
		/* "--name=value": name the option, not its value. */
		int len = (int)strcspn(arg, "=");
		warnmsg("%s: %.*s", what, len, arg);
	} else {
		warnmsg("%s: -%c", what, optopt);
	}
}

int
program_parse(const struct program *p, int argc, char *argv[], void *opts)
{
	struct option_set s;
	char shortopts[sizeof s.shortopts + 4];
	int ch;

	if (argc == 2 && strcmp(argv[1], "--list-options") == 0) {
		options_list(stdout, p->options);
		finish_output();
		exit(EXIT_OK);
	}
	option_set_init(&s, p->options);
	struct option *longopts = with_standard(&s);
	/*
	 * '+' first when options end at the first operand (getopt wants it
	 * first), then ':' (a missing value is told from an unknown option).
	 */
	snprintf(shortopts, sizeof shortopts, "%s:%sh",
	         p->options_first ? "+" : "", s.shortopts);
	opterr = 0;
	while ((ch = getopt_long(argc, argv, shortopts, longopts, NULL)) !=
	       -1) {
		if (ch == OPT_HELP) {
			print_help(p);
			exit(EXIT_OK);
		} else if (ch == OPT_VERSION) {
			print_version();
			exit(EXIT_OK);
		} else if (!option_set_apply(&s, ch, opts, optarg)) {
			option_problem(ch, argv);
			program_usage(p);
		}
	}
	free(longopts);
	option_set_free(&s);
	return optind;
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

const char *
input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

/*
 * The decompressors of open inputs: a file named *.xz is decoded here, with
 * liblzma, as it is read (input_read).  A cut or corrupt file is an error
 * when the reader reaches the damage, never a short profile.  In process
 * rather than through an `xz -dc` pipe: the same decoding, without a
 * process and a copy through the pipe for every read of a data set.
 */
enum { MAX_DECOMPRESSED = 64, XZ_IN = 1 << 16 };

static struct decompressor {
	int fd; /* the compressed file; meaningful when in != NULL */
	lzma_stream xz;
	uint8_t *in; /* NULL: free */
	bool at_eof; /* the file read to its end */
	bool done;   /* the last stream's end decoded */
	char name[256];
} decompressors[MAX_DECOMPRESSED];
static size_t ndecompressors; /* in use: none, and a read is read(2) */

static bool
is_xz_name(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".xz") == 0;
}

static struct decompressor *
decompressor_of(int fd)
{
	for (size_t i = 0; ndecompressors > 0 && i < MAX_DECOMPRESSED; i++)
		if (decompressors[i].in != NULL && decompressors[i].fd == fd)
			return &decompressors[i];
	return NULL;
}

/* fd, the open file, to be decoded as read. */
static int
decompress(int fd, const char *path)
{
	struct decompressor *d = NULL;

	for (size_t i = 0; i < MAX_DECOMPRESSED && d == NULL; i++)
		if (decompressors[i].in == NULL)
			d = &decompressors[i];
	if (d == NULL)
		die(EXIT_DATA, "%s: too many compressed inputs at once", path);
	memset(d, 0, sizeof *d);
	d->xz = (lzma_stream)LZMA_STREAM_INIT;
	/* Concatenated streams, as xz -dc reads them. */
	if (lzma_stream_decoder(&d->xz, UINT64_MAX, LZMA_CONCATENATED) !=
	    LZMA_OK)
		die(EXIT_DATA, "%s: cannot start the xz decoder", path);
	d->in = xmalloc(XZ_IN);
	d->fd = fd;
	ndecompressors++;
	snprintf(d->name, sizeof d->name, "%s", path);
	return fd;
}

static noreturn void
xz_failed(const struct decompressor *d, lzma_ret ret)
{
	die(EXIT_DATA, "%s: the file is cut or corrupt (xz: %s)", d->name,
	    ret == LZMA_FORMAT_ERROR ? "not xz data"
	    : ret == LZMA_BUF_ERROR  ? "it ends inside a stream"
	    : ret == LZMA_MEM_ERROR  ? "out of memory"
	                             : "bad data");
}

/* Up to n decoded bytes into buf: 0 only at the end of the data. */
static ssize_t
xz_read(struct decompressor *d, void *buf, size_t n)
{
	d->xz.next_out = buf;
	d->xz.avail_out = n;
	while (n > 0 && d->xz.avail_out == n && !d->done) {
		if (d->xz.avail_in == 0 && !d->at_eof) {
			ssize_t got = read(d->fd, d->in, XZ_IN);
			if (got < 0 && errno == EINTR)
				continue;
			if (got < 0)
				die_errno(EXIT_DATA, "%s: read error", d->name);
			d->xz.next_in = d->in;
			d->xz.avail_in = (size_t)got;
			d->at_eof = got == 0;
		}
		lzma_ret ret =
		    lzma_code(&d->xz, d->at_eof ? LZMA_FINISH : LZMA_RUN);
		if (ret == LZMA_STREAM_END)
			d->done = true;
		else if (ret != LZMA_OK)
			xz_failed(d, ret);
	}
	return (ssize_t)(n - d->xz.avail_out);
}

ssize_t
input_read(int fd, void *buf, size_t n)
{
	struct decompressor *d = decompressor_of(fd);

	return d != NULL ? xz_read(d, buf, n) : read(fd, buf, n);
}

static ssize_t
stream_read(void *cookie, char *buf, size_t n)
{
	int fd = (int)(intptr_t)cookie;

	for (;;) {
		ssize_t got = input_read(fd, buf, n);
		if (got >= 0 || errno != EINTR)
			return got;
	}
}

FILE *
input_stream(int fd)
{
	cookie_io_functions_t io = {stream_read, NULL, NULL, NULL};

	return fopencookie((void *)(intptr_t)fd, "r", io);
}

/* A file descriptor of the file at path, or fatal naming the path. */
static int
input_open_plain(const char *path)
{
	struct stat st;

	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd == -1)
		die_errno(EXIT_DATA, "%s", path);
	/* read(2) on a directory says EISDIR late and obscurely: say it now. */
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		die_errno(EXIT_DATA, "%s", path);
	}
	return fd;
}

int
input_open(const char *path)
{
	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	int fd = input_open_plain(path);
	return is_xz_name(path) ? decompress(fd, path) : fd;
}

void
inputs_check(int argc, char *const argv[])
{
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") != 0)
			close(input_open_plain(argv[i]));
}

void
input_close(int fd)
{
	struct decompressor *d = decompressor_of(fd);

	if (fd == STDIN_FILENO)
		return;
	close(fd);
	if (d == NULL)
		return;
	lzma_end(&d->xz);
	free(d->in);
	d->in = NULL;
	ndecompressors--;
}

void
finish_output(void)
{
	char path[4096];

	if (fflush(stdout) == 0 && !ferror(stdout))
		return;
	int saved = errno;
	/* Name the file stdout is, when it is one: where the disk is full. */
	ssize_t n = readlink("/proc/self/fd/1", path, sizeof path - 1);
	path[n > 0 && path[0] == '/' ? n : 0] = '\0';
	errno = saved;
	die_errno(EXIT_DATA, "stdout%s%s: write error", *path ? " " : "", path);
}

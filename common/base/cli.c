/*
 * cli.c - see cli.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/xalloc.h"

extern char **environ;

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
	printf("usage: %s [options]%s\n%s\n\n", p->name,
	       p->reads_files ? " [file ...]" : "", p->summary);
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

noreturn void
program_usage(const struct program *p)
{
	fprintf(stderr, "usage: %s", p->usage);
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
 * The decompressors of open inputs: a file named *.xz is read through
 * "xz -dc", whose exit status input_close checks, so that a cut or corrupt
 * file is an error, not a short profile.
 */
enum { MAX_DECOMPRESSED = 64 };

static struct decompressor {
	int fd; /* the pipe we read; -1: free */
	pid_t pid;
	char name[256];
} decompressors[MAX_DECOMPRESSED];

static bool
is_xz_name(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".xz") == 0;
}

/* fd, the open file, read through xz -dc: the pipe's read end. */
static int
decompress(int fd, const char *path)
{
	struct decompressor *d = NULL;
	char *argv[] = {"xz", "-dc", NULL};
	posix_spawn_file_actions_t fa;
	int pipefd[2];

	for (size_t i = 0; i < MAX_DECOMPRESSED && d == NULL; i++)
		if (decompressors[i].pid == 0)
			d = &decompressors[i];
	if (d == NULL)
		die(EXIT_DATA, "%s: too many compressed inputs at once", path);
	if (pipe(pipefd) != 0)
		die_errno(EXIT_DATA, "pipe");
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd, STDIN_FILENO);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, pipefd[0]);
	int err = posix_spawnp(&d->pid, "xz", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err != 0) {
		errno = err;
		die_errno(EXIT_DATA, "%s: cannot run xz -dc", path);
	}
	close(pipefd[1]);
	close(fd);
	d->fd = pipefd[0];
	snprintf(d->name, sizeof d->name, "%s", path);
	return d->fd;
}

int
input_open(const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd == -1)
		die_errno(EXIT_DATA, "%s", path);
	/* read(2) on a directory says EISDIR late and obscurely: say it now. */
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		die_errno(EXIT_DATA, "%s", path);
	}
	return is_xz_name(path) ? decompress(fd, path) : fd;
}

void
input_close(int fd)
{
	int status;

	if (fd == STDIN_FILENO)
		return;
	close(fd);
	for (size_t i = 0; i < MAX_DECOMPRESSED; i++) {
		struct decompressor *d = &decompressors[i];
		if (d->pid == 0 || d->fd != fd)
			continue;
		while (waitpid(d->pid, &status, 0) == -1)
			if (errno != EINTR)
				die_errno(EXIT_DATA, "waitpid");
		d->pid = 0;
		/* Closed before the end, xz dies of SIGPIPE: not an error. */
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE)
			return;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			die(EXIT_DATA,
			    "%s: xz -dc failed: the file is cut or "
			    "corrupt",
			    d->name);
		return;
	}
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

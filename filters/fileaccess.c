/*
 * fileaccess - the files a program looked up and used, from strace.
 *
 * Reads the text of `strace -f -ttt -T -y -e trace=%file,%desc -o FILE
 * CMD` and writes one row per path: the calls made on it by kind, how
 * many failed and how many of those found nothing there (ENOENT, as
 * Python's import system and ld.so meet while they search), and the time
 * in them, sorted by calls; above it a summary, below it the failed
 * lookups by directory.  The counting is views/file_access.h's, the
 * writing views/file_report.h's.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "input/strace.h"
#include "views/file_access.h"
#include "views/file_report.h"

/* Enough of an input to tell strace text from something else. */
enum { DETECT_BYTES = 64 << 10 };

struct fileaccess {
	struct file_report_options report;
	bool strict;
	struct file_access access;
};

enum { OPT_STRICT = 256 };

static const struct option fileaccess_options[] = {
    {"format", required_argument, NULL, 'f'},
    {"sort", required_argument, NULL, 's'},
    {"limit", required_argument, NULL, 'n'},
    {"strict", no_argument, NULL, OPT_STRICT},
    {NULL, 0, NULL, 0},
};

static const struct program fileaccess = {
    .name = "fileaccess",
    .usage = "fileaccess [--format text|csv|json] [--sort calls|failed|time] "
             "[--limit N]\n"
             "                  [--strict] [file ...]\n",
    .summary = "The files a traced program looked up and used, per path, "
               "from strace text.",
    .help = "  -f, --format FORMAT     text (default), csv or json\n"
            "  -s, --sort KEY          calls (default), failed or time\n"
            "  -n, --limit N           show the first N paths and "
            "directories (0: all)\n"
            "      --strict            a line that cannot be parsed is "
            "fatal\n",
    .shortopts = "f:s:n:",
    .options = fileaccess_options,
    .reads_files = true,
};

static void
read_input(void *ctx, const char *path)
{
	struct fileaccess *f = ctx;
	struct strace_reader r;
	struct strace_call c;
	int fd = input_open(path);

	strace_reader_init(&r, fd, input_name(path));
	r.lines.strict = f->strict;
	struct span head = line_reader_peek(&r.lines, DETECT_BYTES);
	if (first_text_line(head, true).p != NULL && !strace_detect(head))
		die(EXIT_DATA,
		    "%s: not the text of strace (strace -f -ttt -T -y -o FILE "
		    "CMD): the first line is no system call",
		    input_name(path));
	while (strace_reader_next(&r, &c))
		file_access_add(&f->access, &c);
	strace_reader_summary(&r);
	strace_reader_free(&r);
	input_close(fd);
}

static enum file_sort
sort_option(const char *arg)
{
	if (strcmp(arg, "calls") == 0)
		return FILE_SORT_CALLS;
	if (strcmp(arg, "failed") == 0)
		return FILE_SORT_FAILED;
	if (strcmp(arg, "time") == 0)
		return FILE_SORT_TIME;
	usage_error("--sort: calls, failed or time, not '%s'", arg);
}

int
main(int argc, char *argv[])
{
	struct fileaccess f;
	int ch;

	memset(&f, 0, sizeof f);
	cli_start(fileaccess.name);
	while ((ch = program_option(&fileaccess, argc, argv)) != -1) {
		switch (ch) {
		case 'f':
			f.report.format = report_format_option(optarg);
			break;
		case 's':
			f.report.sort = sort_option(optarg);
			break;
		case 'n':
			f.report.limit = option_count(optarg, "--limit", true);
			break;
		case OPT_STRICT:
			f.strict = true;
			break;
		}
	}
	file_access_init(&f.access);
	each_input(argc - optind, argv + optind, read_input, &f);
	file_report(&f.access, &f.report);
	file_access_free(&f.access);
	finish_output();
	return EXIT_OK;
}

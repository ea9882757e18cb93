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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "views/file_access.h"
#include "views/file_report.h"

struct fileaccess {
	struct file_report_options report;
	bool strict;
	struct file_access access;
};

static const struct option_choice sort_keys[] = {
    {"calls", FILE_SORT_CALLS},
    {"failed", FILE_SORT_FAILED},
    {"time", FILE_SORT_TIME},
    {NULL, 0},
};

#define O struct fileaccess
static const struct option_row fileaccess_options[] = {
    OPT_CHOICE('f', "format", "FORMAT", O, report.format, report_formats,
               "text (default), csv or json"),
    OPT_CHOICE('s', "sort", "KEY", O, report.sort, sort_keys,
               "calls (default), failed or time"),
    OPT_COUNT('n', "limit", "N", O, report.limit,
              "show the first N paths and directories (0: all)"),
    OPT_FLAG(0, "strict", O, strict, "a line that cannot be parsed is fatal"),
    OPT_END,
};
#undef O

static const struct program fileaccess = {
    .name = "fileaccess",
    .operands = "[file ...]",
    .summary = "The files a traced program looked up and used, per path, "
               "from strace text.",
    .options = fileaccess_options,
    .reads_files = true,
};

static void
read_input(void *ctx, const char *path)
{
	struct fileaccess *f = ctx;

	file_access_read(&f->access, path, f->strict);
}

int
main(int argc, char *argv[])
{
	struct fileaccess f;

	memset(&f, 0, sizeof f);
	cli_start(fileaccess.name);
	int first = program_parse(&fileaccess, argc, argv, &f);
	file_access_init(&f.access);
	each_input(argc - first, argv + first, read_input, &f);
	file_report(&f.access, &f.report);
	file_access_free(&f.access);
	finish_output();
	return EXIT_OK;
}

/*
 * suite_compare.c - see suite_compare.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "os/dirs.h"
#include "suite/suite_compare.h"
#include "suite/suite_compare_data.h"
#include "suite/suite_compare_readme.h"
#include "suite/suite_pairs.h"

/* A file's writer and what it writes, for dirs_write_whole. */
struct suites_writer {
	const struct suite_pairs *ss;
	void (*write)(FILE *, const struct suite_pairs *);
};

static void
suites_text(FILE *f, void *arg)
{
	const struct suites_writer *w = arg;
	w->write(f, w->ss);
}

/* path written by write, whole. */
static void
write_file(const struct suite_pairs *ss, char *path,
           void (*write)(FILE *, const struct suite_pairs *))
{
	struct suites_writer w = {ss, write};

	dirs_write_whole(path, suites_text, &w);
	free(path);
}

void
suite_compare(const char *a, const char *b,
              const struct suite_compare_options *o)
{
	struct suite_pairs ss;

	dirs_make(o->out);
	suite_pairs_open(&ss, a, b, o);
	for (int k = 0; k < SUITES_NFILES; k++)
		write_file(&ss,
		           xasprintf("%s/%s%s", o->out, ss.name,
		                     suite_compare_files[k].suffix),
		           suite_compare_files[k].write);
	write_file(&ss, comparison_path("readme", o->out, ss.name),
	           suite_compare_readme);
	printf("wrote %s/%s%s", o->out, ss.name, comparison_suffix("readme"));
	for (int k = 0; k < SUITES_NFILES; k++)
		printf("%s%s", k + 1 < SUITES_NFILES ? ", " : " and ",
		       suite_compare_files[k].suffix);
	printf(" (%zu benchmarks compared%s%s)\n", ss.npairs,
	       ss.floor ? "; noise floor: " : "",
	       ss.floor ? ss.floor->name : "");
	suite_pairs_free(&ss);
}

/*
 * suite_compare.c - see suite_compare.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "base/xalloc.h"
#include "dataset/suite_file.h"
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
	for (size_t k = 0; k < suites_compared_writer_count; k++) {
		const struct suites_compared_writer *w =
		    &suites_compared_writers[k];
		write_file(&ss, suites_compared_path(w->kind, o->out, ss.name),
		           w->write);
	}
	write_file(&ss, suites_compared_path("readme", o->out, ss.name),
	           suite_compare_readme);
	printf("wrote %s/%s%s", o->out, ss.name,
	       suites_compared_suffix("readme"));
	for (size_t k = 0; k < suites_compared_writer_count; k++)
		printf("%s%s",
		       k + 1 < suites_compared_writer_count ? ", " : " and ",
		       suites_compared_suffix(suites_compared_writers[k].kind));
	printf(" (%zu benchmarks compared%s%s)\n", ss.npairs,
	       ss.floor ? "; noise floor: " : "",
	       ss.floor ? ss.floor->name : "");
	suite_pairs_free(&ss);
}

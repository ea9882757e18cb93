/*
 * compare_side.c - see compare_side.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/metadata.h"
#include "compare/compare_side.h"

/* A number of meta.json, or 0 when null or not a number. */
static double
meta_number(const struct metadata *m, const char *path)
{
	const char *v = metadata_get(m, path);

	return v != NULL ? strtod(v, NULL) : 0;
}

/* Does the data set m describes count time: a clock event, in samples? */
static bool
counts_time(const struct metadata *m)
{
	const char *event = metadata_get(m, "tool.event");
	const char *unit = metadata_get(m, "samples.unit");

	return event != NULL &&
	       (strcmp(event, "cpu-clock") == 0 ||
	        strcmp(event, "task-clock") == 0) &&
	       (unit == NULL || strcmp(unit, "samples") == 0) &&
	       meta_number(m, "tool.period") == 0;
}

/*
 * The meta.json beside a data set's raw file (NULL for any other input: a
 * new string), named by the table of files.
 */
static char *
meta_beside(const char *path)
{
	const struct file_kind *kind;
	char *id = file_kind_id_of(path, &kind);
	char *meta = NULL;

	if (id != NULL && kind == file_kind_named("raw")) {
		char *dir = file_kind_dir(path);
		meta = file_kind_path("meta", dir, id);
		free(dir);
	}
	free(id);
	return meta;
}

/*
 * What the data set's meta.json beside a raw file says of a sample and of
 * a run: the frequency of a time event, and the loops a run's profiled
 * values ran (pyperformance).  Nothing when there is none; a bad one is an
 * error (exit 1).
 */
static void
read_beside(struct compare_side *s, const char *path)
{
	char *meta = meta_beside(path);
	struct metadata m;

	if (meta == NULL || (access(meta, F_OK) != 0 && errno == ENOENT)) {
		free(meta);
		return; /* not a data set's raw file, or none beside it */
	}
	metadata_read_or_die(&m, meta);
	if (counts_time(&m))
		s->frequency = meta_number(&m, "tool.frequency");
	s->loops = meta_number(&m, "benchmark.loops") *
	           meta_number(&m, "benchmark.values_per_run");
	metadata_free(&m);
	free(meta);
}

void
compare_side_read(struct compare_side *s, const char *path,
                  const struct view_options *vo, bool eval_loop,
                  const char *which)
{
	struct view_options o = *vo;
	char *argv[1] = {(char *)path};

	s->path = path;
	s->profile = xcalloc(1, sizeof *s->profile);
	s->owned = true;
	o.profile.runs = true;
	if (eval_loop) {
		s->bytecode = bytecode_view_new(o.profile.period);
		bytecode_view_keep_runs(s->bytecode, s->profile);
	}
	if (!view_load_with(s->profile, &o, 1, argv,
	                    s->bytecode != NULL ? bytecode_view_sample : NULL,
	                    s->bytecode)) {
		warnmsg("%s (%s): nothing to compare", input_name(path), which);
		exit(EXIT_DATA);
	}
	s->nruns = profile_run_count(s->profile);
	s->counts_per_weight = 1;
	s->scale = 1;
	if (strcmp(path, "-") != 0)
		read_beside(s, path);
	if (o.profile.period && s->profile->stream.saw_perf)
		s->counts_per_weight = (double)s->profile->stream.samples /
		                       (double)s->profile->total;
}

void
compare_side_share(struct compare_side *to, const struct compare_side *from)
{
	to->path = from->path;
	to->profile = from->profile;
	to->bytecode = from->bytecode;
	to->owned = false;
	to->nruns = from->nruns;
	to->counts_per_weight = from->counts_per_weight;
	to->frequency = from->frequency;
	to->loops = from->loops;
	to->scale = 1;
}

void
compare_side_free(struct compare_side *s)
{
	if (!s->owned)
		return;
	profile_free(s->profile);
	free(s->profile);
	bytecode_view_free(s->bytecode);
}

double
compare_side_mean_period(const struct compare_side *s)
{
	return 1 / s->counts_per_weight;
}

enum compare_unit
compare_sides_unit(struct compare_side side[2], enum compare_unit asked,
                   bool *per_loop)
{
	const struct compare_side *a = &side[0], *b = &side[1];
	bool counts = a->counts_per_weight == 1 && b->counts_per_weight == 1;
	bool time = counts && a->frequency > 0 && b->frequency > 0;
	enum compare_unit unit = asked;

	if (unit == UNIT_AUTO)
		unit = time ? UNIT_TIME : UNIT_SHARE;
	if (unit == UNIT_TIME && !time)
		die(EXIT_USAGE,
		    "--unit time: %s has no meta.json beside it giving the "
		    "frequency of a time event (cpu-clock, task-clock)",
		    a->frequency > 0 ? "B" : "A");
	*per_loop = unit == UNIT_TIME && a->loops > 0 && b->loops > 0;
	for (int s = 0; s < 2 && unit == UNIT_TIME; s++)
		side[s].scale = 1000 / (side[s].frequency *
		                        (*per_loop ? side[s].loops : 1));
	return unit;
}

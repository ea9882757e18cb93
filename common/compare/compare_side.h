/*
 * compare_side.h - one side of a comparison: an input read into a profile
 * that keeps weights per run (the eval loop's samples placed too when
 * asked), what the data set's meta.json beside it says of a sample and of
 * a run, and the unit both sides' values are put in.
 *
 * The meta.json is read through the data set's metadata table, found by
 * the table of files (dataset/file_kinds): an input named as a data set's
 * raw file (DIR/ID-raw.txt[.xz]) has DIR/ID-meta.json beside it.  Any
 * other input, or one without a meta.json, knows neither; a meta.json that
 * cannot be read is fatal (exit 1): a comparison in the wrong unit would
 * be silently wrong.
 */
#ifndef PERFVIEWS_COMPARE_SIDE_H
#define PERFVIEWS_COMPARE_SIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "views/bytecode_view.h"
#include "views/profile.h"
#include "views/view_cli.h"

/*
 * What a value is.  Shares hide speed: when B runs faster every share
 * moves, so where the data sets say how long a sample is and how much work
 * a run did, the values are times:
 *   UNIT_TIME     milliseconds per loop (samples ÷ frequency ÷ the loops
 *                 the run's profiled values ran, pyperformance's data
 *                 sets), or per run when either side has no loops;
 *   UNIT_SAMPLES  samples per run (--absolute);
 *   UNIT_SHARE    percent of each side's own total.
 * UNIT_AUTO is time when both sides are data sets whose meta.json (beside
 * the raw file) gives the frequency of a time event, shares otherwise.
 */
enum compare_unit { UNIT_AUTO, UNIT_SHARE, UNIT_SAMPLES, UNIT_TIME };

struct compare_side {
	const char *path;        /* as given, "-" for stdin */
	struct profile *profile; /* read by this comparison, or another's */
	bool owned;              /* profile is this comparison's to free */
	uint32_t nruns;
	double counts_per_weight; /* samples per unit of weight */
	uint32_t *item_of;        /* by function id (by stack id for stacks) */
	uint32_t *category_of;    /* by function id: its category, in names */
	uint8_t *glue_of;         /* by function id: enum glue_kind */
	uint64_t present;         /* items with weight on this side */
	/* From the data set's meta.json beside the input, 0 unknown: */
	double frequency; /* samples per second of a time event */
	double loops;     /* loops per run: values per run x loops */
	double scale;     /* a count per run into the unit (1: not time) */
	/* With eval_loop: the eval loop's samples by instruction and run
	 * (item_of is by its row with an eval loop key). */
	struct bytecode_view *bytecode; /* owned as profile is */
};

/*
 * Read side s ("A" or "B", as which) from path ("-": stdin) with the
 * views' options, every run kept, the eval loop placed when eval_loop;
 * then what its meta.json says.  Exits with status 1 when it has no
 * samples.
 */
void compare_side_read(struct compare_side *s, const char *path,
                       const struct view_options *vo, bool eval_loop,
                       const char *which);

/* to given what from read (not owned: from must outlive it). */
void compare_side_share(struct compare_side *to,
                        const struct compare_side *from);

/* The profile and eval loop view, when owned (not the item maps). */
void compare_side_free(struct compare_side *s);

/* The mean period of a side's samples. */
double compare_side_mean_period(const struct compare_side *s);

/*
 * The unit of both sides' values: asked, or for UNIT_AUTO time when both
 * know theirs (a time event's frequency, and sample counts: weights by
 * period are not), shares otherwise; with time, each side's scale into
 * milliseconds, and *per_loop when both know their loops.  Time asked of
 * sides that do not know it is a usage error.
 */
enum compare_unit compare_sides_unit(struct compare_side side[2],
                                     enum compare_unit asked, bool *per_loop);

#endif

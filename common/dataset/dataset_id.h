/*
 * dataset_id.h - the name of a profile data set (perfviews(5)).
 *
 *   ID := WORKLOAD "-" TOOL "-freq" HZ [ "x" RUNS ] { "-" TAG }
 *
 * WORKLOAD and each TAG are [A-Za-z0-9_.]+, a TAG one of those that
 * change the recording (nosite, xperf, faults, files) or a label of one's
 * own, "_" and a name; TOOL is "perf", HZ and RUNS
 * are positive decimal numbers without leading zeros (so that one data set
 * has one name), RUNS is 1 when absent.  Every file of a data set is named
 * "<ID>-<kind>.<ext>", so an ID never holds '/' or spaces.
 *
 * dataset_id_parse either fills the whole struct or says, in words meant for
 * the user, what is wrong with the text ("missing tool and frequency").
 */
#ifndef PERFVIEWS_DATASET_ID_H
#define PERFVIEWS_DATASET_ID_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DATASET_ID_MAX_TAGS 32

struct dataset_id {
	char *text;     /* the ID as given */
	char *workload; /* these point into one owned buffer */
	char *tool;
	uint32_t hz;
	uint32_t runs;   /* 1 when the ID has no "xRUNS" */
	bool runs_given; /* the ID says "xRUNS" */
	char *tags[DATASET_ID_MAX_TAGS];
	size_t ntags;
	char *buf_; /* owned */
};

/*
 * Parse text.  On success fill id (free it with dataset_id_free) and
 * return true; otherwise write the reason to why (at most whylen bytes,
 * NUL-terminated), leave id empty and return false.
 */
bool dataset_id_parse(const char *text, struct dataset_id *id, char *why,
                      size_t whylen);
void dataset_id_free(struct dataset_id *id);

/* Parse, or end with "bad ID 'TEXT': why" (exit 1). */
void dataset_id_parse_or_die(const char *text, struct dataset_id *id);

/*
 * A build tag names the build that recorded a data set, so that the data
 * sets of two builds have IDs of their own and share DATA, OUT and a
 * published directory: "py", a digit, then [A-Za-z0-9_.]* ("py311",
 * "py3.12.1", "py313jit").  A comparison of two builds sets build tags
 * aside: the build is what it compares.  tag[0..n).
 */
bool dataset_tag_is_build(const char *tag, size_t n);

/*
 * Does the build tag agree with a Python version ("3.12.1 (main, ...)")?
 * Its digits after "py" up to the first other character: with dots, a
 * start of the version ("py3.12" and 3.12.1); without, the major version's
 * digit then the minor's ("py311": 3.11).  A tag of other characters only
 * after its digits says nothing more ("py313jit": 3.13).
 */
bool dataset_tag_fits_version(const char *tag, const char *version);

/* True when the ID carries the tag. */
bool dataset_id_has_tag(const struct dataset_id *id, const char *tag);

/*
 * `perfviews id`: the ID text, checked as dataset_id_parse_or_die does,
 * and its parts as sh assignments: ID=, WORKLOAD=, TOOL=, HZ=, RUNS=, TAGS=.
 */
void dataset_id_write_sh(FILE *out, const char *text);

#endif

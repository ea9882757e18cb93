/*
 * pyperf_result.c - see pyperf_result.h.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/xalloc.h"
#include "record/pyperf_result.h"

/* "12." at *s: the number, s moved past the dot; false otherwise. */
static bool
index_part(const char **s, size_t *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return false;
	errno = 0;
	unsigned long long v = strtoull(*s, &end, 10);
	if (errno != 0 || *end != '.')
		return false;
	*out = (size_t)v;
	*s = end + 1;
	return true;
}

static bool
take(const char **s, const char *word)
{
	size_t n = strlen(word);
	if (strncmp(*s, word, n) != 0)
		return false;
	*s += n;
	return true;
}

static struct pyperf_benchmark *
benchmark_at(struct pyperf_result *r, size_t i)
{
	if (i > r->count)
		return NULL; /* JSON arrays come in order: no gaps */
	if (i == r->count) {
		r->benchmarks =
		    array_reserve(r->benchmarks, &r->cap, r->count + 1,
		                  sizeof *r->benchmarks);
		struct pyperf_benchmark *b = &r->benchmarks[r->count++];
		memset(b, 0, sizeof *b);
		char prefix[48];
		snprintf(prefix, sizeof prefix, "benchmarks.%zu.", i);
		b->prefix = xstrdup(prefix);
	}
	return &r->benchmarks[i];
}

static struct pyperf_run *
run_at(struct pyperf_benchmark *b, size_t j)
{
	if (j > b->nruns)
		return NULL;
	if (j == b->nruns) {
		b->runs = array_reserve(b->runs, &b->runs_cap, b->nruns + 1,
		                        sizeof *b->runs);
		memset(&b->runs[b->nruns++], 0, sizeof *b->runs);
	}
	return &b->runs[j];
}

static void
add_value(struct pyperf_benchmark *b, double x)
{
	b->nvalues++;
	double delta = x - b->mean;
	b->mean += delta / (double)b->nvalues;
	b->m2 += delta * (x - b->mean);
}

/* One entry "benchmarks.I.runs.J.REST"; false when it breaks the shape. */
static bool
add_entry(struct pyperf_result *r, const struct json_entry *e)
{
	const char *s = e->path;
	size_t i, j, k;

	if (!take(&s, "benchmarks.") || !index_part(&s, &i))
		return true; /* the suite's metadata, or not ours */
	struct pyperf_benchmark *b = benchmark_at(r, i);
	if (b == NULL)
		return false;
	if (!take(&s, "runs.") || !index_part(&s, &j))
		return true; /* the benchmark's metadata */
	struct pyperf_run *run = run_at(b, j);
	if (run == NULL)
		return false;
	if (take(&s, "values.")) {
		char *end;
		double x = e->value != NULL ? strtod(e->value, &end) : NAN;
		if (e->kind != JSON_NUMBER || *end != '\0' || !isfinite(x))
			return false;
		run->values++;
		run->value_sum += x;
		add_value(b, x);
	} else if (take(&s, "warmups.") && index_part(&s, &k)) {
		if (k + 1 > run->warmups)
			run->warmups = (uint32_t)(k + 1);
		double x = e->value != NULL ? strtod(e->value, NULL) : 0;
		if (strcmp(s, "0") == 0) /* [loops, seconds per iteration] */
			run->pending = x;
		else if (strcmp(s, "1") == 0)
			run->warmup_timed += run->pending * x;
	}
	return true;
}

const char *
pyperf_run_meta(const struct pyperf_result *r, size_t b, size_t j,
                const char *key)
{
	char path[256];

	snprintf(path, sizeof path, "%sruns.%zu.metadata.%s",
	         r->benchmarks[b].prefix, j, key);
	const struct json_entry *e = json_flat_find(&r->doc, path);
	return e != NULL ? e->value : pyperf_result_meta(r, b, key);
}

static double
run_number(const struct pyperf_result *r, size_t b, size_t j, const char *key,
           double none)
{
	const char *v = pyperf_run_meta(r, b, j, key);
	return v != NULL ? strtod(v, NULL) : none;
}

/*
 * Run j's times: its duration and end (pyperf keeps a value every run
 * shares, one run's included, in the benchmark's or the file's metadata),
 * and the seconds of its loops, from its values (seconds per iteration):
 * each value is loops x inner_loops iterations; a warmup's loops are its
 * own (calibration doubles them).
 */
static void
run_times(struct pyperf_result *r, size_t b, size_t j)
{
	struct pyperf_run *run = &r->benchmarks[b].runs[j];
	double loops = run_number(r, b, j, "loops", 1);
	double inner = run_number(r, b, j, "inner_loops", 1);

	const char *hooked = pyperf_run_meta(r, b, j, "perfviews_perf");
	run->values_only = hooked != NULL && strcmp(hooked, "values") == 0;
	run->command = pyperf_run_meta(r, b, j, "command") != NULL;
	r->benchmarks[b].command |= run->command;
	run->duration = run_number(r, b, j, "duration", 0);
	run->uptime = run_number(r, b, j, "uptime", 0);
	run->timed = run->value_sum * loops * inner;
	run->warmup_timed *= inner;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t n = 0, cap = 0, got;

	if (f == NULL)
		return NULL;
	do {
		text = array_reserve(text, &cap, n + 65536, 1);
		got = fread(text + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		free(text);
		return NULL;
	}
	text[n] = '\0';
	*len = n;
	return text;
}

bool
pyperf_result_read(struct pyperf_result *r, const char *path, char *why,
                   size_t whylen)
{
	char reason[256];
	size_t len = 0;
	char *text = slurp(path, &len);

	memset(r, 0, sizeof *r);
	if (text == NULL) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return false;
	}
	bool ok = json_flat_parse(text, len, &r->doc, reason, sizeof reason);
	free(text);
	if (!ok) {
		snprintf(why, whylen, "%s: not JSON: %s", path, reason);
		return false;
	}
	for (size_t i = 0; i < r->doc.count; i++) {
		if (!add_entry(r, &r->doc.entries[i])) {
			snprintf(why, whylen, "%s: not pyperf's result: %s",
			         path, r->doc.entries[i].path);
			pyperf_result_free(r);
			return false;
		}
	}
	for (size_t i = 0; i < r->count; i++) {
		struct pyperf_benchmark *b = &r->benchmarks[i];
		const char *name = pyperf_result_meta(r, i, "name");
		b->name = xstrdup(name != NULL ? name : "");
		for (size_t j = 0; j < b->nruns; j++)
			run_times(r, i, j);
	}
	if (r->count == 0) {
		snprintf(why, whylen, "%s: no benchmark in it", path);
		pyperf_result_free(r);
		return false;
	}
	return true;
}

void
pyperf_result_free(struct pyperf_result *r)
{
	for (size_t i = 0; i < r->count; i++) {
		free(r->benchmarks[i].name);
		free(r->benchmarks[i].runs);
		free(r->benchmarks[i].prefix);
	}
	free(r->benchmarks);
	json_flat_free(&r->doc);
	memset(r, 0, sizeof *r);
}

int
pyperf_result_find(const struct pyperf_result *r, const char *name)
{
	for (size_t i = 0; i < r->count; i++)
		if (strcmp(r->benchmarks[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *
pyperf_result_meta(const struct pyperf_result *r, size_t b, const char *key)
{
	char path[256];
	const struct json_entry *e;

	snprintf(path, sizeof path, "%smetadata.%s", r->benchmarks[b].prefix,
	         key);
	e = json_flat_find(&r->doc, path);
	if (e == NULL) {
		snprintf(path, sizeof path, "metadata.%s", key);
		e = json_flat_find(&r->doc, path);
	}
	return e != NULL ? e->value : NULL;
}

double
pyperf_benchmark_stdev(const struct pyperf_benchmark *b)
{
	return b->nvalues < 2 ? 0 : sqrt(b->m2 / (double)(b->nvalues - 1));
}

bool
pyperf_result_calibrated(const struct pyperf_result *r)
{
	for (size_t b = 0; b < r->count; b++)
		for (size_t k = 0; k < r->benchmarks[b].nruns; k++)
			if (r->benchmarks[b].runs[k].values == 0)
				return true;
	return false;
}

/* The walk's state: the next file, and how many there are. */
struct walk {
	struct pyperf_file_label *labels;
	size_t next, n;
};

/* Label the files of one phase: its inner files, then the outer one. */
static bool
phase(struct walk *w, size_t b, size_t run, bool command, uint32_t inner,
      enum pyperf_phase outer)
{
	size_t need = (command ? inner : 0) + 1;

	if (w->next + need > w->n)
		return false;
	for (uint32_t k = 0; command && k < inner; k++)
		w->labels[w->next++] = (struct pyperf_file_label){
		    b, run,
		    outer == PHASE_VALUES ? PHASE_INNER_VALUE
		                          : PHASE_INNER_WARMUP,
		    false, outer == PHASE_VALUES};
	w->labels[w->next++] = (struct pyperf_file_label){
	    b, run, outer, true, !command && outer == PHASE_VALUES};
	return true;
}

bool
pyperf_assign_files(const struct pyperf_result *r, size_t n,
                    struct pyperf_file_label *labels, char *why, size_t whylen)
{
	struct walk w = {labels, 0, n};

	for (size_t b = 0; b < r->count; b++) {
		const struct pyperf_benchmark *bm = &r->benchmarks[b];
		for (size_t j = 0; j < bm->nruns; j++) {
			const struct pyperf_run *run = &bm->runs[j];
			bool ok = true;
			if (run->values_only) {
				if (run->values > 0)
					ok = phase(&w, b, j, run->command,
					           run->values, PHASE_VALUES);
			} else if (run->values == 0) {
				ok = phase(&w, b, j, run->command, run->warmups,
				           PHASE_CALIBRATION);
			} else {
				if (run->warmups > 0)
					ok = phase(&w, b, j, run->command,
					           run->warmups, PHASE_WARMUP);
				ok = ok && phase(&w, b, j, run->command,
				                 run->values, PHASE_VALUES);
			}
			if (!ok) {
				snprintf(why, whylen,
				         "%zu perf.data files, fewer than "
				         "pyperf's result implies (%s, worker "
				         "%zu)",
				         n, bm->name, j + 1);
				return false;
			}
		}
	}
	if (w.next != n) {
		snprintf(why, whylen,
		         "%zu perf.data files, but pyperf's result accounts "
		         "for %zu",
		         n, w.next);
		return false;
	}
	return true;
}

/*
 * bench_time.c - see bench_time.h.
 */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "record/bench_time.h"
#include "record/record_step.h"

void
bench_time_split(struct bench_time *t, const struct pyperf_result *r,
                 double env_s, double start, double post_began)
{
	double first = 0, last = 0, busy = 0;
	bool ended = false;

	memset(t, 0, sizeof *t);
	for (size_t b = 0; b < r->count; b++) {
		const struct pyperf_benchmark *bm = &r->benchmarks[b];
		for (size_t k = 0; k < bm->nruns; k++) {
			const struct pyperf_run *run = &bm->runs[k];
			if (run->uptime > 0) {
				double began = run->uptime - run->duration;
				first = ended && first < began ? first : began;
				last = ended && last > run->uptime
				           ? last
				           : run->uptime;
				ended = true;
			}
			busy += run->duration;
			if (run->values == 0) {
				t->calibration += run->duration;
				continue;
			}
			t->loops += run->timed;
			t->warmup += run->warmup_timed;
			double rest =
			    run->duration - run->timed - run->warmup_timed;
			t->hook += rest > 0 ? rest : 0;
		}
	}
	/* Without uptimes (pyperf found no boot time), the gaps are set-up. */
	t->worker_start =
	    ended && last - first > busy ? last - first - busy : 0;
	t->environment = env_s;
	double now = clock_seconds();
	t->post = now - post_began;
	t->total = now - start;
	t->setup = t->total - t->environment - t->calibration -
	           t->worker_start - t->warmup - t->hook - t->loops - t->post;
	if (t->setup < 0) /* pyperf's and our clocks disagree a little */
		t->setup = 0;
}

void
bench_time_describe(const struct bench_time *t, struct metadata *m)
{
	/* In the order of meta_time_parts. */
	const double parts[META_TIME_PARTS] = {
	    t->setup,  t->environment, t->calibration, t->worker_start,
	    t->warmup, t->hook,        t->loops,       t->post};
	record_set_seconds(m, meta_time_total, t->total, 3);
	for (size_t i = 0; i < META_TIME_PARTS; i++)
		record_set_seconds(m, meta_time_parts[i], parts[i], 3);
}

void
bench_time_print(const struct bench_time *t, const struct bench_took *k)
{
	double cpu = (double)k->samples / k->hz;
	double whole = t->total + k->views_s;
	const char *from = k->loops_file;

	printf("took %.1f s, profiled %.1f CPU-s (%.0f%%): set-up %.1f s, "
	       "environment %.1f s (%s), calibration %.1f s%s%s%s, worker "
	       "start-up %.1f s, warmups %.1f s, perf and pyperf "
	       "%.1f s, timed loops %.1f s, post-processing %.1f s "
	       "(perfviews script %.1f s, compression %.1f s), views %.1f s\n",
	       whole, cpu, 100 * cpu / whole, t->setup, t->environment,
	       k->environment, t->calibration, from ? " (loops from " : "",
	       from ? from : "", from ? ")" : "", t->worker_start, t->warmup,
	       t->hook, t->loops, t->post, k->script_s, k->compress_s,
	       k->views_s);
}

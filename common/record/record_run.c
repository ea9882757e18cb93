/*
 * record_run.c - see record_run.h.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/runs.h"
#include "os/dirs.h"
#include "record/record_plan.h"
#include "record/record_run.h"
#include "record/script.h"

/*
 * The samples perf lost in a recording, from `perf report --stats`: the
 * LOST_SAMPLES of each event, or when it has none, of all together.
 */
static unsigned long
lost_samples(struct plan *p, const char *data)
{
	struct child_args a = {0};
	char *file = xasprintf("%s/answer", p->tmp);
	unsigned long per_event = 0, all = 0;
	bool aggregated = false;

	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "report");
	args_add(&a, "-i");
	args_add(&a, data);
	args_add(&a, "--stats");
	char *stats = record_output(child_whole_output, &a, file);
	args_free(&a);
	free(file);
	for (char *line = stats, *next; line != NULL && *line; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		char *lost = strstr(line, "LOST_SAMPLES events:");
		if (strstr(line, " stats:") != NULL)
			aggregated = strstr(line, "Aggregated") != NULL;
		else if (lost != NULL && aggregated)
			all += strtoul(lost + 20, NULL, 10);
		else if (lost != NULL)
			per_event += strtoul(lost + 20, NULL, 10);
	}
	if (stats == NULL)
		warnmsg("%s report --stats failed: samples lost are unknown",
		        p->opt->perf);
	free(stats);
	return per_event > 0 ? per_event : all;
}

void
record_run(struct plan *p, uint32_t n, int raw)
{
	char *data = xasprintf("%s/run.data", p->tmp);
	struct child_args a = {0};

	char *shown = plan_record_text(p, data);
	printf("run %" PRIu32 "/%" PRIu32 ": %s\n", n, p->id.runs, shown);
	fflush(stdout);
	free(shown);
	plan_record_args(&a, p, data);
	char *what = xasprintf("run %" PRIu32 " of %" PRIu32, n, p->id.runs);
	record_machine_begin(&p->machine);
	p->record_s += record_workload(p, &a, what);
	record_machine_end(&p->machine);

	char *raw_path = xasprintf("%s/raw.txt", p->tmp);
	off_t from = run_text_start(raw, raw_path, n, p->id.runs, NULL);
	free(what);
	what = xasprintf("run %" PRIu32, n); /* "perf script of run 2" */
	p->script_s += record_script(p, data, what, raw);
	run_text_end(raw, raw_path, n, p->id.runs, from);
	free(raw_path);
	unsigned long lost = lost_samples(p, data);
	if (lost > 0)
		warnmsg("run %" PRIu32 ": perf lost %lu samples (its ring "
		        "buffer was full)%s",
		        n, lost,
		        p->measure->every_event ? ": the counts are short by "
		                                  "that many"
		                                : "");
	p->lost += lost;
	unlink(data); /* else the next perf record keeps it as .old */
	free(what);
	free(data);
}

/* Seconds of CPU time this process's waited-for children used so far. */
static double
children_cpu(void)
{
	struct rusage u;

	getrusage(RUSAGE_CHILDREN, &u);
	return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 +
	       (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

void
record_unprofiled(struct plan *p, double first_run_s)
{
	struct child_args a = {0};

	record_set_seconds(&p->meta, "timing.profiled_seconds", first_run_s, 3);
	if (!p->opt->overhead && first_run_s >= 10)
		return; /* a long workload: OVERHEAD=1 measures it */
	printf("once more without the profiler: %s\n", p->cmd);
	fflush(stdout);
	/*
	 * A short workload's time moves by a third from one run to the next
	 * (9 to 13 ms for python -S -c pass): the fastest of a few runs, up
	 * to a second of them, is what it costs undisturbed, as timeit says.
	 */
	double wall = -1, cpu = -1, spent = 0;
	for (int run = 0; run < 5 && spent < 1; run++) {
		args_add_words(&a, p->cmd, "CMD");
		double before = children_cpu();
		double w =
		    record_workload(p, &a, "the run without the profiler");
		double c = children_cpu() - before;
		wall = wall < 0 || w < wall ? w : wall;
		cpu = cpu < 0 || c < cpu ? c : cpu;
		spent += w;
	}
	record_set_seconds(&p->meta, "timing.unprofiled_seconds", wall, 3);
	record_set_seconds(&p->meta, "timing.unprofiled_cpu_seconds", cpu, 3);
}

void
record_compress(struct plan *p, const char *raw, const char *xz)
{
	struct child_args a = {0};
	struct child_result r;
	int fd = child_open(xz, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, -1};

	args_add_words(&a, p->opt->xz, "--xz");
	args_add(&a, "-c");
	args_add(&a, raw);
	double t = clock_seconds();
	bool ok = child_run(a.v, &io, 0, &r);
	p->compress_s += clock_seconds() - t;
	close(fd);
	args_free(&a);
	record_stop_if_asked();
	if (!ok)
		child_failed("compression", &r, NULL);
}

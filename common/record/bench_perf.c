/*
 * bench_perf.c - see bench_perf.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "record/bench_log.h"
#include "record/bench_perf.h"

/*
 * perf record's option that spares each of the hook's phases a second:
 * without it perf watches for BPF programs loaded during the recording in
 * a thread it stops only at its next poll timeout (one second), at the end
 * of every phase.  What the samples are is the same.  "" for a perf that
 * does not know it (before Linux 5.1): bench_perf_check finds out.
 */
static const char *no_bpf_event = "--no-bpf-event";

/* A probe recording with the hook's options; true when it recorded. */
static bool
probe(const struct plan *p, const char *data, const char *err,
      struct child_result *r)
{
	struct child_args a = {0};
	char hz[16];

	snprintf(hz, sizeof hz, "%u", p->id.hz);
	args_add(&a, p->opt->perf);
	args_add(&a, "record");
	args_add(&a, "-q");
	args_add(&a, "-e");
	args_add(&a, p->opt->event);
	args_add(&a, "-F");
	args_add(&a, hz);
	args_add_words(&a, record_callgraph(p->opt), "--callgraph");
	if (*no_bpf_event != '\0')
		args_add(&a, no_bpf_event);
	args_add(&a, "-o");
	args_add(&a, data);
	args_add(&a, "--");
	args_add(&a, p->bench_python);
	args_add(&a, "-c");
	args_add(&a, "pass");
	bool ok = bench_log_run(a.v, NULL, err, 120, r);
	args_free(&a);
	record_stop_if_asked();
	return ok;
}

/*
 * Where a suite keeps that the probe passed with these options: one
 * stamp per host (a Slurm suite's cache is shared), perf, event,
 * frequency, call graph and Python, in the cache.  It holds the
 * no_bpf_event the probe found.
 */
static char *
probe_stamp(const struct plan *p, const char *cache)
{
	char host[256] = "";
	gethostname(host, sizeof host - 1);
	char *key = xasprintf("%s\n%s\n%s\n%u\n%s\n%s", host, p->opt->perf,
	                      p->opt->event, p->id.hz, p->opt->callgraph,
	                      p->bench_python);
	uint64_t h = hash_bytes(key, strlen(key), 0);
	free(key);
	return xasprintf("%s/.perfviews-probe-%016llx", cache,
	                 (unsigned long long)h);
}

/* When the suite this recording is one of began (perfviews suite step
 * sets it), or NULL outside a suite. */
static const char *
suite_started(void)
{
	const char *since = getenv("PERFVIEWS_SUITE_STARTED");
	return since != NULL && *since != '\0' ? since : NULL;
}

/*
 * In a suite, a probe that passed since the suite started (as
 * PERFVIEWS_SUITE_STARTED, which perfviews suite step sets, says) is not
 * made again: it took a third of a second a recording.  A perf that
 * stops working within the suite still fails the recording, as an empty
 * perf.data.
 */
static bool
probed_in_suite(const char *stamp)
{
	const char *since = suite_started();
	struct stat st;
	char text[32] = "";

	if (since == NULL || stat(stamp, &st) != 0 ||
	    (double)st.st_mtime + 1e-9 * (double)st.st_mtim.tv_nsec <
	        strtod(since, NULL))
		return false;
	FILE *f = fopen(stamp, "r");
	if (f == NULL)
		return false;
	bool ok = fgets(text, sizeof text, f) != NULL;
	fclose(f);
	if (!ok)
		return false;
	no_bpf_event =
	    strncmp(text, "no-bpf-event", 12) == 0 ? "--no-bpf-event" : "";
	return true;
}

static void
probe_text(FILE *f, void *arg)
{
	(void)arg;
	fprintf(f, "%s\n", *no_bpf_event ? "no-bpf-event" : "bpf-event");
}

/* Whole: a stamp cut short would read as "bpf-event" (dirs_write_whole). */
static void
probed_write(const char *stamp)
{
	dirs_write_whole(stamp, probe_text, NULL);
}

void
bench_perf_check(const struct plan *p, const char *cache)
{
	struct child_result r;
	char how[128];
	char *stamp = probe_stamp(p, cache);
	if (probed_in_suite(stamp)) {
		free(stamp);
		return;
	}
	char *data = xasprintf("%s/probe.data", p->tmp);
	char *err = dirs_memory_file("probe.err");

	bool ok = probe(p, data, err, &r);
	if (!ok && r.status != -1) {
		char *text = bench_log_tail(err);
		if (strstr(text, "no-bpf-event") != NULL) { /* an older perf */
			no_bpf_event = "";
			ok = probe(p, data, err, &r);
		}
		free(text);
	}
	if (!ok) {
		char *text = bench_log_tail(err);
		char *first = xstrndup(text, strcspn(text, "\n"));
		if (r.status == -1)
			die(EXIT_DATA,
			    "perf cannot run (%s): install it "
			    "(linux-perf) or give PERF=path",
			    child_describe(&r, how, sizeof how));
		die(EXIT_DATA, "perf cannot record here (%s)%s%s",
		    child_describe(&r, how, sizeof how), *first ? ": " : "",
		    first);
	}
	if (suite_started() != NULL)
		probed_write(stamp);
	unlink(data);
	free(data);
	free(err);
	free(stamp);
}

/*
 * perf starts with its events disabled (-D -1): pyperf's hook only
 * enables them around the timed loops, and without it what the worker ran
 * between perf's start and the first enable was sampled too.
 * --buildid-all: the build ids of every DSO mapped, not only of those
 * sampled, which perf finds by reading every sample again as it stops
 * (0.1 s a phase at 6,000 dwarf samples, in the worker's time).
 */
char *
bench_perf_hook_options(const struct plan *p)
{
	return xasprintf("-D -1 --buildid-all -e %s -F %u %s%s%s",
	                 p->opt->event, p->id.hz, record_callgraph(p->opt),
	                 *no_bpf_event ? " " : "", no_bpf_event);
}

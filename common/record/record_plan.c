/*
 * record_plan.c - see record_plan.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "record/pyperformance.h"
#include "record/record_plan.h"

#define MAX_RATE_SYSCTL "/proc/sys/kernel/perf_event_max_sample_rate"

/* The limit before plan_rate raised it, for restore_rate. */
static struct {
	long max_rate;
	bool raised;
} saved;

/*
 * bm_NAME: pyperformance's benchmark NAME (pyperformance.h), its command
 * for meta.json only: the recording is pyperformance's, not ours.
 */
static void
plan_benchmark(struct plan *p)
{
	if (p->opt->cmd != NULL && *p->opt->cmd != '\0')
		die(EXIT_USAGE,
		    "%s is pyperformance's benchmark %s: it takes no CMD",
		    p->id.text, p->id.workload + 3);
	p->bench_python = pyperformance_plan(&p->id, p->opt);
	p->cmd = pyperformance_command(&p->id, p->bench_python);
}

void
plan_command(struct plan *p)
{
	const struct record_options *opt = p->opt;
	const char *workload = p->id.workload;
	struct child_args a = {0};

	if (dataset_id_has_tag(&p->id, "xperf")) {
		args_add_words(&a, p->opt->python, "--python");
		args_add(&a, "-X");
		args_add(&a, "perf");
		args_add(&a, "-c");
		args_add(&a, "import sys; sys.exit(not getattr(sys, "
		             "'is_stack_trampoline_active', bool)())");
		if (!record_succeeds(&a))
			die(EXIT_DATA,
			    "%s has no -X perf (tag xperf needs Python 3.12 or "
			    "later, built with perf trampoline support)",
			    opt->python);
		args_free(&a);
	}
	p->python_meta = opt->python_given;
	if (strncmp(workload, "bm_", 3) == 0) {
		plan_benchmark(p);
		p->python_meta = true;
		return;
	}
	if (opt->cmd != NULL && *opt->cmd != '\0') {
		p->cmd = xstrdup(opt->cmd);
		return;
	}
	const char *flags = dataset_id_has_tag(&p->id, "nosite") ? " -S" : "";
	const char *xperf =
	    dataset_id_has_tag(&p->id, "xperf") ? " -X perf" : "";
	if (strcmp(workload, "pass") == 0) {
		p->cmd = xasprintf("%s%s%s -c pass", opt->python, flags, xperf);
	} else {
		die(EXIT_USAGE,
		    "workload %s has no default command: give CMD=... (or "
		    "--cmd)",
		    workload);
	}
	p->python_meta = true;
}

void
plan_check_words(const struct plan *p)
{
	const char *const lines[][2] = {{p->cmd, "CMD"},
	                                {p->opt->perf, "--perf"},
	                                {p->opt->xz, "--xz"},
	                                {p->opt->views, "--views"}};

	const char *views = p->opt->views;
	size_t n = views != NULL && *views != '\0' ? 4 : 3;

	for (size_t i = 0; i < n; i++) {
		struct child_args a = {0};
		args_add_words(&a, lines[i][0], lines[i][1]);
		args_free(&a);
	}
}

/*
 * How perf samples: at the ID's frequency, or, for a measure that counts
 * (faults, files), every event, with a ring buffer large enough that none
 * is lost (the default one loses many with dwarf stacks).
 */
static const char *
sampling_text(const struct plan *p, char *buf, size_t size)
{
	if (p->measure->every_event)
		return "-c 1 -m 16M";
	snprintf(buf, size, "-F %" PRIu32, p->id.hz);
	return buf;
}

char *
plan_file_events(struct plan *p)
{
	struct child_args a = {0};
	char *file = xasprintf("%s/answer", p->tmp);
	char *list, *events = xstrdup("");

	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "list");
	args_add(&a, "syscalls:sys_enter_*");
	list = record_output(child_whole_output, &a, file);
	free(file);
	args_free(&a);
	for (size_t i = 0; list != NULL && measure_file_syscalls[i]; i++) {
		char *name = xasprintf("syscalls:sys_enter_%s ",
		                       measure_file_syscalls[i]);
		if (strstr(list, name) != NULL) {
			char *more =
			    xasprintf("%s%s%.*s", events, *events ? "," : "",
			              (int)strlen(name) - 1, name);
			free(events);
			events = more;
		}
		free(name);
	}
	free(list);
	if (*events == '\0')
		die(EXIT_DATA,
		    "tag files: %s list shows no syscalls:sys_enter_* "
		    "tracepoints (they need root, and tracefs)",
		    p->opt->perf);
	return events;
}

/*
 * What the tags ask to count, and the events perf records for it (for
 * files, later: plan_file_events), checked before anything runs.
 */
void
plan_measure(struct plan *p)
{
	struct child_args a = {0};

	p->measure = measure_of_id(&p->id);
	if (p->measure->kind == MEASURE_TIME) {
		p->events = xstrdup(p->opt->event);
		return;
	}
	if (p->opt->event_given)
		usage_error("tag %s records %s: PERF_EVENT (--event %s) does "
		            "not apply",
		            p->measure->tag,
		            p->measure->events ? p->measure->events
		                               : p->measure->label,
		            p->opt->event);
	if (p->measure->kind == MEASURE_FAULTS) {
		p->events = xstrdup(p->measure->events);
		return;
	}
	args_add_words(&a, p->opt->strace, "--strace");
	args_add(&a, "-V");
	if (!record_succeeds(&a))
		die(EXIT_DATA,
		    "tag files runs the workload under strace too, and %s "
		    "does not run (apt-get install strace, or make deps)",
		    p->opt->strace);
	args_free(&a);
}

void
plan_record_args(struct child_args *a, const struct plan *p, const char *output)
{
	char buf[32];

	args_add_words(a, p->opt->perf, "--perf");
	args_add(a, "record");
	args_add(a, "-e");
	args_add(a, p->events);
	args_add_words(a, sampling_text(p, buf, sizeof buf), "sampling");
	args_add_words(a, record_callgraph(p->opt), "callgraph");
	args_add(a, "-o");
	args_add(a, output);
	args_add(a, "--");
	args_add_words(a, p->cmd, "CMD");
}

char *
plan_record_text(const struct plan *p, const char *output)
{
	char buf[32];

	return xasprintf("%s record -e %s %s %s -o %s -- %s", p->opt->perf,
	                 p->events, sampling_text(p, buf, sizeof buf),
	                 record_callgraph(p->opt), output, p->cmd);
}

static void
write_max_rate(long rate)
{
	FILE *f = fopen(MAX_RATE_SYSCTL, "we");

	if (f == NULL || fprintf(f, "%ld\n", rate) < 0 || fclose(f) != 0)
		warnmsg_errno("%s: cannot set it to %ld", MAX_RATE_SYSCTL,
		              rate);
}

/* The limit as it was before plan_rate raised it; once. */
static void
restore_rate(void)
{
	if (saved.raised) {
		write_max_rate(saved.max_rate);
		saved.raised = false;
	}
}

void
plan_rate(struct plan *p)
{
	FILE *f = fopen(MAX_RATE_SYSCTL, "re");
	long max = 0;

	if (f != NULL) {
		if (fscanf(f, "%ld", &max) != 1)
			max = 0;
		fclose(f);
	}
	if (max <= 0 || p->id.hz <= (unsigned long)max ||
	    p->measure->every_event)
		return;
	if (geteuid() != 0)
		die(EXIT_DATA,
		    "%" PRIu32 " Hz is above kernel.perf_event_max_sample_rate "
		    "(%ld): run as root to raise it for the recording, or use "
		    "a lower frequency",
		    p->id.hz, max);
	printf("raising kernel.perf_event_max_sample_rate from %ld to %" PRIu32
	       " for the recording\n",
	       max, p->id.hz);
	fflush(stdout);
	saved.max_rate = max;
	saved.raised = true;
	record_undo_call(restore_rate);
	write_max_rate((long)p->id.hz);
}

/*
 * script.c - see script.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/cli.h"
#include "base/clock.h"
#include "base/message.h"
#include "input/input_format.h"
#include "os/child.h"
#include "perfdata/perf_data_text.h"
#include "record/script.h"

/* CPU seconds of this process (RUSAGE_SELF) or its children, so far. */
static double
cpu_seconds(int who)
{
	struct rusage u;
	getrusage(who, &u);
	return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
	       (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/* -v: what the text cost since start, cpu[] (this process, children). */
static void
say_cost(bool perf, double start, const double cpu[2])
{
	struct rusage self;

	getrusage(RUSAGE_SELF, &self);
	if (perf)
		fprintf(stderr,
		        "%s: %.2f s wall; CPU %.2f s in perf, %.2f s in this "
		        "process; peak RSS of this process %.1f MB\n",
		        progname, clock_seconds() - start,
		        cpu_seconds(RUSAGE_CHILDREN) - cpu[1],
		        cpu_seconds(RUSAGE_SELF) - cpu[0],
		        (double)self.ru_maxrss / 1024);
	else
		fprintf(stderr,
		        "%s: %.2f s wall, %.2f s CPU; peak RSS of this process "
		        "%.1f MB\n",
		        progname, clock_seconds() - start,
		        cpu_seconds(RUSAGE_SELF) - cpu[0],
		        (double)self.ru_maxrss / 1024);
}

static void
write_fd(void *ctx, const char *p, size_t n)
{
	int fd = *(const int *)ctx;
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(fd, p + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			die_errno(EXIT_DATA, "write error");
		done += (size_t)w;
	}
}

/*
 * The text made by the reader of perfdata, without perf; false, with -v
 * saying why, for perf to make (nothing written then).
 */
static bool
read_here(const struct script_options *o, int fd)
{
	const char *name = o->name != NULL ? o->name : o->input;
	const char *why;

	if (o->use_perf)
		return false;
	if (strcmp(o->input, "-") != 0 && !input_is_perf_data(o->input)) {
		why = "not a perf.data file"; /* perf says what it is */
	} else {
		struct perf_data_text_options t = {
		    .path = o->input,
		    .args = o->args,
		    .nargs = o->nargs,
		    .inlines = o->inlines,
		    .write = write_fd,
		    .ctx = &fd,
		    .verbose = o->verbose,
		};
		if (perf_data_text(&t, &why))
			return true;
	}
	if (o->verbose)
		fprintf(stderr,
		        "%s: %s: %s: not read here, perf script "
		        "instead\n",
		        progname, name, why);
	return false;
}

bool
script_write(const struct script_options *o, int fd)
{
	double start = clock_seconds();
	double cpu[2] = {cpu_seconds(RUSAGE_SELF),
	                 cpu_seconds(RUSAGE_CHILDREN)};
	bool perf = !read_here(o, fd);

	if (perf) {
		start = clock_seconds();
		cpu[0] = cpu_seconds(RUSAGE_SELF);
		cpu[1] = cpu_seconds(RUSAGE_CHILDREN);
		if (!script_slices_write(o, fd))
			return false;
	}
	if (o->verbose)
		say_cost(perf, start, cpu);
	return true;
}

void
script_command(struct script_options *o, char *const operands[], size_t n)
{
	o->input = operands[0];
	o->args = operands + 1;
	o->nargs = n - 1;
	for (size_t i = 0; i < o->nargs; i++)
		if (strncmp(o->args[i], "--input", 7) == 0 ||
		    strncmp(o->args[i], "-i", 2) == 0)
			usage_error(
			    "script: the perf.data file is the operand, "
			    "not %s",
			    o->args[i]);
	if (!script_write(o, STDOUT_FILENO))
		child_exit_by_signal(child_stopped());
}

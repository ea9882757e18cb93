/*
 * machine_load.c - see machine_load.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/clock.h"
#include "os/machine_load.h"

/* The first size-1 bytes of a file, or false. */
static bool
read_small(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	if (f == NULL)
		return false;
	size_t n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
	return n > 0;
}

bool
machine_parse_stat(const char *text, double hz, double *busy_s, double *steal_s,
                   int *cpus)
{
	/* user nice system idle iowait irq softirq steal (guest is in user) */
	unsigned long long t[8];

	if (strncmp(text, "cpu ", 4) != 0 ||
	    sscanf(text + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &t[0],
	           &t[1], &t[2], &t[3], &t[4], &t[5], &t[6], &t[7]) != 8 ||
	    hz <= 0)
		return false;
	*busy_s = (double)(t[0] + t[1] + t[2] + t[5] + t[6]) / hz;
	*steal_s = (double)t[7] / hz;
	*cpus = 0;
	for (const char *p = strstr(text, "\ncpu"); p != NULL;
	     p = strstr(p + 1, "\ncpu"))
		if (p[4] >= '0' && p[4] <= '9')
			(*cpus)++;
	return *cpus > 0;
}

static double
seconds_of(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void
machine_mark_take(struct machine_mark *m)
{
	/* /proc/stat: a line a CPU, besides interrupts and the rest. */
	static char stat[1 << 16];
	char loadavg[128];
	struct rusage self, children;

	memset(m, 0, sizeof *m);
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &children);
	m->at = clock_seconds();
	m->own_s = seconds_of(self.ru_utime) + seconds_of(self.ru_stime) +
	           seconds_of(children.ru_utime) +
	           seconds_of(children.ru_stime);
	long hz = sysconf(_SC_CLK_TCK);
	m->known = read_small("/proc/stat", stat, sizeof stat) &&
	           machine_parse_stat(stat, (double)hz, &m->busy_s, &m->steal_s,
	                              &m->cpus) &&
	           read_small("/proc/loadavg", loadavg, sizeof loadavg) &&
	           sscanf(loadavg, "%lf", &m->load) == 1;
}

bool
machine_span_between(const struct machine_mark *a, const struct machine_mark *b,
                     struct machine_span *s)
{
	if (!a->known || !b->known || b->at <= a->at)
		return false;
	s->wall_s = b->at - a->at;
	s->other_s = (b->busy_s - a->busy_s) - (b->own_s - a->own_s);
	s->steal_s = b->steal_s - a->steal_s;
	return true;
}

double
machine_load_resolution(int cpus, double wall_s)
{
	return wall_s > 0 ? 2.0 * cpus / 100.0 / wall_s : 0;
}

/*
 * machine_load.h - how busy the machine was while this process (and what
 * it ran) worked: the load average, and the CPU time other processes used.
 *
 * A mark is taken before and after a span of work (a recording's run):
 * the monotonic time, the 1-minute load average (/proc/loadavg), every
 * CPU's busy and steal time since boot (/proc/stat's first line: user,
 * nice, system, irq and softirq are busy; idle and iowait are not; steal
 * is time the hypervisor gave to other guests), and this process's own
 * and its waited-for children's CPU time (getrusage).  Between two marks,
 * what other processes used is the machine's busy time less this
 * process's, in CPUs (CPU seconds per second of wall time): 0 on a quiet
 * machine, about 1 while another process keeps a CPU busy.
 *
 * /proc/stat counts in clock ticks (USER_HZ, 100 a second), per CPU: a
 * span's figure is exact to about a tick per CPU, so it means little over
 * a fraction of a second (machine_load_resolution).
 */
#ifndef PERFVIEWS_MACHINE_LOAD_H
#define PERFVIEWS_MACHINE_LOAD_H

#include <stdbool.h>

struct machine_mark {
	bool known;     /* /proc/stat and /proc/loadavg were read */
	double at;      /* clock_seconds() */
	double load;    /* 1-minute load average */
	double busy_s;  /* all CPUs' busy seconds since boot */
	double steal_s; /* all CPUs' steal seconds since boot */
	double own_s;   /* this process's and its children's CPU seconds */
	int cpus;       /* CPUs /proc/stat counts */
};

/* What happened between two marks. */
struct machine_span {
	double wall_s;  /* seconds between them */
	double other_s; /* CPU seconds other processes used (may be < 0) */
	double steal_s; /* CPU seconds stolen by the hypervisor */
};

/* A mark now; known is false when /proc could not be read. */
void machine_mark_take(struct machine_mark *m);

/* From a to b; false when either is unknown or b is not after a. */
bool machine_span_between(const struct machine_mark *a,
                          const struct machine_mark *b, struct machine_span *s);

/*
 * How far a figure in CPUs over wall_s seconds on cpus CPUs can be off:
 * a clock tick (USER_HZ: 100 a second on every Linux) of each CPU at each
 * end, over the wall time.
 */
double machine_load_resolution(int cpus, double wall_s);

/*
 * Parse /proc/stat's text (its "cpu " line): busy and steal seconds at
 * hz ticks a second, and the CPUs (its "cpuN" lines).  False when the
 * line is not there or not numbers.
 */
bool machine_parse_stat(const char *text, double hz, double *busy_s,
                        double *steal_s, int *cpus);

#endif

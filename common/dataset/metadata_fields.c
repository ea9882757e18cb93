/*
 * metadata_fields.c - see metadata_fields.h.
 */
#include <stdio.h>
#include <string.h>

#include "dataset/metadata_fields.h"

/* Grouped by section: the writer opens an object where a prefix starts. */
const struct meta_field meta_fields[] = {
    {"id", META_STRING, "the data set's ID"},
    {"made_from", META_STRING,
     "null for a recording; \"raw file\" when only its raw file was "
     "there, so all but what the text tells is unknown"},
    {"workload.name", META_STRING, "the workload, from the ID"},
    {"workload.version", META_STRING, "its version, when it has one"},
    {"workload.command", META_STRING, "the command line profiled"},
    {"tool.name", META_STRING, "the profiler"},
    {"tool.version", META_STRING, "its version"},
    {"tool.event", META_STRING, "the event sampled"},
    {"tool.frequency", META_NUMBER, "sampling frequency in Hz"},
    {"tool.period", META_NUMBER,
     "events per sample (perf record -c); null: sampled at the frequency"},
    {"tool.call_graph", META_STRING, "how stacks were taken: fp or dwarf"},
    {"tool.runs", META_NUMBER, "number of runs combined"},
    {"tool.record_command", META_STRING, "the exact record command"},
    {"tags", META_STRING_LIST, "the ID's tags"},
    {"timestamp", META_STRING, "when the recording began (UTC)"},
    {"host.hostname", META_STRING, "machine name"},
    {"host.kernel", META_STRING, "kernel release"},
    {"host.cpu_model", META_STRING, "CPU model"},
    {"host.cpu_count", META_NUMBER, "online CPUs"},
    {"machine.measured_seconds", META_DECIMAL,
     "the wall time the machine's state below covers: the runs under perf "
     "record (a benchmark: its whole pyperformance run)"},
    {"machine.load_before", META_DECIMAL,
     "the 1-minute load average as the first run began"},
    {"machine.load_after", META_DECIMAL,
     "the 1-minute load average as the last run ended"},
    {"machine.other_cpus", META_DECIMAL,
     "CPUs other processes kept busy, on average over measured_seconds: "
     "every CPU's busy time (/proc/stat) less this recording's own (its "
     "CPU time and its children's: the workload, perf), over the wall "
     "time; 0: quiet, 1: another process kept a CPU busy (of "
     "host.cpu_count)"},
    {"machine.steal_cpus", META_DECIMAL,
     "CPUs' worth of time the hypervisor gave to other guests (/proc/stat's "
     "steal), on average over measured_seconds"},
    {"machine.load_per_run", META_DECIMAL_LIST,
     "the 1-minute load average as each run began (null for a benchmark)"},
    {"machine.other_cpus_per_run", META_DECIMAL_LIST,
     "other_cpus over each run alone (null for a benchmark)"},
    {"machine.governor", META_STRING,
     "the CPU frequency governor (cpufreq's scaling_governor of CPU 0); "
     "null where the kernel has none (most virtual machines)"},
    {"machine.pyperf_system", META_STRING,
     "pyperf system show's checks, its System state and Warnings lines "
     "joined by \"; \" (ASLR, isolated CPUs, perf's sample rate, turbo): "
     "a benchmark's, null otherwise"},
    {"python.executable", META_STRING, "the interpreter"},
    {"python.version", META_STRING, "its sys.version"},
    {"python.implementation", META_STRING,
     "sys.implementation.name: cpython, pypy..."},
    {"python.build.git_remote", META_STRING, "CPython source remote"},
    {"python.build.git_branch", META_STRING, "CPython branch or tag"},
    {"python.build.git_revision", META_STRING, "CPython revision"},
    {"python.build.configure_args", META_STRING, "./configure arguments"},
    {"python.build.cflags", META_STRING, "compiler flags"},
    {"python.build.options", META_STRING_LIST,
     "what the build is, from sysconfig: pgo, lto, debug, "
     "free-threading, jit, shared, frame-pointers"},
    {"benchmark.name", META_STRING,
     "pyperformance's benchmark run (bm_ workloads only)"},
    {"benchmark.result", META_STRING,
     "pyperf's name of the benchmark profiled: benchmark.name or a variant"},
    {"benchmark.variants", META_STRING_LIST,
     "every benchmark that run gave results for"},
    {"benchmark.pyperformance_version", META_STRING, "pyperformance's version"},
    {"benchmark.pyperf_version", META_STRING, "pyperf's version"},
    {"benchmark.description", META_STRING, "pyperf's description of it"},
    {"benchmark.python_version", META_STRING, "pyperf's python_version"},
    {"benchmark.cpu_model_name", META_STRING, "pyperf's cpu_model_name"},
    {"benchmark.cpu_config", META_STRING, "pyperf's cpu_config"},
    {"benchmark.platform", META_STRING, "pyperf's platform"},
    {"benchmark.hooks", META_STRING, "pyperf's hooks: perf_record"},
    {"benchmark.loops", META_NUMBER,
     "iterations of the timed loop in each value"},
    {"benchmark.warmups_per_run", META_NUMBER, "warmup values per worker"},
    {"benchmark.values_per_run", META_NUMBER, "values per worker"},
    {"benchmark.mean_seconds", META_DECIMAL,
     "mean of every value, seconds per iteration, profiled"},
    {"benchmark.stdev_seconds", META_DECIMAL, "their standard deviation"},
    {"benchmark.unprofiled_mean_seconds", META_DECIMAL,
     "the mean without the profiler, same loops (OVERHEAD=1)"},
    {"benchmark.unprofiled_stdev_seconds", META_DECIMAL,
     "its standard deviation"},
    {"benchmark.worker_pids", META_NUMBER_LIST, "each run's worker process"},
    {"benchmark.selection", META_STRING,
     "how the value phases' perf.data files were told apart"},
    {"benchmark.dropped", META_STRING, "the perf.data files not kept"},
    {"benchmark.environment", META_STRING,
     "its environment: created, checked (pip), or checked earlier in "
     "this suite"},
    {"benchmark.loops_file", META_STRING,
     "the loops file its loops came from (--same-loops); null: "
     "calibrated by this run"},
    {"samples.total", META_NUMBER, "samples in all runs"},
    {"samples.per_run", META_NUMBER_LIST, "samples in each run"},
    {"samples.runs_whole", META_STRING,
     "whole: every run's end line counts its samples; not whole: a run "
     "cut short (its counts are wrong); unknown: no end lines (older raw "
     "files)"},
    {"samples.unit", META_STRING, "what a count is: samples, faults, calls"},
    {"samples.meaning", META_STRING, "what one sample is, in words"},
    {"samples.by_event", META_STRING_LIST,
     "EVENT=COUNT for each event, all runs"},
    {"samples.lost", META_NUMBER,
     "samples perf lost (perf report --stats), all runs"},
    {"samples.by_comm", META_STRING_LIST,
     "COMMAND=COUNT for each command sampled, all runs"},
    {"samples.python", META_NUMBER,
     "samples with a Python frame (py::, -X perf), all runs"},
    {"strace.version", META_STRING, "strace's version"},
    {"strace.command", META_STRING,
     "the strace command: one more run of the workload, after perf's"},
    {"strace.runs", META_NUMBER,
     "runs of the workload under strace, besides perf's tool.runs"},
    {"strace.calls", META_NUMBER, "system calls in the strace file"},
    {"timing.profiled_seconds", META_DECIMAL,
     "the first run under perf record, wall time"},
    {"timing.unprofiled_seconds", META_DECIMAL,
     "the workload without the profiler, wall time (when the first "
     "profiled run took under 10 s, or with OVERHEAD=1): the fastest of up "
     "to five runs, as many as fit in a second"},
    {"timing.unprofiled_cpu_seconds", META_DECIMAL,
     "their CPU time, user and system, of all their processes: the least "
     "of those runs"},
    {"timing.record_seconds", META_DECIMAL,
     "time spent in perf record, all runs"},
    {"timing.script_seconds", META_DECIMAL,
     "time spent in perf script (perfviews script), all runs"},
    {"timing.benchmark_seconds", META_DECIMAL,
     "of record_seconds, pyperf's duration of the benchmark's workers"},
    {"timing.compress_seconds", META_DECIMAL,
     "time spent compressing the raw file"},
    {"timing.strace_seconds", META_DECIMAL,
     "time spent in the run under strace"},
    {"timing.views_seconds", META_DECIMAL,
     "older data sets: time make record spent on the views (meta.json is now "
     "written once, before them: the time is printed only)"},
    {"timing.other_seconds", META_DECIMAL,
     "the rest of the recording: checks, metadata, moving"},
    {"timing.total_seconds", META_DECIMAL,
     "a benchmark: the whole recording, wall time, views aside; the "
     "parts below sum to it"},
    {"timing.setup_seconds", META_DECIMAL,
     "of it, perfviews' checks and metadata, pyperformance's and pyperf's "
     "start-up up to the first worker, the result written (and "
     "OVERHEAD=1's run)"},
    {"timing.environment_seconds", META_DECIMAL,
     "pyperformance making or checking the benchmark's environment (pip)"},
    {"timing.calibration_seconds", META_DECIMAL,
     "pyperf's calibration workers (none with a loops file)"},
    {"timing.worker_start_seconds", META_DECIMAL,
     "between pyperf's workers: one exits, the next starts"},
    {"timing.warmup_seconds", META_DECIMAL,
     "the value workers' warmup loops (not profiled)"},
    {"timing.hook_seconds", META_DECIMAL,
     "the rest of the value workers' time: perf's start and stop for each "
     "phase, pyperf's metadata"},
    {"timing.loops_seconds", META_DECIMAL,
     "the value workers' timed loops: what the profile covers"},
    {"timing.post_seconds", META_DECIMAL,
     "post-processing: perf.data to text, checks, compression"},
};
const size_t meta_field_count = sizeof meta_fields / sizeof meta_fields[0];

const char *const meta_time_total = "timing.total_seconds";
const char *const meta_time_parts[META_TIME_PARTS] = {
    "timing.setup_seconds",       "timing.environment_seconds",
    "timing.calibration_seconds", "timing.worker_start_seconds",
    "timing.warmup_seconds",      "timing.hook_seconds",
    "timing.loops_seconds",       "timing.post_seconds"};

bool
metadata_bench_only(const char *path)
{
	if (strncmp(path, "benchmark.", 10) == 0 ||
	    strcmp(path, meta_time_total) == 0)
		return true;
	for (size_t i = 0; i < META_TIME_PARTS; i++)
		if (strcmp(path, meta_time_parts[i]) == 0)
			return true;
	return false;
}

void
metadata_write_fields(FILE *out)
{
	int width = 0;

	for (size_t i = 0; i < meta_field_count; i++)
		if ((int)strlen(meta_fields[i].path) > width)
			width = (int)strlen(meta_fields[i].path);
	for (size_t i = 0; i < meta_field_count; i++)
		fprintf(out, "%-*s  %s\n", width, meta_fields[i].path,
		        meta_fields[i].about);
}

int
metadata_field(const char *path)
{
	for (size_t i = 0; i < meta_field_count; i++)
		if (strcmp(meta_fields[i].path, path) == 0)
			return (int)i;
	return -1;
}

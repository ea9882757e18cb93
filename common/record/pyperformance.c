/*
 * pyperformance.c - see pyperformance.h.  This file runs pyperformance
 * itself, hooked (and unhooked for OVERHEAD=1), and turns its failures
 * into one line; bench_tool.h makes its environment, bench_perf.h checks
 * perf, bench_manifest.h writes what it runs, and bench_output.h turns
 * what the run left into data sets.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "record/bench_log.h"
#include "record/bench_loops.h"
#include "record/bench_manifest.h"
#include "record/bench_output.h"
#include "record/bench_perf.h"
#include "record/bench_tool.h"
#include "record/pyperformance.h"
#include "record/record_machine.h"
#include "record/record_step.h"

/*
 * A module of ours in each of pyperformance's benchmark environments
 * (perfviews_pyperf.py, imported at every start-up by perfviews_pyperf.pth;
 * run_script installs both): with PERFVIEWS_PERF_VALUES=1, which
 * hook_environment sets and pyperf passes to its workers
 * (--inherit-environ), a worker that is not a bench_command's runs its
 * calibration and its warmups without pyperf's perf_record hook.  Their
 * perf.data files were never kept, and each phase's perf start and stop
 * cost about a tenth of a second of the worker's time; the values run as
 * before, perf started for them and enabled around each.  The run's
 * metadata says so ("perfviews_perf": "values"), for the walk of
 * pyperf_result.h.  Nothing of ours is on the stack under the timed loops:
 * the runscript stays the worker's main script (a wrapper running it
 * would put its exec's frames under every sample), and the phase is read
 * where pyperf picks its hooks, not by wrapping the phase (a call through
 * *args is a C frame more in 3.11).  A pyperf without these internals
 * runs as it is.
 */
static const char values_module[] =
    "# perfviews: with PERFVIEWS_PERF_VALUES=1, a pyperf worker starts its\n"
    "# perf_record hook for its values only (see perfviews' pyperformance.c).\n"
    "import os, sys\n"
    "def _values_only():\n"
    "    import pyperf._worker as w\n"
    "    real = getattr(w, 'instantiate_selected_hooks', None)\n"
    "    compute = getattr(getattr(w, 'WorkerTask', None),\n"
    "                      '_compute_values', None)\n"
    "    code = getattr(compute, '__code__', None)\n"
    "    names = code.co_varnames[:code.co_argcount] if code else ()\n"
    "    if real is None or not {'self', 'is_warmup',\n"
    "                            'calibrate_loops'} <= set(names):\n"
    "        return\n"
    "    # Called by _compute_values before its phase: the phase is its\n"
    "    # caller's (no frame of ours is left under the timed loops).\n"
    "    def selected(hook_names, *args, **kw):\n"
    "        caller = sys._getframe(1)\n"
    "        task = caller.f_locals.get('self')\n"
    "        if (caller.f_code is not code or task is None or\n"
    "                'perf_record' not in (hook_names or ()) or\n"
    "                'command' in task.metadata):\n"
    "            return real(hook_names, *args, **kw)\n"
    "        task.metadata['perfviews_perf'] = 'values'\n"
    "        if (caller.f_locals.get('is_warmup') or\n"
    "                caller.f_locals.get('calibrate_loops')):\n"
    "            hook_names = [h for h in hook_names if h != 'perf_record']\n"
    "        return real(hook_names, *args, **kw)\n"
    "    w.instantiate_selected_hooks = selected\n"
    "if os.environ.get('PERFVIEWS_PERF_VALUES') == '1' and '--worker' in "
    "sys.argv:\n"
    "    try:\n"
    "        _values_only()\n"
    "    except ImportError:\n"
    "        pass\n";

/*
 * pyperformance's own `run` (argv after -c), with its benchmark
 * environments checked once per suite: `run` checks the environment it
 * runs a benchmark in every time (pip --version, pip install of the
 * benchmark's requirements, pyperf's and psutil, pip freeze: seconds).
 * Each check done leaves a stamp in the environment, one per requirement
 * set; a check whose stamp is newer than PERFVIEWS_SUITE_STARTED (set by
 * `perfviews suite step`: when the suite began) is skipped.  Each
 * environment step, and its time, is a line of PERFVIEWS_ENV_LOG:
 * "STEP<TAB>created|existed|checked|skipped<TAB>SECONDS".  Each
 * environment it makes or finds gets values_module (the text of
 * PERFVIEWS_PYPERF_MODULE) and its .pth, written only when they differ.  A
 * pyperformance without these methods runs as it is.
 */
static const char run_script[] =
    "import glob, hashlib, os, sys, time\n"
    "import pyperformance.cli\n"
    "from pyperformance import venv\n"
    "since = float(os.environ.get('PERFVIEWS_SUITE_STARTED') or 'inf')\n"
    "log = os.environ['PERFVIEWS_ENV_LOG']\n"
    "V = venv.VenvForBenchmarks\n"
    "def note(step, what, t):\n"
    "    with open(log, 'a') as f:\n"
    "        f.write('%s\\t%s\\t%.3f\\t%.3f\\n' % (step, what, t,\n"
    "                time.time()))\n"
    "def specs(reqs=None, *rest, **kw):\n"
    "    if hasattr(reqs, 'requirements_lockfile'):\n"
    "        reqs = venv.Requirements.from_benchmarks([reqs])\n"
    "    return sorted(reqs or ())\n"
    "depth = []\n"
    "def once(name):\n"
    "    real = getattr(V, name)\n"
    "    def checked(self, *args, **kw):\n"
    "        if depth:  # within a check: psutil's within the benchmark's\n"
    "            return real(self, *args, **kw)\n"
    "        key = repr(specs(*args) if name == 'ensure_reqs' else '')\n"
    "        stamp = os.path.join(self.root, '.perfviews-%s-%s' % (name,\n"
    "            hashlib.sha256(key.encode()).hexdigest()[:12]))\n"
    "        try:\n"
    "            fresh = os.stat(stamp).st_mtime >= since\n"
    "        except OSError:\n"
    "            fresh = False\n"
    "        if fresh:\n"
    "            note(name, 'skipped', 0)\n"
    "            return None\n"
    "        t = time.monotonic()\n"
    "        depth.append(name)\n"
    "        try:\n"
    "            r = real(self, *args, **kw)\n"
    "        finally:\n"
    "            depth.pop()\n"
    "        open(stamp, 'w').close()\n"
    "        if name == 'ensure_reqs':\n"
    "            note(name, 'checked', time.monotonic() - t)\n"
    "        return r\n"
    "    setattr(V, name, checked)\n"
    "module = os.environ.pop('PERFVIEWS_PYPERF_MODULE', '')\n"
    "def install(root):  # values_module, and the .pth that imports it\n"
    "    for sp in glob.glob(os.path.join(root, 'lib', 'python*',\n"
    "                                     'site-packages')) if module else "
    "():\n"
    "        for name, body in (('perfviews_pyperf.py', module),\n"
    "                           ('perfviews_pyperf.pth',\n"
    "                            'import perfviews_pyperf\\n')):\n"
    "            path = os.path.join(sp, name)\n"
    "            try:\n"
    "                with open(path) as f:\n"
    "                    if f.read() == body:\n"
    "                        continue\n"
    "            except OSError:\n"
    "                pass\n"
    "            with open(path + '.tmp', 'w') as f:\n"
    "                f.write(body)\n"
    "            os.replace(path + '.tmp', path)\n"
    "def timed(real):\n"
    "    def ensure(cls, root, *args, **kw):\n"
    "        t, there = time.monotonic(), os.path.exists(root)\n"
    "        r = real(cls, root, *args, **kw)\n"
    "        install(root)\n"
    "        note('ensure', 'existed' if there else 'created',\n"
    "             time.monotonic() - t)\n"
    "        return r\n"
    "    return classmethod(ensure)\n"
    "if all(hasattr(V, n) for n in ('ensure', 'ensure_pip', 'ensure_reqs')):\n"
    "    V.ensure = timed(V.ensure.__func__)\n"
    "    once('ensure_pip')\n"
    "    once('ensure_reqs')\n"
    "sys.argv[0] = 'pyperformance'\n"
    "pyperformance.cli.main()\n";

/* Variables pip and the network need, passed on to pyperformance's venvs. */
static const char *const inherited[] = {
    "PIP_NO_INDEX",
    "PIP_FIND_LINKS",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_TRUSTED_HOST",
    "http_proxy",
    "https_proxy",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "no_proxy",
    "NO_PROXY",
    "PYTHONPERFSUPPORT",
    "PERFVIEWS_PERF_VALUES",
};

/* --inherit-environ's list: the variables above that are set. */
static char *
inherit_list(void)
{
	char *list = xstrdup("");
	for (size_t i = 0; i < sizeof inherited / sizeof inherited[0]; i++) {
		if (getenv(inherited[i]) == NULL)
			continue;
		char *longer =
		    xasprintf("%s%s%s", list, *list ? "," : "", inherited[i]);
		free(list);
		list = longer;
	}
	return list;
}

char *
pyperformance_plan(const struct dataset_id *id,
                   const struct record_options *opt)
{
	if (dataset_id_has_tag(id, "nosite"))
		die(EXIT_USAGE,
		    "%s: tag nosite (python -S) does not apply to a benchmark: "
		    "pyperf starts its workers itself",
		    id->text);
	if (strchr(opt->perf, ' ') != NULL)
		die(EXIT_USAGE,
		    "--perf '%s': pyperf runs perf itself, so a benchmark "
		    "takes a perf command of one word (a path or a name)",
		    opt->perf);
	return bench_python_path(opt->python);
}

char *
pyperformance_command(const struct dataset_id *id, const char *python)
{
	return xasprintf("pyperformance run -p %s -b %s --hook perf_record",
	                 python, id->workload + 3);
}

/* pyperformance's failure in one line, from its log. */
static _Noreturn void
run_failed(const struct plan *p, const struct child_result *r, const char *log)
{
	const char *name = metadata_get(&p->meta, "benchmark.name");
	char *text = bench_log_tail(log), how[128], *line;

	if (strstr(text, "could not install requirements") != NULL)
		die(EXIT_DATA,
		    "benchmark %s: its requirements could not be installed "
		    "(%s); with no package index, put their wheels in "
		    "PIP_FIND_LINKS",
		    name,
		    (line = bench_log_line(text, "No matching distribution"))
		        ? line
		        : bench_log_last_line(text));
	if ((line = bench_log_line(text, "No matching distribution")) != NULL)
		die(EXIT_DATA,
		    "pyperformance could not make the benchmark's virtual "
		    "environment (%s): no package index reachable? Give wheels "
		    "with PIP_NO_INDEX=1 PIP_FIND_LINKS=DIR",
		    line);
	if (r->timed_out || strstr(text, "timed out") != NULL)
		die(EXIT_DATA, "benchmark %s timed out (RECORD_TIMEOUT=%u s)",
		    name, p->opt->timeout);
	if ((line = bench_log_line(text, "No such file or directory: 'perf'")))
		die(EXIT_DATA, "pyperf found no perf on PATH (%s)", line);
	if (strstr(text, "BrokenPipeError") != NULL)
		die(EXIT_DATA,
		    "benchmark %s: perf failed inside pyperf's perf_record "
		    "hook, which hides perf's messages (%s)",
		    name, bench_log_last_line(text));
	const char *worker = strstr(text, "RuntimeError: /");
	while (worker != NULL &&
	       (line = bench_log_line(worker, "RuntimeError")) &&
	       strstr(line, " failed with exit code ") == NULL)
		worker = strstr(worker + 1, "RuntimeError: /");
	if (worker != NULL) { /* pyperf: "PYTHON failed with exit code -9" */
		int code = atoi(strstr(line, " failed with exit code ") + 23);
		if (code < 0)
			die(EXIT_DATA,
			    "benchmark %s: a worker process died (exit code "
			    "%d: killed by signal %d, %s)",
			    name, code, -code, strsignal(-code));
		die(EXIT_DATA,
		    "benchmark %s: a worker process died (exit code %d): %s",
		    name, code, bench_log_last_line(text));
	}
	if ((line = bench_log_line(text, "No benchmark was run")) != NULL)
		die(EXIT_DATA, "benchmark %s: pyperformance ran nothing (%s)",
		    name, bench_log_last_line(text));
	die(EXIT_DATA, "pyperformance failed (%s): %s",
	    child_describe(r, how, sizeof how), bench_log_last_line(text));
}

/*
 * pyperf's own checks of the system (`pyperf system show`, by the tool
 * Python, which has pyperf): the lines of its System state and Warnings
 * sections, joined, into machine.pyperf_system.  Nothing when it fails
 * (it exits 1 on an error of its own, 2 with warnings, which it keeps):
 * a check of the machine is no reason to lose a recording.
 */
static void
pyperf_system(struct plan *p, const char *tool, const char *tmp)
{
	char *argv[] = {(char *)tool, "-m", "pyperf", "system", "show", NULL};
	char *log = xasprintf("%s/pyperf-system.log", tmp);
	struct child_result r;
	char *line = NULL, *joined = NULL;
	size_t cap = 0, len = 0;
	bool keep = false;

	/* It exits 2 when it has warnings (turbo unknown on a VM): what it
	 * says is still its checks; a signal or no start is nothing. */
	bench_log_run(argv, NULL, log, 60, &r);
	bool ran = r.status != -1 && !r.timed_out && WIFEXITED(r.status) &&
	           WEXITSTATUS(r.status) <= 2;
	FILE *f = ran ? fopen(log, "re") : NULL;
	while (f != NULL && getline(&line, &cap, f) != -1) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0' || strspn(line, "=") == strlen(line))
			continue;
		if (strchr(line, ':') == NULL) { /* a section's title */
			keep = strcmp(line, "System state") == 0 ||
			       strcmp(line, "Warnings") == 0;
			continue;
		}
		if (!keep)
			continue;
		joined = xreallocarray(joined, len + strlen(line) + 3, 1);
		len += (size_t)sprintf(joined + len, "%s%s", len ? "; " : "",
		                       line);
	}
	if (f != NULL)
		fclose(f);
	if (joined != NULL)
		metadata_set_or_die(&p->meta, "machine.pyperf_system", joined);
	free(joined);
	free(line);
	unlink(log);
	free(log);
}

/*
 * The environment steps of a run, from run_script's log: their seconds,
 * and what was done ("created", "checked", or "checked earlier in this
 * suite"; "unknown" when the log says nothing: a pyperformance
 * run_script cannot look into).
 */
static void
read_env_log(const char *log, struct bench_run *br)
{
	FILE *f = fopen(log, "re");
	char *line = NULL;
	size_t cap = 0;
	bool created = false, checked = false, skipped = false;

	br->env_s = 0;
	while (f != NULL && getline(&line, &cap, f) != -1) {
		char *what = strchr(line, '\t');
		char *secs = what != NULL ? strchr(what + 1, '\t') : NULL;
		if (secs == NULL)
			continue;
		br->env_s += strtod(secs + 1, NULL);
		created |= strncmp(what + 1, "created\t", 8) == 0;
		checked |= strncmp(what + 1, "checked\t", 8) == 0;
		skipped |= strncmp(line, "ensure_reqs\tskipped\t", 20) == 0;
	}
	free(line);
	if (f != NULL)
		fclose(f);
	br->environment = created   ? "created"
	                  : checked ? "checked"
	                  : skipped ? "checked earlier in this suite"
	                            : "unknown";
}

/*
 * pyperformance run (through run_script), in the cache directory (it
 * keeps the benchmarks' virtual environments in ./venv), hooked or not,
 * with the loops of same_loops when given; returns the seconds.  Its
 * environment steps go to env_log.
 */
static double
run(const struct plan *p, const char *tool, const char *cache,
    const char *manifest, const char *output, const char *same_loops,
    bool hooked, const char *env_log)
{
	struct child_args a = {0};
	struct child_result r;
	char limit[16];
	char *log = dirs_memory_file("pyperformance.log");
	char *inherit = inherit_list();

	args_add(&a, tool);
	args_add(&a, "-c");
	args_add(&a, run_script);
	args_add(&a, "run");
	args_add(&a, "-p");
	args_add(&a, p->bench_python);
	args_add(&a, "--manifest");
	args_add(&a, manifest);
	args_add(&a, "-b");
	args_add(&a, "all");
	if (same_loops != NULL) {
		args_add(&a, "--same-loops");
		args_add(&a, same_loops);
	}
	if (hooked) {
		args_add(&a, "--hook");
		args_add(&a, "perf_record");
	}
	if (*inherit != '\0') {
		args_add(&a, "--inherit-environ");
		args_add(&a, inherit);
	}
	if (p->opt->timeout > 0) {
		snprintf(limit, sizeof limit, "%u", p->opt->timeout);
		args_add(&a, "--timeout");
		args_add(&a, limit);
	}
	args_add(&a, "-o");
	args_add(&a, output);
	unlink(env_log);
	setenv("PERFVIEWS_ENV_LOG", env_log, 1);
	double t = clock_seconds();
	bool ok =
	    bench_log_run(a.v, cache, log,
	                  p->opt->timeout ? p->opt->timeout * 2 + 900 : 0, &r);
	t = clock_seconds() - t;
	unsetenv("PERFVIEWS_ENV_LOG");
	record_stop_if_asked();
	if (!ok || access(output, F_OK) != 0)
		run_failed(p, &r, log);
	args_free(&a);
	free(inherit);
	free(log);
	return t;
}

/*
 * The environment of the hooked run: where perf writes, and how
 * (bench_perf_hook_options).
 */
static void
hook_environment(const struct plan *p, const char *prd)
{
	char *extra = bench_perf_hook_options(p);
	setenv("PYPERF_PERF_RECORD_DATA_DIR", prd, 1);
	setenv("PYPERF_PERF_RECORD_EXTRA_OPTS", extra, 1);
	setenv("PERFVIEWS_PERF_VALUES", "1", 1);
	setenv("PERFVIEWS_PYPERF_MODULE", values_module, 1);
	if (dataset_id_has_tag(&p->id, "xperf"))
		setenv("PYTHONPERFSUPPORT", "1", 1);
	if (strchr(p->opt->perf, '/') != NULL) { /* pyperf runs "perf" */
		char *dir =
		    xstrndup(p->opt->perf, (size_t)(strrchr(p->opt->perf, '/') -
		                                    p->opt->perf));
		const char *path = getenv("PATH");
		char *both = xasprintf("%s:%s", dir, path ? path : "");
		setenv("PATH", both, 1);
		free(both);
		free(dir);
	}
	free(extra);
}

void
pyperformance_record(struct plan *p)
{
	struct bench_run br = {0};
	char *tmp = bench_absolute(p->tmp);
	char *cache = bench_cache_dir(p->opt->cache);
	char *prd = xasprintf("%s/prd", tmp);
	char *dir = xasprintf("%s/manifest", tmp);
	char *manifest = xasprintf("%s/MANIFEST", dir);

	bench_perf_check(p, cache);
	char *log = dirs_memory_file("venv.log");
	char *tool = bench_tool_python(p->bench_python, cache, log);
	free(log);
	bool manifest_wrapped = bench_manifest(p, tool, dir);
	dirs_make(prd);
	br.result = xasprintf("%s/result.json", tmp);
	br.prd = prd;
	br.tmp = tmp;
	br.tool = tool;
	br.cache = cache;
	br.began = time(NULL) - 1;
	bool has = false, wrapped = false;
	char *same_loops = NULL; /* the loops file as pyperformance reads it */
	if (p->opt->loops != NULL && *p->opt->loops != '\0') {
		br.loops_out = p->opt->loops;
		if (bench_loops_usable(p->opt->loops,
		                       metadata_get(&p->meta, "benchmark.name"),
		                       &has))
			br.loops_file = p->opt->loops;
		if (br.loops_file != NULL) {
			same_loops = xasprintf("%s/loops.json", tmp);
			bench_loops_copy(br.loops_file, same_loops);
		}
		/* Or its variants' loops, through the manifest's wrapper. */
		wrapped = br.loops_file != NULL && manifest_wrapped;
	}
	printf("pyperformance %s: %s, %u worker%s, perf %s at %u Hz around "
	       "the timed loops, %s%s%s\n",
	       metadata_get(&p->meta, "benchmark.pyperformance_version"),
	       metadata_get(&p->meta, "benchmark.name"), p->id.runs,
	       p->id.runs == 1 ? "" : "s", p->opt->event, p->id.hz,
	       has || wrapped ? "loops from " : "loops calibrated",
	       has || wrapped ? br.loops_file : "",
	       wrapped ? " for the benchmarks it names, others calibrated"
	               : "");
	fflush(stdout);
	hook_environment(p, prd);
	char *env_log = xasprintf("%s/environment.log", tmp);
	br.run_began = clock_seconds();
	struct record_machine machine = {0};
	record_machine_begin(&machine);
	br.record_s =
	    run(p, tool, cache, manifest, br.result, same_loops, true, env_log);
	record_machine_end(&machine);
	record_machine_describe(&machine, &p->meta, false);
	record_machine_free(&machine);
	pyperf_system(p, tool, tmp);
	read_env_log(env_log, &br);
	unsetenv("PYPERF_PERF_RECORD_DATA_DIR");
	unsetenv("PYPERF_PERF_RECORD_EXTRA_OPTS");
	unsetenv("PERFVIEWS_PERF_VALUES");
	unsetenv("PERFVIEWS_PYPERF_MODULE");
	if (p->opt->overhead) {
		br.unprofiled = xasprintf("%s/unprofiled.json", tmp);
		printf("the same without the profiler, same loops "
		       "(OVERHEAD=1)\n");
		fflush(stdout);
		br.overhead_s = run(p, tool, cache, manifest, br.unprofiled,
		                    br.result, false, env_log);
	}
	free(env_log);
	bench_output(p, &br);
	free(br.result);
	free(same_loops);
	free(br.unprofiled);
	free(tool);
	free(manifest);
	free(dir);
	free(prd);
	free(cache);
	free(tmp);
}

char **
pyperformance_default(const char *python, const char *cache, size_t *n)
{
	char *exe = bench_python_path(python);
	char *abs = bench_cache_dir(cache);
	char *log = dirs_memory_file("list.log");
	char *tool = bench_tool_python(exe, abs, log);
	char *argv[] = {tool,      "-m", "pyperformance", "list", "-b",
	                "default", NULL};
	struct child_result r;
	char **names = NULL, *line = NULL;
	size_t cap = 0, ncap = 0;

	if (!bench_log_run(argv, NULL, log, 300, &r))
		die(EXIT_DATA, "pyperformance list failed: %s",
		    bench_log_last_line(bench_log_tail(log)));
	FILE *f = fopen(log, "re");
	*n = 0;
	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "- ", 2) != 0)
			continue;
		names = array_reserve(names, &ncap, *n + 1, sizeof *names);
		names[(*n)++] = xstrndup(line + 2, strcspn(line + 2, "\n"));
	}
	if (f != NULL)
		fclose(f);
	free(line);
	free(tool);
	free(log);
	free(abs);
	free(exe);
	return names;
}

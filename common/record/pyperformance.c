/*
 * pyperformance.c - see pyperformance.h.  This file runs things: the
 * Python's own path, perf's preflight, the virtual environment, the
 * manifest, pyperformance itself, and turns its failures into one line.
 * bench_output.c turns what the run left into data sets.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/hash.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "os/lock.h"
#include "record/bench_loops.h"
#include "record/bench_output.h"
#include "record/pyperformance.h"
#include "record/record_machine.h"
#include "record/record_step.h"

/*
 * Run in the tool environment: NAME RUNS OUTDIR PYVERSION PYTHON LOOPS
 * WRAPPER.  Finds pyperformance's benchmark NAME, or the benchmark NAME is
 * a variant of (genshi_xml: genshi, variant xml), checks it runs on
 * PYVERSION, writes OUTDIR/MANIFEST and a complete pyproject.toml for it
 * with pyperf's --processes=RUNS (and the variant, when the runscript
 * takes one), and prints meta.json fields.  A name it does not know: the
 * close ones.  LOOPS, the loops file's loops as one JSON object
 * (bench_loops_json): when it has loops but none for NAME (pyperformance's
 * --same-loops looks NAME up, so the variants of a benchmark would be
 * calibrated every time), the runscript is OUTDIR/perfviews_runscript.py,
 * WRAPPER with the loops and the real runscript in it, and the
 * benchmark's requirements.txt is linked beside it: pyperformance looks
 * for a benchmark's requirements in its runscript's directory.
 */
static const char resolve_script[] =
    "import difflib, json, os, sys\n"
    "import pyperformance\n"
    "from pyperformance import _manifest\n"
    "name, runs, out, pyver, python = sys.argv[1:6]\n"
    "known = {b.name: b for b in _manifest.load_manifest(None).benchmarks}\n"
    "b, variant, words = known.get(name), '', name.split('_')\n"
    "for i in range(len(words) - 1, 0, -1):\n"
    "    if b is None and '_'.join(words[:i]) in known:\n"
    "        b, variant = known['_'.join(words[:i])], '_'.join(words[i:])\n"
    "if b is None:\n"
    "    close = difflib.get_close_matches(name, list(known), 6, 0.6)\n"
    "    sys.exit('no pyperformance benchmark named %s (%s)' % (name,\n"
    "             'close: ' + ', '.join(close) if close else\n"
    "             'python -m pyperformance list names them'))\n"
    "if not b.python.contains(pyver, prereleases=True):\n"
    "    sys.exit('benchmark %s needs Python %s, and PYTHON is %s'\n"
    "             % (b.name, b.python, pyver))\n"
    "opts = list(b.extra_opts or ())\n"
    "src = open(b.runscript).read()\n"
    "takes = any(\"add_argument(%sbenchmark%s\" % (q, q) in src for q in "
    "'\"\\'')\n"
    "if variant and takes and all(o.startswith('-') for o in opts):\n"
    "    opts.append(variant)\n"
    "opts.append('--processes=' + runs)\n"
    "q = json.dumps\n"
    "loops, script = json.loads(sys.argv[6]), b.runscript\n"
    "if loops and b.name not in loops:\n"
    "    script = os.path.join(out, 'perfviews_runscript.py')\n"
    "    with open(script, 'w') as f:\n"
    "        f.write(sys.argv[7].replace('@LOOPS@', q(loops, sort_keys=True))\n"
    "                .replace('@SCRIPT@', q(b.runscript)))\n"
    "    lock = b.requirements_lockfile  # found beside the runscript\n"
    "    if lock and os.path.exists(lock):\n"
    "        os.symlink(lock, os.path.join(out, 'requirements.txt'))\n"
    "toml = os.path.join(out, 'bm_%s.toml' % b.name)\n"
    "with open(toml, 'w') as f:\n"
    "    f.write('[project]\\nname = %s\\nversion = %s\\n'\n"
    "            % (q('pyperformance_bm_' + b.name), q(str(b.version))))\n"
    "    f.write('requires-python = %s\\ndependencies = [\"pyperf\"]\\n\\n'\n"
    "            % q(str(b.python)))\n"
    "    f.write('[tool.pyperformance]\\nname = %s\\ntags = %s\\n'\n"
    "            % (q(b.name), q(' '.join(b.tags or ()))))\n"
    "    f.write('runscript = %s\\nextra_opts = %s\\n'\n"
    "            % (q(script), q(opts)))\n"
    "with open(os.path.join(out, 'MANIFEST'), 'w') as f:\n"
    "    f.write('[benchmarks]\\n\\nname\\tmetafile\\n%s\\t%s\\n' % (b.name, "
    "toml))\n"
    "print('benchmark.name=' + b.name)\n"
    "print('benchmark.pyperformance_version=' + pyperformance.__version__)\n"
    "print('workload.version=' + str(b.version))\n"
    "print('workload.command=pyperformance run -p %s -b %s --hook "
    "perf_record'\n"
    "      ' (pyperf options: %s)' % (python, b.name, ' '.join(opts)))\n";

/*
 * A runscript of benchmarks with variants, run with the loops of a loops
 * file (resolve_script): pyperf's manager (not its workers, which get
 * --loops from it) is given the loops of each benchmark the file knows,
 * as pyperformance's --same-loops gives a benchmark without variants;
 * then the real runscript runs as pyperformance would run it.
 */
static const char runscript_wrapper[] =
    "# perfviews: the real runscript with the loops of a loops file for\n"
    "# each of its benchmarks (pyperformance's --same-loops gives a\n"
    "# runscript one loops, looked up by its own name).\n"
    "import os, runpy, sys\n"
    "import pyperf\n"
    "LOOPS = @LOOPS@\n"
    "SCRIPT = @SCRIPT@\n"
    "if hasattr(pyperf.Runner, '_main'):\n"
    "    main = pyperf.Runner._main\n"
    "    def given_loops(self, task):\n"
    "        args = self.parse_args()\n"
    "        if not args.worker and task.name in LOOPS:\n"
    "            args.loops = LOOPS[task.name]\n"
    "        return main(self, task)\n"
    "    pyperf.Runner._main = given_loops\n"
    "sys.argv[0] = SCRIPT\n"
    "sys.path[0] = os.path.dirname(SCRIPT)\n"
    "runpy.run_path(SCRIPT, run_name='__main__')\n";

/* The Python's own path and version, on two lines. */
static const char whoami_script[] = "import platform, sys\n"
                                    "print(sys.executable)\n"
                                    "print(platform.python_version())\n";

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

/* The whole of a file descriptor's contents (up to 64 KiB), NUL-ended. */
static char *
read_back(int fd)
{
	char *text = xmalloc(65536);
	ssize_t n = pread(fd, text, 65535, 0);
	text[n > 0 ? n : 0] = '\0';
	return text;
}

/* The first line of text that holds needle, trimmed, or NULL. */
static char *
line_with(const char *text, const char *needle)
{
	const char *hit = strstr(text, needle);
	if (hit == NULL)
		return NULL;
	const char *start = hit;
	while (start > text && start[-1] != '\n')
		start--;
	start += strspn(start, " \t");
	if (strncmp(start, "ERROR: ", 7) == 0) /* pip's, said once is enough */
		start += 7;
	size_t n = strcspn(start, "\n");
	while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' '))
		n--;
	return xstrndup(start, n);
}

/* The last non-empty line of text, or "". */
static char *
last_line(const char *text)
{
	size_t end = strlen(text);
	while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' '))
		end--;
	size_t start = end;
	while (start > 0 && text[start - 1] != '\n')
		start--;
	return xstrndup(text + start, end - start);
}

/*
 * pip runs in other directories (pyperformance's, its environments'): a
 * relative PIP_FIND_LINKS directory is made absolute first.
 */
static void
absolute_find_links(void)
{
	const char *links = getenv("PIP_FIND_LINKS");
	char *abs;

	if (links == NULL || *links == '/' || strchr(links, ' ') != NULL ||
	    strstr(links, "://") != NULL ||
	    (abs = realpath(links, NULL)) == NULL)
		return;
	setenv("PIP_FIND_LINKS", abs, 1);
	free(abs);
}

/* The interpreter's own path: sys.executable (a shim is not one). */
static char *
resolve_python(const char *python)
{
	struct child_args a = {0};
	struct child_result r;
	char how[128];

	args_add_words(&a, python, "--python");
	args_add(&a, "-c");
	args_add(&a, whoami_script);
	int out = dirs_scratch_file(NULL, "perfviews");
	int err = dirs_scratch_file(NULL, "perfviews");
	struct child_io io = {-1, out, err};
	bool ok = child_run(a.v, &io, 60, &r);
	args_free(&a);
	char *said = read_back(out), *complaint = read_back(err);
	close(out);
	close(err);
	if (!ok) {
		char *why = last_line(complaint);
		if (strncmp(complaint, "pyenv: ", 7) == 0)
			why = xstrndup(complaint, strcspn(complaint, "\n"));
		if (strstr(complaint, "pyenv") != NULL)
			die(EXIT_DATA,
			    "PYTHON=%s is a pyenv shim that runs no Python "
			    "here "
			    "(%s): give the interpreter's path, e.g. "
			    "$(pyenv root)/versions/3.12.1/bin/python3.12",
			    python, why);
		die(EXIT_DATA, "PYTHON=%s does not run (%s)%s%s", python,
		    child_describe(&r, how, sizeof how), *why ? ": " : "", why);
	}
	said[strcspn(said, "\n")] = '\0';
	free(complaint);
	if (said[0] != '/')
		die(EXIT_DATA, "PYTHON=%s: no path in sys.executable", python);
	return said;
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
	return resolve_python(opt->python);
}

char *
pyperformance_command(const struct dataset_id *id, const char *python)
{
	return xasprintf("pyperformance run -p %s -b %s --hook perf_record",
	                 python, id->workload + 3);
}

/* path as an absolute path (it exists). */
static char *
absolute(const char *path)
{
	char *abs = realpath(path, NULL);
	if (abs == NULL)
		die_errno(EXIT_DATA, "%s", path);
	return abs;
}

/* Run argv in dir, stdout and stderr into log; true when it exited 0. */
static bool
run_logged(char *const argv[], const char *dir, const char *log,
           unsigned timeout, struct child_result *r)
{
	int fd = child_open(log, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, fd};
	bool ok = child_run_in(dir, argv, &io, timeout, r);
	close(fd);
	return ok;
}

static char *
slurp_log(const char *log)
{
	int fd = open(log, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return xstrdup("");
	off_t size = lseek(fd, 0, SEEK_END);
	off_t from = size > 60000 ? size - 60000 : 0; /* the end says why */
	char *text = xmalloc(60001);
	ssize_t n = pread(fd, text, 60000, from);
	text[n > 0 ? n : 0] = '\0';
	close(fd);
	return text;
}

/* "no pyperformance to install ..." and the like, from pip's words. */
static _Noreturn void
pip_failed(const char *what, const char *log, const char *venv)
{
	char *text = slurp_log(log);
	char *line = line_with(text, "No matching distribution found for");
	if (venv != NULL)
		dirs_remove_tree(venv);
	if (line != NULL)
		die(EXIT_DATA,
		    "%s: pip found nothing to install (%s): no package "
		    "index reachable? Give wheels with PIP_NO_INDEX=1 "
		    "PIP_FIND_LINKS=DIR",
		    what, line);
	die(EXIT_DATA, "%s failed: %s", what, last_line(text));
}

/* The tool environment: made from the Python under test, once. */
static char *
tool_venv(const char *python, const char *cache, const char *log)
{
	const char *base = strrchr(python, '/') + 1;
	char *venv = xasprintf(
	    "%s/tool-%s-%08llx", cache, base,
	    (unsigned long long)(hash_bytes(python, strlen(python), 0) &
	                         0xffffffffu));
	char *ready = xasprintf("%s/.perfviews-ready", venv);
	struct child_result r;

	if (access(ready, F_OK) == 0)
		goto done;
	printf("pyperformance: installing it into %s (once)\n", venv);
	fflush(stdout);
	dirs_remove_tree(venv); /* what a failed attempt left */
	dirs_make(cache);
	char *mk[] = {(char *)python, "-m", "venv", venv, NULL};
	if (!run_logged(mk, NULL, log, 600, &r)) {
		char *text = slurp_log(log);
		dirs_remove_tree(venv);
		die(EXIT_DATA, "%s -m venv %s failed: %s", python, venv,
		    last_line(text));
	}
	char *pip = xasprintf("%s/bin/python", venv);
	char *install[] = {pip,
	                   "-m",
	                   "pip",
	                   "install",
	                   "--disable-pip-version-check",
	                   "-q",
	                   "pyperformance",
	                   NULL};
	if (!run_logged(install, NULL, log, 1800, &r))
		pip_failed("pip install pyperformance", log, venv);
	free(pip);
	int fd = child_open(ready, O_WRONLY | O_CREAT | O_TRUNC);
	close(fd);
done:
	free(ready);
	return venv;
}

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

/*
 * perf record's option that spares each of the hook's phases a second:
 * without it perf watches for BPF programs loaded during the recording in
 * a thread it stops only at its next poll timeout (one second), at the end
 * of every phase.  What the samples are is the same.  "" for a perf that
 * does not know it (before Linux 5.1): preflight finds out.
 */
static const char *no_bpf_event = "--no-bpf-event";

/* A probe recording with the hook's options; true when it recorded. */
static bool
probe(const struct bench_context *c, const char *data, const char *err,
      struct child_result *r)
{
	struct child_args a = {0};
	char hz[16];

	snprintf(hz, sizeof hz, "%u", c->id->hz);
	args_add(&a, c->opt->perf);
	args_add(&a, "record");
	args_add(&a, "-q");
	args_add(&a, "-e");
	args_add(&a, c->opt->event);
	args_add(&a, "-F");
	args_add(&a, hz);
	args_add_words(&a, bench_callgraph(c->opt), "--callgraph");
	if (*no_bpf_event != '\0')
		args_add(&a, no_bpf_event);
	args_add(&a, "-o");
	args_add(&a, data);
	args_add(&a, "--");
	args_add(&a, c->python);
	args_add(&a, "-c");
	args_add(&a, "pass");
	bool ok = run_logged(a.v, NULL, err, 120, r);
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
probe_stamp(const struct bench_context *c, const char *cache)
{
	char host[256] = "";
	gethostname(host, sizeof host - 1);
	char *key =
	    xasprintf("%s\n%s\n%s\n%u\n%s\n%s", host, c->opt->perf,
	              c->opt->event, c->id->hz, c->opt->callgraph, c->python);
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

/* perf's own errors, which pyperf's hook hides: a probe recording. */
static void
preflight(const struct bench_context *c, const char *cache)
{
	struct child_result r;
	char how[128];
	char *stamp = probe_stamp(c, cache);
	if (probed_in_suite(stamp)) {
		free(stamp);
		return;
	}
	char *data = xasprintf("%s/probe.data", c->tmp);
	char *err = dirs_memory_file("probe.err");

	bool ok = probe(c, data, err, &r);
	if (!ok && r.status != -1) {
		char *text = slurp_log(err);
		if (strstr(text, "no-bpf-event") != NULL) { /* an older perf */
			no_bpf_event = "";
			ok = probe(c, data, err, &r);
		}
		free(text);
	}
	if (!ok) {
		char *text = slurp_log(err);
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

/* The benchmark, its manifest and what pyperformance says of it. */
static void
resolve(const struct bench_context *c, const char *tool, const char *dir)
{
	struct child_args a = {0};
	struct child_result r;
	char runs[16];
	char *answer = xasprintf("%s/answer", c->tmp);
	char *err = dirs_memory_file("resolve.err");
	const char *version = metadata_get(c->meta, "python.version");
	char *pyver = xstrndup(version ? version : "",
	                       strcspn(version ? version : "", " "));

	dirs_make(dir);
	snprintf(runs, sizeof runs, "%u", c->id->runs);
	args_add(&a, tool);
	args_add(&a, "-c");
	args_add(&a, resolve_script);
	args_add(&a, c->id->workload + 3);
	args_add(&a, runs);
	args_add(&a, dir);
	args_add(&a, pyver);
	args_add(&a, c->python);
	char *loops = bench_loops_json(c->opt->loops);
	args_add(&a, loops);
	free(loops);
	args_add(&a, runscript_wrapper);
	int out = child_open(answer, O_WRONLY | O_CREAT | O_TRUNC);
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, out, efd};
	bool ok = child_run(a.v, &io, 300, &r);
	close(out);
	close(efd);
	record_stop_if_asked();
	if (!ok)
		die(EXIT_DATA, "%s", last_line(slurp_log(err)));
	metadata_assign_file(c->meta, answer);
	args_free(&a);
	free(answer);
	free(err);
	free(pyver);
}

/* pyperformance's failure in one line, from its log. */
static _Noreturn void
run_failed(const struct bench_context *c, const struct child_result *r,
           const char *log)
{
	const char *name = metadata_get(c->meta, "benchmark.name");
	char *text = slurp_log(log), how[128], *line;

	if (strstr(text, "could not install requirements") != NULL)
		die(EXIT_DATA,
		    "benchmark %s: its requirements could not be installed "
		    "(%s); with no package index, put their wheels in "
		    "PIP_FIND_LINKS",
		    name,
		    (line = line_with(text, "No matching distribution"))
		        ? line
		        : last_line(text));
	if ((line = line_with(text, "No matching distribution")) != NULL)
		die(EXIT_DATA,
		    "pyperformance could not make the benchmark's virtual "
		    "environment (%s): no package index reachable? Give wheels "
		    "with PIP_NO_INDEX=1 PIP_FIND_LINKS=DIR",
		    line);
	if (r->timed_out || strstr(text, "timed out") != NULL)
		die(EXIT_DATA, "benchmark %s timed out (RECORD_TIMEOUT=%u s)",
		    name, c->opt->timeout);
	if ((line = line_with(text, "No such file or directory: 'perf'")))
		die(EXIT_DATA, "pyperf found no perf on PATH (%s)", line);
	if (strstr(text, "BrokenPipeError") != NULL)
		die(EXIT_DATA,
		    "benchmark %s: perf failed inside pyperf's perf_record "
		    "hook, which hides perf's messages (%s)",
		    name, last_line(text));
	const char *worker = strstr(text, "RuntimeError: /");
	while (worker != NULL && (line = line_with(worker, "RuntimeError")) &&
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
		    name, code, last_line(text));
	}
	if ((line = line_with(text, "No benchmark was run")) != NULL)
		die(EXIT_DATA, "benchmark %s: pyperformance ran nothing (%s)",
		    name, last_line(text));
	die(EXIT_DATA, "pyperformance failed (%s): %s",
	    child_describe(r, how, sizeof how), last_line(text));
}

/*
 * pyperf's own checks of the system (`pyperf system show`, by the tool
 * Python, which has pyperf): the lines of its System state and Warnings
 * sections, joined, into machine.pyperf_system.  Nothing when it fails
 * (it exits 1 on an error of its own, 2 with warnings, which it keeps):
 * a check of the machine is no reason to lose a recording.
 */
static void
pyperf_system(const struct bench_context *c, const char *tool, const char *tmp)
{
	char *argv[] = {(char *)tool, "-m", "pyperf", "system", "show", NULL};
	char *log = xasprintf("%s/pyperf-system.log", tmp);
	struct child_result r;
	char *line = NULL, *joined = NULL;
	size_t cap = 0, len = 0;
	bool keep = false;

	/* It exits 2 when it has warnings (turbo unknown on a VM): what it
	 * says is still its checks; a signal or no start is nothing. */
	run_logged(argv, NULL, log, 60, &r);
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
		metadata_set_or_die(c->meta, "machine.pyperf_system", joined);
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
run(const struct bench_context *c, const char *tool, const char *cache,
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
	args_add(&a, c->python);
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
	if (c->opt->timeout > 0) {
		snprintf(limit, sizeof limit, "%u", c->opt->timeout);
		args_add(&a, "--timeout");
		args_add(&a, limit);
	}
	args_add(&a, "-o");
	args_add(&a, output);
	unlink(env_log);
	setenv("PERFVIEWS_ENV_LOG", env_log, 1);
	double t = clock_seconds();
	bool ok =
	    run_logged(a.v, cache, log,
	               c->opt->timeout ? c->opt->timeout * 2 + 900 : 0, &r);
	t = clock_seconds() - t;
	unsetenv("PERFVIEWS_ENV_LOG");
	record_stop_if_asked();
	if (!ok || access(output, F_OK) != 0)
		run_failed(c, &r, log);
	args_free(&a);
	free(inherit);
	free(log);
	return t;
}

/*
 * The environment of the hooked run: where perf writes, and how.  perf
 * starts with its events disabled (-D -1): pyperf's hook only enables
 * them around the timed loops, and without it what the worker ran between
 * perf's start and the first enable was sampled too.  --buildid-all: the
 * build ids of every DSO mapped, not only of those sampled, which perf
 * finds by reading every sample again as it stops (0.1 s a phase at 6,000
 * dwarf samples, in the worker's time).
 */
static void
hook_environment(const struct bench_context *c, const char *prd)
{
	char *extra = xasprintf(
	    "-D -1 --buildid-all -e %s -F %u %s%s%s", c->opt->event, c->id->hz,
	    bench_callgraph(c->opt), *no_bpf_event ? " " : "", no_bpf_event);
	setenv("PYPERF_PERF_RECORD_DATA_DIR", prd, 1);
	setenv("PYPERF_PERF_RECORD_EXTRA_OPTS", extra, 1);
	setenv("PERFVIEWS_PERF_VALUES", "1", 1);
	setenv("PERFVIEWS_PYPERF_MODULE", values_module, 1);
	if (dataset_id_has_tag(c->id, "xperf"))
		setenv("PYTHONPERFSUPPORT", "1", 1);
	if (strchr(c->opt->perf, '/') != NULL) { /* pyperf runs "perf" */
		char *dir =
		    xstrndup(c->opt->perf, (size_t)(strrchr(c->opt->perf, '/') -
		                                    c->opt->perf));
		const char *path = getenv("PATH");
		char *both = xasprintf("%s:%s", dir, path ? path : "");
		setenv("PATH", both, 1);
		free(both);
		free(dir);
	}
	free(extra);
}

/*
 * The cache is shared by every recording that uses it (pyperformance's
 * environments, made once): one at a time, the others wait.  Released
 * when the process ends.
 */
static void
lock_cache(const char *cache)
{
	static struct lock held;
	char holder[128];

	if (held.path != NULL)
		return;
	char *path = xasprintf("%s/.lock", cache);
	lock_take(&held, path, "pyperformance's cache", true, holder,
	          sizeof holder);
	free(path);
}

/* The cache directory, made and absolute (free it). */
static char *
bench_cache_dir(const struct record_options *opt)
{
	char *cache = opt->cache != NULL && *opt->cache != '\0'
	                  ? xstrdup(opt->cache)
	                  : dirs_user_cache("pyperformance");
	dirs_make(cache);
	char *abs = absolute(cache);
	free(cache);
	lock_cache(abs);
	return abs;
}

void
pyperformance_record(const struct bench_context *c)
{
	struct bench_run br = {0};
	char *tmp = absolute(c->tmp);
	char *cache = bench_cache_dir(c->opt);
	char *prd = xasprintf("%s/prd", tmp);
	char *dir = xasprintf("%s/manifest", tmp);
	char *manifest = xasprintf("%s/MANIFEST", dir);

	preflight(c, cache);
	absolute_find_links();
	char *log = dirs_memory_file("venv.log");
	char *venv = tool_venv(c->python, cache, log);
	free(log);
	char *tool = xasprintf("%s/bin/python", venv);
	resolve(c, tool, dir);
	dirs_make(prd);
	br.result = xasprintf("%s/result.json", tmp);
	br.prd = prd;
	br.tmp = tmp;
	br.tool = tool;
	br.cache = cache;
	br.began = time(NULL) - 1;
	bool has = false, wrapped = false;
	char *same_loops = NULL; /* the loops file as pyperformance reads it */
	if (c->opt->loops != NULL && *c->opt->loops != '\0') {
		br.loops_out = c->opt->loops;
		if (bench_loops_usable(c->opt->loops,
		                       metadata_get(c->meta, "benchmark.name"),
		                       &has))
			br.loops_file = c->opt->loops;
		if (br.loops_file != NULL) {
			same_loops = xasprintf("%s/loops.json", tmp);
			bench_loops_copy(br.loops_file, same_loops);
		}
		/* Or its variants' loops, through resolve_script's wrapper. */
		char *wrapper = xasprintf("%s/perfviews_runscript.py", dir);
		wrapped = br.loops_file != NULL && access(wrapper, F_OK) == 0;
		free(wrapper);
	}
	printf("pyperformance %s: %s, %u worker%s, perf %s at %u Hz around "
	       "the timed loops, %s%s%s\n",
	       metadata_get(c->meta, "benchmark.pyperformance_version"),
	       metadata_get(c->meta, "benchmark.name"), c->id->runs,
	       c->id->runs == 1 ? "" : "s", c->opt->event, c->id->hz,
	       has || wrapped ? "loops from " : "loops calibrated",
	       has || wrapped ? br.loops_file : "",
	       wrapped ? " for the benchmarks it names, others calibrated"
	               : "");
	fflush(stdout);
	hook_environment(c, prd);
	char *env_log = xasprintf("%s/environment.log", tmp);
	br.run_began = clock_seconds();
	struct record_machine machine = {0};
	record_machine_begin(&machine);
	br.record_s =
	    run(c, tool, cache, manifest, br.result, same_loops, true, env_log);
	record_machine_end(&machine);
	record_machine_describe(&machine, c->meta, false);
	record_machine_free(&machine);
	pyperf_system(c, tool, tmp);
	read_env_log(env_log, &br);
	unsetenv("PYPERF_PERF_RECORD_DATA_DIR");
	unsetenv("PYPERF_PERF_RECORD_EXTRA_OPTS");
	unsetenv("PERFVIEWS_PERF_VALUES");
	unsetenv("PERFVIEWS_PYPERF_MODULE");
	if (c->opt->overhead) {
		br.unprofiled = xasprintf("%s/unprofiled.json", tmp);
		printf("the same without the profiler, same loops "
		       "(OVERHEAD=1)\n");
		fflush(stdout);
		br.overhead_s = run(c, tool, cache, manifest, br.unprofiled,
		                    br.result, false, env_log);
	}
	free(env_log);
	bench_output(c, &br);
	free(br.result);
	free(same_loops);
	free(br.unprofiled);
	free(tool);
	free(venv);
	free(manifest);
	free(dir);
	free(prd);
	free(cache);
	free(tmp);
}

char **
pyperformance_default(const char *python, const char *cache, size_t *n)
{
	char *exe = resolve_python(python);
	absolute_find_links();
	dirs_make(cache);
	char *abs = absolute(cache);
	lock_cache(abs);
	char *log = dirs_memory_file("list.log");
	char *venv = tool_venv(exe, abs, log);
	char *tool = xasprintf("%s/bin/python", venv);
	char *argv[] = {tool,      "-m", "pyperformance", "list", "-b",
	                "default", NULL};
	struct child_result r;
	char **names = NULL, *line = NULL;
	size_t cap = 0, ncap = 0;

	if (!run_logged(argv, NULL, log, 300, &r))
		die(EXIT_DATA, "pyperformance list failed: %s",
		    last_line(slurp_log(log)));
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
	free(venv);
	free(log);
	free(abs);
	free(exe);
	return names;
}

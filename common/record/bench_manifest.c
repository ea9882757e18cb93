/*
 * bench_manifest.c - see bench_manifest.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "record/bench_log.h"
#include "record/bench_loops.h"
#include "record/bench_manifest.h"

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

bool
bench_manifest(struct plan *p, const char *tool, const char *dir)
{
	struct child_args a = {0};
	struct child_result r;
	char runs[16];
	char *answer = xasprintf("%s/answer", p->tmp);
	char *err = dirs_memory_file("resolve.err");
	const char *version = metadata_get(&p->meta, "python.version");
	char *pyver = xstrndup(version ? version : "",
	                       strcspn(version ? version : "", " "));

	dirs_make(dir);
	snprintf(runs, sizeof runs, "%u", p->id.runs);
	args_add(&a, tool);
	args_add(&a, "-c");
	args_add(&a, resolve_script);
	args_add(&a, p->id.workload + 3);
	args_add(&a, runs);
	args_add(&a, dir);
	args_add(&a, pyver);
	args_add(&a, p->bench_python);
	char *loops = bench_loops_json(p->opt->loops);
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
		die(EXIT_DATA, "%s", bench_log_last_line(bench_log_tail(err)));
	metadata_assign_file(&p->meta, answer);
	args_free(&a);
	free(answer);
	free(err);
	free(pyver);
	char *wrapper = xasprintf("%s/perfviews_runscript.py", dir);
	bool wrapped = access(wrapper, F_OK) == 0;
	free(wrapper);
	return wrapped;
}

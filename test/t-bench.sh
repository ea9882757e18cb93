#!/bin/sh
# t-bench.sh - pyperformance's benchmarks recorded through pyperf's
# perf_record hook (make record ID=bm_NAME-...), and make suite, offline
# with the wheels in $SHARED/vendor/wheels.
#
# 1. Failures are one line and leave no data set: a tag that means nothing
#    for a benchmark, a pyenv shim that runs no Python, perf missing, perf
#    unable to record, no pyperformance to install (no index, no wheels).
# 2. bm_nbody x3 at a low frequency, with -X perf (tag xperf) so that
#    Python functions show: 3 runs, each a value worker; meta.json says
#    what ran, its timing, the machine's state around the whole run, and
#    that nothing was dropped (perf ran for the values only); pyperf's
#    JSON beside it;
#    the samples are in the benchmark's own functions, and under 2% in
#    start-up, shutdown, pyperformance or pip.
# 3. bm_genshi (requirements: Genshi, six) x3: one data set per variant;
#    make views of bm_genshi says which.
# 4. An unknown name lists the close ones, and leaves no DATA it made;
#    requirements that cannot be installed, and a worker that dies, are
#    said in one line.
# 5. A two-benchmark suite reuses those data sets (records nothing) and
#    writes its README, with where each recording's time went; a suite with
#    a failing benchmark goes on, reports it at the end and exits non-zero;
#    a rerun does only what is missing.
# 6. Where the time goes: each recording's parts sum to its wall time, the
#    profiled share is a share; nbody's loops, calibrated once (2.), are
#    reused by a short suite (RUNS=1) from the loops file, with no
#    calibration worker, and the suite's second recording skips the
#    environment check the first one did.
# 7. A suite of a benchmark of each kind (in-process loops, bench_command
#    children, variants) records each: runs, samples per run and pyperf's
#    values agree (kinds_check, which 2. and 3. use too).
. "$(dirname "$0")/lib.sh"

MAKE="make -C $TOP --no-print-directory"
DATA=$TMP/data
OUT=$TMP/out

if ! bench_python; then
	skip bench "$BENCH_WHY"
	exit 0
fi

# expect_failure NAME PATTERN MAKE-ARGS...: fails, one line (besides
# make's own, and the note of waiting for pyperformance's cache while
# another test uses it), that matches, and nothing recorded.
expect_failure() {
	name=$1 pattern=$2
	shift 2
	ls -A "$DATA" >"$TMP/before" 2>/dev/null
	if $MAKE "$@" DATA="$DATA" OUT="$OUT" XZ="xz -1" >"$TMP/fo" 2>"$TMP/fe"; then
		fail "$name" "succeeded"
		return
	fi
	grep -v -e '^make: \*\*\*' -e "^perfviews: waiting for pyperformance's cache: " \
	    "$TMP/fe" >"$TMP/fe1"
	ls -A "$DATA" 2>/dev/null | grep -vxF -f "$TMP/before" | grep -vx .pyperformance >"$TMP/left"
	left=$(wc -l <"$TMP/left")
	if [ "$(wc -l <"$TMP/fe1")" = 1 ] && grep -q "$pattern" "$TMP/fe1" &&
	    [ "$left" = 0 ]; then
		pass "$name: $(cut -c1-90 "$TMP/fe1")"
	else
		fail "$name" "$left files left, stderr: $(head -n 3 "$TMP/fe" | paste -s -d'|' -)"
	fi
}

# kinds_check KIND BASE...: the data sets (paths without -meta.json)
# of one recording of a benchmark of a kind: loops (timed loops in the
# worker), command (bench_command: each value runs child processes),
# variants (several results of one runscript).  Whatever the recording
# holds: its runs in order, each a value worker of its variant with its
# samples counted as meta.json says; pyperf's result with as many value
# workers, each with values_per_run values, whose mean is meta.json's;
# the samples the worker's own (loops, variants) or its commands'
# children's, one at least per command run (command); the variants'
# workers apart.  Prints a line per data set.
kinds_check() {
	"$PYTHON" - "$@" <<'PYEOF'
import json, lzma, re, sys
kind = sys.argv[1]
sample = re.compile(r"^(?!#)\S.*?\s(\d+)(?:/(\d+))?\s+(?:\[\d+\]\s+)?\d+\.\d+:\s+\d+\s+\S+:")
marker = re.compile(r"^# perfviews run (\d+)/(\d+) \(an end line follows\) (\w+) worker (\d+)$")
end = re.compile(r"^# perfviews end of run (\d+)/(\d+): (\d+) samples$")
workers = {}
for base in sys.argv[2:]:
    m = json.load(open(base + "-meta.json"))
    r = json.load(open(base + "-pyperf.json"))
    b, name = m["benchmark"], m["benchmark"]["result"]
    runs, per_run = m["tool"]["runs"], m["samples"]["per_run"]
    assert len(per_run) == runs and min(per_run) > 0, (base, per_run)
    assert sum(per_run) == m["samples"]["total"], base
    mine = [x for x in r["benchmarks"]
            if x.get("metadata", {}).get("name", r["metadata"].get("name")) == name]
    assert len(mine) == 1, (base, name)
    valued = [run for run in mine[0]["runs"] if run.get("values")]
    assert len(valued) == runs, (base, len(valued))
    assert all(len(run["values"]) == b["values_per_run"] for run in valued), base
    vals = [v for run in valued for v in run["values"]]
    assert abs(sum(vals) / len(vals) - b["mean_seconds"]) < 1e-4 * b["mean_seconds"] + 1e-9
    seen, tids, counted, ended = [], [], [], []
    with lzma.open(base + "-raw.txt.xz", "rt", errors="replace") as f:
        for line in f:
            x = marker.match(line)
            if x:
                assert int(x.group(2)) == runs and x.group(3) == name, line
                seen.append(int(x.group(4)))
                tids.append(set())
                counted.append(0)
                continue
            x = end.match(line)
            if x:
                ended.append(int(x.group(3)))
                continue
            x = sample.match(line)
            if x:
                tids[-1].add(int(x.group(2) or x.group(1)))
                counted[-1] += 1
    assert seen == b["worker_pids"] and len(seen) == runs, (base, seen, b["worker_pids"])
    assert counted == per_run == ended, (base, counted, per_run, ended)
    for k, pid in enumerate(seen):
        if kind == "command":
            assert pid not in tids[k], (base, k, pid)
            assert len(tids[k]) >= b["values_per_run"] * b["loops"], (base, k, len(tids[k]))
        else:
            assert tids[k] == {pid}, (base, k, pid, sorted(tids[k])[:5])
    if kind == "command":
        assert "%d command-wrapper file" % runs in b["dropped"], (base, b["dropped"])
    else:
        assert "command" not in b["dropped"], (base, b["dropped"])
    for other, pids in workers.items():
        assert not set(seen) & pids, (base, other)
    workers[base] = set(seen)
    print("%s %d runs, %s samples" % (name, runs, "/".join(map(str, per_run))))
PYEOF
}

# 1. Failures, before anything is installed.
expect_failure "tag nosite refused" "does not apply to a benchmark" \
    record ID=bm_nbody-perf-freq100x3-nosite PYTHON="$PY"
mkdir -p "$TMP/shim"
printf '#!/bin/sh\necho "pyenv: python3.99: command not found" >&2\nexit 127\n' >"$TMP/shim/python3.99"
chmod +x "$TMP/shim/python3.99"
expect_failure "a pyenv shim that runs nothing" "is a pyenv shim.*give the interpreter's path" \
    record ID=bm_nbody-perf-freq100x3 PYTHON="$TMP/shim/python3.99"
expect_failure "perf missing" "perf cannot run" \
    record ID=bm_nbody-perf-freq100x3 PYTHON="$PY" PERF="$TMP/nowhere/perf"
expect_failure "perf cannot record" "perf cannot record here.*nosuchevent" \
    record ID=bm_nbody-perf-freq100x3 PYTHON="$PY" PERF_EVENT=nosuchevent
mkdir -p "$TMP/nowheels"
(
	export PIP_FIND_LINKS="$TMP/nowheels"
	expect_failure "no index, no wheels" \
	    "pip install pyperformance: pip found nothing to install.*PIP_FIND_LINKS" \
	    record ID=bm_nbody-perf-freq100x3 PYTHON="$PY" BENCH_CACHE="$TMP/cache0"
)
if [ -z "$(ls "$TMP/cache0" 2>/dev/null)" ]; then
	pass "no half-made virtual environment left"
else
	fail "half-made virtual environment left" "$(ls "$TMP/cache0")"
fi

# 2. nbody.
ID=bm_nbody-perf-freq500x3-xperf
LOOPS=$OUT/two-loops.json
if ! $MAKE record ID=$ID PYTHON="$PY" DATA="$DATA" OUT="$OUT" XZ="xz -1" \
    RECORD_TIMEOUT=300 LOOPS="$LOOPS" >"$TMP/nbody.out" 2>"$TMP/nbody.err"; then
	fail "make record $ID" "$(head -n 3 "$TMP/nbody.err" | paste -s -d'|' -)"
	exit 0
fi
pass "make record $ID: $(tail -n 1 "$TMP/nbody.out")"
xz -dc "$DATA/$ID-raw.txt.xz" >"$TMP/nbody.txt"
markers=$(grep -c '^# perfviews run [1-3]/3 (an end line follows) nbody worker [0-9][0-9]*$' "$TMP/nbody.txt")
if [ "$markers" = 3 ]; then
	pass "3 runs, each a value worker of nbody"
else
	fail "runs" "$markers markers, want 3"
fi
"$PYTHON" - "$DATA/$ID-meta.json" "$DATA/$ID-pyperf.json" >"$TMP/meta.check" 2>&1 <<'EOF'
import json, re, sys
m = json.load(open(sys.argv[1]))
b, t = m["benchmark"], m["timing"]
assert m["tool"]["runs"] == 3 and m["tags"] == ["xperf"]
runs = m["samples"]["per_run"]
assert len(runs) == 3 and min(runs) > 0 and sum(runs) == m["samples"]["total"]
assert b["name"] == "nbody" and b["result"] == "nbody" and b["variants"] == ["nbody"]
assert b["pyperformance_version"] and b["pyperf_version"] and m["workload"]["version"]
assert b["python_version"].startswith(m["python"]["version"].split()[0])
assert b["loops"] >= 1 and b["values_per_run"] >= 1 and b["mean_seconds"] > 0
assert b["stdev_seconds"] >= 0 and b["unprofiled_mean_seconds"] is None
assert len(b["worker_pids"]) == 3 and b["hooks"] == "perf_record"
# perf ran for the values only (perfviews_pyperf.py in the benchmark's
# environment, in every worker): no calibration or warmup file to drop, and pyperf's result says
# so for every run.
assert b["dropped"] == "none", b["dropped"]
assert "mtime" in b["selection"] or "modification" in b["selection"]
pr = json.load(open(sys.argv[2]))
for k, run in enumerate(pr["benchmarks"][0]["runs"]):
    said = {**pr["metadata"], **pr["benchmarks"][0].get("metadata", {}),
            **run.get("metadata", {})}
    assert said.get("perfviews_perf") == "values", (k, said)
# perf's command line, read from the first kept file's header: pyperf's
# hook with our options, events disabled until the hook enables them.
rc = m["tool"]["record_command"]
assert re.match(r"\S*perf record --pid %d --output \S+ --control fifo:\S+ "
                r"-D -1 --buildid-all -e cpu-clock -F \d+ " % b["worker_pids"][0], rc), rc
assert 0 < t["benchmark_seconds"] <= t["record_seconds"]
# meta.json is written once, before the views: their time is the took line's.
assert t.get("views_seconds") is None, t
# The machine's state, around the whole hooked run (pyperf's workers are
# not perfviews' runs): no per-run lists.
mach = m["machine"]
assert 0 < mach["measured_seconds"] <= t["record_seconds"] + 0.1, mach
assert all(mach[k] is not None and mach[k] >= 0
           for k in ("load_before", "load_after", "other_cpus", "steal_cpus")), mach
assert mach["other_cpus"] <= m["host"]["cpu_count"] + 0.1, mach
assert mach["load_per_run"] is None and mach["other_cpus_per_run"] is None, mach
# pyperf's own checks of the system: what pyperf system show says of ASLR
# and of isolated CPUs on any Linux.
assert "ASLR: " in mach["pyperf_system"] and "Linux scheduler: " in mach["pyperf_system"], mach
assert b["loops_file"] is None and b["environment"] in ("created", "checked")
r = json.load(open(sys.argv[2]))
assert len(r["benchmarks"]) == 1
vals = [v for run in r["benchmarks"][0]["runs"] for v in run.get("values", [])]
assert abs(sum(vals) / len(vals) - b["mean_seconds"]) < 1e-4 * b["mean_seconds"] + 1e-9
print(sum(runs))
EOF
if [ $? -eq 0 ]; then
	pass "meta.json: benchmark, timing, selection; pyperf JSON agrees ($(cat "$TMP/meta.check") samples)"
else
	fail "meta.json" "$(tail -n 2 "$TMP/meta.check" | paste -s -d'|' -)"
fi
if kinds_check loops "$DATA/$ID" >"$TMP/kind.check" 2>&1; then
	pass "in-process loops: $(cat "$TMP/kind.check"), each the worker's own, pyperf's values as many"
else
	fail "in-process loops (nbody)" "$(tail -n 1 "$TMP/kind.check")"
fi
"$BIN/collapse" "$TMP/nbody.txt" >"$TMP/nbody.folded"
# Shares of the samples: in nbody's own functions; in start-up and
# shutdown; in pyperformance's or pip's code, the packages in the
# environment's site-packages (the benchmark's runscript lives among
# pyperformance's data files: not counted; the environment itself may be
# in a directory named pyperformance, the user's cache).
awk '{ n = $NF; t += n }
     /py::(advance|report_energy|bench_nbody):/ { own += n }
     /Py_InitializeFromConfig|Py_FinalizeEx/ { start += n }
     { l = $0; gsub(/pyperformance\/data-files/, "", l) }
     l ~ /-packages\/(pip|pyperformance)\// { tool += n }
     END { printf "%d %.2f %.2f %.2f\n", t, 100 * own / t, 100 * start / t, 100 * tool / t }' \
    "$TMP/nbody.folded" >"$TMP/shares"
read -r total own start tool <"$TMP/shares"
if awk "BEGIN { exit !($own > 50 && $start < 2 && $tool < 2) }"; then
	pass "samples: $own% in nbody's functions, $start% start-up/shutdown, $tool% pyperformance/pip (of $total)"
else
	fail "samples" "$own% in nbody's functions, $start% start-up/shutdown, $tool% pyperformance/pip"
fi
if ls -d "$DATA"/.*.tmp >/dev/null 2>&1; then
	fail "no temporary directory left" "$(ls -d "$DATA"/.*.tmp)"
else
	pass "no temporary directory left"
fi
# Where the time went: the parts sum to the recording's wall time, the
# profiled share is a share (the took line's and meta.json's agree), and
# the loops file has the loops pyperf calibrated.
split_check() { # META...: each recording's parts sum to its total
	"$PYTHON" - "$@" <<'EOF'
import json, sys
for path in sys.argv[1:]:
    m = json.load(open(path))
    t = m["timing"]
    parts = [t[k + "_seconds"] for k in ("setup", "environment", "calibration",
             "worker_start", "warmup", "hook", "loops", "post")]
    assert min(parts) >= 0 and abs(sum(parts) - t["total_seconds"]) < 0.01, (path, parts, t)
    cpu = m["samples"]["total"] / m["tool"]["frequency"]
    assert 0 < cpu <= t["total_seconds"] and t["loops_seconds"] > 0, (path, cpu, t)
    assert t["loops_seconds"] <= t["record_seconds"] <= t["total_seconds"], t
EOF
}
if split_check "$DATA/$ID-meta.json" 2>"$TMP/split.err" &&
    grep -q "^took [0-9.]* s, profiled [0-9.]* CPU-s ([0-9]*%): set-up [0-9.]* s, environment [0-9.]* s (c[a-z]*), calibration [0-9.]* s, worker start-up .*timed loops [0-9.]* s, post-processing " "$TMP/nbody.out" &&
    "$PYTHON" -c 'import json, sys
loops = {b["metadata"]["name"]: b["metadata"]["loops"] for b in json.load(open(sys.argv[1]))["benchmarks"]}
m = json.load(open(sys.argv[2]))
sys.exit(0 if loops == {"nbody": m["benchmark"]["loops"]} else 1)' "$LOOPS" "$DATA/$ID-meta.json"; then
	pass "where the time went: parts sum to the wall time, profiled share, loops file ($(grep -o '^took [^:]*' "$TMP/nbody.out"))"
else
	fail "where the time went" "$(tail -n 1 "$TMP/split.err"); $(grep '^took' "$TMP/nbody.out")"
fi
# make record rendered the views, and make views then has nothing to do.
if grep -q "^took .* views [0-9.]* s" "$TMP/nbody.out" &&
    [ -s "$OUT/$ID-README.md" ] && [ -s "$OUT/$ID-flamegraph.svg" ] &&
    [ -z "$($MAKE -s views ID=$ID DATA="$DATA" OUT="$OUT" 2>&1)" ]; then
	pass "make record $ID rendered its views, timed"
else
	fail "views of $ID" "$(tail -n 1 "$TMP/nbody.out"); $(ls "$OUT" | paste -s -d' ' -)"
fi

# 3. genshi: its requirements installed from the wheels, into an
# environment of its own cache (the user's may have them already), with
# the loops file (nbody's): the runscript wrapper that gives the variants
# their loops must not hide the requirements; one data set per variant.
if ! $MAKE record ID=bm_genshi-perf-freq500x3-xperf PYTHON="$PY" DATA="$DATA" \
    OUT="$OUT" XZ="xz -1" RECORD_TIMEOUT=300 LOOPS="$LOOPS" BENCH_CACHE="$TMP/cache3" \
    >"$TMP/genshi.out" 2>"$TMP/genshi.err"; then
	fail "make record bm_genshi" "$(head -n 3 "$TMP/genshi.err" | paste -s -d'|' -)"
else
	ok=yes
	for v in text xml; do
		g=$DATA/bm_genshi_$v-perf-freq500x3-xperf
		n=$(xz -dc "$g-raw.txt.xz" 2>/dev/null | grep -c "^# perfviews run [1-3]/3 (an end line follows) genshi_$v worker")
		[ "$n" = 3 ] && [ -s "$g-meta.json" ] && [ -s "$g-pyperf.json" ] || ok="genshi_$v: $n runs"
		[ -s "$OUT/bm_genshi_$v-perf-freq500x3-xperf-README.md" ] || ok="genshi_$v: no views"
	done
	[ -e "$DATA/bm_genshi-perf-freq500x3-xperf-raw.txt.xz" ] && ok="a bm_genshi data set too"
	env=$("$PYTHON" -c 'import json, sys; print(json.load(open(sys.argv[1]))["benchmark"]["environment"])' \
	    "$DATA/bm_genshi_xml-perf-freq500x3-xperf-meta.json" 2>&1)
	[ "$env" = created ] || ok="genshi's environment: $env, not created"
	if [ "$ok" = yes ]; then
		pass "bm_genshi: requirements installed in a new environment; one data set per variant, 3 runs each, views of each"
	else
		fail "bm_genshi variants" "$ok"
	fi
	if kinds_check variants "$DATA/bm_genshi_text-perf-freq500x3-xperf" \
	    "$DATA/bm_genshi_xml-perf-freq500x3-xperf" >"$TMP/kind.check" 2>&1; then
		pass "variants: $(paste -s -d';' - <"$TMP/kind.check" | sed 's/;/; /g'), workers apart, pyperf's values as many"
	else
		fail "variants (genshi)" "$(tail -n 1 "$TMP/kind.check")"
	fi
	xz -dc "$DATA/bm_genshi_xml-perf-freq500x3-xperf-raw.txt.xz" | "$BIN/collapse" |
		awk '{ t += $NF } /\/genshi\// { g += $NF } END { printf "%.1f\n", 100 * g / t }' >"$TMP/g"
	if awk "BEGIN { exit !($(cat "$TMP/g") > 50) }"; then
		pass "genshi_xml: $(cat "$TMP/g")% of samples in Genshi's code"
	else
		fail "genshi_xml samples" "$(cat "$TMP/g")% in Genshi's code"
	fi
	if $MAKE views ID=bm_genshi-perf-freq500x3-xperf DATA="$DATA" OUT="$OUT" >/dev/null 2>"$TMP/e"; then
		fail "make views of bm_genshi" "succeeded"
	elif grep -q "one data set per variant: make views ID=bm_genshi_text-perf-freq500x3-xperf DATA=$DATA, make views ID=bm_genshi_xml-perf-freq500x3-xperf DATA=$DATA\$" "$TMP/e"; then
		pass "make views of bm_genshi names its variants' data sets"
	else
		fail "make views of bm_genshi" "$(head -n 1 "$TMP/e")"
	fi
fi

# 4. Failures once pyperformance is there.
expect_failure "unknown benchmark" "no pyperformance benchmark named nbdy (close: nbody)" \
    record ID=bm_nbdy-perf-freq100x3 PYTHON="$PY"
# A DATA the failed recording made is gone with it, its parent too.
if $MAKE record ID=bm_nbdy-perf-freq100x1 PYTHON="$PY" DATA="$TMP/new/data" OUT="$OUT" \
    >/dev/null 2>"$TMP/fe"; then
	fail "unknown benchmark into a new DATA" "succeeded"
elif grep -q "no pyperformance benchmark named nbdy" "$TMP/fe" && ! [ -e "$TMP/new" ]; then
	pass "unknown benchmark into a new DATA: the directories it made removed"
else
	fail "unknown benchmark into a new DATA" "$(ls -A "$TMP/new" 2>&1): $(grep -v waiting "$TMP/fe" | head -n 1)"
fi
expect_failure "requirements not installable" \
    "benchmark chameleon: its requirements could not be installed (No matching distribution found for chameleon" \
    record ID=bm_chameleon-perf-freq100x3 PYTHON="$PY"
real_perf=$(command -v perf)
mkdir -p "$TMP/fakebin"
cat >"$TMP/fakebin/perf" <<EOF
#!/bin/sh
# perf, except that it kills the process pyperf attaches it to.
case " \$* " in
*" --pid "*) kill -9 "\$(echo "\$*" | sed 's/.*--pid \([0-9]*\).*/\1/')"; exit 1 ;;
esac
exec $real_perf "\$@"
EOF
chmod +x "$TMP/fakebin/perf"
expect_failure "a worker that dies" "benchmark nbody: a worker process died (exit code -9: killed by signal 9" \
    record ID=bm_nbody-perf-freq100x3 PYTHON="$PY" PERF="$TMP/fakebin/perf"

# 5. Suites.
# time_rows README: the rows of "Where the time went" (wall, profiled
# CPU-s, share, the parts): parts summing to the wall time (rounded to a
# tenth each), a share of it; says "N rows".
time_rows() {
	"$PYTHON" - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
section = text.split("## Where the time went", 1)[1].split("\n## ", 1)[0]
n = 0
for line in section.splitlines():
    if not line.startswith("| ") or line.startswith("| recording"):
        continue
    cells = [c.strip() for c in line.strip("|").split("|")]
    wall, cpu, share = float(cells[1]), float(cells[2]), float(cells[3].rstrip("%"))
    parts = [float(c) for c in cells[4:]]
    assert len(parts) == 8 and abs(sum(parts) - wall) <= 0.06 * len(parts), line
    assert 0 < cpu <= wall and 0 < share <= 100, line
    n += not cells[0].startswith("**")
print("%d rows" % n)
EOF
}
if $MAKE -j2 suite SUITE=two BENCHMARKS="nbody genshi" FREQ=500 RUNS=3 TAGS=xperf \
    PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/suite.out" 2>"$TMP/suite.err"; then
	readme=$OUT/two-README.md
	rows=$(grep -c '^| \(nbody\|genshi_text\|genshi_xml\) | \[bm_' "$readme")
	recorded=$(grep -c 'recording' "$TMP/suite.out")
	if [ "$rows" = 3 ] && [ "$recorded" = 0 ] && [ -s "$OUT/$ID-flamegraph.svg" ]; then
		pass "suite of nbody and genshi: 3 rows, nothing recorded again, views rendered"
	else
		fail "suite" "$rows rows, $recorded recordings"
	fi
	# Each row's shares sum to 100%, and its samples are meta.json's.
	"$PYTHON" - "$readme" "$DATA" >"$TMP/suite.check" 2>&1 <<'EOF'
import json, re, sys
for line in open(sys.argv[1]):
    m = re.match(r"\| (\w+) \| \[([^\]]+)\]\([^)]+\) \| ([^|]+) \| (\d+) \| (\d+) \| ([^|]+) \| (.*) \|((?: [\d.]+% \|){5})$", line)
    if not m:
        continue
    meta = json.load(open("%s/%s-meta.json" % (sys.argv[2], m.group(2))))
    build = m.group(3)
    assert build.startswith("CPython " + meta["python"]["version"].split()[0]) and \
        meta["python"]["executable"] in build, line
    m = re.match(r"(\| \w+ \| \[[^\]]+\]\([^)]+\)) \| [^|]+( \| .*)", line)
    m = re.match(r"\| (\w+) \| \[([^\]]+)\]\([^)]+\) \| (\d+) \| (\d+) \| ([^|]+) \| (.*) \|((?: [\d.]+% \|){5})$", m.group(1) + m.group(2))
    assert int(m.group(3)) == meta["samples"]["total"], line
    assert int(m.group(4)) == 3 and "±" in m.group(5) and m.group(6).count("`") == 6, line
    shares = [float(x) for x in re.findall(r"([\d.]+)%", m.group(7))]
    assert abs(sum(shares) - 100) < 0.3 and shares[0] > 0, shares
    print(m.group(1), shares)
EOF
	if [ $? -eq 0 ] && [ "$(wc -l <"$TMP/suite.check")" = 3 ]; then
		pass "suite README: each data set's build, samples as in meta.json, shares sum to 100%"
	else
		fail "suite README" "$(tail -n 2 "$TMP/suite.check" | paste -s -d'|' -)"
	fi
	# The benchmarks by category: a row each in the README's table (a
	# column per large category, the rest summed), a bar each in the chart.
	if grep -q '^## By category' "$readme" &&
	    grep -q '^| benchmark |.* interpreter |.*|$' "$readme" &&
	    [ "$(sed -n '/^## By category/,/^## /p' "$readme" | grep -c '^| [a-z_0-9]* | [0-9.]*% |')" = 3 ] &&
	    "$PYTHON" -c 'import sys, xml.etree.ElementTree as E
t = E.parse(sys.argv[1]).getroot()
bars = [g for g in t.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "bar"]
sys.exit(0 if len(bars) == 3 else 1)' "$OUT/two-categories.svg" 2>/dev/null; then
		pass "suite by category: README table, a bar per data set"
	else
		fail "suite by category" "README or $OUT/two-categories.svg"
	fi
	# Where the time went: this run recorded nothing; a row per
	# recording (genshi's two data sets are one), its parts summing to
	# its wall time.
	time_rows "$readme" >"$TMP/time.check" 2>&1
	if grep -q '^This run of make suite recorded nothing' "$readme" &&
	    [ "$(cat "$TMP/time.check")" = "2 rows" ]; then
		pass "suite README: where the time went, a row per recording, parts summing to its wall time"
	else
		fail "suite README: where the time went" "$(tail -n 2 "$TMP/time.check" | paste -s -d'|' -)"
	fi
else
	fail "make suite" "$(tail -n 3 "$TMP/suite.err" | paste -s -d'|' -)"
fi
# Recorded again (FORCE=1), a suite records a benchmark of variants once,
# as its own ID, which writes every variant's data set: genshi's runscript
# could run one alone, others (base64's eleven) run them all each time.
tail=perf-freq500x3-xperf
ids=$("$BIN/perfviews" suite ids --data "$DATA" $tail nbody genshi | paste -s -d' ' -)
recs=$("$BIN/perfviews" suite ids --data "$DATA" --recordings $tail nbody genshi | paste -s -d' ' -)
if [ "$ids" = "bm_nbody-$tail bm_genshi_text-$tail bm_genshi_xml-$tail" ] &&
    [ "$recs" = "bm_nbody-$tail bm_genshi-$tail" ]; then
	pass "suite ids --recordings: genshi's two data sets, one recording"
else
	fail "suite ids --recordings" "data sets: $ids; recordings: $recs"
fi
# A data set is of one build (issue 21, 26): recording its ID again is
# refused, naming its date and build; a suite of another Python refuses
# the data sets of the first instead of reusing them.
if $MAKE record ID=$ID PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/again.out" 2>"$TMP/again.err"; then
	fail "recording an existing ID again" "succeeded"
elif grep -q "$DATA/$ID is there already: a data set recorded 20[0-9-]*T[0-9:]*Z with CPython 3\.1[0-9.]* .* at $PY" "$TMP/again.err" &&
    grep -q "FORCE=1 (perfviews record --force) replaces it" "$TMP/again.err" &&
    [ "$(grep -c . "$TMP/again.out")" = 0 ]; then
	pass "recording an existing ID again: refused before anything ran, naming its date, build and FORCE=1"
else
	fail "recording an existing ID again" "$(head -n 2 "$TMP/again.err" | paste -s -d'|' -)"
fi
PY2=
for p in "$HOME"/.pyenv/versions/3.1[1-9]*/bin/python3; do
	[ -x "$p" ] && [ "$p" != "$PY" ] && PY2=$p && break
done
if [ -z "$PY2" ]; then
	skip "suite of a second build" "no second Python under ~/.pyenv"
elif $MAKE suite SUITE=second BENCHMARKS="nbody" FREQ=500 RUNS=3 TAGS=xperf \
    PYTHON="$PY2" DATA="$DATA" OUT="$OUT" >"$TMP/second.out" 2>"$TMP/second.err"; then
	fail "suite of a second build" "succeeded: $(tail -n 1 "$TMP/second.out")"
elif grep -q "suite: PYTHON is CPython .* at $PY2; these data sets of $DATA are of another build:" "$TMP/second.err" &&
    grep -q "^  $DATA/$ID-meta.json: recorded .* with CPython .* at $PY\$" "$TMP/second.err" &&
    grep -q "DATA=DIR" "$TMP/second.err" && ! [ -e "$OUT/second-README.md" ]; then
	pass "suite of a second build: refused, naming each data set's build"
else
	fail "suite of a second build" "$(head -n 3 "$TMP/second.err" | paste -s -d'|' -)"
fi
$MAKE suite SUITE=bad BENCHMARKS="nbody nosuchbench" FREQ=500 RUNS=3 TAGS=xperf \
    PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/bad.out" 2>"$TMP/bad.err"
status=$?
if [ $status -ne 0 ] &&
    grep -q '^\[1/1\] bm_nosuchbench-perf-freq500x3-xperf: recording (elapsed [0-9:]*, about ? left)$' "$TMP/bad.out" &&
    grep -q '^\[1/1\] bm_nosuchbench-perf-freq500x3-xperf: FAILED in [0-9]* s (elapsed [0-9:]*, about 0:00 left)$' "$TMP/bad.out" &&
    grep -q '^  bm_nosuchbench-perf-freq500x3-xperf: no pyperformance benchmark named nosuchbench' "$TMP/bad.err" &&
    grep -q '^- bm_nosuchbench-perf-freq500x3-xperf: no pyperformance benchmark named' "$OUT/bad-README.md" &&
    grep -q '^| nbody |' "$OUT/bad-README.md"; then
	pass "suite with a failing benchmark: progress, report, README, exit $status"
else
	fail "suite with a failing benchmark" "exit $status: $(tail -n 2 "$TMP/bad.err" | paste -s -d'|' -)"
fi
# 6. The loops file reused, the environment checked once: a short suite.
# genshi's variants, which pyperformance's --same-loops cannot give loops
# (it looks up "genshi"), have theirs from the file too.  Without XZ, a
# suite compresses with xz -3 (a 4 MiB dictionary in the file's block
# header, where make record's xz -9 has 64 MiB); XZ given wins.
if $MAKE suite SUITE=again BENCHMARKS="nbody richards genshi" FREQ=500 RUNS=1 TAGS=xperf \
    LOOPS="$LOOPS" PYTHON="$PY" DATA="$DATA" OUT="$OUT" \
    >"$TMP/short.out" 2>"$TMP/short.err"; then
	dicts=$(for f in "$DATA"/bm_*-perf-freq500x1-xperf-raw.txt.xz; do
		xz -lvv "$f" | grep -o 'lzma2=dict=[0-9]*[KM]iB' | sort -u
	done | sort | uniq -c | awk '{ printf "%s%s x%s", s, $2, $1; s = ", " }')
	given=$($MAKE -n suite-step SUITE=again BENCHMARKS=nbody DATA="$DATA" OUT="$OUT" \
	    SUITE_STEP_LOG="$TMP/step.log" ID=bm_nbody-perf-freq500x1-xperf XZ="xz -1" 2>&1 |
	    grep -o -- "--xz '[^']*'")
	if [ "$dicts" = "lzma2=dict=4MiB x4" ] && [ "$given" = "--xz 'xz -1'" ]; then
		pass "suite again: its 4 data sets compressed with xz -3 (XZ not given); XZ given is used"
	else
		fail "suite's compression" "dictionaries: $dicts; with XZ='xz -1': $given"
	fi
	n1=$DATA/bm_nbody-perf-freq500x1-xperf-meta.json
	r1=$DATA/bm_richards-perf-freq500x1-xperf-meta.json
	g1=$DATA/bm_genshi_text-perf-freq500x1-xperf-meta.json
	g2=$DATA/bm_genshi_xml-perf-freq500x1-xperf-meta.json
	if "$PYTHON" - "$DATA/$ID-meta.json" "$n1" "$r1" "$LOOPS" "$g1" "$g2" >"$TMP/short.check" 2>&1 <<'EOF'
import json, sys
first, n1, r1 = (json.load(open(p))["benchmark"] for p in sys.argv[1:4])
t = json.load(open(sys.argv[2]))["timing"]
loops = {b["metadata"]["name"]: b["metadata"]["loops"] for b in json.load(open(sys.argv[4]))["benchmarks"]}
assert n1["loops"] == first["loops"] == loops["nbody"], (n1["loops"], first["loops"])
assert n1["loops_file"] == sys.argv[4] and "calibration" not in n1["dropped"], n1
assert t["calibration_seconds"] == 0, t
# nbody is the suite's first: its environment checked then, unless a
# recording of another test (make check runs three at once, one cache)
# checked it since this suite began, which counts as checked in it.
assert n1["environment"] in ("created", "checked", "checked earlier in this suite"), n1["environment"]
assert r1["environment"] == "checked earlier in this suite", r1["environment"]
assert r1["loops_file"] is None and loops["richards"] == r1["loops"], (r1, loops)
for path in sys.argv[5:7]:
    m = json.load(open(path))
    b, name = m["benchmark"], m["benchmark"]["result"]
    assert b["loops"] == loops[name] and b["loops_file"] == sys.argv[4], (name, b)
    assert "calibration" not in b["dropped"], (name, b["dropped"])
    assert m["timing"]["calibration_seconds"] == 0, (name, m["timing"])
EOF
	then
		pass "suite again: nbody's and genshi's variants' loops from the loops file (no calibration), richards' environment checked earlier in the suite"
	else
		fail "suite again: loops and environment" "$(tail -n 2 "$TMP/short.check" | paste -s -d'|' -)"
	fi
	split_check "$n1" "$r1" "$g1" "$g2" 2>"$TMP/split.err" && time_rows "$OUT/again-README.md" >"$TMP/time.check" 2>&1
	if [ $? -eq 0 ] && [ "$(cat "$TMP/time.check")" = "3 rows" ] &&
	    grep -q '^This run of make suite: [0-9]* s from its start to this README; profiled [0-9.]* CPU-s, \*\*[0-9.]*%\*\* of it' "$OUT/again-README.md" &&
	    grep -q '^| \*\*this run.s 3\*\* |' "$OUT/again-README.md" &&
	    grep -q '^suite again: [0-9]* s, profiled [0-9.]* CPU-s ([0-9.]*%); 3 recordings [0-9]* s: set-up .*; views, README and the rest [0-9]* s$' "$TMP/short.out"; then
		pass "suite again: README and summary say where the time went ($(grep '^suite again:' "$TMP/short.out" | cut -d';' -f1))"
	else
		fail "suite again: where the time went" "$(tail -n 2 "$TMP/split.err" "$TMP/time.check" | paste -s -d'|' -)"
	fi
else
	fail "suite again" "$(tail -n 3 "$TMP/short.err" | paste -s -d'|' -)"
fi
# 7. A suite of each kind of benchmark (issue 38): in-process loops
# (nbody), a bench_command's child processes (stdlib_startup, whose
# command differs from worker to worker, so pyperf keeps it in each
# run's metadata), variants (genshi).  nbody's and genshi's data sets are
# those of 6.; stdlib_startup is recorded, its loops calibrated: with
# one value worker, the calibration worker is the second run of pyperf's
# result, its command another (the walk read it as a plain benchmark's:
# "25 perf.data files, but pyperf's result accounts for 3").
if $MAKE suite SUITE=kinds BENCHMARKS="nbody stdlib_startup genshi" FREQ=500 RUNS=1 \
    TAGS=xperf PYTHON="$PY" DATA="$DATA" OUT="$OUT" >"$TMP/kinds.out" 2>"$TMP/kinds.err"; then
	k=$DATA/bm_stdlib_startup-perf-freq500x1-xperf
	if kinds_check command "$k" >"$TMP/kind.check" 2>&1 &&
	    kinds_check loops "$DATA/bm_nbody-perf-freq500x1-xperf" >>"$TMP/kind.check" 2>&1 &&
	    kinds_check variants "$DATA/bm_genshi_text-perf-freq500x1-xperf" \
	    "$DATA/bm_genshi_xml-perf-freq500x1-xperf" >>"$TMP/kind.check" 2>&1 &&
	    [ "$(grep -c '^| \(nbody\|stdlib_startup\|genshi_text\|genshi_xml\) | \[bm_' "$OUT/kinds-README.md")" = 4 ]; then
		pass "suite of each kind: $(paste -s -d';' - <"$TMP/kind.check" | sed 's/;/; /g'); the commands' children sampled, a row each"
	else
		fail "suite of each kind" "$(tail -n 1 "$TMP/kind.check")"
	fi
else
	fail "suite of each kind" "$(tail -n 3 "$TMP/kinds.err" | paste -s -d'|' -)"
fi
# A loops file made by hand, without the top-level "metadata" that
# pyperformance's --same-loops reads: pyperformance gets perfviews' copy.
printf '{"benchmarks": [{"metadata": {"name": "nbody", "loops": 3}}]}\n' >"$TMP/hand.json"
if $MAKE record ID=bm_nbody-perf-freq500x1 LOOPS="$TMP/hand.json" PYTHON="$PY" \
    DATA="$DATA" OUT="$OUT" XZ="xz -1" >"$TMP/hand.out" 2>"$TMP/hand.err" &&
    [ "$("$PYTHON" -c 'import json, sys; b = json.load(open(sys.argv[1]))["benchmark"]; print(b["loops"], b["loops_file"])' \
        "$DATA/bm_nbody-perf-freq500x1-meta.json" 2>&1)" = "3 $TMP/hand.json" ] &&
    grep -q "hand.json: not a loops file perfviews wrote .*left as it is" "$TMP/hand.err"; then
	pass "a hand-made loops file without pyperformance's top-level metadata: its loops run, the file left as it is"
else
	fail "hand-made loops file" "$(tail -n 2 "$TMP/hand.err" | paste -s -d'|' -)"
fi
if $MAKE suite SUITE=none PYTHON="$PY" DATA="$DATA" >/dev/null 2>"$TMP/e" ||
    ! grep -q 'no BENCHMARKS: give pyperformance.s benchmark names.*BENCHMARKS=all' "$TMP/e"; then
	fail "make suite without BENCHMARKS" "$(head -n 1 "$TMP/e")"
else
	pass "make suite without BENCHMARKS says which to give"
fi

# A benchmark's README: what ran, its timing, the profiler's cost, what was
# kept, the machine busy (other processes used 1.5 CPUs); pyperf's JSON
# listed because it is there.  Then a suite's README of
# it and of a data set that failed (with the eval loop by family, from a
# bytecode view of its own: instructions summed by family, parts left
# out), and how make views answers for a benchmark recorded as variants,
# and for one not recorded.
d=$(mktemp -d) && cd "$d" || exit 1
id=bm_genshi_xml-perf-freq99x2
$BIN/perfviews meta --raw "$OLDPWD/perfviews-runs.txt" --set workload.version=1.14.0 --set benchmark.name=genshi --set benchmark.result=genshi_xml --set 'benchmark.variants=genshi_text genshi_xml' --set benchmark.pyperformance_version=1.14.0 --set benchmark.pyperf_version=2.10.0 --set benchmark.loops=2 --set benchmark.warmups_per_run=1 --set benchmark.values_per_run=3 --set benchmark.mean_seconds=0.0689 --set benchmark.stdev_seconds=0.0129 --set benchmark.unprofiled_mean_seconds=0.0650 --set benchmark.unprofiled_stdev_seconds=0.0021 --set 'benchmark.selection=the values file of each worker' --set 'benchmark.dropped=1 calibration file, 2 warmup files' --set benchmark.python_version='3.12.1 (64-bit)' --set timestamp=2024-01-01T00:00:00Z --set host.cpu_count=2 --set machine.measured_seconds=12.5 --set machine.other_cpus=1.5 --set machine.steal_cpus=0 --set machine.load_before=2.1 $id >$id-meta.json
echo '{}' >$id-pyperf.json
cp "$OLDPWD/perfviews-runs.txt" $id-raw.txt
$BIN/perfviews readme $id-meta.json
printf 'instruction,family,self,total,self_pct,total_pct,kind\nLOAD_ATTR_SLOT,LOAD_ATTR,5,9,25.00,45.00,instruction\nCALL_PY_EXACT_ARGS,CALL,4,12,20.00,60.00,instruction\nLOAD_ATTR_INSTANCE_VALUE,LOAD_ATTR,3,3,15.00,15.00,instruction\n[entry],,6,6,30.00,30.00,part\n' >$id-bytecode.csv
$BIN/perfviews suite readme --data . --views . --log /dev/null golden $id bm_nbody-perf-freq99x2
$BIN/perfviews suite ids --data . perf-freq99x2 genshi nbody genshi_text
$BIN/perfviews suite missing --data . bm_genshi-perf-freq99x2; echo "exit $?"
$BIN/perfviews suite missing --data . bm_nbody-perf-freq99x2; echo "exit $?"
cd / && rm -rf "$d"

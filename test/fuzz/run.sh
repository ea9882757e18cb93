#!/bin/sh
# run.sh SECONDS TARGET... - run each libFuzzer target for SECONDS from its
# seed corpus test/fuzz/corpus/TARGET (make fuzz, make check).
#
# New inputs go to $FUZZ_WORK/corpus/TARGET, crashes, leaks, hangs (10 s
# an input) and out-of-memory inputs (2 GB) to $FUZZ_WORK/crashes/
# (FUZZ_WORK defaults to build/fuzz).  One line per target: executions,
# executions per second, coverage (libFuzzer's cov: and ft:), corpus size,
# findings.  Exits non-zero when any target found anything.
seconds=$1
shift
work=${FUZZ_WORK:-build/fuzz}
status=0
mkdir -p "$work/crashes"
for t in "$@"; do
	mkdir -p "$work/corpus/$t"
	log=$work/$t.log
	before=$(ls "$work/crashes" | grep -c "^$t-" || true)
	build/fuzz/$t "$work/corpus/$t" "test/fuzz/corpus/$t" \
	    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	    -malloc_limit_mb=2048 -max_len=32768 -close_fd_mask=3 \
	    -print_final_stats=1 -artifact_prefix="$work/crashes/$t-" \
	    >"$log" 2>&1
	rc=$?
	after=$(ls "$work/crashes" | grep -c "^$t-" || true)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
	cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
	printf '%-17s %5ss %10s runs %7s exec/s  cov %5s  ft %6s  corpus %5s  findings %s\n' \
	    "$t" "$seconds" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
	    "${corp:-?}" $((after - before))
	if [ $rc -ne 0 ]; then
		status=1
		grep -E 'ERROR|SUMMARY|Test unit written|leak|timeout|out-of-memory' \
		    "$log" | head -n 6 | sed 's/^/    /'
	fi
done
exit $status

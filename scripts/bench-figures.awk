# bench-figures.awk - make bench's figures against the accepted ones.
#
#   awk -f bench-figures.awk ACCEPTED RAW          compare: a table, a verdict
#   awk -v mode=accept -f bench-figures.awk RAW    the new ACCEPTED file
#
# RAW is this run's figures, a line per program and input (tab-separated):
# INPUT PROGRAM CPU_SECONDS CAT_CPU_SECONDS PEAK_RSS_KB, the CPU time of
# cat on the same file measured in turn with the program's runs.  A
# program's time is kept as the ratio of the two, so that figures from a
# slower or faster machine stay comparable; its memory as peak RSS in MB.
# ACCEPTED holds, tab-separated, INPUT PROGRAM RATIO RSS_MB (lines that
# start with '#' are comments).
#
# A figure is a REGRESSION when its ratio is more than time_margin over
# the accepted one, or its memory more than rss_margin and rss_floor MB
# over; "better" when as far under (accept it: make bench BENCH_ACCEPT=1).
# The margins (-v time_margin=0.30 ...) are chosen from measured noise:
# see README, "Benchmarks".  The figures are only printed: the exit status
# is 0 either way.
BEGIN {
	FS = "\t"
	if (time_margin == "")
		time_margin = 0.30
	if (rss_margin == "")
		rss_margin = 0.10
	if (rss_floor == "")
		rss_floor = 2
	files = mode == "accept" ? 1 : 2
}

/^#/ || NF == 0 { next }

# The accepted figures (compare mode: the first file).
files == 2 && FILENAME == ARGV[1] {
	key = $1 FS $2
	kept_ratio[key] = $3
	kept_rss[key] = $4
	kept_order[++nkept] = key
	next
}

# This run's figures.
{
	key = $1 FS $2
	if (!(key in ratio))
		order[++n] = key
	ratio[key] = $4 > 0 ? $3 / $4 : -1
	rss[key] = $5 / 1024
}

function change(now, then) {
	return then > 0 ? sprintf("%+.1f%%", 100 * (now - then) / then) : "-"
}

END {
	if (mode == "accept") {
		print "# make bench's accepted figures (make bench BENCH_ACCEPT=1 writes them)."
		print "# input\tprogram\ttime/cat\tpeak RSS MB"
		for (i = 1; i <= n; i++) {
			r = ratio[order[i]]
			if (r < 0)
				continue
			printf "%s\t%.3f\t%.1f\n", order[i], r, rss[order[i]]
		}
		exit 0
	}
	printf "%-8s %-20s %9s %9s %8s %9s %9s %8s\n", "input", "program",
	    "time/cat", "accepted", "change", "RSS MB", "accepted", "change"
	regressions = better = 0
	for (i = 1; i <= n; i++) {
		key = order[i]
		split(key, part, FS)
		r = ratio[key]
		if (r < 0) {
			printf "%-8s %-20s no CPU time for cat\n", part[1], part[2]
			continue
		}
		if (!(key in kept_ratio)) {
			printf "%-8s %-20s %9.3f %9s %8s %9.1f %9s %8s  new\n",
			    part[1], part[2], r, "-", "-", rss[key], "-", "-"
			continue
		}
		kr = kept_ratio[key]
		km = kept_rss[key]
		verdict = ""
		why = ""
		if (part[2] != "cat" && r > kr * (1 + time_margin))
			why = "time"
		if (rss[key] > km * (1 + rss_margin) && rss[key] > km + rss_floor)
			why = why (why ? ", " : "") "memory"
		if (why != "") {
			verdict = "REGRESSION (" why ")"
			regressions++
			listed = listed (listed ? "; " : "") part[1] " " part[2] " " why
		} else if (part[2] != "cat" && r < kr * (1 - time_margin) ||
		    rss[key] < km * (1 - rss_margin) && rss[key] < km - rss_floor) {
			verdict = "better"
			better++
		}
		printf "%-8s %-20s %9.3f %9.3f %8s %9.1f %9.1f %8s%s\n",
		    part[1], part[2], r, kr, change(r, kr), rss[key], km,
		    change(rss[key], km), verdict == "" ? "" : "  " verdict
	}
	for (i = 1; i <= nkept; i++)
		if (!(kept_order[i] in ratio)) {
			split(kept_order[i], part, FS)
			printf "%-8s %-20s not measured in this run\n", part[1], part[2]
		}
	printf "bench: margins: time/cat %+.0f%%, memory %+.0f%% and %g MB\n",
	    100 * time_margin, 100 * rss_margin, rss_floor
	if (regressions > 0)
		printf "bench: REGRESSION in %d figure(s): %s\n", regressions, listed
	else
		printf "bench: no regression against the accepted figures\n"
	if (better > 0)
		printf "bench: %d figure(s) better than accepted: make bench BENCH_ACCEPT=1 keeps them\n", better
}

# gen-runs.awk - perf script text of a data set of runs with known
# run-to-run variation, for the statistical tests of flatdiff and
# diffstacks (t-flatdiff.sh).
#
#   awk -v seed=1 -v runs=10 -v samples=2000 -v sd=0.2 -f gen-runs.awk
#
# Each run is "# perfviews run N/RUNS" and SAMPLES samples of cpu-clock by
# python3.VERSION, each a leaf f00..f(FUNCTIONS-1) in libpython3.VERSION
# called from main in the python3.VERSION executable.  Function k has the
# share 1/(k+1), normalised (Zipf), times exp(sd * a standard normal) drawn
# anew for every run, normalised again: the run-to-run variation.  The
# samples of a run are drawn one by one from its shares (the counting
# error).  move="FROM:TO:POINTS" then moves POINTS percent of all samples
# from function FROM to function TO in every run: a change of known size.
# Same seed, same output (with one awk).
function normal(    u, v) {
	# Box-Muller.
	u = rand()
	v = rand()
	if (u < 1e-12)
		u = 1e-12
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v)
}

BEGIN {
	if (seed == "") seed = 1
	if (runs == "") runs = 10
	if (samples == "") samples = 2000
	if (sd == "") sd = 0.2
	if (functions == "") functions = 30
	if (version == "") version = "12"
	if (first == "") first = 1
	if (total_runs == "") total_runs = runs
	srand(seed)
	from = to = -1
	if (move != "") {
		split(move, m, ":")
		from = m[1] + 0; to = m[2] + 0; points = m[3] / 100
	}
	sum = 0
	for (k = 0; k < functions; k++) {
		base[k] = 1 / (k + 1)
		sum += base[k]
	}
	for (k = 0; k < functions; k++)
		base[k] /= sum
	t = 1
	for (r = first; r < first + runs; r++) {
		printf "# perfviews run %d/%d\n", r, total_runs
		sum = 0
		for (k = 0; k < functions; k++) {
			share[k] = base[k] * exp(sd * normal())
			sum += share[k]
		}
		for (k = 0; k < functions; k++)
			share[k] /= sum
		if (from >= 0) {
			moved = points < share[from] ? points : share[from]
			share[from] -= moved
			share[to] += moved
		}
		c = 0
		for (k = 0; k < functions; k++) {
			c += share[k]
			cum[k] = c
		}
		for (i = 0; i < samples; i++) {
			u = rand() * c
			for (k = 0; k < functions - 1 && cum[k] < u; k++)
				;
			printf "python3.%s 4242 %d.%06d:     250000 cpu-clock: \n", version, t / 1000000, t % 1000000
			printf "\t    7f00000%05x f%02d+0x10 (/usr/lib/libpython3.%s.so.1.0)\n", k * 64, k, version
			printf "\t          4005d0 main+0x20 (/usr/bin/python3.%s)\n\n", version
			t += 250
		}
	}
}

"""A Python workload with known hot functions, for t-views-vs-perf.sh.

Run with -X perf so that perf sees Python-level frames (py::fib:...).
fib recurses, so its inclusive share must count once per sample.
"""


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def loop_sum(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def main():
    fib(27)
    loop_sum(3_000_000)


main()

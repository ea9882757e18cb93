# hot.py - a Python workload with known hot functions, for tests that
# record real profiles.  fib is recursive and takes most of the time;
# concat spends its time in the str implementation.
import sys


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def concat(n):
    s = ""
    for i in range(n):
        s += str(i)
    return len(s)


def main(scale):
    for _ in range(scale):
        fib(22)
        concat(20000)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)

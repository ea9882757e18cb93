"""Workloads whose work is known, for bytecode(1)'s end-to-end test
(test/t-bytecode.sh).

python3 bytecode_work.py KIND SECONDS: loop KIND for about SECONDS of CPU
time (cpu-clock samples count CPU time: a busy machine stretches the wall
time, not the samples), at most ten times as long on the wall clock.
float: float arithmetic (BINARY_OP); attr: attribute loads (LOAD_ATTR);
call: calls of a builtin (CALL); subscr: dict subscripts (BINARY_SUBSCR).
"""
import sys
import time


class Point:
    def __init__(self):
        self.x = 1
        self.y = 2
        self.z = 3


def float_loop(n):
    a = 1.5
    b = 0.5
    c = 0.0
    for _ in range(n):
        c = a * b + c - a * b + a - b * a + c * b
    return c


def attr_loop(n):
    p = Point()
    s = 0
    for _ in range(n):
        s = p.x; s = p.y; s = p.z; s = p.x; s = p.y; s = p.z
        s = p.x; s = p.y; s = p.z; s = p.x; s = p.y; s = p.z
    return s


def call_loop(n):
    x = 12345
    for _ in range(n):
        hash(x); hash(x); hash(x); hash(x); hash(x); hash(x)
        sorted(()); sorted(()); sorted(())
    return x


def subscr_loop(n):
    keys = [("k%d" % i, i) for i in range(64)]
    d = {k: i for k, i in keys}
    k1, k2, k3 = (1, "a"), (2, "b"), (3, "c")
    d[k1] = d[k2] = d[k3] = 0
    s = 0
    for _ in range(n):
        s = d[k1]; s = d[k2]; s = d[k3]; s = d[k1]; s = d[k2]; s = d[k3]
    return s


LOOPS = {"float": float_loop, "attr": attr_loop, "call": call_loop,
         "subscr": subscr_loop}


def main():
    loop = LOOPS[sys.argv[1]]
    seconds = float(sys.argv[2])
    cpu_end = time.process_time() + seconds
    wall_end = time.perf_counter() + 10 * seconds
    while time.process_time() < cpu_end and time.perf_counter() < wall_end:
        loop(20000)


main()

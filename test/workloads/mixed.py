# mixed.py - a Python workload that spends time in many parts of CPython,
# for tests that categorise real profiles (t-bycategory.sh): the eval loop,
# int and str arithmetic, dicts, classes and attributes, exceptions,
# reference cycles for the collector, dataclasses, json, re, enum, sorting,
# generators and match statements.
import dataclasses
import enum
import functools
import gc
import json
import re
import sys


class Colour(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


@dataclasses.dataclass(order=True)
class Item:
    name: str
    price: float
    tags: tuple = ()


class Node:
    __slots__ = ("other", "value")

    def __init__(self, value):
        self.value = value
        self.other = None


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    @property
    def norm(self):
        return abs(self.x) + abs(self.y)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@functools.lru_cache(maxsize=256)
def slug(s):
    return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")


def score(item):
    match item:
        case Item(price=p) if p > 50:
            return int(p)
        case Item(tags=(t, *_)):
            return len(t)
        case _:
            return 0


def cycles(n):
    for i in range(n):
        a, b = Node(i), Node(i + 1)
        a.other, b.other = b, a
    return gc.collect()


def failures(n):
    caught = 0
    for i in range(n):
        try:
            {}["missing%d" % (i % 10)]
        except KeyError:
            caught += 1
        try:
            Point(1, 2).z
        except AttributeError:
            caught += 1
    return caught


def round_(r):
    total = fib(18)
    s = ""
    for i in range(3000):
        s += str(i)
    total += len(s)
    items = [Item("Item %d %s" % (i, Colour(i % 3 + 1).name),
                  (i * 37) % 101 * 1.5, ("t%d" % (i % 7),))
             for i in range(1500)]
    items.sort()
    back = json.loads(json.dumps([dataclasses.asdict(x) for x in items[:200]]))
    total += len(back) + sum(score(x) for x in items)
    total += len({slug(x.name) for x in items})
    counts = {}
    for x in items:
        counts[x.tags] = counts.get(x.tags, 0) + 1
    total += sum(p.norm for p in (Point(i, -i) for i in range(3000)))
    total += cycles(2000) + failures(1000)
    return total


def main(n):
    return sum(round_(r) for r in range(n))


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))

#!/bin/sh
# t-layers.sh - the library's layers are as its READMEs say.
#
# common/GROUP/README.md ends with "May use: G1, G2 (why), ...; libs".  For
# every group: each file includes only its own group's headers and those
# of the groups it may use; its README names each of its modules.  For
# every program: it includes only the groups it links (LINK_ in the
# Makefile).  No header includes itself through others, and no object
# file of common/ calls into itself through others (nm on the release
# build's objects): a module's callees are below it.
. "$(dirname "$0")/lib.sh"

if [ -z "$PYTHON" ]; then
	skip "layers" "no python3"
	exit 0
fi
case $BIN in
*/build/asan/bin) BUILD=$TOP/build/asan ;;
*) BUILD=$TOP/build/release ;;
esac

"$PYTHON" - "$TOP" "$BUILD" >"$TMP/layers" 2>&1 <<'EOF'
import glob, os, re, subprocess, sys

top, build = sys.argv[1], sys.argv[2]
groups = sorted(os.path.basename(d) for d in glob.glob(top + "/common/*")
                if os.path.isdir(d))
include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/([^"]+)"', re.M)

def includes(path):
    return include.findall(open(path, errors="replace").read())

def may_use(g):
    text = open("%s/common/%s/README.md" % (top, g)).read()
    m = re.search(r"^May use: (.*?)(?:\n\n|\Z)", text, re.M | re.S)
    if not m:
        return None
    words = re.sub(r"\([^)]*\)", "", m.group(1))
    return {w for w in re.findall(r"[a-z]+", words) if w in groups}

def report(ok, name, why=""):
    print("PASS " + name if ok else "FAIL " + name + (": " + why if why else ""))

allowed = {}
for g in groups:
    uses = may_use(g)
    if uses is None:
        report(False, "%s: README says what it may use" % g, "no 'May use:'")
        continue
    allowed[g] = uses
    bad = []
    for f in sorted(glob.glob("%s/common/%s/*.[ch]" % (top, g))):
        for dep, _ in includes(f):
            if dep != g and dep not in uses:
                bad.append("%s includes %s/" % (os.path.basename(f), dep))
    report(not bad, "%s: includes only itself and %s" %
           (g, ", ".join(sorted(uses)) or "nothing"), "; ".join(bad))
    readme = open("%s/common/%s/README.md" % (top, g)).read()
    modules = sorted({os.path.splitext(os.path.basename(f))[0]
                      for f in glob.glob("%s/common/%s/*.[ch]" % (top, g))})
    missing = [m for m in modules if "`%s`" % m not in readme]
    report(not missing, "%s: README names each of its %d modules" %
           (g, len(modules)), "not: " + " ".join(missing))

# Groups may use only groups below them: the "may use" graph has no cycle.
def closure(g, seen=()):
    out = set()
    for u in allowed.get(g, ()):
        if u in seen:
            return None
        sub = closure(u, seen + (u,))
        if sub is None:
            return None
        out |= {u} | sub
    return out
cyclic = [g for g in allowed if closure(g, (g,)) is None]
report(not cyclic, "groups are layered (no group may use itself "
       "through others)", " ".join(cyclic))

makefile = open(top + "/Makefile").read().replace("\\\n", " ")
for f in sorted(glob.glob(top + "/filters/*.c")):
    prog = os.path.splitext(os.path.basename(f))[0]
    m = re.search(r"^LINK_%s\s*=\s*(.*)$" % re.escape(prog), makefile, re.M)
    links = set(m.group(1).split()) if m else set()
    bad = sorted({d for d, _ in includes(f) if d not in links})
    report(not bad, "%s: includes only the groups it links" % prog,
           "includes " + " ".join(bad))

def cycles(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1
        stack.append(v); on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    sys.setrecursionlimit(10000)
    for v in list(graph):
        if v not in index:
            visit(v)
    return out

headers = {}
for f in glob.glob(top + "/common/*/*.h"):
    name = os.path.relpath(f, top + "/common")
    headers[name] = {"%s/%s" % i for i in includes(f)} - {name}
found = cycles(headers)
report(not found, "no header includes itself through others",
       "; ".join(" ".join(c) for c in found))

# Objects of sources that exist (a module moved leaves its old object).
objects = sorted(o for o in glob.glob(build + "/common/*/*.o")
                 if os.path.exists("%s/common/%s.c" %
                                   (top, os.path.relpath(o, build + "/common")[:-2])))
if not objects:
    print("SKIP calls: no objects in %s (make first)" % build)
    sys.exit(0)
# nm: one run for all objects (a run each took a third of a second).
def nm_lines(*options):
    out = subprocess.run(["nm", "-A"] + list(options) + objects,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        path, _, rest = line.partition(":")
        if rest.split():
            yield os.path.relpath(path, build + "/common")[:-2], rest.split()
defined = {}
used = {os.path.relpath(o, build + "/common")[:-2]: set() for o in objects}
for name, parts in nm_lines("--defined-only", "-g"):
    if len(parts) == 3:
        defined[parts[2]] = name
for name, parts in nm_lines("-u"):
    used[name].add(parts[-1])
calls = {o: {defined[s] for s in syms if s in defined and defined[s] != o}
         for o, syms in used.items()}
found = cycles(calls)
report(not found, "no module of common/ calls into itself through others "
       "(%d object files)" % len(objects),
       "; ".join(" ".join(c) for c in found))
bad = sorted("%s calls %s" % (o, d) for o, ds in calls.items() for d in ds
             if o.split("/")[0] != d.split("/")[0] and
             d.split("/")[0] not in allowed.get(o.split("/")[0], ()))
report(not bad, "each module calls only its group and those it may use",
       "; ".join(bad))
EOF
status=$?
while IFS= read -r line; do
	case $line in
	"PASS "*) pass "${line#PASS }" ;;
	"FAIL "*) n=${line#FAIL }; fail "${n%%: *}" "${n#*: }" ;;
	"SKIP "*) n=${line#SKIP }; skip "${n%%: *}" "${n#*: }" ;;
	*) echo "    $line" ;;
	esac
done <"$TMP/layers"
[ $status -eq 0 ] || fail "layers" "the check itself failed (exit $status)"

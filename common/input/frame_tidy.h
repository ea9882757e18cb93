/*
 * frame_tidy.h - the display name of a frame, as every view shows it.
 *
 * perf prints symbols as the demangler left them: C++ with argument lists
 * and qualifiers, Java with signatures.  Views show a function once, whatever
 * its arguments, and folded stacks reserve ';' as the separator, so:
 *   - Rust's legacy mangling that perf demangled as C++ ("..", "$LT$"
 *     and a "::h<16 hex digits>" hash left) is finished, as inferno does
 *     (rust_legacy_tidy);
 *   - the name ends at its first top-level '(' (the argument list and
 *     what follows go: "ns::f(int) const" -> "ns::f"); parentheses inside
 *     template arguments and lambdas ("<void (int)>", "{lambda(int)#1}"),
 *     "(anonymous namespace)", Go method receivers ("main.(*T).m") and the
 *     symbol of an operator ("operator<<", "operator->", "operator[]")
 *     stay.  "operator()" is cut before its "()" as inferno cuts it:
 *     "std::function<void (int)>::operator()(int) const" ->
 *     "std::function<void (int)>::operator";
 *   - ';' becomes ':';
 *   - an unknown symbol becomes "[" DSO basename "]", or "[unknown]" when
 *     the DSO is unknown too ("[dso <addr>]" when addresses are asked for).
 * The functions write into a caller's buffer and never allocate.
 */
#ifndef PERFVIEWS_FRAME_TIDY_H
#define PERFVIEWS_FRAME_TIDY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/span.h"

/* Length of the name once the argument list is removed. */
size_t frame_name_length(struct span symbol);

/*
 * Write the display name of a frame to out (at least symbol.n + dso.n + 40
 * bytes) and return its length.  java strips the leading 'L' of Java class
 * names, as stackcollapse-perf.pl does for commands named java*.
 */
size_t frame_tidy(struct span symbol, struct span dso, uint64_t addr,
                  bool addrs, bool java, char *out);

/*
 * A Rust symbol in the legacy mangling as a C++ demangler leaves it
 * ("std::fs::File::open::h0123456789abcdef", "_$LT$a..B$u20$as$u20$c..D$GT$
 * ::f::h...") finished as inferno finishes it: the "::h" hash removed, ".."
 * made "::", the escapes $SP$ $BP$ $RF$ $LT$ $GT$ $LP$ $RP$ $C$ and
 * $uXX$ (any printable character by its code) decoded, a leading "_$"
 * made "$"; past an unknown escape the rest is copied as it is.  Written
 * to out (symbol.n bytes); returns its length, or 0 when symbol does not
 * end in such a hash.  A fully mangled "_ZN...E" is not read here: it is
 * --demangle's (libiberty), which writes "{{closure}}" where the mangler
 * put "_$u7b$$u7b$closure$u7d$$u7d$" and this writes "_{{closure}}" as
 * inferno does.
 */
size_t rust_legacy_tidy(struct span symbol, char *out);

/*
 * A command name as the root of a stack: its bytes, spaces made '_' and
 * ';' made ':' (out holds comm.n bytes).  Returns the length.
 */
size_t comm_tidy(struct span comm, char *out);

/*
 * Append ":file.c:12" to a frame name at out (room for srcline.n + 1
 * bytes), as stackcollapse-perf.pl --srcline writes it, ';' made ':';
 * returns the bytes written.
 */
size_t srcline_append(char *out, struct span srcline);

/* True for "[unknown]" and for an empty symbol. */
bool frame_symbol_unknown(struct span symbol);

/*
 * The name a function is known by in its source: name without the suffixes
 * compilers add to the copies they make (".isra.0", ".constprop.1",
 * ".part.3", ".cold", ".lto_priv.0", ".clone.2", ".localalias",
 * ".llvm.123", in any number and order) and without a trailing
 * " (inlined)" or blanks.  Python frames ("py::...") are left as they are.
 */
struct span symbol_base_name(struct span name);

/*
 * The file of a Python frame "py::NAME:FILE" (as -X perf writes them), or
 * a span with p NULL for any other frame.
 */
struct span python_frame_module(struct span symbol);

/*
 * The function of a Python frame "py::NAME:FILE": NAME, its qualified name
 * ("Runner.bench_time_func.<locals>.task_func"); a span with p NULL for
 * any other frame.
 */
struct span python_frame_function(struct span symbol);

/*
 * A Python file's name as views show it, a suffix of file: after the
 * benchmark directory of pyperformance ("bm_nbody/run_benchmark.py"),
 * else after the last site-packages or dist-packages ("pyperf/_runner.py"),
 * else after the standard library's lib/python3.X/ ("json/decoder.py"),
 * else the last directory and the file ("proj/bench.py"); "<frozen abc>"
 * and other names without '/' stay whole.
 */
struct span python_file_short(struct span file);

/*
 * The short name views show for a Python frame: "NAME (SHORT_FILE)", or
 * NAME alone when it has no file, written to out (symbol.n + 3 bytes);
 * returns its length, 0 for a frame that is not a Python one.
 */
size_t python_frame_label(struct span symbol, char *out);

/*
 * Kinds of code, from the DSO, for annotations and palettes.  Kernel: a
 * name in brackets ("[kernel.kallsyms]", "[ip_tables]", "[vdso]"; not
 * "[unknown]" nor "[JIT..."), a kernel image ("vmlinux", or "vmlinux-" or
 * "vmlinux." and a version: "/usr/lib/debug/boot/vmlinux-6.1.0-13-amd64")
 * or a module's file ("*.ko", compressed, or its ".ko.debug").
 */
bool dso_is_kernel(struct span dso);
bool dso_is_jit(struct span dso);
/* A perf map file, /tmp/perf-PID.map (any directory), or its basename. */
bool dso_is_perf_map(struct span dso);
/* The python executable or libpython. */
bool dso_is_python(struct span dso);
/* A Python-level frame from a -X perf map: "py::func:file". */
bool symbol_is_python(struct span symbol);

/*
 * The family of a DSO display name: the name with the numbers that differ
 * between builds and runs of one program set aside, so that a profile of
 * Python 3.11 and one of 3.12 name one DSO alike.  Written to out (at
 * least dso.n bytes); returns its length.  Exactly these are dropped:
 *   - a version after ".so": "libc.so.6" -> "libc.so";
 *   - a version with a dot at the end of the name, or before ".so", right
 *     after a letter (or after '-' after a letter), with Python's ABI
 *     letters d, m, t, u after it: "python3.12" -> "python",
 *     "libpython3.11.so.1.0" -> "libpython.so", "python3.13t" ->
 *     "python", "libglib-2.0.so.0" -> "libglib.so";
 *   - the Python version of an extension module's tag: "_json.cpython-
 *     312-x86_64-linux-gnu.so" -> "_json.cpython-x86_64-linux-gnu.so";
 *   - the process id of a perf map: "perf-4242.map" -> "perf.map".
 * A version is digits with dots between them; a number without a dot stays
 * ("python3", "libbz2.so", "ld-linux-x86-64.so"), and so does a name in
 * brackets ("[kernel.kallsyms]").
 */
size_t dso_family_name(struct span dso, char *out);

#endif

/*
 * frame_tidy.h - the display name of a frame, as every view shows it.
 *
 * perf prints symbols as the demangler left them: C++ with argument lists
 * and qualifiers, Java with signatures.  Views show a function once, whatever
 * its arguments, and folded stacks reserve ';' as the separator, so:
 *   - the top-level argument list and what follows it is removed
 *     ("ns::f(int) const" -> "ns::f"), but parentheses inside template
 *     arguments, "(anonymous namespace)", "operator()" and Go method
 *     receivers ("main.(*T).m") are part of the name and stay;
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

/* Kinds of code, from the DSO, for annotations and palettes. */
bool dso_is_kernel(struct span dso);
bool dso_is_jit(struct span dso);
/* The python executable or libpython. */
bool dso_is_python(struct span dso);
/* A Python-level frame from a -X perf map: "py::func:file". */
bool symbol_is_python(struct span symbol);

#endif

/*
 * symbol_options.h - what a program asks of the symbolizer.
 *
 * Apart from symbols.h so that option parsing and profiles can carry the
 * options without linking libbfd: only the programs that create a
 * symbolizer (symbols.h) do.
 */
#ifndef PERFVIEWS_SYMBOL_OPTIONS_H
#define PERFVIEWS_SYMBOL_OPTIONS_H

#include <stdbool.h>

struct symbol_options {
	bool resolve;       /* name unknown symbols */
	bool inline_frames; /* expand frames into their inlined chains */
	bool srcline;       /* attach file:line */
	bool demangle;      /* demangle names perf left mangled */
};

/* True when any option asks for work. */
static inline bool
symbol_options_any(const struct symbol_options *opt)
{
	return opt->resolve || opt->inline_frames || opt->srcline ||
	       opt->demangle;
}

#endif

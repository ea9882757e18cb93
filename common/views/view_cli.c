/*
 * view_cli.c - see view_cli.h.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "perfdata/dwarf_inlines.h"
#include "symbols/read_options.h"
#include "symbols/symbols.h"
#include "views/view_cli.h"

enum {
	OPT_INLINE = 0x5000,
	OPT_EXPAND_INLINE,
};

const struct option view_options_long[] = {
    READ_OPTIONS_LONG,
    {"inline", required_argument, NULL, OPT_INLINE},
    {"expand-inline", no_argument, NULL, OPT_EXPAND_INLINE},
    {"format", required_argument, NULL, 'f'},
    {NULL, 0, NULL, 0},
};

const char view_options_help[] =
    "  -f, --format text|csv|json  output format (default text)\n"
    "      --period            weight samples by period, not count\n"
    "  -e, --event NAME        samples of event NAME (default: the first "
    "seen);\n"
    "                          NAME* every event it begins\n"
    "      --inline leaf|caller  self of an inlined leaf goes to it "
    "(default)\n"
    "                          or to its caller, as perf report does\n"
    "      --strict            a line that cannot be parsed is fatal\n"
    "      --resolve           name unknown symbols from the DSOs (libbfd)\n"
    "      --expand-inline     expand frames into their inlined calls "
    "(libbfd)\n"
    "      --demangle          demangle C++ and Rust names left mangled\n"
    "      --srcline           a function per source line: name:file:line\n";

bool
view_option(struct view_options *o, int code, const char *arg)
{
	if (read_option(&o->profile.input, &o->symbols, code, arg)) {
		/* The profile weighs samples and names functions by them. */
		o->profile.period = o->profile.input.period;
		o->profile.srcline = o->symbols.srcline;
		return true;
	}
	switch (code) {
	case OPT_INLINE:
		if (strcmp(arg, "leaf") == 0)
			o->profile.inline_mode = INLINE_LEAF;
		else if (strcmp(arg, "caller") == 0)
			o->profile.inline_mode = INLINE_CALLER;
		else
			usage_error("--inline: leaf or caller, not '%s'", arg);
		return true;
	case OPT_EXPAND_INLINE:
		o->symbols.inline_frames = true;
		return true;
	case 'f':
		o->format = report_format_option(arg);
		return true;
	}
	return false;
}

/*
 * A symbolizer made when the first orphan needs one, its inlined calls
 * read with libdw where that gives what libbfd gives (perfdata's
 * dwarf_inlines: loading a DSO's DWARF with libbfd is slow).
 */
struct locator {
	struct symbolizer *symbols;
	struct dwarf_inlines *inlines;
};

/*
 * A regular file that can be read: worth opening with libbfd.  The fuzz
 * build (PERFVIEWS_FUZZING) opens none: libbfd on this machine's libraries
 * is slow, and not this program's code to fuzz.
 */
static bool
readable_file(const char *path)
{
#ifdef PERFVIEWS_FUZZING
	(void)path;
	return false;
#else
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	       access(path, R_OK) == 0;
#endif
}

static bool
function_at(void *ctx, struct span dso, uint64_t addr, struct span name)
{
	struct locator *l = ctx;
	struct symbol_location chain[32];
	char path[4096];

	if (dso.n >= sizeof path)
		return false;
	memcpy(path, dso.p, dso.n);
	path[dso.n] = '\0';
	if (!readable_file(path))
		return false;
	if (l->symbols == NULL) {
		struct symbol_options none;
		memset(&none, 0, sizeof none);
		l->symbols = symbolizer_new(&none);
		l->inlines = dwarf_inlines_new();
		symbolizer_set_chain(l->symbols, dwarf_inlines_chain,
		                     l->inlines);
	}
	size_t n = symbolizer_locate(l->symbols, dso, addr, chain, 32);
	for (size_t i = 0; i < n; i++)
		if (span_eq(chain[i].function, name))
			return true;
	return false;
}

bool
view_load(struct profile *p, const struct view_options *o, int argc,
          char *const argv[])
{
	struct locator l = {NULL, NULL};

	profile_init(p, &o->profile);
	/* Names the symbolizer finds are copied into the profile's. */
	struct symbolizer *s = symbolizer_attach(&p->stream, &o->symbols);
	p->locate = function_at;
	p->locate_ctx = &l;
	profile_read_all(p, argc, argv);
	bool ok = profile_finish(p);
	symbolizer_free(s);
	symbolizer_free(l.symbols);
	if (l.inlines != NULL)
		dwarf_inlines_free(l.inlines);
	p->stream.rewrite = NULL;
	p->locate = NULL;
	return ok;
}

/*
 * view_cli.c - see view_cli.h.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cli.h"
#include "perfdata/dwarf_inlines.h"
#include "symbols/symbols.h"
#include "views/locate_cache.h"
#include "views/view_cli.h"

/* --period: the profile weighs samples by it, the stream reads it. */
static void
set_period(void *field, const char *value, const char *option)
{
	struct profile_options *p = field;

	(void)value, (void)option;
	p->period = p->input.period = true;
}

/* --srcline: the symbolizer finds lines, the profile names functions by. */
static void
set_srcline(void *field, const char *value, const char *option)
{
	struct view_options *o = field;

	(void)value, (void)option;
	o->symbols.srcline = o->profile.srcline = true;
}

static const struct option_choice inline_modes[] = {
    {"leaf", INLINE_LEAF},
    {"caller", INLINE_CALLER},
    {NULL, 0},
};

#define V struct view_options
const struct option_row view_option_table[] = {
    OPT_CHOICE('f', "format", "text|csv|json", V, format, report_formats,
               "output format (default text)"),
    OPT_CALL(0, "period", NULL, V, profile, set_period,
             "weight samples by period, not count"),
    OPT_TEXT('e', "event", "NAME", V, profile.input.event,
             "samples of event NAME (default: the first seen);\n"
             "NAME* every event it begins"),
    OPT_CHOICE(0, "inline", "leaf|caller", V, profile.inline_mode, inline_modes,
               "self of an inlined leaf goes to it (default)\n"
               "or to its caller, as perf report does"),
    OPT_FLAG(0, "strict", V, profile.input.strict,
             "a line that cannot be parsed is fatal"),
    OPT_FLAG(0, "resolve", V, symbols.resolve,
             "name unknown symbols from the DSOs (libbfd)"),
    OPT_FLAG(0, "expand-inline", V, symbols.inline_frames,
             "expand frames into their inlined calls (libbfd)"),
    OPT_FLAG(0, "demangle", V, symbols.demangle,
             "demangle C++ and Rust names left mangled"),
    OPT_CALL_ALL(0, "srcline", NULL, set_srcline,
                 "a function per source line: name:file:line"),
    OPT_END,
};
#undef V

/*
 * A symbolizer made when the first orphan needs one, its inlined calls
 * read with libdw where that gives what libbfd gives (perfdata's
 * dwarf_inlines: loading a DSO's DWARF with libbfd is slow); those of a
 * perf.data's reader, whose DWARF is read already.  Answers are kept in
 * the file $PERFVIEWS_LOCATE_CACHE names, when it names one, for the next
 * program (locate_cache.h).
 */
struct locator {
	struct symbolizer *symbols;
	struct dwarf_inlines *inlines;
	struct locate_cache *cache; /* opened with the first question */
	bool cache_opened;
};

/*
 * A regular file that can be read: worth opening with libbfd.  The fuzz
 * build (PERFVIEWS_FUZZING) opens none: libbfd on this machine's libraries
 * is slow, and not this program's code to fuzz.
 */
static bool
readable_file(const char *path, struct stat *st)
{
#ifdef PERFVIEWS_FUZZING
	(void)path, (void)st;
	return false;
#else
	return stat(path, st) == 0 && S_ISREG(st->st_mode) &&
	       access(path, R_OK) == 0;
#endif
}

static bool
function_at(void *ctx, struct span dso, uint64_t addr, struct span name)
{
	struct locator *l = ctx;
	struct symbol_location chain[32];
	char path[4096];
	struct stat st;

	if (dso.n >= sizeof path)
		return false;
	memcpy(path, dso.p, dso.n);
	path[dso.n] = '\0';
	if (!readable_file(path, &st))
		return false;
	if (!l->cache_opened) {
		l->cache = locate_cache_open(getenv(LOCATE_CACHE_ENV));
		l->cache_opened = true;
	}
	int known = locate_cache_get(l->cache, &st, addr, name);
	if (known >= 0)
		return known;
	if (l->symbols == NULL) {
		struct symbol_options none;
		memset(&none, 0, sizeof none);
		l->symbols = symbolizer_new(&none);
		symbolizer_set_chain(l->symbols, dwarf_inlines_chain,
		                     l->inlines);
	}
	size_t n = symbolizer_locate(l->symbols, dso, addr, chain, 32);
	bool found = false;
	for (size_t i = 0; i < n && !found; i++)
		found = span_eq(chain[i].function, name);
	locate_cache_put(l->cache, &st, addr, name, found);
	return found;
}

/* The profile's callbacks, and the other taker of its perf samples. */
struct tee {
	struct sample_stream stream; /* the profile's callbacks and ctx */
	void (*also)(void *ctx, const struct perf_sample *s, uint32_t root);
	void *also_ctx;
};

static void
tee_sample(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct tee *t = ctx;

	t->stream.sample(t->stream.ctx, s, root);
	t->also(t->also_ctx, s, root);
}

static void
tee_folded(void *ctx, const struct folded_line *line)
{
	struct tee *t = ctx;

	t->stream.folded(t->stream.ctx, line);
}

bool
view_load(struct profile *p, const struct view_options *o, int argc,
          char *const argv[])
{
	return view_load_with(p, o, argc, argv, NULL, NULL);
}

bool
view_load_with(struct profile *p, const struct view_options *o, int argc,
               char *const argv[],
               void (*also)(void *ctx, const struct perf_sample *s,
                            uint32_t root),
               void *also_ctx)
{
	/* The DWARF a perf.data's reader reads serves the locator too. */
	struct locator l = {NULL, dwarf_inlines_new(), NULL, false};
	struct tee t;

	profile_init(p, &o->profile);
	p->stream.read_perf_data_ctx = l.inlines;
	if (also != NULL) {
		t.stream = p->stream;
		t.also = also;
		t.also_ctx = also_ctx;
		p->stream.sample = tee_sample;
		p->stream.folded = tee_folded;
		p->stream.ctx = &t;
	}
	/* Names the symbolizer finds are copied into the profile's. */
	struct symbolizer *s = symbolizer_attach(&p->stream, &o->symbols);
	p->locate = function_at;
	p->locate_ctx = &l;
	profile_read_all(p, argc, argv);
	bool ok = profile_finish(p);
	symbolizer_free(s);
	symbolizer_free(l.symbols);
	dwarf_inlines_free(l.inlines);
	locate_cache_close(l.cache);
	p->stream.read_perf_data_ctx = NULL;
	p->stream.rewrite = NULL;
	p->locate = NULL;
	if (also != NULL) {
		p->stream.sample = t.stream.sample;
		p->stream.folded = t.stream.folded;
		p->stream.ctx = t.stream.ctx;
	}
	return ok;
}

int
view_main_with(const struct program *p, int argc, char *argv[], void *opts,
               const struct view_options *view,
               void (*write)(struct profile *profile, void *opts),
               const struct view_hooks *hooks)
{
	static const struct view_hooks none;
	const struct view_hooks *h = hooks != NULL ? hooks : &none;
	struct profile profile;

	cli_start(p->name);
	int first = program_parse(p, argc, argv, opts);
	inputs_check(argc - first, argv + first);
	if (h->start != NULL)
		h->start(opts);
	bool ok = view_load_with(&profile, view, argc - first, argv + first,
	                         h->sample, opts);
	if (ok) {
		write(&profile, opts);
		finish_output();
	}
	if (h->end != NULL)
		h->end(opts);
	profile_free(&profile);
	return ok ? EXIT_OK : EXIT_DATA;
}

int
view_main(const struct program *p, int argc, char *argv[], void *opts,
          const struct view_options *view,
          void (*write)(struct profile *profile, void *opts))
{
	return view_main_with(p, argc, argv, opts, view, write, NULL);
}

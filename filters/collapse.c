/*
 * collapse - fold perf script samples into stacks, one line per stack.
 *
 * Reads `perf script` text and writes folded stacks, the format FlameGraph,
 * inferno and speedscope read: "root;caller;...;leaf COUNT", one line per
 * distinct stack, sorted bytewise.  The root is the command name.  COUNT is
 * the number of samples, or with --period the sum of their periods.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "event_select.h"
#include "frame_tidy.h"
#include "id_map.h"
#include "perf_script.h"
#include "root_cache.h"
#include "stack_table.h"
#include "string_table.h"
#include "symbols.h"

struct options {
	bool pid, tid;
	bool kernel, jit, inlined;
	bool addrs;
	bool period;
	bool python;
	bool strict;
	bool srcline;                  /* append file:line to frame names */
	struct symbol_options symbols; /* what libbfd is asked to do */
	const char *event;             /* NULL: the first event seen */
};

struct collapse {
	struct options opt;
	struct root_cache last_root;
	struct frame_cache cache;  /* frame lines and ids, for every input */
	struct string_table names; /* display names, root names included */
	struct id_map name_of[2];  /* frame id -> name id, [java] */
	struct stack_table stacks; /* name ids, root first */
	uint32_t *ids;             /* the stack being built */
	size_t ids_cap;
	char *namebuf;
	size_t namebuf_cap;
	struct event_select events; /* the event shown, and those skipped */
	struct symbolizer *symbols; /* NULL unless a symbol option is set */
	uint64_t samples;           /* samples folded */
};

static void
usage(void)
{
	fprintf(
	    stderr,
	    "usage: collapse [--pid | --tid] [--kernel] [--jit] [--inline] "
	    "[--all]\n"
	    "                [--addrs] [--python] [--period] [--event NAME] "
	    "[--strict]\n"
	    "                [--resolve] [--srcline] [--demangle] "
	    "[file ...]\n");
}

static void
help(void)
{
	printf(
	    "usage: collapse [options] [file ...]\n"
	    "Fold `perf script` samples into stacks, one line per stack.\n"
	    "\n"
	    "  -p, --pid          root is comm-PID\n"
	    "  -t, --tid          root is comm-PID/TID\n"
	    "      --kernel       annotate kernel frames with _[k]\n"
	    "      --jit          annotate JIT and perf-map frames with _[j]\n"
	    "      --inline       annotate inlined frames with _[i], and "
	    "expand frames\n"
	    "                     into their inlined calls (libbfd)\n"
	    "      --all          all annotations\n"
	    "      --addrs        keep the address of unknown symbols\n"
	    "      --python       fold interpreter frames between Python "
	    "frames\n"
	    "      --period       weight samples by period, not count\n"
	    "  -e, --event NAME   fold samples of event NAME (default: the "
	    "first seen)\n"
	    "      --strict       a line that cannot be parsed is fatal\n"
	    "      --resolve      name unknown symbols from the DSO's "
	    "symbol tables\n"
	    "      --srcline      append :file:line to frame names\n"
	    "      --demangle     demangle C++ and Rust names left "
	    "mangled\n"
	    "  -h, --help         show this help\n"
	    "      --version      show the version\n"
	    "\n"
	    "Files are read in order and combined; none or - is stdin.\n"
	    "See collapse(1).\n");
	finish_output();
}

static void
push_id(struct collapse *c, size_t n, uint32_t id)
{
	c->ids = array_reserve(c->ids, &c->ids_cap, n + 1, sizeof *c->ids);
	c->ids[n] = id;
}

static char *
name_buffer(struct collapse *c, size_t need)
{
	c->namebuf = array_reserve(c->namebuf, &c->namebuf_cap, need, 1);
	return c->namebuf;
}

/* "comm", "comm-PID" or "comm-PID/TID", tidied by comm_tidy. */
static uint32_t
make_root_name(struct collapse *c, const struct perf_sample *s)
{
	char *p = name_buffer(c, s->comm.n + 48);
	size_t n = comm_tidy(s->comm, p);

	if (c->opt.pid || c->opt.tid) {
		if (s->pid >= 0)
			n += (size_t)sprintf(p + n, "-%lld", (long long)s->pid);
		else
			n += (size_t)sprintf(p + n, "-?");
		if (c->opt.tid)
			n += (size_t)sprintf(p + n, "/%lld", (long long)s->tid);
	}
	return string_table_intern(&c->names, span_make(p, n));
}

/* The root name of a sample, the previous sample's when it is the same. */
static uint32_t
root_name(struct collapse *c, const struct perf_sample *s)
{
	uint32_t name = root_cache_find(&c->last_root, s);

	if (name == UINT32_MAX) {
		name = make_root_name(c, s);
		root_cache_keep(&c->last_root, s, name);
	}
	return name;
}

/* The display name of a frame, with its annotation. */
static uint32_t
make_name(struct collapse *c, const struct perf_frame *f, bool java)
{
	char *buf = name_buffer(c, f->symbol.n + f->dso.n + f->srcline.n + 48);
	size_t n =
	    frame_tidy(f->symbol, f->dso, f->addr, c->opt.addrs, java, buf);
	const char *note = NULL;

	if (f->inlined) {
		if (c->opt.inlined)
			note = "_[i]";
	} else if (dso_is_kernel(f->dso)) {
		if (c->opt.kernel)
			note = "_[k]";
	} else if (dso_is_jit(f->dso)) {
		if (c->opt.jit)
			note = "_[j]";
	}
	if (note != NULL) {
		memcpy(buf + n, note, 4);
		n += 4;
	}
	/* "func:file.c:12", as stackcollapse-perf.pl --srcline writes it. */
	if (c->opt.srcline && srcline_has_line(f->srcline))
		n += srcline_append(buf + n, f->srcline);
	return string_table_intern(&c->names, span_make(buf, n));
}

static uint32_t
frame_name(struct collapse *c, const struct perf_frame *f, bool java)
{
	/* An unknown symbol with its address is unique to the address. */
	if (c->opt.addrs && frame_symbol_unknown(f->symbol))
		return make_name(c, f, java);
	/* A frame id is a function, not a line of it. */
	if (c->opt.srcline && f->srcline.n > 0)
		return make_name(c, f, java);

	uint32_t name = id_map_get(&c->name_of[java], f->id);
	if (name == UINT32_MAX) {
		name = make_name(c, f, java);
		id_map_set(&c->name_of[java], f->id, name);
	}
	return name;
}

/*
 * With --python, interpreter frames between two Python-level frames are
 * glue: what runs one Python function from another.  They are dropped so
 * the stack reads caller -> callee in Python terms.
 */
static bool
is_glue(const struct perf_frame *f)
{
	if (symbol_is_python(f->symbol))
		return false;
	if (dso_is_python(f->dso))
		return true;
	return frame_symbol_unknown(f->symbol) &&
	       (f->dso.n == 0 || span_eq_cstr(f->dso, "[unknown]"));
}

static void
add_sample(struct collapse *c, const struct perf_sample *s)
{
	if (!event_select_take(&c->events, s->event))
		return;

	bool java = span_starts_with(s->comm, "java");
	size_t first_py = SIZE_MAX, last_py = 0;
	size_t n = 0;

	if (c->opt.python) {
		for (size_t i = 0; i < s->nframes; i++) {
			if (!symbol_is_python(s->frames[i].symbol))
				continue;
			if (first_py == SIZE_MAX)
				first_py = i;
			last_py = i;
		}
	}
	push_id(c, n++, root_name(c, s));
	for (size_t i = s->nframes; i-- > 0;) {
		const struct perf_frame *f = &s->frames[i];
		if (first_py != SIZE_MAX && i > first_py && i < last_py &&
		    is_glue(f))
			continue;
		push_id(c, n++, frame_name(c, f, java));
	}
	stack_table_add(&c->stacks, c->ids, n, c->opt.period ? s->period : 1,
	                0);
	c->samples++;
}

static void
collapse_free(struct collapse *c)
{
	root_cache_free(&c->last_root);
	frame_cache_free(&c->cache);
	string_table_free(&c->names);
	id_map_free(&c->name_of[0]);
	id_map_free(&c->name_of[1]);
	stack_table_free(&c->stacks);
	free(c->ids);
	free(c->namebuf);
	event_select_free(&c->events);
	symbolizer_free(c->symbols);
}

static void
read_input(void *ctx, const char *path)
{
	struct collapse *c = ctx;
	struct perf_reader r;
	struct perf_sample s;
	int fd = input_open(path);

	perf_reader_init(&r, fd, input_name(path));
	r.lines.strict = c->opt.strict;
	r.cache = &c->cache;
	r.symbols = c->symbols;
	while (perf_reader_next(&r, &s))
		add_sample(c, &s);
	perf_reader_summary(&r);
	perf_reader_free(&r);
	input_close(fd);
}

/* For qsort_r: stacks in the bytewise order of their folded text. */
static int
compare_stacks(const void *pa, const void *pb, void *arg)
{
	const struct collapse *c = arg;
	return stack_text_compare(&c->names,
	                          &c->stacks.stacks[*(const uint32_t *)pa],
	                          &c->stacks.stacks[*(const uint32_t *)pb], -1);
}

static void
write_output(struct collapse *c)
{
	uint32_t *order = xreallocarray(NULL, c->stacks.count, sizeof *order);

	for (uint32_t i = 0; i < c->stacks.count; i++)
		order[i] = i;
	qsort_r(order, c->stacks.count, sizeof *order, compare_stacks, c);
	for (uint32_t i = 0; i < c->stacks.count; i++) {
		const struct stack_entry *e = &c->stacks.stacks[order[i]];
		for (uint32_t j = 0; j < e->n; j++) {
			struct span name =
			    string_table_get(&c->names, e->ids[j]);
			if (j > 0)
				putchar_unlocked(';');
			fwrite_unlocked(name.p, 1, name.n, stdout);
		}
		printf(" %llu\n", (unsigned long long)e->count[0]);
	}
	free(order);
	finish_output();
}

int
main(int argc, char *argv[])
{
	enum {
		OPT_KERNEL = 256,
		OPT_JIT,
		OPT_INLINE,
		OPT_ALL,
		OPT_ADDRS,
		OPT_PERIOD,
		OPT_PYTHON,
		OPT_STRICT,
		OPT_VERSION,
		OPT_RESOLVE,
		OPT_SRCLINE,
		OPT_DEMANGLE
	};
	static const struct option longopts[] = {
	    {"pid", no_argument, NULL, 'p'},
	    {"tid", no_argument, NULL, 't'},
	    {"kernel", no_argument, NULL, OPT_KERNEL},
	    {"jit", no_argument, NULL, OPT_JIT},
	    {"inline", no_argument, NULL, OPT_INLINE},
	    {"all", no_argument, NULL, OPT_ALL},
	    {"addrs", no_argument, NULL, OPT_ADDRS},
	    {"period", no_argument, NULL, OPT_PERIOD},
	    {"python", no_argument, NULL, OPT_PYTHON},
	    {"event", required_argument, NULL, 'e'},
	    {"event-filter", required_argument, NULL, 'e'},
	    {"strict", no_argument, NULL, OPT_STRICT},
	    {"resolve", no_argument, NULL, OPT_RESOLVE},
	    {"srcline", no_argument, NULL, OPT_SRCLINE},
	    {"demangle", no_argument, NULL, OPT_DEMANGLE},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, OPT_VERSION},
	    {NULL, 0, NULL, 0},
	};
	struct collapse c;
	int ch;

	memset(&c, 0, sizeof c);
	cli_init("collapse");
	cli_quiet_getopt();
	while ((ch = getopt_long(argc, argv, "pte:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'p':
			c.opt.pid = true;
			break;
		case 't':
			c.opt.tid = true;
			break;
		case OPT_KERNEL:
			c.opt.kernel = true;
			break;
		case OPT_JIT:
			c.opt.jit = true;
			break;
		case OPT_INLINE:
			c.opt.inlined = true;
			c.opt.symbols.inline_frames = true;
			break;
		case OPT_ALL:
			c.opt.kernel = c.opt.jit = c.opt.inlined = true;
			break;
		case OPT_ADDRS:
			c.opt.addrs = true;
			break;
		case OPT_PERIOD:
			c.opt.period = true;
			break;
		case OPT_PYTHON:
			c.opt.python = true;
			break;
		case 'e':
			c.opt.event = optarg;
			break;
		case OPT_STRICT:
			c.opt.strict = true;
			break;
		case OPT_RESOLVE:
			c.opt.symbols.resolve = true;
			break;
		case OPT_SRCLINE:
			c.opt.srcline = c.opt.symbols.srcline = true;
			break;
		case OPT_DEMANGLE:
			c.opt.symbols.demangle = true;
			break;
		case 'h':
			help();
			return EXIT_OK;
		case OPT_VERSION:
			print_version();
			return EXIT_OK;
		default:
			option_error(argv);
			usage();
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;

	frame_cache_init(&c.cache, FRAME_CACHE_BUDGET);
	if (symbol_options_any(&c.opt.symbols))
		c.symbols = symbolizer_new(&c.opt.symbols);
	string_table_init(&c.names);
	event_select_init(&c.events, c.opt.event);
	stack_table_init(&c.stacks);

	each_input(argc, argv, read_input, &c);

	write_output(&c);
	event_select_report(&c.events);
	int status = EXIT_OK;
	if (c.samples == 0) {
		warnmsg("no samples%s%s", c.opt.event ? " of event " : "",
		        c.opt.event ? c.opt.event : "");
		status = EXIT_DATA;
	}
	collapse_free(&c);
	return status;
}

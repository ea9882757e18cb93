/*
 * bydso - a profile rooted by shared object.
 *
 * Reads `perf script` text and writes each DSO with the samples whose leaf
 * frame lies in it (the DSOs sum to 100%, as in `perf report --sort dso`),
 * beneath each DSO its symbols by self weight, and with --depth 3, beneath
 * each symbol the DSOs it was called from: the nearest caller outside the
 * symbol's own DSO.  --inclusive counts a DSO, a symbol and its caller
 * once per sample in which they appear anywhere, as perf report --children
 * does; the DSOs then no longer sum to 100%.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "profile.h"
#include "report.h"
#include "tree.h"

struct options {
	struct profile_options profile;
	bool inclusive;
	uint64_t depth; /* 1: DSOs, 2: and symbols, 3: and calling DSOs */
	double percent_limit;
	enum report_format format;
};

struct bydso {
	struct options opt;
	struct profile profile;
	struct tree tree;
	uint32_t *seen; /* tree node id -> last stack counted, plus one */
	uint32_t seen_cap;
	uint32_t no_caller; /* "[none]" in the profile's names */
};

static void
usage(void)
{
	fprintf(stderr,
	        "usage: bydso [--inclusive] [--depth 1|2|3] [--percent-limit "
	        "P] [--period]\n"
	        "             [--event NAME] [--inline leaf|caller] "
	        "[--format text|csv|json]\n"
	        "             [--strict] [--resolve] [--expand-inline] "
	        "[--demangle] [--srcline] [file ...]\n");
}

static void
help(void)
{
	printf("usage: bydso [options] [file ...]\n"
	       "The profile of perf script text by shared object, then "
	       "symbol.\n"
	       "\n"
	       "  -i, --inclusive         count a DSO once per sample it "
	       "appears in\n"
	       "  -d, --depth 1|2|3       DSOs; and symbols (default); and "
	       "calling DSOs\n"
	       "  -p, --percent-limit P   fold lines below P percent into "
	       "[other]\n"
	       "  -f, --format text|csv|json  output format (default text)\n");
	profile_options_help();
	printf("  -h, --help              show this help\n"
	       "      --version           show the version\n"
	       "\n"
	       "Files are read in order and combined; none or - is stdin.\n"
	       "See bydso(1).\n");
	finish_output();
}

/* Add weight to a node once per stack, however often the stack has it. */
static void
add_once(struct bydso *b, uint32_t node, uint32_t stack, uint64_t weight)
{
	if (node >= b->seen_cap) {
		uint32_t cap = b->seen_cap ? b->seen_cap : 1024;
		while (cap <= node)
			cap *= 2;
		b->seen = xreallocarray(b->seen, cap, sizeof *b->seen);
		memset(b->seen + b->seen_cap, 0,
		       (cap - b->seen_cap) * sizeof *b->seen);
		b->seen_cap = cap;
	}
	if (b->seen[node] == stack + 1)
		return;
	b->seen[node] = stack + 1;
	b->tree.nodes[node].count += weight;
}

/* The DSO of the nearest caller of functions[at] outside its DSO. */
static uint32_t
calling_dso(const struct bydso *b, const struct profile_stack *s, uint32_t at)
{
	uint32_t dso = profile_function(&b->profile, s->functions[at])->dso;

	for (uint32_t i = at + 1; i < s->n; i++) {
		uint32_t caller =
		    profile_function(&b->profile, s->functions[i])->dso;
		if (caller != dso)
			return caller;
	}
	return b->no_caller;
}

/* Count the function at s->functions[at] and what lies above it. */
static void
add_function(struct bydso *b, uint32_t stack, const struct profile_stack *s,
             uint32_t at)
{
	const struct function *fn =
	    profile_function(&b->profile, s->functions[at]);
	uint32_t node = tree_child(&b->tree, TREE_NONE, fn->dso, TREE_NONE);

	add_once(b, node, stack, s->weight);
	if (b->opt.depth >= 2) {
		node = tree_child(&b->tree, node, fn->name, fn->dso);
		add_once(b, node, stack, s->weight);
	}
	if (b->opt.depth >= 3) {
		node = tree_child(&b->tree, node, calling_dso(b, s, at),
		                  TREE_NONE);
		add_once(b, node, stack, s->weight);
	}
}

/*
 * By self weight, a stack counts for the function owning its self weight;
 * inclusive, for the first (leaf-most) place of each function in it.
 */
static void
build_tree(struct bydso *b)
{
	const struct profile *p = &b->profile;

	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		if (!b->opt.inclusive) {
			add_function(b, id, &s, s.self);
			continue;
		}
		for (uint32_t i = s.self; i < s.n; i++)
			add_function(b, id, &s, i);
	}
}

int
main(int argc, char *argv[])
{
	enum { OPT_VERSION = 256 };
	static const struct option own_options[] = {
	    {"inclusive", no_argument, NULL, 'i'},
	    {"depth", required_argument, NULL, 'd'},
	    {"percent-limit", required_argument, NULL, 'p'},
	    {"format", required_argument, NULL, 'f'},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, OPT_VERSION},
	    {NULL, 0, NULL, 0},
	};
	struct bydso b;
	int ch;

	memset(&b, 0, sizeof b);
	b.opt.depth = 2;
	cli_init("bydso");
	cli_quiet_getopt();
	struct option *longopts =
	    options_join(own_options, profile_long_options);
	while ((ch = getopt_long(argc, argv, "id:p:e:f:h", longopts, NULL)) !=
	       -1) {
		switch (ch) {
		case 'i':
			b.opt.inclusive = true;
			break;
		case 'd':
			if (!parse_u64(optarg, &b.opt.depth) ||
			    b.opt.depth < 1 || b.opt.depth > 3)
				usage_error("--depth: 1, 2 or 3, not '%s'",
				            optarg);
			break;
		case 'p':
			b.opt.percent_limit =
			    option_percent(optarg, "--percent-limit");
			break;
		case 'f':
			b.opt.format = report_format_option(optarg);
			break;
		case 'h':
			free(longopts);
			help();
			return EXIT_OK;
		case OPT_VERSION:
			free(longopts);
			print_version();
			return EXIT_OK;
		default:
			if (profile_option(&b.opt.profile, ch, optarg))
				break;
			option_error(argv);
			usage();
			return EXIT_USAGE;
		}
	}
	free(longopts);
	argc -= optind;
	argv += optind;

	profile_init(&b.profile, &b.opt.profile);
	profile_read_all(&b.profile, argc, argv);
	if (!profile_finish(&b.profile)) {
		profile_free(&b.profile);
		return EXIT_DATA;
	}

	b.no_caller =
	    string_table_intern(&b.profile.names, span_cstr("[none]"));
	tree_init(&b.tree);
	build_tree(&b);
	tree_sort(&b.tree, &b.profile.names);

	struct report_meta meta = {"bydso", profile_event_name(&b.profile),
	                           profile_weight_name(&b.profile),
	                           b.profile.total};
	struct tree_style style = {
	    b.opt.format, b.opt.percent_limit,         0, false,
	    false,        "dso / symbol / called from"};
	report_tree(&b.tree, &b.profile.names, &meta, &style);
	finish_output();
	tree_free(&b.tree);
	free(b.seen);
	profile_free(&b.profile);
	return EXIT_OK;
}

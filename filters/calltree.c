/*
 * calltree - the call tree of a profile, from the roots down.
 *
 * Reads `perf script` text or folded stacks and writes the tree of calls:
 * the command at the top, then the outermost functions, each with its
 * callees beneath.  Every node shows its inclusive weight and percentage
 * and its self weight; children are sorted largest first, and those below
 * --percent-limit are folded into one "[other]" line, so a node always
 * equals its self plus its children.  --inverted turns the tree upside
 * down: leaf functions at the top, their callers beneath.
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
	double percent_limit;
	uint64_t max_depth; /* 0: no limit */
	bool inverted;
	bool ascii;
	enum report_format format;
};

static void
usage(void)
{
	fprintf(stderr, "usage: calltree [--percent-limit P] [--max-depth N] "
	                "[--inverted] [--ascii]\n"
	                "                [--period] [--event NAME] [--inline "
	                "leaf|caller]\n"
	                "                [--format text|csv|json] [--strict] "
	                "[--resolve]\n"
	                "                [--expand-inline] [--demangle] "
	                "[--srcline] [file ...]\n");
}

static void
help(void)
{
	printf("usage: calltree [options] [file ...]\n"
	       "The call tree of perf script text or folded stacks.\n"
	       "\n"
	       "  -p, --percent-limit P   fold nodes below P percent into "
	       "[other] (default 0.5)\n"
	       "  -d, --max-depth N       show N levels at most\n"
	       "  -i, --inverted          leaves at the top, callers beneath\n"
	       "  -a, --ascii             indentation instead of line drawing\n"
	       "  -f, --format text|csv|json  output format (default text)\n");
	profile_options_help();
	printf("  -h, --help              show this help\n"
	       "      --version           show the version\n"
	       "\n"
	       "Files are read in order and combined; none or - is stdin.\n"
	       "See calltree(1).\n");
	finish_output();
}

/* The child of parent for one function, by its name and DSO. */
static uint32_t
function_node(struct tree *t, const struct profile *p, uint32_t parent,
              uint32_t function)
{
	const struct function *fn = profile_function(p, function);
	return tree_child(t, parent, fn->name, fn->dso);
}

/*
 * Add each distinct stack as one path: the command, then its functions
 * from the outermost to the one owning the self weight; inverted, the
 * other way round, ending at the command.
 */
static void
build_tree(struct tree *t, const struct profile *p, bool inverted)
{
	for (uint32_t id = 0; id < profile_stack_count(p); id++) {
		struct profile_stack s = profile_stack_get(p, id);
		uint32_t node;
		if (!inverted) {
			node = tree_child(t, TREE_NONE, s.comm, TREE_NONE);
			t->nodes[node].count += s.weight;
			for (uint32_t i = s.n; i-- > s.self;) {
				node =
				    function_node(t, p, node, s.functions[i]);
				t->nodes[node].count += s.weight;
			}
		} else {
			node = TREE_NONE;
			for (uint32_t i = s.self; i < s.n; i++) {
				node =
				    function_node(t, p, node, s.functions[i]);
				t->nodes[node].count += s.weight;
			}
			node = tree_child(t, node, s.comm, TREE_NONE);
			t->nodes[node].count += s.weight;
		}
		t->nodes[node].self += s.weight;
	}
}

int
main(int argc, char *argv[])
{
	enum { OPT_VERSION = 256 };
	static const struct option own_options[] = {
	    {"percent-limit", required_argument, NULL, 'p'},
	    {"max-depth", required_argument, NULL, 'd'},
	    {"inverted", no_argument, NULL, 'i'},
	    {"ascii", no_argument, NULL, 'a'},
	    {"format", required_argument, NULL, 'f'},
	    {"help", no_argument, NULL, 'h'},
	    {"version", no_argument, NULL, OPT_VERSION},
	    {NULL, 0, NULL, 0},
	};
	struct options opt;
	struct profile profile;
	struct tree tree;
	int ch;

	memset(&opt, 0, sizeof opt);
	opt.percent_limit = 0.5;
	cli_init("calltree");
	cli_quiet_getopt();
	struct option *longopts =
	    options_join(own_options, profile_long_options);
	while ((ch = getopt_long(argc, argv, "p:d:iae:f:h", longopts, NULL)) !=
	       -1) {
		switch (ch) {
		case 'p':
			opt.percent_limit =
			    option_percent(optarg, "--percent-limit");
			break;
		case 'd':
			if (!parse_u64(optarg, &opt.max_depth) ||
			    opt.max_depth == 0 || opt.max_depth > UINT32_MAX)
				usage_error(
				    "--max-depth: not a positive number: "
				    "'%s'",
				    optarg);
			break;
		case 'i':
			opt.inverted = true;
			break;
		case 'a':
			opt.ascii = true;
			break;
		case 'f':
			opt.format = report_format_option(optarg);
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
			if (profile_option(&opt.profile, ch, optarg))
				break;
			option_error(argv);
			usage();
			return EXIT_USAGE;
		}
	}
	free(longopts);
	argc -= optind;
	argv += optind;

	profile_init(&profile, &opt.profile);
	profile_read_all(&profile, argc, argv);
	if (!profile_finish(&profile)) {
		profile_free(&profile);
		return EXIT_DATA;
	}

	tree_init(&tree);
	build_tree(&tree, &profile, opt.inverted);
	tree_sort(&tree, &profile.names);

	struct report_meta meta = {"calltree", profile_event_name(&profile),
	                           profile_weight_name(&profile),
	                           profile.total};
	struct tree_style style = {opt.format,
	                           opt.percent_limit,
	                           (unsigned)opt.max_depth,
	                           opt.ascii,
	                           true,
	                           opt.inverted ? "callers" : "call tree"};
	report_tree(&tree, &profile.names, &meta, &style);
	finish_output();
	tree_free(&tree);
	profile_free(&profile);
	return EXIT_OK;
}

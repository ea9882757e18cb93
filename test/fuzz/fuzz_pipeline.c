/*
 * fuzz_pipeline.c - every filter, whole, in this process, on the input:
 * options, reading, aggregation, every output format.
 *
 * The filters' mains are built for this target as fuzz_main_NAME
 * (-Dmain=...).  Each runs as its program would, with its output to
 * /dev/null, on the input given as a file.  An input the filters refuse
 * as a whole (neither perf script text nor folded stacks, or frame lines
 * with no sample header) makes them exit, as they should: those are left
 * to fuzz_perf_script and fuzz_folded.
 */
#include <getopt.h>
#include <string.h>

#include "fuzz.h"
#include "input/input_format.h"

int fuzz_main_collapse(int argc, char *argv[]);
int fuzz_main_strip_swapper(int argc, char *argv[]);
int fuzz_main_flatsort(int argc, char *argv[]);
int fuzz_main_calltree(int argc, char *argv[]);
int fuzz_main_bydso(int argc, char *argv[]);
int fuzz_main_flamesvg(int argc, char *argv[]);
int fuzz_main_bycategory(int argc, char *argv[]);
int fuzz_main_pyprofile(int argc, char *argv[]);
int fuzz_main_bytecode(int argc, char *argv[]);

struct run {
	int (*main)(int, char **);
	const char *args[8]; /* after the program name, before the file */
	bool perf, folded;   /* the inputs it reads */
};

static const struct run runs[] = {
    {fuzz_main_collapse, {"collapse"}, true, false},
    {fuzz_main_collapse,
     {"collapse", "--all", "--addrs", "--python", "--tid", "--period"},
     true,
     false},
    {fuzz_main_strip_swapper,
     {"strip-swapper", "-v", "--comm", "py|a", "--pid", "1,2"},
     true,
     false},
    {fuzz_main_flatsort, {"flatsort"}, true, true},
    {fuzz_main_flatsort,
     {"flatsort", "--by", "dso", "--inline", "caller", "-f", "json"},
     true,
     true},
    {fuzz_main_calltree, {"calltree", "--inverted", "-f", "csv"}, true, true},
    {fuzz_main_calltree, {"calltree", "--period"}, true, true},
    {fuzz_main_bydso,
     {"bydso", "--depth", "3", "--inclusive", "-f", "json"},
     true,
     true},
    {fuzz_main_flamesvg, {"flamesvg"}, false, true},
    {fuzz_main_bycategory,
     {"bycategory", "--rules", "share/perfviews/cpython.rules", "--explain"},
     true,
     true},
    {fuzz_main_bycategory,
     {"bycategory", "--rules", "share/perfviews/cpython.rules", "--inclusive",
      "-f", "json"},
     true,
     true},
    {fuzz_main_pyprofile,
     {"pyprofile", "--rules", "share/perfviews/cpython.rules", "--top", "3"},
     true,
     true},
    {fuzz_main_pyprofile,
     {"pyprofile", "--rules", "share/perfviews/cpython.rules", "--folded"},
     true,
     true},
    {fuzz_main_pyprofile,
     {"pyprofile", "--rules", "share/perfviews/cpython.rules", "-f", "json"},
     true,
     true},
    {fuzz_main_bytecode, {"bytecode"}, true, true},
    {fuzz_main_bytecode,
     {"bytecode", "--by", "family", "--sort", "total", "-f", "json"},
     true,
     true},
    {fuzz_main_bytecode, {"bytecode", "-f", "csv", "--limit", "2"}, true, true},
};

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input_guess g =
	    input_format_guess(span_make((const char *)data, size), true);
	/* Compressed input is refused whole too, by name. */
	bool text = input_compressed_format(
	                span_make((const char *)data, size)) == NULL;
	bool perf = text && ((g.format == INPUT_PERF && !g.headerless) ||
	                     g.format == INPUT_EMPTY);
	bool folded =
	    text && (g.format == INPUT_FOLDED || g.format == INPUT_EMPTY);
	int fd = fuzz_file(data, size);
	char path[64];

	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
		const struct run *r = &runs[i];
		char *argv[10];
		int argc = 0;
		if (!(perf && r->perf) && !(folded && r->folded))
			continue;
		while (argc < 8 && r->args[argc] != NULL) {
			argv[argc] = (char *)r->args[argc];
			argc++;
		}
		argv[argc++] = path;
		argv[argc] = NULL;
		optind = 0; /* getopt starts afresh */
		r->main(argc, argv);
		fflush(stdout);
	}
	close(fd);
	return 0;
}

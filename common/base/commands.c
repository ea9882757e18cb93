/*
 * commands.c - see commands.h.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "base/commands.h"

/* The command's own name: "record" of "perfviews record". */
static const char *
own_name(const struct program *p)
{
	const char *space = strchr(p->name, ' ');
	return space != NULL ? space + 1 : p->name;
}

void
command_operands(const struct program *p, int argc, int min, int max,
                 const char *what)
{
	if (argc >= min && argc <= max)
		return;
	warnmsg("%s: %s expected", own_name(p), what);
	program_usage(p);
}

void
command_no_options(const struct program *p, int argc, char *argv[])
{
	program_parse(p, argc, argv, NULL);
}

static void
usage(FILE *out, const struct command *commands, size_t n)
{
	for (size_t i = 0; i < n; i++)
		program_usage_write(
		    out, i ? "       " : "usage: ", commands[i].program);
}

int
commands_main(const char *prog, const char *summary,
              const struct command *commands, size_t n, int argc, char *argv[])
{
	cli_start(prog);
	if (argc < 2) {
		usage(stderr, commands, n);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0) {
		usage(stdout, commands, n);
		printf("%s\n", summary);
		for (size_t i = 0; i < n; i++) {
			const struct program *p = commands[i].program;
			printf("\n%s: %s\n", p->name, p->summary);
			if (p->options != NULL)
				options_help(stdout, p->options);
		}
		printf("\nEvery command takes -h, --help and --version.\n"
		       "See %s(1).\n",
		       prog);
		finish_output();
		return EXIT_OK;
	}
	if (strcmp(name, "--list-options") == 0 && argc == 2) {
		for (size_t i = 0; i < n; i++)
			options_list(stdout, commands[i].program->options);
		finish_output();
		return EXIT_OK;
	}
	if (strcmp(name, "--version") == 0) {
		printf("%s (perfviews) %s\n", prog, PERFVIEWS_VERSION);
		finish_output();
		return EXIT_OK;
	}
	/* A command sees its own name as argv[0], its options after. */
	for (size_t i = 0; i < n; i++) {
		const struct program *p = commands[i].program;
		if (strcmp(name, own_name(p)) == 0) {
			int status = commands[i].run(p, argc - 1, argv + 1);
			finish_output();
			return status;
		}
	}
	usage_error("unknown command '%s'", name);
}

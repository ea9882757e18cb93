/*
 * record_strace.c - see record_strace.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "input/strace.h"
#include "record/record_run.h"
#include "record/record_strace.h"

/* strace's options: every call on files and descriptors, timed. */
#define STRACE_OPTIONS "-f -qq -ttt -T -y -s 256 -e trace=%file,%desc -o"

/* The strace command, writing to output. */
static void
strace_args(struct child_args *a, const struct plan *p, const char *output)
{
	args_add_words(a, p->opt->strace, "--strace");
	args_add_words(a, STRACE_OPTIONS, "strace");
	args_add(a, output);
	args_add(a, "--");
	args_add_words(a, p->cmd, "CMD");
}

/* The calls in a strace file; its bad lines are warnings. */
static unsigned long
count_calls(const char *path)
{
	struct strace_reader r;
	struct strace_call c;
	int fd = child_open(path, O_RDONLY);

	strace_reader_init(&r, fd, path);
	while (strace_reader_next(&r, &c))
		;
	strace_reader_summary(&r);
	unsigned long calls = r.calls;
	strace_reader_free(&r);
	close(fd);
	return calls;
}

/*
 * Tag files: the workload once more, under strace, which names the files
 * that perf's tracepoints point to; its text compressed into xz.  A run
 * of its own, after perf's: strace.runs says so.
 */
void
record_strace(struct plan *p, const char *xz)
{
	char *text = xasprintf("%s/strace.txt", p->tmp);
	char *file = xasprintf("%s/answer", p->tmp);
	struct child_args a = {0};
	char number[24];

	args_add_words(&a, p->opt->strace, "--strace");
	args_add(&a, "-V");
	char *version = record_output(child_output, &a, file);
	args_free(&a);
	char *v = strstr(version, "version ");
	plan_set(p, "strace.version", v != NULL ? v + 8 : version);
	free(version);
	char *shown = xasprintf("%s %s STRACE.txt -- %s", p->opt->strace,
	                        STRACE_OPTIONS, p->cmd);
	printf("names of the files: %s\n", shown);
	fflush(stdout);
	plan_set(p, "strace.command", shown);
	free(shown);
	strace_args(&a, p, text);
	p->strace_s = record_workload(p, &a, "the run under strace");
	plan_set(p, "strace.runs", "1");
	snprintf(number, sizeof number, "%lu", count_calls(text));
	plan_set(p, "strace.calls", number);
	record_compress(p, text, xz);
	free(text);
	free(file);
}

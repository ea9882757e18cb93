/*
 * strip-swapper - keep some samples of perf script text, drop the others.
 *
 * Reads `perf script` text and writes the samples it keeps byte for byte as
 * they came, with the comment lines between them, so the output is again
 * perf script text for any tool.  By default it drops the idle task
 * (swapper, swapper/N): on a system-wide recording its samples are time the
 * CPUs had nothing to do, not time any program spent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cli.h"
#include "base/xalloc.h"
#include "match/pattern.h"
#include "input/input_format.h"
#include "input/perf_script.h"
#include "base/string_table.h"

enum { MAX_PATTERNS = 64 };

struct id_list {
	int64_t *ids;
	size_t n;
};

struct options {
	struct pattern *keep;               /* --comm */
	struct pattern *drop[MAX_PATTERNS]; /* --drop-comm */
	size_t ndrop;
	bool drop_tool;
	bool keep_idle;
	struct id_list pids, tids;
	bool verbose;
	bool strict;
};

struct counts {
	uint64_t kept;
	uint64_t dropped;
};

struct stripper {
	struct options opt;
	struct string_table comms; /* for -v */
	struct counts *by_comm;
	size_t by_comm_cap;
	uint64_t samples;
	bool pid_missing_warned, tid_missing_warned, comm_missing_warned;
	enum { AT_BLANK_LINE, AT_LINE_END, IN_LINE } tail; /* of the output */
};

static void
parse_id_list(const char *arg, const char *option, struct id_list *list)
{
	char *copy = xstrdup(arg), *save = NULL;

	for (char *tok = strtok_r(copy, ",", &save); tok != NULL;
	     tok = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		if (!parse_u64(tok, &v) || v > INT64_MAX)
			usage_error("%s: '%s' is not a process or thread id",
			            option, tok);
		list->ids =
		    xreallocarray(list->ids, list->n + 1, sizeof *list->ids);
		list->ids[list->n++] = (int64_t)v;
	}
	free(copy);
	if (list->n == 0)
		usage_error("%s: empty list", option);
}

static void
pid_option(void *field, const char *value, const char *option)
{
	parse_id_list(value, option, field);
}

/* --comm: one pattern, compiled now (a bad one is a usage error). */
static void
comm_option(void *field, const char *value, const char *option)
{
	struct pattern **keep = field;

	if (*keep != NULL)
		usage_error("%s given twice; use one pattern with |", option);
	*keep = pattern_compile(value, option);
}

static void
drop_comm_option(void *field, const char *value, const char *option)
{
	struct options *o = field;

	if (o->ndrop == MAX_PATTERNS)
		usage_error("more than %d %s patterns", MAX_PATTERNS, option);
	o->drop[o->ndrop++] = pattern_compile(value, option);
}

#define O struct options
static const struct option_row strip_swapper_options[] = {
    OPT_CALL('c', "comm", "REGEX", O, keep, comm_option,
             "keep only commands matching REGEX"),
    OPT_CALL_ALL('d', "drop-comm", "REGEX", drop_comm_option,
                 "drop commands matching REGEX (repeatable)"),
    OPT_FLAG(0, "drop-tool", O, drop_tool,
             "drop the profiler's own samples (perf, perf-exec)"),
    OPT_FLAG(0, "keep-idle", O, keep_idle, "keep the idle task too"),
    OPT_CALL('p', "pid", "LIST", O, pids, pid_option,
             "keep only these process ids (comma-separated)"),
    OPT_CALL('t', "tid", "LIST", O, tids, pid_option,
             "keep only these thread ids (comma-separated)"),
    OPT_FLAG('v', "verbose", O, verbose,
             "report kept and dropped samples per command"),
    OPT_FLAG(0, "strict", O, strict, "a line that cannot be parsed is fatal"),
    OPT_END,
};
#undef O

static const struct program strip_swapper = {
    .name = "strip-swapper",
    .operands = "[file ...]",
    .summary = "Keep some samples of `perf script` text, byte for byte; by "
               "default drop\nthe idle task (swapper).",
    .options = strip_swapper_options,
    .reads_files = true,
};

static bool
id_listed(const struct id_list *list, int64_t id)
{
	for (size_t i = 0; i < list->n; i++)
		if (list->ids[i] == id)
			return true;
	return false;
}

/* swapper, or swapper/N as perf names the idle task of CPU N. */
static bool
is_idle(struct span comm)
{
	if (span_eq_cstr(comm, "swapper"))
		return true;
	if (!span_starts_with(comm, "swapper/") || comm.n == 8)
		return false;
	for (size_t i = 8; i < comm.n; i++)
		if (comm.p[i] < '0' || comm.p[i] > '9')
			return false;
	return true;
}

static bool
is_tool(struct span comm)
{
	return span_eq_cstr(comm, "perf") || span_eq_cstr(comm, "perf-exec");
}

static bool
keep_sample(struct stripper *st, const struct perf_sample *s)
{
	const struct options *o = &st->opt;

	if (!o->keep_idle && is_idle(s->comm))
		return false;
	if (o->drop_tool && is_tool(s->comm))
		return false;
	if ((o->keep != NULL || o->ndrop > 0) && s->comm.n == 0 &&
	    !st->comm_missing_warned) {
		warnmsg("the input has no command names (perf script -F "
		        "+comm): --comm and --drop-comm see empty names");
		st->comm_missing_warned = true;
	}
	if (o->keep != NULL && !pattern_match(o->keep, s->comm))
		return false;
	for (size_t i = 0; i < o->ndrop; i++)
		if (pattern_match(o->drop[i], s->comm))
			return false;
	if (o->pids.n > 0) {
		int64_t pid = s->pid;
		if (pid < 0) {
			/* perf printed one number: the thread id. */
			if (!st->pid_missing_warned)
				warnmsg("the input has no process ids (perf "
				        "script -F +pid); matching --pid "
				        "against thread ids");
			st->pid_missing_warned = true;
			pid = s->tid; /* -1 when neither was printed */
		}
		if (!id_listed(&o->pids, pid))
			return false;
	}
	if (o->tids.n > 0 && s->tid < 0 && !st->tid_missing_warned) {
		warnmsg("the input has no thread ids (perf script -F +tid): "
		        "--tid keeps no sample without one");
		st->tid_missing_warned = true;
	}
	if (o->tids.n > 0 && !id_listed(&o->tids, s->tid))
		return false;
	return true;
}

static void
write_text(struct stripper *st, struct span text)
{
	if (text.n == 0)
		return;
	fwrite_unlocked(text.p, 1, text.n, stdout);
	if (text.p[text.n - 1] != '\n') {
		st->tail = IN_LINE;
		return;
	}
	/* Is the line that text ends with blank ("\n" or "\r\n")? */
	const char *nl = memrchr(text.p, '\n', text.n - 1);
	const char *start = nl ? nl + 1 : text.p;
	size_t len = (size_t)(text.p + text.n - 1 - start);
	bool blank = len == 0 || (len == 1 && start[0] == '\r');
	if (nl == NULL && st->tail == IN_LINE)
		blank = false;
	st->tail = blank ? AT_BLANK_LINE : AT_LINE_END;
}

static void
write_gap(void *ctx, struct span text)
{
	write_text(ctx, text);
}

static void
count_sample(struct stripper *st, struct span comm, bool kept)
{
	uint32_t id = string_table_intern(&st->comms, comm);

	st->by_comm = array_reserve(st->by_comm, &st->by_comm_cap,
	                            (size_t)id + 1, sizeof *st->by_comm);
	if (kept)
		st->by_comm[id].kept++;
	else
		st->by_comm[id].dropped++;
}

static void
stripper_free(struct stripper *st)
{
	pattern_free(st->opt.keep);
	for (size_t i = 0; i < st->opt.ndrop; i++)
		pattern_free(st->opt.drop[i]);
	free(st->opt.pids.ids);
	free(st->opt.tids.ids);
	string_table_free(&st->comms);
	free(st->by_comm);
}

static void
read_input(void *ctx, const char *path)
{
	struct stripper *st = ctx;
	struct perf_reader r;
	struct perf_sample s;
	int fd = input_open(path);

	/*
	 * Runs joined from several files must not run into each other: the
	 * last sample of one file ends with a blank line before the next.
	 */
	if (st->tail == IN_LINE)
		write_text(st, span_cstr("\n\n"));
	else if (st->tail == AT_LINE_END)
		write_text(st, span_cstr("\n"));
	perf_reader_init(&r, fd, input_name(path));
	r.lines.strict = st->opt.strict;
	input_format_require(&r.lines, ACCEPT_PERF);
	r.skip_frames = true;
	r.gap = write_gap;
	r.gap_ctx = st;
	while (perf_reader_next(&r, &s)) {
		bool kept = keep_sample(st, &s);
		if (kept)
			write_text(st, s.text);
		if (st->opt.verbose)
			count_sample(st, s.comm, kept);
	}
	st->samples += r.samples;
	perf_reader_summary(&r);
	perf_reader_free(&r);
	input_close(fd);
}

static void
report_counts(const struct stripper *st)
{
	uint64_t kept = 0, dropped = 0;

	fprintf(stderr, "%12s %12s  %s\n", "kept", "dropped", "command");
	for (uint32_t id = 0; id < st->comms.count; id++) {
		const struct counts *c = &st->by_comm[id];
		fprintf(stderr, "%12llu %12llu  %s\n",
		        (unsigned long long)c->kept,
		        (unsigned long long)c->dropped,
		        string_table_cstr(&st->comms, id));
		kept += c->kept;
		dropped += c->dropped;
	}
	fprintf(stderr, "%12llu %12llu  (total)\n", (unsigned long long)kept,
	        (unsigned long long)dropped);
}

int
main(int argc, char *argv[])
{
	struct stripper st;

	memset(&st, 0, sizeof st);
	st.tail = AT_BLANK_LINE;
	cli_start(strip_swapper.name);
	int first = program_parse(&strip_swapper, argc, argv, &st.opt);
	argc -= first;
	argv += first;

	string_table_init(&st.comms);
	each_input(argc, argv, read_input, &st);
	finish_output();

	if (st.opt.verbose)
		report_counts(&st);
	int status = EXIT_OK;
	if (st.samples == 0) {
		warnmsg("no samples in the input");
		status = EXIT_DATA;
	}
	stripper_free(&st);
	return status;
}

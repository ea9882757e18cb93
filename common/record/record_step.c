/*
 * record_step.c - see record_step.h.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "dataset/file_kinds.h"
#include "dataset/trust.h"
#include "os/dirs.h"
#include "record/record_step.h"
#include "record/script.h"

/* What is undone at exit, however the recording ends. */
static struct {
	char *tmp; /* the hidden directory, while it exists */
	void (*calls[4])(void);
	size_t ncalls;
} undo;

void
record_undo_dir(const char *tmp)
{
	free(undo.tmp);
	undo.tmp = xstrdup(tmp);
}

void
record_undo_call(void (*fn)(void))
{
	if (undo.ncalls == sizeof undo.calls / sizeof undo.calls[0])
		die(EXIT_DATA, "record_undo_call: too many");
	undo.calls[undo.ncalls++] = fn;
}

void
record_undo(void)
{
	if (undo.tmp != NULL) {
		dirs_remove_tree(undo.tmp);
		free(undo.tmp);
		undo.tmp = NULL;
	}
	while (undo.ncalls > 0)
		undo.calls[--undo.ncalls]();
}

void
record_stop_if_asked(void)
{
	int sig = child_stopped();

	if (sig == 0)
		return;
	fflush(stdout);
	fprintf(stderr, "%s: stopped by %s; nothing recorded\n", progname,
	        strsignal(sig));
	record_undo();
	child_exit_by_signal(sig);
}

bool
record_succeeds(struct child_args *a)
{
	bool ok = child_quiet(a);
	record_stop_if_asked();
	return ok;
}

char *
record_output(output_reader *reader, struct child_args *a, const char *file)
{
	char *out = reader(a, file);
	record_stop_if_asked();
	return out;
}

double
record_workload(struct plan *p, struct child_args *a, const char *what)
{
	/* Off the disk being filled: its stdout dropped, stderr in memory. */
	char *err = dirs_memory_file("stderr");
	struct child_result r;
	int ofd = child_open("/dev/null", O_WRONLY);
	int efd = child_open(err, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, ofd, efd};
	double t = clock_seconds();
	bool ok = child_run(a->v, &io, p->opt->timeout, &r);

	t = clock_seconds() - t;
	args_free(a);
	close(ofd);
	close(efd);
	record_stop_if_asked();
	if (!ok)
		child_failed(what, &r, err);
	free(err);
	return t;
}

double
record_script(struct plan *p, const char *data, const char *name, int raw)
{
	char *err = dirs_memory_file("script.err");
	struct script_options so = {
	    .perf = p->opt->perf,
	    .input = data,
	    .name = name,
	    .err_fd = child_open(err, O_RDWR | O_CREAT | O_TRUNC),
	    .tmpdir = p->tmp,
	    .inlines = p->inlines};
	double t = clock_seconds();

	script_write(&so, raw); /* a failure ends the process */
	t = clock_seconds() - t;
	close(so.err_fd);
	record_stop_if_asked();
	free(err);
	return t;
}

void
record_set_seconds(struct metadata *m, const char *field, double seconds,
                   int digits)
{
	char v[64];
	if (digits < 0) {
		digits = seconds > 0 ? 5 - (int)floor(log10(seconds)) : 0;
		digits = digits < 0 ? 0 : digits > 15 ? 15 : digits;
	}
	snprintf(v, sizeof v, "%.*f", digits, seconds > 0 ? seconds : 0);
	metadata_set_or_die(m, field, v);
}

void
plan_set(struct plan *p, const char *field, const char *value)
{
	metadata_set_or_die(&p->meta, field, value);
}

/* Loudly, last: the profiler distorted the workload, the machine was
 * busy (readme.h). */
void
record_warn_distortion(const char *meta)
{
	struct metadata m;
	char why[1024];

	metadata_read_or_die(&m, meta);
	if (trust_distortion(&m, why, sizeof why))
		warnmsg("WARNING: %s: the profiler distorted the workload: %s.",
		        meta, why);
	if (trust_busy(&m, why, sizeof why))
		warnmsg("WARNING: %s: the machine was busy: %s.", meta, why);
	metadata_free(&m);
}

char *
record_tmp_path(const struct record_options *opt, const char *id)
{
	return xasprintf("%s/.%s.tmp", opt->data, id);
}

char *
record_move_in(const char *dir, const char *name,
               const struct record_options *opt, const char *id,
               const char *kind)
{
	char *from = xasprintf("%s/%s", dir, name);
	char *to = file_kind_path(kind, opt->data, id);

	if (rename(from, to) != 0)
		die_errno(EXIT_DATA, "%s", to);
	free(from);
	return to;
}

/*
 * Was the last recording of id killed as it moved its files into DATA?
 * Its scratch directory is left only by a recording that could not
 * remove it (SIGKILL, a node lost), and its raw file is moved in before
 * its meta.json: such a raw file alone is no data set.  (A recording of
 * id running now has its scratch directory too: it holds the data set's
 * lock, and this one stops there.)
 */
static bool
moves_cut_short(const struct record_options *opt, const char *id)
{
	char *tmp = record_tmp_path(opt, id);
	struct stat st;
	bool there = stat(tmp, &st) == 0 && S_ISDIR(st.st_mode);

	free(tmp);
	return there;
}

void
record_refuse_existing(const struct record_options *opt, const char *id)
{
	if (opt->force)
		return;
	char *meta = file_kind_path("meta", opt->data, id);
	char *raw = file_kind_path("raw", opt->data, id);
	const char *what = NULL;
	char *build = NULL;
	struct metadata m;

	metadata_init(&m);
	if (access(meta, F_OK) == 0) {
		char why[512];
		if (metadata_read_json(&m, meta, why, sizeof why)) {
			build = metadata_build_label(&m);
			what = metadata_get(&m, "timestamp");
		}
		if (what == NULL)
			what = "at an unknown date";
	} else if (access(raw, F_OK) == 0 && !moves_cut_short(opt, id)) {
		what = "without meta.json: when and with what is unknown";
	}
	if (what != NULL) {
		warnmsg("%s/%s is there already: a data set recorded %s%s%s",
		        opt->data, id, what, build != NULL ? " with " : "",
		        build != NULL ? build : "");
		die(EXIT_DATA,
		    "not recorded over it: FORCE=1 (perfviews record --force) "
		    "replaces it; DATA=DIR records into another directory, "
		    "keeping both (a directory per build compares with "
		    "make compare A=DIR1/%s B=DIR2/%s)",
		    id, id);
	}
	free(build);
	metadata_free(&m);
	free(meta);
	free(raw);
}

const char *
record_callgraph(const struct record_options *opt)
{
	return strcmp(opt->callgraph, "dwarf") == 0 ? "--call-graph dwarf"
	                                            : "-g";
}

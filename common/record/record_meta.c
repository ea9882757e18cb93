/*
 * record_meta.c - see record_meta.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "record/record_meta.h"

/*
 * Python's own account of itself, as FIELD=VALUE lines; values on one
 * line each (sys.version and CFLAGS may hold newlines).
 */
static const char python_metadata[] =
    "import sys, sysconfig\n"
    "g = getattr(sys, '_git', ('', '', ''))\n"
    "c = sysconfig.get_config_var\n"
    "for k, x in (('python.executable', sys.executable),\n"
    "             ('python.version', sys.version),\n"
    "             ('python.build.git_branch', g[1]),\n"
    "             ('python.build.git_revision', g[2]),\n"
    "             ('python.build.configure_args', c('CONFIG_ARGS')),\n"
    "             ('python.build.cflags', c('CFLAGS'))):\n"
    "    print(k + '=' + ' '.join(str(x or '').split()))\n";

static void
read_cpu_model(struct plan *p)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char *line = NULL;
	size_t cap = 0;

	while (f != NULL && getline(&line, &cap, f) != -1) {
		if (strncmp(line, "model name", 10) != 0)
			continue;
		char *v = strchr(line, ':');
		if (v == NULL)
			continue;
		v += 1 + strspn(v + 1, " \t");
		v[strcspn(v, "\n")] = '\0';
		plan_set(p, "host.cpu_model", v);
		break;
	}
	free(line);
	if (f != NULL)
		fclose(f);
}

void
record_meta_gather(struct plan *p)
{
	struct child_args a = {0};
	struct utsname u;
	char when[32], cpus[24];
	time_t t = time(NULL);
	char *file = xasprintf("%s/answer", p->tmp);

	metadata_set_id(&p->meta, &p->id);
	plan_set(p, "workload.command", p->cmd);
	args_add_words(&a, p->opt->perf, "--perf");
	args_add(&a, "--version");
	char *version = record_output(child_output, &a, file);
	plan_set(p, "tool.version",
	         strncmp(version, "perf version ", 13) == 0 ? version + 13
	                                                    : version);
	free(version);
	args_free(&a);
	plan_set(p, "tool.event", p->events);
	plan_set(p, "tool.period", p->measure->every_event ? "1" : "");
	plan_set(p, "samples.unit", p->measure->unit);
	plan_set(p, "samples.meaning", p->measure->meaning);
	plan_set(p, "tool.call_graph", p->opt->callgraph);
	plan_set(p, "tool.record_command", p->record);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	plan_set(p, "timestamp", when);
	if (uname(&u) == 0) {
		plan_set(p, "host.hostname", u.nodename);
		plan_set(p, "host.kernel", u.release);
	}
	read_cpu_model(p);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(cpus, sizeof cpus, "%ld", n);
	plan_set(p, "host.cpu_count", n > 0 ? cpus : "");
	if (p->python_meta) {
		struct child_result r;
		args_add_words(&a, p->opt->python, "--python");
		args_add(&a, "-c");
		args_add(&a, python_metadata);
		int fd = child_open(file, O_WRONLY | O_CREAT | O_TRUNC);
		struct child_io io = {-1, fd, -1};
		bool ok = child_run(a.v, &io, 0, &r);
		close(fd);
		record_stop_if_asked();
		if (!ok)
			child_failed(p->opt->python, &r, NULL);
		metadata_assign_file(&p->meta, file);
		args_free(&a);
	}
	if (p->python_meta && p->opt->python_src != NULL &&
	    *p->opt->python_src != '\0') {
		static const char *const git[][4] = {
		    {"python.build.git_remote", "remote", "get-url", "origin"},
		    {"python.build.git_branch", "rev-parse", "--abbrev-ref",
		     "HEAD"},
		    {"python.build.git_revision", "rev-parse", "HEAD", NULL},
		};
		for (size_t i = 0; i < 3; i++) {
			args_add(&a, "git");
			args_add(&a, "-C");
			args_add(&a, p->opt->python_src);
			for (size_t j = 1; j < 4 && git[i][j] != NULL; j++)
				args_add(&a, git[i][j]);
			char *v = record_output(child_output, &a, file);
			if (*v != '\0')
				plan_set(p, git[i][0], v);
			free(v);
			args_free(&a);
		}
	}
	unlink(file);
	free(file);
}

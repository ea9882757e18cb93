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
#include "os/dirs.h"
#include "record/record_meta.h"

/*
 * Python's own account of itself, as FIELD=VALUE lines; values on one
 * line each (sys.version and CFLAGS may hold newlines).  The build's
 * options are read from sysconfig, as configure left them: what makes one
 * build of a version run at another speed than the next.  An empty list
 * is printed as a blank, so that it is known to be empty.
 */
static const char python_metadata[] =
    "import sys, sysconfig\n"
    "g = getattr(sys, '_git', ('', '', ''))\n"
    "c = sysconfig.get_config_var\n"
    "a = ' ' + str(c('CONFIG_ARGS') or '').replace(\"'\", ' ') + ' '\n"
    "f = str(c('CFLAGS') or '') + ' ' + str(c('PY_CFLAGS_NODIST') or '')\n"
    "o = [w for w, on in (\n"
    "    ('pgo', ' --enable-optimizations ' in a),\n"
    "    ('lto', ' --with-lto' in a and ' --with-lto=no' not in a),\n"
    "    ('debug', c('Py_DEBUG')),\n"
    "    ('free-threading', c('Py_GIL_DISABLED')),\n"
    "    ('jit', ' --enable-experimental-jit' in a and\n"
    "            ' --enable-experimental-jit=no' not in a),\n"
    "    ('shared', c('Py_ENABLE_SHARED')),\n"
    "    ('frame-pointers', '-fno-omit-frame-pointer' in f)) if on]\n"
    "for k, x in (('python.executable', sys.executable),\n"
    "             ('python.version', sys.version),\n"
    "             ('python.implementation', sys.implementation.name),\n"
    "             ('python.build.git_branch', g[1]),\n"
    "             ('python.build.git_revision', g[2]),\n"
    "             ('python.build.configure_args', c('CONFIG_ARGS')),\n"
    "             ('python.build.cflags', c('CFLAGS'))):\n"
    "    print(k + '=' + ' '.join(str(x or '').split()))\n"
    "print('python.build.options=' + (' '.join(o) or ' '))\n";

/* cpufreq's governor of CPU 0, where the kernel has one. */
static void
read_governor(struct plan *p)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/"
	                "scaling_governor",
	                "re");
	char line[64];

	if (f == NULL)
		return;
	if (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] != '\0')
			plan_set(p, "machine.governor", line);
	}
	fclose(f);
}

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
record_python_build(const char *python, struct metadata *m)
{
	struct child_args a = {0};
	struct child_result r;
	char path[64];
	int fd = dirs_scratch_file(NULL, "python-build");

	args_add_words(&a, python, "--python");
	args_add(&a, "-c");
	args_add(&a, python_metadata);
	struct child_io io = {-1, fd, -1};
	bool ok = child_run(a.v, &io, 0, &r);
	if (!ok)
		child_failed(python, &r, NULL);
	/* The scratch file is unlinked: read it back through its fd. */
	lseek(fd, 0, SEEK_SET);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	metadata_assign_file(m, path);
	close(fd);
	args_free(&a);
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
	read_governor(p);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(cpus, sizeof cpus, "%ld", n);
	plan_set(p, "host.cpu_count", n > 0 ? cpus : "");
	if (p->python_meta) {
		record_python_build(p->opt->python, &p->meta);
		record_stop_if_asked();
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

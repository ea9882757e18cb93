/*
 * bench_tool.c - see bench_tool.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/message.h"
#include "base/xalloc.h"
#include "os/child.h"
#include "os/dirs.h"
#include "os/lock.h"
#include "record/bench_log.h"
#include "record/bench_tool.h"

/* The Python's own path and version, on two lines. */
static const char whoami_script[] = "import platform, sys\n"
                                    "print(sys.executable)\n"
                                    "print(platform.python_version())\n";

/* The whole of a file descriptor's contents (up to 64 KiB), NUL-ended. */
static char *
read_back(int fd)
{
	char *text = xmalloc(65536);
	ssize_t n = pread(fd, text, 65535, 0);
	text[n > 0 ? n : 0] = '\0';
	return text;
}

char *
bench_python_path(const char *python)
{
	struct child_args a = {0};
	struct child_result r;
	char how[128];

	args_add_words(&a, python, "--python");
	args_add(&a, "-c");
	args_add(&a, whoami_script);
	int out = dirs_scratch_file(NULL, "perfviews");
	int err = dirs_scratch_file(NULL, "perfviews");
	struct child_io io = {-1, out, err};
	bool ok = child_run(a.v, &io, 60, &r);
	args_free(&a);
	char *said = read_back(out), *complaint = read_back(err);
	close(out);
	close(err);
	if (!ok) {
		char *why = bench_log_last_line(complaint);
		if (strncmp(complaint, "pyenv: ", 7) == 0)
			why = xstrndup(complaint, strcspn(complaint, "\n"));
		if (strstr(complaint, "pyenv") != NULL)
			die(EXIT_DATA,
			    "PYTHON=%s is a pyenv shim that runs no Python "
			    "here "
			    "(%s): give the interpreter's path, e.g. "
			    "$(pyenv root)/versions/3.12.1/bin/python3.12",
			    python, why);
		die(EXIT_DATA, "PYTHON=%s does not run (%s)%s%s", python,
		    child_describe(&r, how, sizeof how), *why ? ": " : "", why);
	}
	said[strcspn(said, "\n")] = '\0';
	free(complaint);
	if (said[0] != '/')
		die(EXIT_DATA, "PYTHON=%s: no path in sys.executable", python);
	return said;
}

char *
bench_absolute(const char *path)
{
	char *abs = realpath(path, NULL);
	if (abs == NULL)
		die_errno(EXIT_DATA, "%s", path);
	return abs;
}

/*
 * The cache is shared by every recording that uses it (pyperformance's
 * environments, made once): one at a time, the others wait.  Released
 * when the process ends.
 */
static void
lock_cache(const char *cache)
{
	static struct lock held;
	char holder[128];

	if (held.path != NULL)
		return;
	char *path = xasprintf("%s/.lock", cache);
	lock_take(&held, path, "pyperformance's cache", true, holder,
	          sizeof holder);
	free(path);
}

char *
bench_cache_dir(const char *cache)
{
	char *dir = cache != NULL && *cache != '\0'
	                ? xstrdup(cache)
	                : dirs_user_cache("pyperformance");
	dirs_make(dir);
	char *abs = bench_absolute(dir);
	free(dir);
	lock_cache(abs);
	return abs;
}

/*
 * pip runs in other directories (pyperformance's, its environments'): a
 * relative PIP_FIND_LINKS directory is made absolute first.
 */
static void
find_links_absolute(void)
{
	const char *links = getenv("PIP_FIND_LINKS");
	char *abs;

	if (links == NULL || *links == '/' || strchr(links, ' ') != NULL ||
	    strstr(links, "://") != NULL ||
	    (abs = realpath(links, NULL)) == NULL)
		return;
	setenv("PIP_FIND_LINKS", abs, 1);
	free(abs);
}

/* "no pyperformance to install ..." and the like, from pip's words. */
static _Noreturn void
pip_failed(const char *what, const char *log, const char *venv)
{
	char *text = bench_log_tail(log);
	char *line = bench_log_line(text, "No matching distribution found for");
	if (venv != NULL)
		dirs_remove_tree(venv);
	if (line != NULL)
		die(EXIT_DATA,
		    "%s: pip found nothing to install (%s): no package "
		    "index reachable? Give wheels with PIP_NO_INDEX=1 "
		    "PIP_FIND_LINKS=DIR",
		    what, line);
	die(EXIT_DATA, "%s failed: %s", what, bench_log_last_line(text));
}

char *
bench_tool_python(const char *python, const char *cache, const char *log)
{
	const char *base = strrchr(python, '/') + 1;
	char *venv = xasprintf(
	    "%s/tool-%s-%08llx", cache, base,
	    (unsigned long long)(hash_bytes(python, strlen(python), 0) &
	                         0xffffffffu));
	char *ready = xasprintf("%s/.perfviews-ready", venv);
	char *tool = xasprintf("%s/bin/python", venv);
	struct child_result r;

	find_links_absolute();
	if (access(ready, F_OK) == 0)
		goto done;
	printf("pyperformance: installing it into %s (once)\n", venv);
	fflush(stdout);
	dirs_remove_tree(venv); /* what a failed attempt left */
	dirs_make(cache);
	char *mk[] = {(char *)python, "-m", "venv", venv, NULL};
	if (!bench_log_run(mk, NULL, log, 600, &r)) {
		char *text = bench_log_tail(log);
		dirs_remove_tree(venv);
		die(EXIT_DATA, "%s -m venv %s failed: %s", python, venv,
		    bench_log_last_line(text));
	}
	char *install[] = {tool,
	                   "-m",
	                   "pip",
	                   "install",
	                   "--disable-pip-version-check",
	                   "-q",
	                   "pyperformance",
	                   NULL};
	if (!bench_log_run(install, NULL, log, 1800, &r))
		pip_failed("pip install pyperformance", log, venv);
	int fd = child_open(ready, O_WRONLY | O_CREAT | O_TRUNC);
	close(fd);
done:
	free(ready);
	free(venv);
	return tool;
}

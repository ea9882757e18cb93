/*
 * unit.c - see unit.h.
 */
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flame/flame_graph.h"
#include "unit.h"

/* Seconds a test may take: the sanitizer build is several times slower. */
enum { TEST_TIMEOUT = 60 };

int
unit_run(Suite *suite)
{
	SRunner *runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
unit_main(const char *name, const TTest *const tests[])
{
	Suite *suite = suite_create(name);
	TCase *tc = tcase_create(name);

	tcase_set_timeout(tc, TEST_TIMEOUT);
	for (size_t i = 0; tests[i] != NULL; i++)
		tcase_add_test(tc, tests[i]);
	suite_add_tcase(suite, tc);
	return unit_run(suite);
}

/* The start of a file, NUL-terminated in buf of size n. */
static void
read_back(FILE *f, char *buf, size_t n)
{
	rewind(f);
	size_t got = fread(buf, 1, n - 1, f);
	buf[got] = '\0';
	fclose(f);
}

void
unit_child_run(void (*fn)(void *arg), void *arg, struct unit_child *c)
{
	FILE *out = tmpfile(), *err = tmpfile();
	int status;

	ck_assert(out != NULL && err != NULL);
	/* Nothing buffered here may be written twice. */
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fileno(out), STDOUT_FILENO);
		dup2(fileno(err), STDERR_FILENO);
		fn(arg);
		exit(0);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	c->status =
	    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	read_back(out, c->out, sizeof c->out);
	read_back(err, c->err, sizeof c->err);
}

int
unit_pipe(const char *text, size_t n)
{
	int fds[2];

	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		close(fds[0]);
		while (n > 0) {
			ssize_t w = write(fds[1], text, n);
			if (w <= 0)
				_exit(1);
			text += w;
			n -= (size_t)w;
		}
		_exit(0);
	}
	close(fds[1]);
	return fds[0];
}

void
unit_temp_file(char *path, const char *text)
{
	size_t n = strlen(text);

	snprintf(path, UNIT_PATH, "%s", "/tmp/perfviews-unit.XXXXXX");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, n), (ssize_t)n);
	close(fd);
}

uint64_t
unit_file_offset(uintptr_t addr, char *path)
{
	FILE *maps = fopen("/proc/self/maps", "r");
	char line[8192];
	bool found = false;
	uint64_t offset = 0;

	ck_assert_ptr_nonnull(maps);
	while (!found && fgets(line, sizeof line, maps) != NULL) {
		uint64_t start, end, pgoff;
		char file[UNIT_MAPPED_PATH] = "";
		if (sscanf(line,
		           "%" SCNx64 "-%" SCNx64 " %*s %" SCNx64
		           " %*s %*s %4095s",
		           &start, &end, &pgoff, file) < 3)
			continue;
		if (addr >= start && addr < end) {
			offset = addr - start + pgoff;
			snprintf(path, UNIT_MAPPED_PATH, "%s", file);
			found = true;
		}
	}
	fclose(maps);
	ck_assert_msg(found, "nothing mapped at %#" PRIxPTR, addr);
	return offset;
}

static char unit_dir[64];

const char *
unit_dir_make(void)
{
	snprintf(unit_dir, sizeof unit_dir, "/tmp/perfviews-unit.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(unit_dir));
	return unit_dir;
}

const char *
unit_dir_path(const char *rel)
{
	static char bufs[8][PATH_MAX];
	static unsigned next;
	char *b = bufs[next++ % 8];

	snprintf(b, PATH_MAX, "%s/%s", unit_dir, rel);
	return b;
}

void
unit_dir_write(const char *rel, const char *text)
{
	FILE *f = fopen(unit_dir_path(rel), "w");

	ck_assert_msg(f != NULL, "%s", unit_dir_path(rel));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

void
unit_dir_remove(void)
{
	char cmd[128];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", unit_dir);
	ck_assert_int_eq(system(cmd), 0);
}

const char *
unit_file_text(const char *path)
{
	static char buf[65536];
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "no %s", path);
	read_back(f, buf, sizeof buf);
	return buf;
}

/* Where stderr was and where it goes between unit_stderr_begin and _end. */
static int stderr_saved = -1;
static char stderr_path[UNIT_PATH];

void
unit_stderr_begin(void)
{
	ck_assert_int_eq(stderr_saved, -1);
	unit_temp_file(stderr_path, "");
	fflush(stderr);
	stderr_saved = dup(STDERR_FILENO);
	int fd = open(stderr_path, O_WRONLY);
	ck_assert(stderr_saved >= 0 && fd >= 0);
	dup2(fd, STDERR_FILENO);
	close(fd);
}

const char *
unit_stderr_end(void)
{
	ck_assert_int_ge(stderr_saved, 0);
	fflush(stderr);
	dup2(stderr_saved, STDERR_FILENO);
	close(stderr_saved);
	stderr_saved = -1;
	const char *text = unit_file_text(stderr_path);
	unlink(stderr_path);
	return text;
}

void
unit_flame_graph_lines(struct flame_graph *g, const char *const *lines,
                       bool diff)
{
	g->diff = diff;
	for (size_t i = 0; lines[i] != NULL; i++) {
		const char *sp = strrchr(lines[i], ' ');
		double b = atof(sp + 1), a = b;
		size_t n = (size_t)(sp - lines[i]);
		if (diff) {
			const char *sp2 = sp - 1;
			while (*sp2 != ' ')
				sp2--;
			a = atof(sp2 + 1);
			n = (size_t)(sp2 - lines[i]);
		}
		flame_graph_add(g, span_make(lines[i], n), b, diff ? b - a : 0);
	}
	flame_graph_finish(g, 0);
}

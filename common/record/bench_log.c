/*
 * bench_log.c - see bench_log.h.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "record/bench_log.h"

bool
bench_log_run(char *const argv[], const char *dir, const char *log,
              unsigned timeout, struct child_result *r)
{
	int fd = child_open(log, O_WRONLY | O_CREAT | O_TRUNC);
	struct child_io io = {-1, fd, fd};
	bool ok = child_run_in(dir, argv, &io, timeout, r);
	close(fd);
	return ok;
}

char *
bench_log_tail(const char *log)
{
	int fd = open(log, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return xstrdup("");
	off_t size = lseek(fd, 0, SEEK_END);
	off_t from = size > 60000 ? size - 60000 : 0; /* the end says why */
	char *text = xmalloc(60001);
	ssize_t n = pread(fd, text, 60000, from);
	text[n > 0 ? n : 0] = '\0';
	close(fd);
	return text;
}

char *
bench_log_line(const char *text, const char *needle)
{
	const char *hit = strstr(text, needle);
	if (hit == NULL)
		return NULL;
	const char *start = hit;
	while (start > text && start[-1] != '\n')
		start--;
	start += strspn(start, " \t");
	if (strncmp(start, "ERROR: ", 7) == 0) /* pip's, said once is enough */
		start += 7;
	size_t n = strcspn(start, "\n");
	while (n > 0 && (start[n - 1] == '\r' || start[n - 1] == ' '))
		n--;
	return xstrndup(start, n);
}

char *
bench_log_last_line(const char *text)
{
	size_t end = strlen(text);
	while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' '))
		end--;
	size_t start = end;
	while (start > 0 && text[start - 1] != '\n')
		start--;
	return xstrndup(text + start, end - start);
}

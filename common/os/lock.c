/*
 * lock.c - see lock.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/lock.h"

/* What the holder wrote into the file, on one line. */
static void
read_holder(int fd, char *holder, size_t size)
{
	ssize_t n = pread(fd, holder, size - 1, 0);

	if (n <= 0) {
		snprintf(holder, size, "another process");
		return;
	}
	holder[n] = '\0';
	holder[strcspn(holder, "\n")] = '\0';
}

static void
write_holder(int fd)
{
	char line[96], when[40];
	time_t now = time(NULL);

	strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	int n = snprintf(line, sizeof line, "pid %ld since %s\n",
	                 (long)getpid(), when);
	if (ftruncate(fd, 0) != 0 || pwrite(fd, line, (size_t)n, 0) != n)
		warnmsg_errno("writing the holder into its lock");
}

/* The file at the path is still the one locked. */
static bool
still_there(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && stat(path, &b) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

bool
lock_take(struct lock *l, const char *path, const char *what, bool wait,
          char *holder, size_t size)
{
	bool said = false;

	l->fd = -1;
	l->path = NULL;
	for (;;) {
		int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
		if (fd < 0)
			die_errno(EXIT_DATA, "%s", path);
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			if (errno != EWOULDBLOCK)
				die_errno(EXIT_DATA, "%s: flock", path);
			read_holder(fd, holder, size);
			if (!wait) {
				close(fd);
				return false;
			}
			if (!said)
				fprintf(stderr,
				        "%s: " LOCK_WAITING "%s: %s holds it "
				        "(%s)\n",
				        progname, what, holder, path);
			said = true;
			if (flock(fd, LOCK_EX) != 0)
				die_errno(EXIT_DATA, "%s: flock", path);
		}
		if (still_there(fd, path)) {
			write_holder(fd);
			l->fd = fd;
			l->path = xstrdup(path);
			return true;
		}
		close(fd); /* released and removed meanwhile: again */
	}
}

void
lock_release(struct lock *l)
{
	if (l->fd < 0)
		return;
	unlink(l->path);
	close(l->fd);
	l->fd = -1;
	free(l->path);
	l->path = NULL;
}

/*
 * dirs.c - see dirs.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/dirs.h"

char *
dirs_make_new(const char *path)
{
	char *copy = xstrdup(path), *first = NULL;

	for (char *s = copy + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(copy, 0777) == 0) {
			if (first == NULL)
				first = xstrdup(copy);
		} else if (errno != EEXIST)
			die_errno(EXIT_DATA, "%s", copy);
		*s = c;
		if (c == '\0')
			break;
	}
	free(copy);
	return first;
}

void
dirs_make(const char *path)
{
	free(dirs_make_new(path));
}

void
dirs_remove_made(const char *path, const char *made)
{
	char *dir = xstrdup(path);
	size_t n = strlen(made);

	/* Each level from path up to made, while rmdir finds it empty. */
	for (;;) {
		size_t len = strlen(dir);
		while (len > 1 && dir[len - 1] == '/')
			dir[--len] = '\0';
		if (len < n || rmdir(dir) != 0 || len == n)
			break;
		char *slash = strrchr(dir, '/');
		if (slash == NULL)
			break;
		*slash = '\0';
	}
	free(dir);
}

static int
remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if ((flag == FTW_DP ? rmdir(path) : unlink(path)) != 0)
		warnmsg_errno("%s", path);
	return 0;
}

void
dirs_write_whole(const char *path, void (*write)(FILE *f, void *arg), void *arg)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "we");

	if (f == NULL)
		die_errno(EXIT_DATA, "%s", tmp);
	write(f, arg);
	/* A full disk shows at the last flush: fclose's. */
	bool ok = !ferror(f);
	if (fclose(f) != 0 || !ok) {
		int e = errno;
		unlink(tmp);
		errno = ok ? e : EIO;
		die_errno(EXIT_DATA, "%s", tmp);
	}
	if (rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		errno = e;
		die_errno(EXIT_DATA, "%s", path);
	}
	free(tmp);
}

void
dirs_remove_tree(const char *path)
{
	if (access(path, F_OK) == 0)
		nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *
dirs_temp(const char *dir)
{
	if (dir == NULL || *dir == '\0')
		dir = getenv("TMPDIR");
	return dir != NULL && *dir != '\0' ? dir : "/tmp";
}

int
dirs_scratch_file(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s.XXXXXX", dirs_temp(dir), name);
	int fd = mkostemp(path, O_CLOEXEC);

	if (fd < 0)
		die_errno(EXIT_DATA, "%s", path);
	unlink(path);
	free(path);
	return fd;
}

char *
dirs_memory_file(const char *name)
{
	/* One per name, reused (opened with O_TRUNC): a few fds in all. */
	static struct {
		char *name;
		int fd;
	} files[16];
	size_t i = 0;

	while (i < 16 && files[i].name != NULL && strcmp(files[i].name, name))
		i++;
	if (i == 16)
		die(EXIT_DATA, "dirs_memory_file: too many names");
	if (files[i].name == NULL) {
		files[i].fd = memfd_create(name, MFD_CLOEXEC);
		if (files[i].fd < 0)
			die_errno(EXIT_DATA, "memfd_create %s", name);
		files[i].name = xstrdup(name);
	}
	return xasprintf("/proc/self/fd/%d", files[i].fd);
}

/* The mount point of path: the longest of /proc/self/mounts under it. */
static void
mount_of(const char *path, char *mount, size_t size)
{
	char *real = realpath(path, NULL), *line = NULL;
	size_t cap = 0, best = 0;
	FILE *f = fopen("/proc/self/mounts", "re");

	snprintf(mount, size, "?");
	while (real != NULL && f != NULL && getline(&line, &cap, f) != -1) {
		char dir[4096], type[64];
		if (sscanf(line, "%*s %4095s %63s", dir, type) != 2)
			continue;
		size_t n = strlen(dir);
		if (n >= best && strncmp(real, dir, n) == 0 &&
		    (real[n] == '/' || real[n] == '\0' || n == 1)) {
			best = n;
			snprintf(mount, size, "%s (%s)", dir, type);
		}
	}
	if (f != NULL)
		fclose(f);
	free(line);
	free(real);
}

bool
dirs_free_space(const char *path, unsigned long long *bytes, char *mount,
                size_t mount_size)
{
	struct statvfs st;

	if (statvfs(path, &st) != 0)
		return false;
	*bytes = (unsigned long long)st.f_bavail * st.f_frsize;
	mount_of(path, mount, mount_size);
	return true;
}

char *
dirs_program(void)
{
	char *self = realpath("/proc/self/exe", NULL);

	if (self == NULL)
		die_errno(EXIT_DATA, "/proc/self/exe");
	*strrchr(self, '/') = '\0';
	return self;
}

char *
dirs_user_cache(const char *name)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (xdg != NULL && *xdg == '/')
		return xasprintf("%s/perfviews/%s", xdg, name);
	if (home == NULL || *home == '\0')
		die(EXIT_DATA,
		    "no cache directory: set HOME or XDG_CACHE_HOME, "
		    "or give --cache DIR");
	return xasprintf("%s/.cache/perfviews/%s", home, name);
}

/*
 * dirs.c - see dirs.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "os/dirs.h"

void
dirs_make(const char *path)
{
	char *copy = xstrdup(path);

	for (char *s = copy + 1;; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;
		*s = '\0';
		if (mkdir(copy, 0777) != 0 && errno != EEXIST)
			die_errno(EXIT_DATA, "%s", copy);
		*s = c;
		if (c == '\0')
			break;
	}
	free(copy);
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

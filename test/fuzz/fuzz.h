/*
 * fuzz.h - what the libFuzzer targets share: the input as a file.
 *
 * The readers take a file descriptor or a path, as the programs do; the
 * input is written to an anonymous memory file (memfd), which a reader may
 * open again by its /proc/self/fd path.
 */
#ifndef PERFVIEWS_FUZZ_H
#define PERFVIEWS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A memory file holding data, its offset at 0; -1 if it cannot be made. */
static inline int
fuzz_file(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz-input", 0);
	if (fd < 0)
		abort();
	size_t done = 0;
	while (done < size) {
		ssize_t n = write(fd, data + done, size - done);
		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* A NUL-terminated copy of data, to free. */
static inline char *
fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (s == NULL)
		abort();
	for (size_t i = 0; i < size; i++)
		s[i] = (char)data[i];
	s[size] = '\0';
	return s;
}

#endif

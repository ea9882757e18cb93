/*
 * fuzz_perf_data.c - the perf.data reader on any bytes: the file and
 * pipe formats, events, feature sections, records in time order, samples
 * by sample_type, threads and maps, call chains and the unwinding of
 * user stacks, perf script's text.
 *
 * A corrupt input ends the read with a message (perf_file_on_error
 * brings it back here), never a crash, a leak or a read out of bounds.
 * The fuzz build reads no DSO of this machine (dso_files.c): frames have
 * no symbols and user stacks no frame rules, so the unwinder's guesses
 * (frame pointers, PLT stubs) run on the fuzzed stacks.
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "perfdata/frame_text.h"
#include "perfdata/perf_data.h"
#include "perfdata/sample_text.h"

static volatile size_t sink; /* keeps what is written */

static void
discard(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	sink += n + (n ? (unsigned char)p[n - 1] : 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct perf_data d;
	static struct sample_text out;
	struct inline_text *volatile it = NULL;
	struct frame_text *volatile ft = NULL;
	volatile bool opened = false, writing = false;
	jmp_buf on_error;
	char path[64];
	int fd = fuzz_file(data, size);

	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	memset(&d, 0, sizeof d);
	perf_file_on_error = &on_error;
	if (setjmp(on_error) == 0) {
		perf_data_open(&d, path);
		opened = true;
		if (d.file.refused == NULL) {
			it = inline_text_new();
			ft = frame_text_new(&d.file, &d.machine, it);
			sample_text_init(&out, &d, ft, discard, NULL);
			writing = true;
			d.sample = sample_text_sample;
			d.ctx = &out;
			perf_data_read(&d);
			sample_text_flush(&out);
		}
	}
	perf_file_on_error = NULL;
	if (writing)
		sample_text_free(&out);
	frame_text_free(ft);
	inline_text_free(it);
	if (opened)
		perf_data_close(&d);
	else
		perf_file_close(&d.file);
	close(fd);
	return 0;
}

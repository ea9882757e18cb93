/*
 * fuzz_perf_script.c - the perf script reader (headers, frames, srclines,
 * the frame cache) and the format detector on any bytes.
 */
#include <string.h>

#include "fuzz.h"
#include "input/input_format.h"
#include "input/perf_script.h"

static volatile uint64_t sink; /* keeps what the loop reads */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_reader r;
	struct perf_sample s;
	int fd = fuzz_file(data, size);
	uint64_t sum = 0;

	perf_reader_init(&r, fd, "fuzz");
	r.lines.max_warnings = 0;
	input_format_peek(&r.lines);
	while (perf_reader_next(&r, &s)) {
		/* Touch every span handed out: ASan checks they are valid. */
		sum += s.comm.n ? (unsigned char)s.comm.p[s.comm.n - 1] : 0;
		sum += s.event.n ? (unsigned char)s.event.p[0] : 0;
		sum += s.trace.n ? (unsigned char)s.trace.p[s.trace.n - 1] : 0;
		sum += s.text.n ? (unsigned char)s.text.p[s.text.n - 1] : 0;
		for (size_t i = 0; i < s.nframes; i++) {
			const struct perf_frame *f = &s.frames[i];
			sum += f->symbol.n ? (unsigned char)f->symbol.p[0] : 0;
			sum += f->dso.n ? (unsigned char)f->dso.p[f->dso.n - 1]
			                : 0;
			sum +=
			    f->srcline.n ? (unsigned char)f->srcline.p[0] : 0;
			sum += f->id;
		}
	}
	perf_reader_free(&r);
	close(fd);
	/* The line classifier alone, on the input as one line. */
	if (memchr(data, '\n', size) == NULL)
		perf_line_classify(span_make((const char *)data, size), &s);
	sink = sum;
	return 0;
}

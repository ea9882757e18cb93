/*
 * fuzz_folded.c - the folded stacks reader, its frames, and the format
 * detector on any bytes.
 */
#include "fuzz.h"
#include "input/folded.h"
#include "input/input_format.h"

static volatile uint64_t sink; /* keeps what the loop reads */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct folded_reader r;
	struct folded_line line;
	int fd = fuzz_file(data, size);
	size_t frames = 0;

	input_format_guess(span_make((const char *)data, size), true);
	folded_reader_init(&r, fd, "fuzz");
	r.lines.max_warnings = 0;
	while (folded_reader_next(&r, &line)) {
		struct span rest = line.stack, frame;
		while (folded_next_frame(&rest, &frame))
			frames += frame.n;
	}
	folded_reader_free(&r);
	close(fd);
	sink = frames;
	return 0;
}

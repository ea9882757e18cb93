/*
 * fuzz_strace.c - the strace reader, and its argument helpers on every
 * call's arguments, on any bytes.
 */
#include "fuzz.h"
#include "input/strace.h"

static volatile uint64_t sink; /* keeps what the loop reads */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strace_reader r;
	struct strace_call c;
	int fd = fuzz_file(data, size);
	uint64_t seen = 0;

	strace_detect(span_make((const char *)data, size));
	strace_reader_init(&r, fd, "fuzz");
	r.lines.max_warnings = 0;
	while (strace_reader_next(&r, &c)) {
		struct span args = c.args, arg, text, path;
		int64_t fd_arg;
		bool cut;
		while (strace_arg_next(&args, &arg)) {
			if (strace_arg_string(arg, &text, &cut))
				seen += text.n;
			if (strace_arg_fd(arg, &fd_arg, &path))
				seen += path.n;
			seen += strace_arg_has_flag(arg, "O_CREAT");
		}
	}
	strace_reader_free(&r);
	close(fd);
	sink = seen;
	return 0;
}

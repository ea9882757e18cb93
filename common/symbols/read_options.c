/*
 * read_options.c - see read_options.h.
 */
#include "symbols/read_options.h"

bool
read_option(struct sample_stream_options *input, struct symbol_options *symbols,
            int code, const char *arg)
{
	switch (code) {
	case OPT_READ_PERIOD:
		input->period = true;
		return true;
	case 'e':
		input->event = arg;
		return true;
	case OPT_READ_STRICT:
		input->strict = true;
		return true;
	case OPT_READ_RESOLVE:
		symbols->resolve = true;
		return true;
	case OPT_READ_SRCLINE:
		symbols->srcline = true;
		return true;
	case OPT_READ_DEMANGLE:
		symbols->demangle = true;
		return true;
	}
	return false;
}

/*
 * input_format.c - see input_format.h.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "base/message.h"
#include "input/folded.h"
#include "input/input_format.h"
#include "input/perf_frame.h"
#include "input/perf_script.h"

/* Enough of an input to tell its format from its first lines. */
enum { GUESS_BYTES = 64 << 10 };

/* The line of head starting at *p, without its end; false when none. */
static bool
next_line(const char **p, const char *end, bool whole, struct span *line)
{
	if (*p >= end)
		return false;
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	if (nl == NULL && !whole)
		return false; /* perhaps cut by the peek */
	const char *stop = nl ? nl : end;
	*line = span_make(*p, (size_t)(stop - *p));
	if (line->n > 0 && line->p[line->n - 1] == '\r')
		line->n--;
	*p = nl ? nl + 1 : end;
	return true;
}

static bool
is_text(struct span line)
{
	return span_trim(line).n > 0 && line.p[0] != '#';
}

/*
 * A header that could be a folded line too: at the start of the line, with
 * nothing but a comm, a pid and a period ("python 12", "a;b 1 2").
 */
static bool
bare_fields(struct span line, const struct perf_sample *s)
{
	unsigned bare = PERF_FIELD_COMM | PERF_FIELD_PID | PERF_FIELD_PERIOD;
	return !is_blank_char(line.p[0]) && (s->fields & ~bare) == 0 &&
	       s->trace.n == 0;
}

struct input_guess
input_format_guess(struct span head, bool whole)
{
	struct input_guess g;
	const char *p = head.p, *end = head.p + head.n;
	unsigned long lineno = 0, text = 0, perf = 0, folded = 0, both = 0;
	unsigned long starts = 0; /* perf lines that start a sample or record */
	struct span line, next;

	memset(&g, 0, sizeof g);
	while (next_line(&p, end, whole, &line)) {
		lineno++;
		if (!is_text(line))
			continue;
		if (g.first_line == 0)
			g.first_line = lineno;
		text++;

		/* The line after, to see whether frames follow a header. */
		const char *q = p;
		bool frame_follows = next_line(&q, end, whole, &next) &&
		                     next.n > 0 && next.p[0] == '\t';
		struct perf_sample s;
		struct perf_frame f;
		struct folded_line fl;
		enum perf_line_kind kind = perf_line_classify(line, &s);
		bool indented = is_blank_char(line.p[0]);
		bool is_folded = !indented && folded_parse_line(line, &fl);
		bool is_perf;

		if (kind == PERF_LINE_SIDEBAND)
			is_perf = true;
		else if (kind == PERF_LINE_HEADER)
			is_perf = !bare_fields(line, &s) || frame_follows ||
			          !is_folded;
		else if (indented)
			/* Frames, srclines: only perf text indents lines. */
			is_perf = perf_frame_parse(line, &f) ||
			          perf_srcline_looks_valid(span_trim(line));
		else
			/* A frame as old perfs printed it, or a bare comm. */
			is_perf =
			    (perf_frame_parse(line, &f) || frame_follows) &&
			    !is_folded;
		if (!is_perf && is_folded &&
		    (kind == PERF_LINE_HEADER || perf_frame_parse(line, &f))) {
			both++;
			continue;
		}
		if (is_perf) {
			perf++;
			starts += kind != PERF_LINE_OTHER || !indented;
			if (g.perf_line == 0)
				g.perf_line = lineno;
		} else if (is_folded) {
			folded++;
			if (g.folded_line == 0)
				g.folded_line = lineno;
		}
	}
	if (text == 0) {
		/* No text: empty, or more to read (a long line, comments). */
		g.cut = !whole;
		g.format = g.cut ? INPUT_UNKNOWN : INPUT_EMPTY;
		if (g.cut)
			g.first_line = lineno + 1;
		return g;
	}
	if (perf > 0 && folded > 0)
		g.format = INPUT_AMBIGUOUS;
	else if (perf > 0 && 2 * (perf + both) > text) {
		g.format = INPUT_PERF;
		g.headerless = starts == 0;
	} else if (perf == 0 && 2 * (folded + both) > text)
		g.format = INPUT_FOLDED;
	else
		g.format = INPUT_UNKNOWN;
	return g;
}

struct input_guess
input_format_peek(struct line_reader *r)
{
	size_t want = GUESS_BYTES;

	for (;;) {
		struct span head = line_reader_peek(r, want);
		struct input_guess g = input_format_guess(head, head.n < want);
		if (!g.cut)
			return g;
		if (want > r->max_line) {
			/* Comments only, so far: the reader will see. */
			if (memchr(head.p, '\n', head.n) != NULL) {
				g.format = INPUT_EMPTY;
				g.cut = false;
			}
			return g;
		}
		want = r->max_line + 2;
	}
}

const char *
input_compressed_format(struct span head)
{
	static const struct {
		const char *magic;
		size_t n;
		const char *name;
	} formats[] = {
	    {"\xfd"
	     "7zXZ\0",
	     6, "xz"},
	    {"\x1f\x8b", 2, "gzip"},
	    {"\x28\xb5\x2f\xfd", 4, "zstd"},
	};

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (head.n >= formats[i].n &&
		    memcmp(head.p, formats[i].magic, formats[i].n) == 0)
			return formats[i].name;
	return NULL;
}

enum input_format
input_format_require(struct line_reader *r, unsigned accept)
{
	struct input_guess g = input_format_peek(r);
	const char *compressed =
	    input_compressed_format(line_reader_peek(r, 8));
	bool stdin_name = strcmp(r->name, "stdin") == 0;

	if (span_starts_with(line_reader_peek(r, 8), "PERFILE2"))
		die(EXIT_DATA,
		    "%s: a perf.data file: give its path to collapse or a "
		    "view, or make its text (perfviews script%s%s | %s)",
		    r->name, stdin_name ? "" : " ", stdin_name ? "" : r->name,
		    progname);
	if (compressed != NULL)
		die(EXIT_DATA,
		    "%s: %s-compressed: decompress it first (%s -dc%s%s | %s)",
		    r->name, compressed, compressed, stdin_name ? "" : " ",
		    stdin_name ? "" : r->name, progname);
	switch (g.format) {
	case INPUT_EMPTY:
		break;
	case INPUT_PERF:
		if (g.headerless && (accept & ACCEPT_PERF))
			die(EXIT_DATA,
			    "%s:%lu: frame lines with no sample header: perf "
			    "script -F needs a field that starts each sample "
			    "(comm, tid, pid, time, cpu or event; for example "
			    "-F comm,tid,ip,sym)",
			    r->name, g.first_line);
		if (!(accept & ACCEPT_PERF))
			die(EXIT_DATA,
			    "%s:%lu: perf script text, not folded stacks: "
			    "fold it first (collapse%s%s | %s)",
			    r->name, g.first_line, stdin_name ? "" : " ",
			    stdin_name ? "" : r->name, progname);
		break;
	case INPUT_FOLDED:
		if (!(accept & ACCEPT_FOLDED))
			die(EXIT_DATA,
			    "%s:%lu: folded stacks, not perf script text: "
			    "this program reads the output of perf script",
			    r->name, g.first_line);
		break;
	case INPUT_UNKNOWN:
		if (g.cut)
			die(EXIT_DATA,
			    "%s:%lu: a first line too long to be perf script "
			    "text or folded stacks",
			    r->name, g.first_line);
		die(EXIT_DATA,
		    "%s:%lu: neither perf script text nor folded stacks",
		    r->name, g.first_line);
	case INPUT_AMBIGUOUS:
		die(EXIT_DATA,
		    "%s:%lu: perf script text, but line %lu is folded stacks: "
		    "cannot tell which the input is",
		    r->name, g.perf_line, g.folded_line);
	}
	return g.format;
}

bool
input_is_perf_data(const char *path)
{
	if (strcmp(path, "-") == 0)
		return false;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool yes = input_fd_is_perf_data(fd);
	close(fd);
	return yes;
}

bool
input_fd_is_perf_data(int fd)
{
	char head[8];

	/* At offset 0 whatever was read: a pipe cannot say (ESPIPE). */
	return pread(fd, head, sizeof head, 0) == (ssize_t)sizeof head &&
	       memcmp(head, "PERFILE2", sizeof head) == 0;
}

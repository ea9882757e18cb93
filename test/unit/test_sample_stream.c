/*
 * test_sample_stream.c - the reader loop of every filter
 * (input/sample_stream.h): root names, the root cache, frame ids shared by
 * inputs, event selection, folded input, the frame rewriter, the end.
 */
#include <stdio.h>
#include <unistd.h>

#include "base/message.h"
#include "input/sample_stream.h"
#include "unit.h"

enum { MAX_SEEN = 16 };

/* What the callbacks were handed. */
struct seen {
	struct string_table names;
	struct sample_stream st;
	size_t samples;
	uint32_t root[MAX_SEEN];
	uint32_t leaf[MAX_SEEN]; /* frame id of the leaf, or UINT32_MAX */
	size_t nframes[MAX_SEEN];
	uint32_t run[MAX_SEEN]; /* st.run when the sample was handed over */
	size_t folded;
	char stacks[256]; /* folded stacks and counts, one a line */
};

static void
on_sample(void *ctx, const struct perf_sample *s, uint32_t root)
{
	struct seen *w = ctx;

	ck_assert_uint_lt(w->samples, MAX_SEEN);
	w->root[w->samples] = root;
	w->leaf[w->samples] = s->nframes ? s->frames[0].id : UINT32_MAX;
	w->nframes[w->samples] = s->nframes;
	w->run[w->samples] = w->st.run;
	w->samples++;
}

static void
on_folded(void *ctx, const struct folded_line *line)
{
	struct seen *w = ctx;
	size_t n = strlen(w->stacks);

	snprintf(w->stacks + n, sizeof w->stacks - n, "%.*s %g\n",
	         (int)line->stack.n, line->stack.p, line->count[0]);
	w->folded++;
}

static void
seen_init(struct seen *w, const struct sample_stream_options *opt)
{
	memset(w, 0, sizeof *w);
	string_table_init(&w->names);
	sample_stream_init(&w->st, opt, &w->names);
	w->st.sample = on_sample;
	w->st.ctx = w;
}

static void
seen_free(struct seen *w)
{
	sample_stream_free(&w->st);
	string_table_free(&w->names);
}

/* Read text as one input file. */
static void
read_text(struct seen *w, const char *text)
{
	char path[UNIT_PATH];

	unit_temp_file(path, text);
	sample_stream_read(&w->st, path);
	unlink(path);
}

static const char *
root_text(const struct seen *w, size_t sample)
{
	return string_table_cstr(&w->names, w->root[sample]);
}

static const char THREADS[] = "python 12/13 1.0: 1 cycles:\n\t1 f (/x)\n\n"
                              "a 17 2.0: 1 cycles:\n\t1 f (/x)\n\n"
                              "Web Content 2501/2509 3.0: 1 cycles:\n\n";

START_TEST(root_names)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	opt.root = ROOT_COMM;
	seen_init(&w, &opt);
	read_text(&w, THREADS);
	ck_assert_uint_eq(w.samples, 3);
	ck_assert_str_eq(root_text(&w, 0), "python");
	ck_assert_str_eq(root_text(&w, 1), "a");
	ck_assert_str_eq(root_text(&w, 2), "Web_Content");
	seen_free(&w);

	opt.root = ROOT_PID;
	seen_init(&w, &opt);
	read_text(&w, THREADS);
	ck_assert_str_eq(root_text(&w, 0), "python-12");
	ck_assert_str_eq(root_text(&w, 1), "a-?");
	ck_assert_str_eq(root_text(&w, 2), "Web_Content-2501");
	seen_free(&w);

	opt.root = ROOT_TID;
	seen_init(&w, &opt);
	read_text(&w, THREADS);
	ck_assert_str_eq(root_text(&w, 0), "python-12/13");
	ck_assert_str_eq(root_text(&w, 1), "a-?/17");
	ck_assert_str_eq(root_text(&w, 2), "Web_Content-2501/2509");
	ck_assert_uint_eq(w.st.samples, 3);
	ck_assert(w.st.saw_perf);
	ck_assert(!w.st.saw_folded);
	seen_free(&w);
}
END_TEST

START_TEST(root_cache_follows_threads)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	opt.root = ROOT_TID;
	seen_init(&w, &opt);
	read_text(&w, "p 1/1 1.0: 1 c:\n\n"
	              "p 1/1 1.1: 1 c:\n\n"
	              "p 1/2 1.2: 1 c:\n\n"
	              "p 1/1 1.3: 1 c:\n\n"
	              /* The same thread after exec: another name. */
	              "q 1/1 1.4: 1 c:\n\n"
	              "q 1/1 1.5: 1 c:\n\n");
	ck_assert_uint_eq(w.samples, 6);
	ck_assert_uint_eq(w.root[0], w.root[1]);
	ck_assert_uint_ne(w.root[1], w.root[2]);
	ck_assert_uint_eq(w.root[3], w.root[0]);
	ck_assert_uint_ne(w.root[4], w.root[3]);
	ck_assert_uint_eq(w.root[5], w.root[4]);
	ck_assert_str_eq(root_text(&w, 2), "p-1/2");
	ck_assert_str_eq(root_text(&w, 4), "q-1/1");
	ck_assert_uint_eq(w.names.count, 3);
	seen_free(&w);

	/* By comm, threads of one command share their root. */
	opt.root = ROOT_COMM;
	seen_init(&w, &opt);
	read_text(&w, "p 1/1 1.0: 1 c:\n\np 1/2 1.1: 1 c:\n\n");
	ck_assert_uint_eq(w.root[0], w.root[1]);
	ck_assert_uint_eq(w.names.count, 1);
	seen_free(&w);
}
END_TEST

START_TEST(inputs_share_frame_ids)
{
	struct sample_stream_options opt = {0};
	struct seen w;
	char one[UNIT_PATH], two[UNIT_PATH];

	unit_temp_file(one, "a 1 1.0: 1 c:\n\t10 f+0x1 (/x)\n\n"
	                    "a 1 1.0: 1 c:\n\t20 g+0x1 (/x)\n\n");
	unit_temp_file(two, "b 2 1.0: 1 c:\n\t99 h (/y)\n\n"
	                    "b 2 1.0: 1 c:\n\t77 g+0x9 (/x)\n\n");
	char *argv[] = {one, two};
	seen_init(&w, &opt);
	sample_stream_read_all(&w.st, 2, argv);
	unlink(one);
	unlink(two);
	ck_assert_uint_eq(w.samples, 4);
	ck_assert_uint_ne(w.leaf[0], w.leaf[1]);
	ck_assert_uint_ne(w.leaf[2], w.leaf[1]);
	/* g in /x: one id, whatever its address, in either input. */
	ck_assert_uint_eq(w.leaf[3], w.leaf[1]);
	ck_assert_uint_eq(frame_table_count(&w.st.cache.frames), 3);
	struct frame_info f = frame_table_get(&w.st.cache.frames, w.leaf[3]);
	ck_assert_span(f.symbol, "g");
	ck_assert_span(f.dso, "/x");
	ck_assert(sample_stream_finish(&w.st));
	seen_free(&w);
}
END_TEST

static const char EVENTS[] = "a 1 1.0: 1 cycles:k:\n\t1 f (/x)\n\n"
                             "a 1 1.0: 1 cycles:u:\n\t1 g (/x)\n\t2 h (/x)\n\n"
                             "a 1 1.0: 1 cycles:k:\n\t1 f (/x)\n\n";

START_TEST(event_selection)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	seen_init(&w, &opt);
	read_text(&w, EVENTS);
	ck_assert_uint_eq(w.samples, 2);
	ck_assert_uint_eq(w.nframes[0], 1);
	ck_assert_uint_eq(w.nframes[1], 1);
	ck_assert_str_eq(event_select_name(&w.st.events), "cycles:k");
	seen_free(&w);

	opt.event = "cycles:u";
	seen_init(&w, &opt);
	read_text(&w, EVENTS);
	ck_assert_uint_eq(w.samples, 1);
	ck_assert_uint_eq(w.nframes[0], 2);
	ck_assert_uint_eq(w.st.samples, 1);
	seen_free(&w);
}
END_TEST

START_TEST(folded_input_to_its_callback)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	seen_init(&w, &opt);
	w.st.folded = on_folded;
	read_text(&w, "# folded\na;b 3\nc 1.5\n");
	ck_assert_uint_eq(w.folded, 2);
	ck_assert_uint_eq(w.samples, 0);
	ck_assert_str_eq(w.stacks, "a;b 3\nc 1.5\n");
	ck_assert_uint_eq(w.st.samples, 2);
	ck_assert(w.st.saw_folded);
	ck_assert(!w.st.saw_perf);
	/* The next input is told apart again. */
	read_text(&w, "a 1 1.0: 1 c:\n\t1 f (/x)\n\n");
	ck_assert_uint_eq(w.samples, 1);
	ck_assert(w.st.saw_perf);
	ck_assert(sample_stream_finish(&w.st));
	seen_free(&w);
}
END_TEST

/* Read folded text with no folded callback: it is bad perf script. */
static void
read_folded_as_perf(void *arg)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	(void)arg;
	progname = "prog";
	seen_init(&w, &opt);
	read_text(&w, "a;b 3\nc 1\n");
	printf("samples %zu perf %d folded %d\n", w.samples, w.st.saw_perf,
	       w.st.saw_folded);
	seen_free(&w);
}

START_TEST(folded_input_without_callback_is_bad_perf_script)
{
	struct unit_child c;

	unit_child_run(read_folded_as_perf, NULL, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.out, "samples 0 perf 1 folded 0\n");
	ck_assert_msg(strstr(c.err, ":1: unrecognised header line\n") != NULL,
	              "%s", c.err);
	ck_assert_msg(strstr(c.err, ":2: unrecognised header line\n") != NULL,
	              "%s", c.err);
	ck_assert_msg(strstr(c.err, ": 2 lines not understood and skipped "
	                            "(first at line 1)\n") != NULL,
	              "%s", c.err);
}
END_TEST

static void
read_strictly(void *path)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	progname = "prog";
	opt.strict = true;
	seen_init(&w, &opt);
	sample_stream_read(&w.st, path);
	seen_free(&w);
}

START_TEST(strict_makes_bad_lines_fatal)
{
	struct unit_child c;
	char path[UNIT_PATH];

	unit_temp_file(path, "a 1 1.0: 1 c:\n\t1 f (/x)\n\tnot a frame\n\n");
	unit_child_run(read_strictly, path, &c);
	unlink(path);
	ck_assert_int_eq(c.status, 1);
	ck_assert_msg(strstr(c.err, ":3: unrecognised frame line\n") != NULL,
	              "%s", c.err);
}
END_TEST

/* A rewriter that names every sample's leaf "new" and drops its callers. */
struct rewrite_seen {
	struct perf_frame frame;
	size_t calls, frames_in;
	struct frame_table *table;
};

static size_t
rewrite_leaf(void *ctx, struct frame_table *table,
             const struct perf_frame *frames, size_t n, struct perf_frame **out)
{
	struct rewrite_seen *r = ctx;

	r->calls++;
	r->frames_in += n;
	r->table = table;
	r->frame = frames[0];
	r->frame.symbol = span_cstr("new");
	r->frame.id =
	    frame_table_intern(table, r->frame.symbol, r->frame.dso, false);
	*out = &r->frame;
	return 1;
}

START_TEST(frame_rewriter_applied)
{
	struct sample_stream_options opt = {0};
	struct rewrite_seen r;
	struct seen w;

	memset(&r, 0, sizeof r);
	seen_init(&w, &opt);
	w.st.rewrite = rewrite_leaf;
	w.st.rewrite_ctx = &r;
	read_text(&w, "a 1 1.0: 1 c:\n\t1 f (/x)\n\t2 g (/x)\n\n"
	              "a 1 1.0: 1 c:\n\t3 h (/x)\n\n");
	ck_assert_uint_eq(r.calls, 2);
	ck_assert_uint_eq(r.frames_in, 3);
	ck_assert_ptr_eq(r.table, &w.st.cache.frames);
	ck_assert_uint_eq(w.samples, 2);
	ck_assert_uint_eq(w.nframes[0], 1);
	ck_assert_uint_eq(w.leaf[0], w.leaf[1]);
	struct frame_info f = frame_table_get(&w.st.cache.frames, w.leaf[0]);
	ck_assert_span(f.symbol, "new");
	ck_assert_span(f.dso, "/x");
	seen_free(&w);
}
END_TEST

START_TEST(runs_counted_by_their_markers)
{
	struct sample_stream_options opt = {0};
	struct seen w;

	seen_init(&w, &opt);
	/* Samples before any marker are in run 0. */
	read_text(&w, "a 1 1.0: 1 c:\n\t1 f (/x)\n\n");
	ck_assert_uint_eq(w.run[0], 0);
	ck_assert_uint_eq(w.st.run, 0);
	/* Other comments are not markers; markers count on across inputs. */
	read_text(&w, "# perfviews run 1/2\n# a comment\n"
	              "a 1 1.0: 1 c:\n\t1 f (/x)\n\n"
	              "a 1 1.1: 1 c:\n\t1 f (/x)\n\n"
	              "# perfviews run 2/2\n\n"
	              "a 1 2.0: 1 c:\n\t1 f (/x)\n\n"
	              "# perfviews runs are not a marker\n");
	ck_assert_uint_eq(w.samples, 4);
	ck_assert_uint_eq(w.run[1], 1);
	ck_assert_uint_eq(w.run[2], 1);
	ck_assert_uint_eq(w.run[3], 2);
	read_text(&w, "# perfviews run 1/1\na 1 1.0: 1 c:\n\n");
	ck_assert_uint_eq(w.run[4], 3);
	ck_assert_uint_eq(w.st.run, 3);
	seen_free(&w);
}
END_TEST

struct finish_case {
	const char *event;
	const char *text;
};

static void
read_and_finish(void *arg)
{
	const struct finish_case *fc = arg;
	struct sample_stream_options opt = {0};
	struct seen w;

	progname = "prog";
	opt.event = fc->event;
	seen_init(&w, &opt);
	w.st.folded = on_folded;
	read_text(&w, fc->text);
	bool ok = sample_stream_finish(&w.st);
	seen_free(&w);
	exit(ok ? 0 : 1);
}

START_TEST(finish_says_no_samples)
{
	struct finish_case empty = {NULL, ""};
	struct finish_case comments = {NULL, "# nothing\n\n"};
	struct finish_case other = {"cycles", "a 1 1.0: 1 cpu-clock:\n\n"};
	struct finish_case some = {NULL, "a 1 1.0: 1 cpu-clock:\n\n"};
	struct unit_child c;

	unit_child_run(read_and_finish, &empty, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: no samples\n");
	unit_child_run(read_and_finish, &comments, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: no samples\n");
	unit_child_run(read_and_finish, &other, &c);
	ck_assert_int_eq(c.status, 1);
	ck_assert_str_eq(c.err, "prog: no samples of event cycles; the input "
	                        "has cpu-clock (1 sample)\n");
	unit_child_run(read_and_finish, &some, &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_str_eq(c.err, "");
}
END_TEST

int
main(void)
{
	const TTest *tests[] = {
	    root_names,
	    root_cache_follows_threads,
	    inputs_share_frame_ids,
	    event_selection,
	    runs_counted_by_their_markers,
	    folded_input_to_its_callback,
	    folded_input_without_callback_is_bad_perf_script,
	    strict_makes_bad_lines_fatal,
	    frame_rewriter_applied,
	    finish_says_no_samples,
	    NULL};
	return unit_main("sample_stream", tests);
}

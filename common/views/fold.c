/*
 * fold.c - see fold.h.
 */
#include <string.h>

#include "input/frame_tidy.h"
#include "interp/eval_loop.h"
#include "input/inline_chain.h"
#include "symbols/symbols.h"
#include "views/fold.h"

void
fold_init(struct fold *f, const struct fold_options *opt,
          struct string_table *names)
{
	memset(f, 0, sizeof *f);
	f->opt = *opt;
	f->names = names;
	stack_weights_init(&f->stacks);
	if (opt->bytecode)
		f->loops = eval_loops_new();
}

void
fold_free(struct fold *f)
{
	if (f->loops != NULL)
		eval_loops_free(f->loops);
	id_map_free(&f->name_of[0]);
	id_map_free(&f->name_of[1]);
	stack_weights_free(&f->stacks);
}

/* The display name of a frame, with its annotation. */
static uint32_t
make_name(struct fold *c, const struct perf_frame *f, bool java)
{
	char *buf = stack_weights_name_room(&c->stacks, f, f->dso);
	size_t n =
	    frame_tidy(f->symbol, f->dso, f->addr, c->opt.addrs, java, buf);
	const char *note = NULL;

	if (f->inlined) {
		/* A chain split from the name was marked there: always. */
		if (c->opt.inlined || inline_named(f))
			note = "_[i]";
	} else if (dso_is_kernel(f->dso)) {
		if (c->opt.kernel)
			note = "_[k]";
	} else if (dso_is_jit(f->dso)) {
		if (c->opt.jit)
			note = "_[j]";
	}
	if (note != NULL) {
		memcpy(buf + n, note, 4);
		n += 4;
	}
	/* "func:file.c:12", as stackcollapse-perf.pl --srcline writes it. */
	if (c->opt.srcline && srcline_has_line(f->srcline))
		n += srcline_append(buf + n, f->srcline);
	return string_table_intern(c->names, span_make(buf, n));
}

static uint32_t
frame_name(struct fold *c, const struct perf_frame *f, bool java)
{
	/* An unknown symbol with its address is unique to the address. */
	if (c->opt.addrs && frame_symbol_unknown(f->symbol))
		return make_name(c, f, java);
	/* A frame id is a function, not a line of it. */
	if (c->opt.srcline && f->srcline.n > 0)
		return make_name(c, f, java);

	uint32_t name = id_map_get(&c->name_of[java], f->id);
	if (name == ID_MAP_NONE) {
		name = make_name(c, f, java);
		id_map_set(&c->name_of[java], f->id, name);
	}
	return name;
}

/*
 * With python, interpreter frames between two Python-level frames are
 * glue: what runs one Python function from another.  They are dropped so
 * the stack reads caller -> callee in Python terms.
 */
static bool
is_glue(const struct perf_frame *f)
{
	if (symbol_is_python(f->symbol))
		return false;
	if (dso_is_python(f->dso))
		return true;
	return frame_symbol_unknown(f->symbol) &&
	       (f->dso.n == 0 || span_eq_cstr(f->dso, "[unknown]"));
}

/*
 * The name of the instruction frame f of the eval loop was in, or
 * ID_MAP_NONE when its loop cannot be placed.  innermost: no frame of
 * its own is above it (the address is in the loop); else f's address is
 * a return address, and the call is the byte before it.
 */
static uint32_t
instruction_name(struct fold *c, const struct perf_frame *f, bool innermost)
{
	const struct eval_loop *loop = eval_loops_get(c->loops, f->dso);
	uint64_t offset = f->offset - (!innermost && f->offset > 0);
	uint32_t part;

	if (eval_loop_place(loop, f->symbol, offset, &part) == EVAL_UNPLACED)
		return ID_MAP_NONE;
	return string_table_intern(c->names, eval_loop_part(loop, part).name);
}

void
fold_sample(struct fold *c, const struct perf_sample *s, uint32_t root)
{
	bool java = span_starts_with(s->comm, "java");
	size_t first_py = SIZE_MAX, last_py = 0;
	size_t n = 0;

	if (c->opt.python) {
		for (size_t i = 0; i < s->nframes; i++) {
			if (!symbol_is_python(s->frames[i].symbol))
				continue;
			if (first_py == SIZE_MAX)
				first_py = i;
			last_py = i;
		}
	}
	/* The innermost frame that is no inlined call: the sample's own. */
	size_t own = 0;
	while (own + 1 < s->nframes && s->frames[own].inlined)
		own++;
	stack_weights_set(&c->stacks, n++, root);
	for (size_t i = s->nframes; i-- > 0;) {
		const struct perf_frame *f = &s->frames[i];
		if (first_py != SIZE_MAX && i > first_py && i < last_py &&
		    is_glue(f))
			continue;
		stack_weights_set(&c->stacks, n++, frame_name(c, f, java));
		if (c->loops != NULL && !f->inlined &&
		    eval_loop_symbol(f->symbol)) {
			uint32_t op = instruction_name(c, f, i == own);
			if (op != ID_MAP_NONE)
				stack_weights_set(&c->stacks, n++, op);
		}
	}
	stack_weights_add(&c->stacks, n, c->opt.period ? s->period : 1);
}

void
fold_take(void *ctx, const struct perf_sample *s, uint32_t root)
{
	fold_sample(ctx, s, root);
}

void
fold_write(const struct fold *f, FILE *out)
{
	stack_weights_write_folded(&f->stacks, f->names, out);
}

void
fold_each(const struct fold *f,
          void (*line)(void *ctx, struct span stack, uint64_t weight),
          void *ctx)
{
	stack_weights_each_folded(&f->stacks, f->names, line, ctx);
}

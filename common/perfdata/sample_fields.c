/*
 * sample_fields.c - see sample_fields.h.
 */
#include <string.h>

#include "perfdata/sample_fields.h"

/* A cursor over a record's words, bounded by its end. */
struct cursor {
	const unsigned char *p, *end;
	bool bad;
};

static uint64_t
word(struct cursor *c)
{
	if (c->end - c->p < 8) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
	uint64_t v = load_u64(c->p);
	c->p += 8;
	return v;
}

/* Skip n bytes; false (and bad) when fewer are left. */
static const unsigned char *
bytes(struct cursor *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return NULL;
	}
	const unsigned char *at = c->p;
	c->p += n;
	return at;
}

static void
skip_words(struct cursor *c, uint64_t n)
{
	if (n > (uint64_t)(c->end - c->p) / 8) {
		c->bad = true;
		c->p = c->end;
		return;
	}
	c->p += 8 * n;
}

static void
init_sample(const struct perf_file_event *e, const struct perf_record *r,
            struct sample_fields *s)
{
	memset(s, 0, sizeof *s);
	s->event = e;
	s->cpumode = r->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	s->pid = s->tid = -1;
	s->time = UINT64_MAX;
	s->id = UINT64_MAX;
	s->cpu = UINT32_MAX;
	s->period = e->attr.sample_period; /* perf's default, as is */
}

static void
read_values(struct cursor *c, uint64_t read_format)
{
	unsigned per = 1 + !!(read_format & PERF_FORMAT_ID) +
	               !!(read_format & PERF_FORMAT_LOST);
	unsigned times = !!(read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
	                 !!(read_format & PERF_FORMAT_TOTAL_TIME_RUNNING);
	if (read_format & PERF_FORMAT_GROUP) {
		uint64_t nr = word(c);
		skip_words(c, times);
		if (nr > (uint64_t)(c->end - c->p) / 8 / per) {
			c->bad = true;
			return;
		}
		skip_words(c, nr * per);
	} else {
		skip_words(c, per + times);
	}
}

static void
regs(struct cursor *c, uint64_t mask, uint64_t *abi, const unsigned char **at)
{
	*abi = word(c);
	if (*abi != PERF_SAMPLE_REGS_ABI_NONE) {
		*at = c->p;
		skip_words(c, (uint64_t)__builtin_popcountll(mask));
	}
}

bool
sample_fields_parse(const struct perf_file_event *e,
                    const struct perf_record *r, struct sample_fields *s)
{
	const struct perf_event_attr *a = &e->attr;
	uint64_t type = a->sample_type;
	struct cursor c = {r->p + 8, r->p + r->size, false};

	init_sample(e, r, s);
	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = word(&c);
	if (type & PERF_SAMPLE_IP)
		s->ip = word(&c);
	if (type & PERF_SAMPLE_TID) {
		uint64_t w = word(&c);
		s->pid = (int32_t)(uint32_t)w;
		s->tid = (int32_t)(uint32_t)(w >> 32);
	}
	if (type & PERF_SAMPLE_TIME)
		s->time = word(&c);
	if (type & PERF_SAMPLE_ADDR)
		word(&c);
	if (type & PERF_SAMPLE_ID)
		s->id = word(&c);
	if (type & PERF_SAMPLE_STREAM_ID)
		word(&c);
	if (type & PERF_SAMPLE_CPU)
		s->cpu = (uint32_t)word(&c);
	if (type & PERF_SAMPLE_PERIOD)
		s->period = word(&c);
	if (type & PERF_SAMPLE_READ)
		read_values(&c, a->read_format);
	if (type & PERF_SAMPLE_CALLCHAIN) {
		s->callchain_nr = word(&c);
		if (s->callchain_nr > (uint64_t)(c.end - c.p) / 8)
			return false;
		s->callchain = c.p;
		c.p += 8 * s->callchain_nr;
	}
	if (type & PERF_SAMPLE_RAW) {
		/* u32 size, its bytes; together a whole number of words. */
		if (c.end - c.p < 4)
			return false;
		uint32_t size = load_u32(c.p);
		bytes(&c, ((uint64_t)size + 4 + 7) / 8 * 8);
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		uint64_t nr = word(&c);
		if (a->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
			word(&c);
		if (nr > (uint64_t)(c.end - c.p) / 24)
			return false;
		skip_words(&c, nr * 3);
	}
	if (type & PERF_SAMPLE_REGS_USER) {
		s->regs_mask = a->sample_regs_user;
		regs(&c, a->sample_regs_user, &s->regs_abi, &s->regs);
	}
	if (type & PERF_SAMPLE_STACK_USER) {
		uint64_t size = word(&c);
		if (size > 0) {
			s->stack = bytes(&c, size);
			s->stack_size = word(&c); /* dyn_size */
			if (s->stack_size > size)
				return false;
		}
	}
	/* The rest is not used; a short record is still an error. */
	if (type & PERF_SAMPLE_WEIGHT_TYPE)
		word(&c);
	if (type & PERF_SAMPLE_DATA_SRC)
		word(&c);
	if (type & PERF_SAMPLE_TRANSACTION)
		word(&c);
	if (type & PERF_SAMPLE_REGS_INTR) {
		uint64_t abi;
		const unsigned char *at;
		regs(&c, a->sample_regs_intr, &abi, &at);
	}
	if (type & PERF_SAMPLE_PHYS_ADDR)
		word(&c);
	if (type & PERF_SAMPLE_CGROUP)
		word(&c);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		word(&c);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		word(&c);
	if (type & PERF_SAMPLE_AUX)
		bytes(&c, word(&c));
	if (s->regs == NULL)
		s->regs_abi = PERF_SAMPLE_REGS_ABI_NONE;
	return !c.bad;
}

bool
sample_fields_id(const struct perf_file_event *e, const struct perf_record *r,
                 struct sample_fields *s)
{
	uint64_t type = e->attr.sample_type;

	init_sample(e, r, s);
	if (!e->attr.sample_id_all)
		return true;
	/* From the end back: IDENTIFIER, CPU, STREAM_ID, ID, TIME, TID. */
	const unsigned char *p = r->p + r->size;
	const unsigned char *start = r->p + 8;
#define BACK(field_bit)                                                        \
	((type & (field_bit)) && p - start >= 8 ? (p -= 8, true)               \
	                                        : !(type & (field_bit)))
	if (!BACK(PERF_SAMPLE_IDENTIFIER))
		return false;
	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = load_u64(p);
	if (!BACK(PERF_SAMPLE_CPU))
		return false;
	if (type & PERF_SAMPLE_CPU)
		s->cpu = load_u32(p);
	if (!BACK(PERF_SAMPLE_STREAM_ID))
		return false;
	if (!BACK(PERF_SAMPLE_ID))
		return false;
	if (type & PERF_SAMPLE_ID)
		s->id = load_u64(p);
	if (!BACK(PERF_SAMPLE_TIME))
		return false;
	if (type & PERF_SAMPLE_TIME)
		s->time = load_u64(p);
	if (!BACK(PERF_SAMPLE_TID))
		return false;
	if (type & PERF_SAMPLE_TID) {
		s->pid = (int32_t)load_u32(p);
		s->tid = (int32_t)load_u32(p + 4);
	}
#undef BACK
	return true;
}

bool
sample_fields_reg(const struct sample_fields *s, unsigned reg, uint64_t *value)
{
	if (s->regs == NULL || reg >= 64 || !((s->regs_mask >> reg) & 1))
		return false;
	unsigned index = (unsigned)__builtin_popcountll(
	    s->regs_mask & ((UINT64_C(1) << reg) - 1));
	*value = load_u64(s->regs + 8 * (size_t)index);
	return true;
}

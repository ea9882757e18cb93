/*
 * perf_data.c - see perf_data.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/message.h"
#include "perfdata/perf_data.h"

void
perf_data_open(struct perf_data *d, const char *path)
{
	memset(d, 0, sizeof *d);
	perf_file_open(&d->file, path);
	machine_init(&d->machine);
	/* perf_session__register_idle_thread */
	machine_comm(&d->machine, 0, 0, "swapper", 7, false);
	event_queue_init(&d->queue);
	d->unwind = dwarf_unwind_new(&d->file);
}

void
perf_data_close(struct perf_data *d)
{
	dwarf_unwind_free(d->unwind);
	sample_chain_free(&d->chain);
	event_queue_free(&d->queue);
	machine_free(&d->machine);
	perf_file_close(&d->file);
}

/* The NUL-ended string at p, within the record's n bytes left. */
static size_t
string_len(const unsigned char *p, size_t n)
{
	return strnlen((const char *)p, n);
}

static void
sample_record(struct perf_data *d, const struct perf_record *r,
              const struct perf_file_event *e)
{
	struct sample_fields s;

	if (e == NULL) {
		d->unknown_ids++;
		return;
	}
	if (!sample_fields_parse(e, r, &s))
		perf_file_corrupt(&d->file, r->offset,
		                  "a sample too short for its sample_type "
		                  "(%" PRIu32 " bytes)",
		                  r->size);
	if (s.cpumode == PERF_RECORD_MISC_GUEST_KERNEL ||
	    s.cpumode == PERF_RECORD_MISC_GUEST_USER) {
		d->guest_samples++;
		return;
	}
	struct thread *t = machine_thread(&d->machine, s.pid, s.tid);
	sample_chain_resolve(&d->chain, &d->machine, t, &s, d->unwind);
	struct perf_data_sample ps = {&s, t, thread_comm(&d->machine, t),
	                              &d->chain};
	d->samples++;
	d->sample(d->ctx, &ps);
}

static void
mmap_record(struct perf_data *d, const struct perf_record *r)
{
	const unsigned char *p = r->p + 8;
	size_t left = r->size - 8;
	bool v2 = r->type == PERF_RECORD_MMAP2;
	size_t fixed = v2 ? 8 + 24 + 24 + 8 : 8 + 24;
	uint8_t cpumode = r->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	if (left < fixed)
		perf_file_corrupt(&d->file, r->offset,
		                  "an mmap record of %" PRIu32 " bytes",
		                  r->size);
	int32_t pid = (int32_t)load_u32(p), tid = (int32_t)load_u32(p + 4);
	uint64_t start = load_u64(p + 8), len = load_u64(p + 16),
	         pgoff = load_u64(p + 24);
	bool exec = !(r->misc & PERF_RECORD_MISC_MMAP_DATA);
	bool hugetlb = false;
	if (v2) {
		uint32_t prot = load_u32(p + 56), flags = load_u32(p + 60);
		exec = (prot & 4) != 0;           /* PROT_EXEC */
		hugetlb = (flags & 0x40000) != 0; /* MAP_HUGETLB */
	}
	const unsigned char *name = p + fixed;
	machine_mmap(&d->machine, pid, tid,
	             cpumode == PERF_RECORD_MISC_KERNEL ||
	                 cpumode == PERF_RECORD_MISC_GUEST_KERNEL,
	             start, len, pgoff, exec, hugetlb, (const char *)name,
	             string_len(name, left - fixed));
}

static void
task_record(struct perf_data *d, const struct perf_record *r)
{
	const unsigned char *p = r->p + 8;
	size_t left = r->size - 8;

	if (r->type == PERF_RECORD_COMM) {
		if (left < 8)
			perf_file_corrupt(&d->file, r->offset,
			                  "a comm record of %" PRIu32 " bytes",
			                  r->size);
		machine_comm(&d->machine, (int32_t)load_u32(p),
		             (int32_t)load_u32(p + 4), (const char *)p + 8,
		             string_len(p + 8, left - 8),
		             (r->misc & PERF_RECORD_MISC_COMM_EXEC) != 0);
		return;
	}
	if (left < 16)
		perf_file_corrupt(&d->file, r->offset,
		                  "a fork record of %" PRIu32 " bytes",
		                  r->size);
	machine_fork(&d->machine, (int32_t)load_u32(p),
	             (int32_t)load_u32(p + 8), (int32_t)load_u32(p + 4),
	             (int32_t)load_u32(p + 12),
	             (r->misc & PERF_RECORD_MISC_FORK_EXEC) != 0);
}

/* A record in time order: what perf's tool callbacks do with it. */
static void
deliver(struct perf_data *d, const struct perf_record *r)
{
	switch (r->type) {
	case PERF_RECORD_SAMPLE:
		sample_record(d, r, perf_file_event_of(&d->file, r));
		break;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		mmap_record(d, r);
		break;
	case PERF_RECORD_COMM:
		task_record(d, r);
		break;
	case PERF_RECORD_FORK:
		task_record(d, r);
		break;
	default:
		break; /* EXIT, LOST, THROTTLE, SWITCH...: nothing printed */
	}
}

/* The time perf orders a record by; 0 or UINT64_MAX: deliver it now. */
static uint64_t
record_time(struct perf_data *d, const struct perf_record *r)
{
	const struct perf_file_event *e = perf_file_event_of(&d->file, r);
	struct sample_fields s;

	if (e == NULL || !(e->attr.sample_type & PERF_SAMPLE_TIME))
		return UINT64_MAX;
	if (r->type == PERF_RECORD_SAMPLE) {
		if (r->size < 8 + e->sample_size)
			perf_file_corrupt(&d->file, r->offset,
			                  "a sample of %" PRIu32 " bytes, too "
			                  "short for its sample_type",
			                  r->size);
		unsigned at = !!(e->attr.sample_type & PERF_SAMPLE_IDENTIFIER) +
		              !!(e->attr.sample_type & PERF_SAMPLE_IP) +
		              !!(e->attr.sample_type & PERF_SAMPLE_TID);
		return load_u64(r->p + 8 + 8 * at);
	}
	if (!e->attr.sample_id_all)
		return UINT64_MAX;
	if (!sample_fields_id(e, r, &s))
		perf_file_corrupt(&d->file, r->offset,
		                  "a record too short for its sample_id");
	return s.time;
}

static void
flush(struct perf_data *d, uint64_t limit)
{
	struct perf_record r;
	while (event_queue_pop(&d->queue, limit, &r)) {
		deliver(d, &r);
		perf_file_release(&d->file, &r);
	}
}

/* The counts behind perf_data_warn_lost. */
static void
count_lost(struct perf_data *d, const struct perf_record *r)
{
	if (r->type == PERF_RECORD_SAMPLE)
		d->sample_records++;
	else if (r->type == PERF_RECORD_LOST)
		d->lost_chunks++;
	else if (r->type == PERF_RECORD_LOST_SAMPLES && r->size >= 16)
		d->lost_samples += load_u64(r->p + 8);
}

void
perf_data_warn_lost(const struct perf_data *d)
{
	/* perf_session__warn_about_errors, through ui__warning. */
	if (d->lost_chunks > 0)
		fprintf(stderr,
		        "Warning:\nProcessed %d events and lost %d chunks!\n\n"
		        "Check IO/CPU overload!\n\n",
		        (int)d->records, (int)d->lost_chunks);
	uint64_t all = d->sample_records + d->lost_samples;
	if (all > 0 && (double)d->lost_samples / (double)all > 0.05)
		fprintf(stderr,
		        "Warning:\nProcessed %" PRIu64
		        " samples and lost %3.2f%%!\n\n",
		        all, (double)d->lost_samples / (double)all * 100.0);
}

void
perf_data_read(struct perf_data *d)
{
	struct perf_record r;

	while (perf_file_next(&d->file, &r)) {
		d->records++;
		if (d->file.refused != NULL)
			perf_file_corrupt(&d->file, r.offset,
			                  "%s: not read here", d->file.refused);
		if (r.type >= PERF_RECORD_HEADER_ATTR) {
			if (r.type == PERF_RECORD_FINISHED_ROUND)
				flush(d, event_queue_round(&d->queue));
			else if (r.type >= PERF_RECORD_PERF_MAX)
				perf_file_corrupt(
				    &d->file, r.offset,
				    "a record of unknown type %" PRIu32,
				    r.type);
			continue;
		}
		if (r.type >= PERF_RECORD_MAX)
			perf_file_corrupt(&d->file, r.offset,
			                  "a record of unknown type %" PRIu32,
			                  r.type);
		count_lost(d, &r);
		uint64_t t = record_time(d, &r);
		if (t == 0 || t == UINT64_MAX)
			deliver(d, &r);
		else {
			perf_file_hold(&d->file, &r);
			event_queue_push(&d->queue, &r, t);
		}
	}
	flush(d, UINT64_MAX);
}

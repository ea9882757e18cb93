/*
 * perf_header.c - see perf_header.h.
 *
 * Layout of a file's header (all native-endian words): magic[8],
 * size, attr_size, then the sections (offset, size) of the attributes,
 * the data and the (unused) event types, then the 256-bit feature map.
 * Each attribute entry is attr_size bytes of perf_event_attr followed by
 * the section of its ids.  Feature sections follow the data, one
 * (offset, size) per bit set, in bit order.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/message.h"
#include "base/xalloc.h"
#include "perfdata/perf_file.h"
#include "perfdata/perf_header.h"

enum {
	MAX_EVENTS = 1 << 16,        /* more is not a recording */
	MAX_NAME = 4096,             /* of an event */
	BUILD_ID_SIZE_SET = 1 << 15, /* PERF_RECORD_MISC_BUILD_ID_SIZE */
};

/* The fixed-size sample fields: 8 bytes each (perf's PERF_SAMPLE_MASK). */
#define FIXED_FIELDS                                                           \
	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |                 \
	 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |           \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_IDENTIFIER)

bool
perf_file_has_feature(const struct perf_file *f, unsigned bit)
{
	return bit < FEAT_BITS && (f->features[bit / 64] >> (bit % 64)) & 1;
}

/* ---- events ---- */

/* Where the id is in a sample, from its start (perf's id_pos). */
static int
id_position(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return !!(type & PERF_SAMPLE_IP) + !!(type & PERF_SAMPLE_TID) +
	       !!(type & PERF_SAMPLE_TIME) + !!(type & PERF_SAMPLE_ADDR);
}

/* Where it is in the sample_id of another record, from its end. */
static int
is_position(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return 1 + !!(type & PERF_SAMPLE_CPU) +
	       !!(type & PERF_SAMPLE_STREAM_ID);
}

/* What the reader does not print as perf does, said once. */
static void
check_event(struct perf_file *f, const struct perf_file_event *e)
{
	const struct perf_event_attr *a = &e->attr;

	if (a->type == PERF_TYPE_TRACEPOINT)
		perf_file_refuse(
		    f, "tracepoint events (perf prints their fields)");
	else if (a->type == PERF_TYPE_RAW)
		perf_file_refuse(f, "raw PMU events (perf prints more fields)");
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK)
		perf_file_refuse(f, "branch stacks (-b, --call-graph lbr)");
	if (a->sample_type & PERF_SAMPLE_AUX)
		perf_file_refuse(f, "AUX area samples");
	if (f->nevents > 1) {
		const struct perf_file_event *first = &f->events[0];
		if (e->id_pos != first->id_pos || e->is_pos != first->is_pos)
			perf_file_refuse(
			    f, "events whose sample ids are not at one "
			       "place");
		if (e->id_pos < 0)
			perf_file_refuse(f,
			                 "several events without sample ids");
	}
}

/* Add an event from attr_size bytes at p, with nids ids at ids. */
static struct perf_file_event *
add_event(struct perf_file *f, const unsigned char *p, size_t attr_size,
          const unsigned char *ids, size_t nids)
{
	if (f->nevents >= MAX_EVENTS)
		perf_file_corrupt(f, 0, "more than %d events", MAX_EVENTS);
	f->events = array_reserve(f->events, &f->events_cap, f->nevents + 1,
	                          sizeof *f->events);
	struct perf_file_event *e = &f->events[f->nevents];
	memset(e, 0, sizeof *e);
	memcpy(&e->attr, p,
	       attr_size < sizeof e->attr ? attr_size : sizeof e->attr);
	uint64_t type = e->attr.sample_type;
	e->id_pos = id_position(type);
	e->is_pos = is_position(type);
	e->sample_size = 8 * (size_t)__builtin_popcountll(type & FIXED_FIELDS);
	for (size_t i = 0; i < nids; i++)
		u64_map_put(&f->ids, load_u64(ids + 8 * i),
		            (uint32_t)f->nevents);
	f->nevents++;
	check_event(f, e);
	return e;
}

static void
set_name(struct perf_file_event *e, const char *p, size_t n)
{
	size_t len = strnlen(p, n < MAX_NAME ? n : MAX_NAME);
	free(e->name);
	e->name = xstrndup(p, len);
}

/* ---- bounds ---- */

/* Is [off, off + n) inside the mapped file? */
static bool
inside(const struct perf_file *f, uint64_t off, uint64_t n)
{
	return off <= f->map_size && n <= f->map_size - off;
}

static const unsigned char *
section(const struct perf_file *f, uint64_t at, const char *what,
        uint64_t *size)
{
	uint64_t off = load_u64(f->map + at);
	*size = load_u64(f->map + at + 8);
	if (!inside(f, off, *size))
		perf_file_corrupt(f, at,
		                  "the %s section (%" PRIu64 " bytes at "
		                  "%#" PRIx64
		                  ") is outside the file: cut short?",
		                  what, *size, off);
	return f->map + off;
}

/* ---- feature sections ---- */

/* A perf_header_string at *p (u32 length, then the bytes), in end. */
static bool
header_string(const unsigned char **p, const unsigned char *end, const char **s,
              size_t *n)
{
	if (end - *p < 4)
		return false;
	uint32_t len = load_u32(*p);
	if ((size_t)(end - *p - 4) < len)
		return false;
	*s = (const char *)*p + 4;
	*n = len;
	*p += 4 + len;
	return true;
}

/* HEADER_EVENT_DESC: names, matched to the events by their first id. */
static void
read_event_desc(struct perf_file *f, const unsigned char *p, uint64_t size,
                uint64_t off)
{
	const unsigned char *end = p + size;
	if (size < 8)
		perf_file_corrupt(f, off, "an event description too short");
	uint32_t nr = load_u32(p), attr_size = load_u32(p + 4);
	p += 8;
	if (attr_size < PERF_ATTR_SIZE_VER0)
		perf_file_corrupt(f, off, "an attribute size of %" PRIu32,
		                  attr_size);
	for (uint32_t i = 0; i < nr; i++) {
		const char *name;
		size_t n;
		if ((size_t)(end - p) < (size_t)attr_size + 4)
			perf_file_corrupt(
			    f, off,
			    "event description %" PRIu32 " is cut short", i);
		p += attr_size;
		uint32_t nids = load_u32(p);
		p += 4;
		if (!header_string(&p, end, &name, &n) ||
		    (size_t)(end - p) / 8 < nids)
			perf_file_corrupt(
			    f, off,
			    "event description %" PRIu32 " is cut short", i);
		uint32_t at =
		    nids > 0 ? u64_map_get(&f->ids, load_u64(p)) : U64_MAP_NONE;
		if (at == U64_MAP_NONE && i < f->nevents)
			at = i;
		if (at != U64_MAP_NONE && at < f->nevents)
			set_name(&f->events[at], name, n);
		p += 8 * (size_t)nids;
	}
}

/*
 * HEADER_CMDLINE: perf's arguments (its own path first), joined by
 * spaces with each ' written \', as perf report --header-only prints
 * them.  A section cut short keeps what it holds: the text is for
 * people, and nothing is read past it.
 */
static void
read_cmdline(struct perf_file *f, const unsigned char *p, uint64_t size)
{
	const unsigned char *end = p + size;
	if (size < 4)
		return;
	uint32_t nr = load_u32(p);
	p += 4;
	/* At most two bytes out for each byte in, and the NUL. */
	char *text = xmalloc(2 * (size_t)(end - p) + 1), *o = text;
	for (uint32_t i = 0; i < nr; i++) {
		const char *arg;
		size_t n;
		if (!header_string(&p, end, &arg, &n))
			break;
		if (i > 0)
			*o++ = ' ';
		for (size_t k = 0; k < n && arg[k] != '\0'; k++) {
			if (arg[k] == '\'')
				*o++ = '\\';
			*o++ = arg[k];
		}
	}
	*o = '\0';
	free(f->cmdline);
	f->cmdline = text;
}

/* One build_id_event of n bytes at p. */
static void
add_build_id(struct perf_file *f, const unsigned char *p, size_t n)
{
	/* header, pid, build_id[24], filename */
	if (n < 8 + 4 + 24 + 1)
		return;
	f->build_ids = array_reserve(f->build_ids, &f->build_ids_cap,
	                             f->nbuild_ids + 1, sizeof *f->build_ids);
	struct perf_build_id *b = &f->build_ids[f->nbuild_ids++];
	b->pid = (int32_t)load_u32(p + 8);
	memcpy(b->id, p + 12, sizeof b->id);
	b->size = load_u16(p + 2) & BUILD_ID_SIZE_SET ? p[12 + 20] : 20;
	if (b->size > sizeof b->id)
		b->size = sizeof b->id;
	b->filename = xstrndup((const char *)p + 36, n - 36);
}

static void
read_build_ids(struct perf_file *f, const unsigned char *p, uint64_t size)
{
	const unsigned char *end = p + size;
	while (end - p >= 8) {
		uint16_t n = load_u16(p + 6);
		if (n < 8 || n > end - p)
			break; /* perf stops there too */
		add_build_id(f, p, n);
		p += n;
	}
}

/* The feature sections of a file, after its data. */
static void
read_features(struct perf_file *f, uint64_t at)
{
	for (unsigned bit = 1; bit < FEAT_BITS; bit++) {
		if (!perf_file_has_feature(f, bit))
			continue;
		if (!inside(f, at, 16))
			perf_file_corrupt(f, at,
			                  "the feature sections are cut "
			                  "short");
		uint64_t size;
		const unsigned char *p = section(f, at, "feature", &size);
		uint64_t off = load_u64(f->map + at);
		if (bit == FEAT_EVENT_DESC)
			read_event_desc(f, p, size, off);
		else if (bit == FEAT_BUILD_ID)
			read_build_ids(f, p, size);
		else if (bit == FEAT_CMDLINE)
			read_cmdline(f, p, size);
		at += 16;
	}
	if (perf_file_has_feature(f, FEAT_COMPRESSED))
		perf_file_refuse(f, "compressed records (perf record -z)");
	if (perf_file_has_feature(f, FEAT_AUXTRACE))
		perf_file_refuse(f, "AUX area tracing data");
}

/* ---- the header of a file ---- */

void
perf_header_read(struct perf_file *f)
{
	if (!inside(f, 0, PERF_FILE_HEADER))
		perf_file_corrupt(f, 0, "the header is cut short");
	/* An entry: the attribute, then the section of its ids. */
	uint64_t entry = load_u64(f->map + 16);
	if (entry < PERF_ATTR_SIZE_VER0 + 16 || entry > 4096)
		perf_file_corrupt(
		    f, 16, "an attribute entry of %" PRIu64 " bytes", entry);
	size_t attr_size = (size_t)entry - 16;
	for (unsigned i = 0; i < FEAT_BITS / 64; i++)
		f->features[i] = load_u64(f->map + 72 + 8 * i);

	uint64_t attrs_size, data_size;
	const unsigned char *attrs = section(f, 24, "attribute", &attrs_size);
	const unsigned char *data = section(f, 40, "data", &data_size);
	if (attrs_size % entry != 0 || attrs_size == 0)
		perf_file_corrupt(f, 24,
		                  "an attribute section of %" PRIu64 " bytes",
		                  attrs_size);
	for (const unsigned char *p = attrs; p < attrs + attrs_size;
	     p += entry) {
		uint64_t ids_size;
		const unsigned char *ids = section(
		    f, (uint64_t)(p + attr_size - f->map), "ids", &ids_size);
		add_event(f, p, attr_size, ids, ids_size / 8);
	}
	f->pos = (uint64_t)(data - f->map);
	f->data_end = f->pos + data_size;
	if (data_size == 0) {
		warnmsg("%s: the data size in the header is 0: perf record "
		        "did not finish; reading to the end of the file",
		        f->name);
		f->data_end = f->map_size;
	} else {
		read_features(f, f->data_end);
	}
}

/* ---- the pipe format's records ---- */

/* A pipe's HEADER_ATTR: the attribute, then its ids. */
static void
take_attr(struct perf_file *f, const struct perf_record *r)
{
	const unsigned char *p = r->p + 8;
	size_t left = r->size - 8;
	uint32_t attr_size = left >= 8 ? load_u32(p + 4) : 0; /* attr.size */
	if (attr_size == 0)
		attr_size = PERF_ATTR_SIZE_VER0;
	if (attr_size < PERF_ATTR_SIZE_VER0 || attr_size > left)
		perf_file_corrupt(f, r->offset,
		                  "an attribute record of %zu "
		                  "bytes for %" PRIu32,
		                  left, attr_size);
	add_event(f, p, attr_size, p + attr_size, (left - attr_size) / 8);
}

/* EVENT_UPDATE: an event's name, by its id. */
static void
take_event_update(struct perf_file *f, const struct perf_record *r)
{
	if (r->size < 24 || load_u64(r->p + 8) != PERF_EVENT_UPDATE_NAME)
		return;
	uint32_t at = u64_map_get(&f->ids, load_u64(r->p + 16));
	if (at != U64_MAP_NONE)
		set_name(&f->events[at], (const char *)r->p + 24, r->size - 24);
}

/* HEADER_FEATURE: a feature section, of the pipe format. */
static void
take_feature(struct perf_file *f, const struct perf_record *r)
{
	if (r->size < 16)
		return;
	uint64_t bit = load_u64(r->p + 8);
	if (bit >= FEAT_BITS)
		return;
	f->features[bit / 64] |= UINT64_C(1) << (bit % 64);
	if (bit == FEAT_EVENT_DESC)
		read_event_desc(f, r->p + 16, r->size - 16, r->offset);
	else if (bit == FEAT_BUILD_ID)
		read_build_ids(f, r->p + 16, r->size - 16);
	else if (bit == FEAT_CMDLINE)
		read_cmdline(f, r->p + 16, r->size - 16);
	else if (bit == FEAT_COMPRESSED)
		perf_file_refuse(f, "compressed records (perf record -z)");
	else if (bit == FEAT_AUXTRACE)
		perf_file_refuse(f, "AUX area tracing data");
}

void
perf_header_take(struct perf_file *f, const struct perf_record *r)
{
	switch (r->type) {
	case PERF_RECORD_HEADER_ATTR:
		take_attr(f, r);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		take_event_update(f, r);
		break;
	case PERF_RECORD_HEADER_FEATURE:
		take_feature(f, r);
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		add_build_id(f, r->p, r->size);
		break;
	}
}

void
perf_header_free(struct perf_file *f)
{
	for (size_t i = 0; i < f->nevents; i++)
		free(f->events[i].name);
	free(f->events);
	for (size_t i = 0; i < f->nbuild_ids; i++)
		free(f->build_ids[i].filename);
	free(f->build_ids);
	free(f->cmdline);
	u64_map_free(&f->ids);
}

const struct perf_file_event *
perf_file_event_of(const struct perf_file *f, const struct perf_record *r)
{
	if (f->nevents == 0)
		return NULL;
	const struct perf_file_event *first = &f->events[0];
	if (f->nevents == 1)
		return first;
	if (!first->attr.sample_id_all && r->type != PERF_RECORD_SAMPLE)
		return first;
	size_t words = (r->size - 8) / 8;
	uint64_t id;
	if (r->type == PERF_RECORD_SAMPLE) {
		if (first->id_pos < 0 || (size_t)first->id_pos >= words)
			return NULL;
		id = load_u64(r->p + 8 + 8 * (size_t)first->id_pos);
	} else {
		if (first->is_pos < 0 || (size_t)first->is_pos > words)
			return NULL;
		id = load_u64(r->p + 8 + 8 * (words - (size_t)first->is_pos));
	}
	if (id == 0) /* synthesized records */
		return first;
	uint32_t at = u64_map_get(&f->ids, id);
	return at == U64_MAP_NONE ? NULL : &f->events[at];
}

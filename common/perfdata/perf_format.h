/*
 * perf_format.h - the parts of the perf.data format that the kernel's
 * <linux/perf_event.h> does not hold: perf's own record types, the
 * feature sections of the file header, and loads of unaligned native
 * words.
 *
 * From perf's tools/perf/Documentation/perf.data-file-format.txt: a file
 * starts with "PERFILE2", the header's size (104 for a file, 16 for the
 * pipe format), then in a file the attributes' and the data's sections
 * and a 256-bit map of the feature sections that follow the data.
 */
#ifndef PERFVIEWS_PERF_FORMAT_H
#define PERFVIEWS_PERF_FORMAT_H

#include <linux/perf_event.h>
#include <stdint.h>
#include <string.h>

#define PERF_MAGIC       "PERFILE2"
#define PERF_FILE_HEADER 104 /* bytes of a file's header */
#define PERF_PIPE_HEADER 16  /* of the pipe format's */

/* Records that perf writes itself (PERF_RECORD_USER_TYPE_START on). */
enum {
	PERF_RECORD_HEADER_ATTR = 64,
	PERF_RECORD_HEADER_EVENT_TYPE = 65,
	PERF_RECORD_HEADER_TRACING_DATA = 66,
	PERF_RECORD_HEADER_BUILD_ID = 67,
	PERF_RECORD_FINISHED_ROUND = 68,
	PERF_RECORD_ID_INDEX = 69,
	PERF_RECORD_AUXTRACE_INFO = 70,
	PERF_RECORD_AUXTRACE = 71,
	PERF_RECORD_AUXTRACE_ERROR = 72,
	PERF_RECORD_THREAD_MAP = 73,
	PERF_RECORD_CPU_MAP = 74,
	PERF_RECORD_STAT_CONFIG = 75,
	PERF_RECORD_STAT = 76,
	PERF_RECORD_STAT_ROUND = 77,
	PERF_RECORD_EVENT_UPDATE = 78,
	PERF_RECORD_TIME_CONV = 79,
	PERF_RECORD_HEADER_FEATURE = 80,
	PERF_RECORD_COMPRESSED = 81,
	PERF_RECORD_FINISHED_INIT = 82,
	PERF_RECORD_PERF_MAX, /* the first type perf 6.1 does not know */
};

/* PERF_RECORD_EVENT_UPDATE's kinds: only the name is read here. */
enum { PERF_EVENT_UPDATE_NAME = 2 };

/* Feature sections (the bits of the header's map). */
enum {
	FEAT_TRACING_DATA = 1,
	FEAT_BUILD_ID = 2,
	FEAT_HOSTNAME = 3,
	FEAT_CMDLINE = 11,
	FEAT_EVENT_DESC = 12,
	FEAT_AUXTRACE = 18,
	FEAT_COMPRESSED = 27,
	FEAT_BITS = 256,
};

/* PERF_CONTEXT_* markers in a call chain are this or above. */
#define PERF_CONTEXT_FIRST ((uint64_t)PERF_CONTEXT_MAX)

/* The perf sample registers of x86_64 (sample_regs_user bits). */
enum {
	PERF_X86_AX = 0,
	PERF_X86_BX = 1,
	PERF_X86_CX = 2,
	PERF_X86_DX = 3,
	PERF_X86_SI = 4,
	PERF_X86_DI = 5,
	PERF_X86_BP = 6,
	PERF_X86_SP = 7,
	PERF_X86_IP = 8,
	PERF_X86_R8 = 16,
	PERF_X86_R15 = 23,
};

/* Native words at any alignment: records need not be 8-byte aligned. */
static inline uint64_t
load_u64(const void *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint32_t
load_u32(const void *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint16_t
load_u16(const void *p)
{
	uint16_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

#endif

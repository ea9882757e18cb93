/*
 * sample_fields.h - the fields of a PERF_RECORD_SAMPLE, and the sample_id
 * of other records, parsed by their event's sample_type.
 *
 * A sample holds, in this order and each only when its bit is set in
 * sample_type: IDENTIFIER, IP, TID (pid, tid), TIME, ADDR, ID,
 * STREAM_ID, CPU, PERIOD, READ (by read_format), CALLCHAIN (nr, ips),
 * RAW (u32 size, bytes), BRANCH_STACK (nr, [hw_idx], entries), REGS_USER
 * (abi, a word per bit of sample_regs_user), STACK_USER (size, bytes,
 * dyn_size), WEIGHT, DATA_SRC, TRANSACTION, REGS_INTR, PHYS_ADDR,
 * CGROUP, DATA_PAGE_SIZE, CODE_PAGE_SIZE, AUX (size, bytes).  Another
 * record with sample_id_all ends with TID, TIME, ID, STREAM_ID, CPU,
 * IDENTIFIER (those set).
 *
 * Every field is checked against the record's size: a record too short
 * for what its event says it holds is an error (false), never a read
 * outside it.  The call chain, registers and stack point into the record.
 */
#ifndef PERFVIEWS_SAMPLE_FIELDS_H
#define PERFVIEWS_SAMPLE_FIELDS_H

#include <stdbool.h>
#include <stdint.h>

#include "perfdata/perf_file.h"

struct sample_fields {
	const struct perf_file_event *event;
	uint8_t cpumode; /* PERF_RECORD_MISC_CPUMODE_MASK of the header */
	uint64_t ip;
	int32_t pid, tid; /* -1 when not recorded */
	uint64_t time;    /* UINT64_MAX when not recorded */
	uint64_t id;
	uint32_t cpu; /* UINT32_MAX when not recorded */
	uint64_t period;
	/* The call chain: nr words at callchain (unaligned). */
	uint64_t callchain_nr;
	const unsigned char *callchain;
	/* User registers: abi 0 (none), else one word per bit of the mask. */
	uint64_t regs_abi;
	const unsigned char *regs;
	uint64_t regs_mask;
	/* User stack: dyn_size bytes copied from the stack pointer up. */
	const unsigned char *stack;
	uint64_t stack_size;
};

/* The sample of record r of event e; false when r is too short. */
bool sample_fields_parse(const struct perf_file_event *e,
                         const struct perf_record *r, struct sample_fields *s);

/*
 * The sample_id of a non-sample record: pid, tid, time, cpu, id; fields
 * not recorded as in sample_fields.  False when r is too short.
 */
bool sample_fields_id(const struct perf_file_event *e,
                      const struct perf_record *r, struct sample_fields *s);

/* The value of one user register (a PERF_X86_* bit); false if absent. */
bool sample_fields_reg(const struct sample_fields *s, unsigned reg,
                       uint64_t *value);

#endif

/*
 * machine.h - the state of the recorded machine as perf rebuilds it from
 * the side-band records: threads with their command names, processes
 * with their memory maps, the kernel's maps, and the DSOs the maps name.
 *
 * Followed rule by rule from perf 6.1 (machine.c, thread.c, map.c) so that
 * a sample is resolved as perf resolves it:
 *   - a thread is found by tid; one not seen before is made with the
 *     comm ":TID" and, when its pid is another thread's, shares that
 *     leader's maps (made too when needed); a thread seen first without
 *     a pid takes the leader's maps when a pid comes;
 *   - COMM sets the thread's comm (an exec's, but for a thread's first
 *     comm, flushes perf's cache of unwinding rules: execs); FORK
 *     replaces any thread of the
 *     child's tid by a new one, which takes the parent's comm (when set)
 *     and, for a new process, a copy of its maps (not for perf's own
 *     synthesized forks); EXIT changes nothing a sample shows;
 *   - MMAP and MMAP2 of pid -1 in kernel mode are the kernel's (its text
 *     map, [kernel.kallsyms]); others go into the process's maps, where
 *     a new map cuts away what it overlaps of older ones.  An anonymous
 *     executable map ("//anon", "[stack]", "[heap]"...) is the perf map
 *     /tmp/perf-PID.map, addresses taken as they are; "[vdso]" maps at
 *     offset 0;
 *   - a map turns an address into the DSO's own (perf's map_ip: address
 *     - start + pgoff; itself in identity maps, the kernel's included);
 *   - the kernel's text map reaches, once perf has read kallsyms, to the
 *     end of the kernel's last symbol (kernel_end).
 *
 * DSOs are kept by name, one per name, each with a dense index for the
 * per-DSO data of other modules.  Memory: the threads, maps and DSOs of
 * the recording, never per sample.
 */
#ifndef PERFVIEWS_MACHINE_H
#define PERFVIEWS_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/string_table.h"
#include "perfdata/u64_map.h"

enum dso_kind {
	DSO_FILE,     /* a path: an ELF file, perhaps */
	DSO_KERNEL,   /* [kernel.kallsyms] */
	DSO_PERF_MAP, /* /tmp/perf-PID.map: a JIT's symbols */
	DSO_VDSO,     /* [vdso] */
	DSO_NONE,     /* [stack], //anon, [vvar]...: nothing to read */
};

struct map_dso {
	const char *name; /* as perf prints it */
	size_t name_len;
	enum dso_kind kind;
	uint32_t index; /* dense, for per-DSO data elsewhere */
};

struct mem_map {
	uint64_t start, end, pgoff;
	struct map_dso *dso;
	bool identity; /* map_ip is the address itself */
};

/* A process's maps (shared by its threads), sorted by start. */
struct mem_maps {
	struct mem_map *v;
	size_t n, cap;
	unsigned refs;
	size_t last;         /* the map last found, tried first */
	uint64_t generation; /* changes with every map added */
	uint64_t serial;     /* this maps', never another's */
	uint64_t execs;      /* exec COMMs that flushed perf's unwind cache */
};

struct thread {
	int32_t pid, tid;
	uint32_t comm; /* in machine.comms */
	bool comm_set;
	struct mem_maps *maps;
};

struct machine {
	struct thread **threads; /* every thread made, by index */
	size_t nthreads, threads_cap;
	struct u64_map by_tid; /* tid -> the current thread's index */
	struct mem_maps kernel;
	struct string_table comms;
	struct string_table dso_names;
	struct map_dso **dsos; /* by index */
	size_t dsos_cap;
	struct map_dso *unknown; /* no DSO: "[unknown]" */
	/*
	 * Where perf's kernel map ends once it has read the kernel's
	 * symbols (past the text the mmap record gives: the init text),
	 * asked once, when an address lies past the map; NULL or 0: the
	 * map as recorded.
	 */
	uint64_t (*kernel_end)(void *ctx);
	void *kernel_end_ctx;
	uint64_t kernel_extent; /* UINT64_MAX before it is asked */
	uint64_t maps_made;     /* serials of maps */
};

void machine_init(struct machine *m);
void machine_free(struct machine *m);

/* perf's machine__findnew_thread. */
struct thread *machine_thread(struct machine *m, int32_t pid, int32_t tid);

/* exec: the COMM of an exec (PERF_RECORD_MISC_COMM_EXEC). */
void machine_comm(struct machine *m, int32_t pid, int32_t tid, const char *comm,
                  size_t n, bool exec);
void machine_fork(struct machine *m, int32_t pid, int32_t tid, int32_t ppid,
                  int32_t ptid, bool synthesized);

/*
 * A map of pid/tid (pid -1 with kernel true: the kernel's), of the file
 * named name (n bytes, NUL-free), executable or not.
 */
void machine_mmap(struct machine *m, int32_t pid, int32_t tid, bool kernel,
                  uint64_t start, uint64_t len, uint64_t pgoff, bool exec,
                  bool hugetlb, const char *name, size_t n);

/* The map holding addr: in the kernel's maps or the thread's; or NULL. */
const struct mem_map *machine_find_map(struct machine *m,
                                       const struct thread *t, bool kernel,
                                       uint64_t addr);

/*
 * The lowest address d is mapped at in t's maps (any map of it, stale
 * ones too, as perf's maps keep them); false when none is.
 */
bool machine_dso_lowest(const struct thread *t, const struct map_dso *d,
                        uint64_t *start);

static inline uint64_t
map_ip(const struct mem_map *map, uint64_t addr)
{
	return map->identity ? addr : addr - map->start + map->pgoff;
}

/* The comm of a thread, as perf prints it. */
static inline struct span
thread_comm(const struct machine *m, const struct thread *t)
{
	return string_table_get(&m->comms, t->comm);
}

static inline uint32_t
machine_dso_count(const struct machine *m)
{
	return m->dso_names.count;
}

#endif

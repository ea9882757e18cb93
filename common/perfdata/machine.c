/*
 * machine.c - see machine.h.
 *
 * Threads live in an array of pointers (a thread's address never
 * changes), found by tid through a map; a thread replaced by a fork keeps
 * its place in the array but is no longer found.  A process's maps are a
 * sorted array, shared by reference count between its threads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/xalloc.h"
#include "perfdata/machine.h"

#define KERNEL_DSO "[kernel.kallsyms]"

/* ---- DSOs ---- */

static enum dso_kind
kind_of(const char *name, size_t n)
{
	if (n == 0)
		return DSO_NONE;
	if (name[0] == '/')
		return DSO_FILE;
	if (strcmp(name, "[vdso]") == 0)
		return DSO_VDSO;
	if (strcmp(name, KERNEL_DSO) == 0)
		return DSO_KERNEL;
	return DSO_NONE;
}

static struct map_dso *
find_dso(struct machine *m, const char *name, size_t n, enum dso_kind kind)
{
	uint32_t count = m->dso_names.count;
	uint32_t id = string_table_intern(&m->dso_names, span_make(name, n));

	if (id == count) {
		m->dsos = array_reserve(m->dsos, &m->dsos_cap, (size_t)id + 1,
		                        sizeof *m->dsos);
		struct map_dso *d = xcalloc(1, sizeof *d);
		d->name = string_table_cstr(&m->dso_names, id);
		d->name_len = n;
		d->kind = kind;
		d->index = id;
		m->dsos[id] = d;
	}
	return m->dsos[id];
}

/* ---- maps ---- */

static struct mem_maps *
maps_new(struct machine *m)
{
	struct mem_maps *maps = xcalloc(1, sizeof *maps);
	maps->refs = 1;
	maps->serial = ++m->maps_made;
	return maps;
}

static void
maps_put(struct mem_maps *maps)
{
	if (maps == NULL || --maps->refs > 0)
		return;
	free(maps->v);
	free(maps);
}

static void
maps_insert_at(struct mem_maps *maps, size_t i, const struct mem_map *map)
{
	maps->v =
	    array_reserve(maps->v, &maps->cap, maps->n + 1, sizeof *maps->v);
	memmove(&maps->v[i + 1], &maps->v[i], (maps->n - i) * sizeof *maps->v);
	maps->v[i] = *map;
	maps->n++;
}

/* The index of the first map whose start is not below start. */
static size_t
first_from(const struct mem_maps *maps, uint64_t start)
{
	size_t lo = 0, hi = maps->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (maps->v[mid].start < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Insert map, cutting away what it overlaps of older maps (perf's
 * maps__fixup_overlappings): an older map sticking out before or after
 * keeps those parts.
 */
static void
maps_insert(struct mem_maps *maps, const struct mem_map *map)
{
	/* The first map that ends after map starts. */
	size_t i = first_from(maps, map->start);
	if (i > 0 && maps->v[i - 1].end > map->start)
		i--;
	while (i < maps->n && maps->v[i].start < map->end) {
		struct mem_map old = maps->v[i];
		if (old.end <= map->start) { /* zero-length, or before */
			i++;
			continue;
		}
		memmove(&maps->v[i], &maps->v[i + 1],
		        (maps->n - i - 1) * sizeof *maps->v);
		maps->n--;
		if (map->start > old.start) {
			struct mem_map before = old;
			before.end = map->start;
			maps_insert_at(maps, i++, &before);
		}
		if (map->end < old.end) {
			struct mem_map after = old;
			after.start = map->end;
			after.pgoff += map->end - old.start;
			maps_insert_at(maps, first_from(maps, after.start),
			               &after);
			break; /* nothing after it can overlap */
		}
	}
	maps_insert_at(maps, first_from(maps, map->start), map);
	maps->last = 0;
	maps->generation++;
}

static const struct mem_map *
maps_find(const struct mem_maps *maps, uint64_t addr)
{
	size_t n = maps->n;
	if (n == 0)
		return NULL;
	const struct mem_map *last = &maps->v[maps->last < n ? maps->last : 0];
	if (addr >= last->start && addr < last->end)
		return last;
	size_t lo = 0, hi = n;
	while (lo < hi) { /* the first map starting after addr */
		size_t mid = lo + (hi - lo) / 2;
		if (maps->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || addr >= maps->v[lo - 1].end)
		return NULL;
	((struct mem_maps *)maps)->last = lo - 1;
	return &maps->v[lo - 1];
}

static struct mem_maps *
maps_clone(struct machine *m, const struct mem_maps *from)
{
	struct mem_maps *maps = maps_new(m);
	maps->v = xreallocarray(NULL, from->n + 1, sizeof *maps->v);
	maps->cap = from->n + 1;
	memcpy(maps->v, from->v, from->n * sizeof *maps->v);
	maps->n = from->n;
	maps->generation = from->generation + 1;
	return maps;
}

/* ---- threads ---- */

void
machine_init(struct machine *m)
{
	memset(m, 0, sizeof *m);
	string_table_init(&m->comms);
	string_table_init(&m->dso_names);
	m->unknown = find_dso(m, "[unknown]", 9, DSO_NONE);
	m->kernel_extent = UINT64_MAX;
}

void
machine_free(struct machine *m)
{
	for (size_t i = 0; i < m->nthreads; i++) {
		maps_put(m->threads[i]->maps);
		free(m->threads[i]);
	}
	free(m->threads);
	u64_map_free(&m->by_tid);
	free(m->kernel.v);
	for (uint32_t i = 0; i < m->dso_names.count; i++)
		free(m->dsos[i]);
	free(m->dsos);
	string_table_free(&m->comms);
	string_table_free(&m->dso_names);
	memset(m, 0, sizeof *m);
}

static uint64_t
tid_key(int32_t tid)
{
	return (uint64_t)(uint32_t)tid;
}

static struct thread *
find_thread(const struct machine *m, int32_t tid)
{
	uint32_t i = u64_map_get(&m->by_tid, tid_key(tid));
	return i < m->nthreads ? m->threads[i] : NULL;
}

static void
forget_thread(struct machine *m, const struct thread *t)
{
	/* The slot stays; the tid finds nothing until a new thread. */
	u64_map_put(&m->by_tid, tid_key(t->tid), UINT32_MAX - 1);
}

static void set_pid(struct machine *m, struct thread *t, int32_t pid);

static struct thread *
new_thread(struct machine *m, int32_t pid, int32_t tid)
{
	char comm[32];
	struct thread *t = xcalloc(1, sizeof *t);

	t->pid = pid;
	t->tid = tid;
	int n = snprintf(comm, sizeof comm, ":%d", tid);
	t->comm = string_table_intern(&m->comms, span_make(comm, (size_t)n));
	m->threads = array_reserve(m->threads, &m->threads_cap, m->nthreads + 1,
	                           sizeof *m->threads);
	u64_map_put(&m->by_tid, tid_key(tid), (uint32_t)m->nthreads);
	m->threads[m->nthreads++] = t;
	if (pid == tid || pid == -1) {
		t->maps = maps_new(m);
	} else {
		struct thread *leader = machine_thread(m, pid, pid);
		t->maps = leader->maps;
		t->maps->refs++;
	}
	return t;
}

struct thread *
machine_thread(struct machine *m, int32_t pid, int32_t tid)
{
	uint32_t i = u64_map_get(&m->by_tid, tid_key(tid));
	if (i != U64_MAP_NONE && i < m->nthreads) {
		set_pid(m, m->threads[i], pid);
		return m->threads[i];
	}
	return new_thread(m, pid, tid);
}

/* A thread seen without its pid learns it (machine__update_thread_pid). */
static void
set_pid(struct machine *m, struct thread *t, int32_t pid)
{
	if (pid == t->pid || pid == -1 || t->pid != -1)
		return;
	t->pid = pid;
	if (pid == t->tid)
		return;
	struct thread *leader = machine_thread(m, pid, pid);
	if (t->maps == leader->maps)
		return;
	maps_put(t->maps);
	t->maps = leader->maps;
	t->maps->refs++;
}

void
machine_comm(struct machine *m, int32_t pid, int32_t tid, const char *comm,
             size_t n, bool exec)
{
	struct thread *t = machine_thread(m, pid, tid);
	/* __thread__set_comm: not when the first comm overrides ":TID". */
	if (exec && t->comm_set)
		t->maps->execs++;
	t->comm = string_table_intern(&m->comms, span_make(comm, n));
	t->comm_set = true;
}

void
machine_fork(struct machine *m, int32_t pid, int32_t tid, int32_t ppid,
             int32_t ptid, bool synthesized)
{
	struct thread *t = find_thread(m, tid);
	struct thread *parent = machine_thread(m, ppid, ptid);

	if (parent->pid != ppid) { /* a stale thread of that tid */
		forget_thread(m, parent);
		parent = machine_thread(m, ppid, ptid);
	}
	if (t != NULL)
		forget_thread(m, t);
	t = new_thread(m, pid, tid);
	if (parent->comm_set) {
		t->comm = parent->comm;
		t->comm_set = true;
	}
	if (t->pid == parent->pid || t->maps == parent->maps || synthesized)
		return;
	maps_put(t->maps);
	t->maps = maps_clone(m, parent->maps);
}

/* ---- maps of a process ---- */

static bool
is_anon(const char *name)
{
	return strcmp(name, "//anon") == 0 ||
	       strncmp(name, "/dev/zero", 9) == 0 ||
	       strncmp(name, "/anon_hugepage", 14) == 0;
}

static bool
is_no_dso(const char *name)
{
	return strncmp(name, "[stack", 6) == 0 ||
	       strncmp(name, "/SYSV", 5) == 0 || strcmp(name, "[heap]") == 0;
}

/* A kernel module's DSO name: "/lib/.../ext4.ko" or "[ext4]" -> "[ext4]". */
static struct map_dso *
module_dso(struct machine *m, const char *name, size_t n)
{
	char buf[256];
	if (name[0] == '[')
		return find_dso(m, name, n, DSO_KERNEL);
	const char *base = strrchr(name, '/');
	base = base != NULL ? base + 1 : name;
	size_t len = strcspn(base, ".");
	int k = snprintf(buf, sizeof buf, "[%.*s]", (int)len, base);
	for (int i = 0; i < k; i++)
		if (buf[i] == '-')
			buf[i] = '_';
	return find_dso(m, buf, (size_t)k, DSO_KERNEL);
}

static void
kernel_mmap(struct machine *m, uint64_t start, uint64_t len, uint64_t pgoff,
            const char *name, size_t n)
{
	struct mem_map map = {start, start + len, pgoff, NULL, true};
	bool text = strncmp(name, KERNEL_DSO, sizeof KERNEL_DSO - 2) == 0;

	if (text) {
		map.dso =
		    find_dso(m, KERNEL_DSO, sizeof KERNEL_DSO - 1, DSO_KERNEL);
		if (start == 0 && len == 0)
			map.end = UINT64_MAX;
	} else if (name[0] == '/' || name[0] == '[') {
		map.dso = module_dso(m, name, n);
	} else {
		return;
	}
	maps_insert(&m->kernel, &map);
}

void
machine_mmap(struct machine *m, int32_t pid, int32_t tid, bool kernel,
             uint64_t start, uint64_t len, uint64_t pgoff, bool exec,
             bool hugetlb, const char *name, size_t n)
{
	if (kernel) {
		kernel_mmap(m, start, len, pgoff, name, n);
		return;
	}
	struct thread *t = machine_thread(m, pid, tid);
	struct mem_map map = {start, start + len, pgoff, NULL, false};
	bool anon = is_anon(name) || hugetlb, no_dso = is_no_dso(name);
	char perf_map[64];

	if ((anon || no_dso) && exec && t->pid != 0) {
		int k = snprintf(perf_map, sizeof perf_map, "/tmp/perf-%d.map",
		                 t->pid);
		map.dso = find_dso(m, perf_map, (size_t)k, DSO_PERF_MAP);
	} else if (strcmp(name, "[vdso]") == 0) {
		map.pgoff = 0;
		map.dso = find_dso(m, name, n, DSO_VDSO);
	} else {
		map.dso = find_dso(
		    m, name, n, anon || no_dso ? DSO_NONE : kind_of(name, n));
	}
	map.identity = anon || no_dso;
	maps_insert(t->maps, &map);
}

/* The kernel's text map, if addr lies past it within perf's extent. */
static const struct mem_map *
kernel_past_text(struct machine *m, uint64_t addr)
{
	const struct mem_map *text = NULL;
	for (size_t i = 0; i < m->kernel.n; i++)
		if (strcmp(m->kernel.v[i].dso->name, KERNEL_DSO) == 0)
			text = &m->kernel.v[i];
	if (text == NULL || addr < text->end || m->kernel_end == NULL)
		return NULL;
	if (m->kernel_extent == UINT64_MAX)
		m->kernel_extent = m->kernel_end(m->kernel_end_ctx);
	return addr < m->kernel_extent ? text : NULL;
}

const struct mem_map *
machine_find_map(struct machine *m, const struct thread *t, bool kernel,
                 uint64_t addr)
{
	const struct mem_map *map =
	    maps_find(kernel ? &m->kernel : t->maps, addr);
	return map != NULL || !kernel ? map : kernel_past_text(m, addr);
}

bool
machine_dso_lowest(const struct thread *t, const struct map_dso *d,
                   uint64_t *start)
{
	for (size_t i = 0; i < t->maps->n; i++)
		if (t->maps->v[i].dso == d) {
			*start = t->maps->v[i].start; /* sorted by start */
			return true;
		}
	return false;
}

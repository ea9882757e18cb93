/*
 * measure.c - see measure.h.
 */
#include <string.h>

#include "base/cli.h"
#include "dataset/measure.h"

static const struct measure measures[] = {
    {
        .kind = MEASURE_TIME,
        .unit = "samples",
        .meaning = "a sample of the running program's stack at the "
                   "ID's frequency",
    },
    {
        .kind = MEASURE_FAULTS,
        .tag = "faults",
        .events = "page-faults,major-faults",
        .unit = "faults",
        .meaning = "one page fault: the program touched a page for the "
                   "first time (minor), or one read from disk (major, "
                   "under both events)",
        .view_event = "page-faults",
        .palette = "mem",
        .every_event = true,
        .about =
            "Each sample is one **page fault**: the first time the program "
            "touched a page of memory not yet in its page tables (a minor "
            "fault), or one whose contents had to come from disk first (a "
            "major fault, counted under `page-faults` and again under "
            "`major-faults`).  `perf record -c 1` takes every fault, so the "
            "counts are exact, not a sample of time: they vary little from "
            "run to run, and the ID's frequency has no effect.  The views "
            "show the `page-faults` event.\n\n"
            "A sample's stack is the code that touched the page.  Read it "
            "by the leaf:\n\n"
            "- `memset`, `_int_malloc`, `calloc`: fresh heap pages (`brk`, "
            "`[heap]`) or fresh anonymous memory being zeroed or filled;\n"
            "- `pymalloc_pool_extend`, `allocate_from_new_pool`: the first "
            "use of pages of pymalloc's arenas (anonymous `mmap`s);\n"
            "- ld.so's relocation (`_dl_relocate_object`, "
            "`elf_machine_rela_relative`): relocations written into the "
            "interpreter's own data pages, one copy-on-write fault per page "
            "of libpython's `.data` and `.data.rel.ro`;\n"
            "- any other function of the interpreter or a library: its "
            "first write to a static variable's page, or the first "
            "execution of a page of a mapped file (the page is then read "
            "from the page cache, from disk when it is a major fault);\n"
            "- kernel frames (`_copy_to_iter`, `clear_user`): `read()` or "
            "`execve()` filling a fresh buffer for the program.\n\n"
            "A sample with no frames at all is a fault that grew the "
            "stack: perf could not unwind it, and the views show it as its "
            "process alone (`[unknown]` in the flat view).\n",
    },
    {
        .kind = MEASURE_FILES,
        .tag = "files",
        .label = "file-system system calls (syscalls:sys_enter_*)",
        .unit = "calls",
        .meaning = "one file-system system call (a syscalls:sys_enter_* "
                   "tracepoint), with the stack that made it; the names "
                   "of the files come from a second run of the workload, "
                   "under strace (strace.command)",
        .view_event = "syscalls:sys_enter_*",
        .palette = "io",
        .every_event = true,
        .about =
            "Each sample is one **file-system system call** (`openat`, "
            "`newfstatat`, `access`, `readlink`, `getdents64`, `close`, ...: "
            "the `syscalls:sys_enter_*` tracepoints this kernel offers, "
            "every call a sample with `perf record -c 1`), with the stack of "
            "the code that made it.  The flame graph, flat, calltree and "
            "bydso views show them all together and say **who** looks files "
            "up: ld.so searching the library path, CPython's getpath "
            "computing `sys.path`, the import system looking for each "
            "module along `sys.path`.\n\n"
            "perf's tracepoints hold only pointers to the names, so the "
            "workload ran once more, under `strace -f`, which names the "
            "files: the `files` view says **what** is looked up, per path, "
            "with the failed lookups (`ENOENT`) of every search.  That is "
            "two runs of the workload; they make the same calls in the same "
            "order (CPython's start-up is deterministic), so the two views "
            "describe the same calls.  Times in the files view are "
            "strace's, tracing included: read them as shares.\n",
    },
};
enum { NMEASURES = sizeof measures / sizeof measures[0] };

const char *const measure_file_syscalls[] = {
    "open",       "openat",     "openat2",    "creat",      "newstat",
    "newlstat",   "newfstat",   "newfstatat", "statx",      "access",
    "faccessat",  "faccessat2", "readlink",   "readlinkat", "getdents",
    "getdents64", "close",      "execve",     "chdir",      "getcwd",
    "mkdir",      "mkdirat",    "rmdir",      "unlink",     "unlinkat",
    "rename",     "renameat",   "renameat2",  "link",       "linkat",
    "symlink",    "symlinkat",  NULL,
};

const struct measure *
measure_of_id(const struct dataset_id *id)
{
	const struct measure *found = &measures[0];

	for (size_t i = 1; i < NMEASURES; i++) {
		if (!dataset_id_has_tag(id, measures[i].tag))
			continue;
		if (found->tag != NULL)
			usage_error("%s: tags %s and %s: a data set counts one "
			            "thing",
			            id->text, found->tag, measures[i].tag);
		found = &measures[i];
	}
	return found;
}

const struct measure *
measure_of_meta(const struct metadata *m)
{
	for (size_t i = 1; i < NMEASURES; i++)
		if (metadata_has_tag(m, measures[i].tag))
			return &measures[i];
	return &measures[0];
}

bool
measure_of_python(const struct metadata *m)
{
	return metadata_get(m, "python.version") != NULL ||
	       metadata_get(m, "python.executable") != NULL;
}

const char *
measure_palette(const struct metadata *m, const char **about)
{
	const struct measure *ms = measure_of_meta(m);

	if (ms->kind == MEASURE_FAULTS) {
		*about = "the `mem` palette (greens), as FlameGraph draws "
		         "memory profiles; widths are faults";
	} else if (ms->kind == MEASURE_FILES) {
		*about = "the `io` palette (blues), as FlameGraph draws I/O "
		         "profiles; widths are calls";
	} else if (measure_of_python(m)) {
		*about =
		    "the `python` palette: Python functions (`py::`, with "
		    "`-X perf`) green, the interpreter yellow, other native "
		    "code red, the kernel orange";
		return "python";
	} else {
		*about = "the `hot` palette, FlameGraph's default";
		return "hot";
	}
	return ms->palette;
}

/*
 * elf_image.h - an ELF file as the unwinder reads it: its bytes by file
 * offset, and its call frame information (.eh_frame) through libdw.
 *
 * perf (with libunwind) unwinds through a DSO only when it has an
 * .eh_frame_hdr section, whose binary search table finds the frame
 * description of an address; libdw's dwarf_getcfi_elf reads the same
 * table.  perf reads that table in the process's memory: at the lowest
 * address the DSO is mapped at, less elf_base (its first PT_LOAD's
 * page), plus the section's address (see dwarf_unwind.c).
 *
 * Guarantees: the file stays mapped (read-only) until elf_image_close;
 * reads outside it fail, never fault.
 */
#ifndef PERFVIEWS_ELF_IMAGE_H
#define PERFVIEWS_ELF_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Elf;
struct Dwarf_CFI_s;

struct elf_image {
	int fd;
	struct Elf *elf;
	const unsigned char *bytes; /* the whole file */
	size_t size;
	struct Dwarf_CFI_s *cfi; /* .eh_frame's, or NULL */
	uint64_t elf_base;       /* the first PT_LOAD's p_vaddr, paged */
	/* .eh_frame_hdr and .eh_frame: address, file offset, size. */
	uint64_t hdr_addr, hdr_off, hdr_size;
	uint64_t frame_addr, frame_off, frame_size;
};

/* Open path; NULL on success, else why it cannot be used. */
const char *elf_image_open(struct elf_image *e, const char *path);
void elf_image_close(struct elf_image *e);

/* Copy n bytes at file offset off; false when outside the file. */
bool elf_image_read(const struct elf_image *e, uint64_t off, void *buf,
                    size_t n);

#endif

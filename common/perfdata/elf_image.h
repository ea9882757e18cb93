/*
 * elf_image.h - an ELF file as the unwinder reads it: its bytes by file
 * offset, and its call frame information (.eh_frame) through libdw.
 *
 * perf (with libunwind) unwinds through a DSO only when it has an
 * .eh_frame_hdr section, whose binary search table finds the frame
 * description of an address; the addresses of that table are the
 * section's own, so an address of the DSO's own (a file offset, perf's
 * map_ip) is one of the CFI's plus bias = sh_addr - sh_offset of
 * .eh_frame_hdr.  An image without that section has no CFI here either.
 * libdw's dwarf_getcfi_elf reads the same table.
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
	uint64_t bias;           /* CFI address - file offset (mod 2^64) */
};

/* Open path; NULL on success, else why it cannot be used. */
const char *elf_image_open(struct elf_image *e, const char *path);
void elf_image_close(struct elf_image *e);

/* Copy n bytes at file offset off; false when outside the file. */
bool elf_image_read(const struct elf_image *e, uint64_t off, void *buf,
                    size_t n);

#endif

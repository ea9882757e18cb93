/*
 * elf_image.c - see elf_image.h.
 */
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include <unistd.h>

#include "perfdata/elf_image.h"

/* The first section named name, or NULL. */
static Elf_Scn *
find_section(Elf *elf, const char *name, GElf_Shdr *shdr)
{
	size_t strndx;
	if (elf_getshdrstrndx(elf, &strndx) != 0)
		return NULL;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn != NULL;
	     scn = elf_nextscn(elf, scn)) {
		if (gelf_getshdr(scn, shdr) == NULL)
			continue;
		const char *s = elf_strptr(elf, strndx, shdr->sh_name);
		if (s != NULL && strcmp(s, name) == 0)
			return scn;
	}
	return NULL;
}

const char *
elf_image_open(struct elf_image *e, const char *path)
{
	GElf_Ehdr ehdr;
	GElf_Shdr hdr;

	memset(e, 0, sizeof *e);
	e->fd = -1;
	elf_version(EV_CURRENT);
	e->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (e->fd < 0)
		return strerror(errno);
	e->elf = elf_begin(e->fd, ELF_C_READ_MMAP, NULL);
	if (e->elf == NULL || elf_kind(e->elf) != ELF_K_ELF ||
	    gelf_getehdr(e->elf, &ehdr) == NULL) {
		elf_image_close(e);
		return "not an ELF file";
	}
	e->bytes = (const unsigned char *)elf_rawfile(e->elf, &e->size);
	if (ehdr.e_ident[EI_CLASS] != ELFCLASS64 || ehdr.e_machine != EM_X86_64)
		return NULL; /* readable, but not unwound here */
	size_t nphdr = 0;
	GElf_Phdr ph;
	elf_getphdrnum(e->elf, &nphdr);
	for (size_t i = 0; i < nphdr; i++)
		if (gelf_getphdr(e->elf, (int)i, &ph) != NULL &&
		    ph.p_type == PT_LOAD) {
			e->elf_base = ph.p_vaddr & ~(uint64_t)4095;
			break;
		}
	GElf_Shdr frame;
	if (find_section(e->elf, ".eh_frame_hdr", &hdr) != NULL &&
	    find_section(e->elf, ".eh_frame", &frame) != NULL) {
		e->hdr_addr = hdr.sh_addr;
		e->hdr_off = hdr.sh_offset;
		e->hdr_size = hdr.sh_size;
		e->frame_addr = frame.sh_addr;
		e->frame_off = frame.sh_offset;
		e->frame_size = frame.sh_size;
		e->cfi = (struct Dwarf_CFI_s *)dwarf_getcfi_elf(e->elf);
	}
	return NULL;
}

void
elf_image_close(struct elf_image *e)
{
	if (e->cfi != NULL)
		dwarf_cfi_end((Dwarf_CFI *)e->cfi);
	if (e->elf != NULL)
		elf_end(e->elf);
	if (e->fd >= 0)
		close(e->fd);
	memset(e, 0, sizeof *e);
	e->fd = -1;
}

bool
elf_image_read(const struct elf_image *e, uint64_t off, void *buf, size_t n)
{
	if (e->bytes == NULL || off > e->size || n > e->size - off)
		return false;
	memcpy(buf, e->bytes + off, n);
	return true;
}

/*
 * libbfd.h - <bfd.h>, for the modules of this group that call libbfd.
 *
 * bfd.h refuses to be included unless PACKAGE is defined (it expects the
 * config.h of a program built with autoconf).  Only .c files include this:
 * the headers of the group declare struct bfd and struct bfd_symbol
 * (bfd's asymbol) without it, so their users need not know libbfd.
 */
#ifndef PERFVIEWS_LIBBFD_H
#define PERFVIEWS_LIBBFD_H

#define PACKAGE         "perfviews"
#define PACKAGE_VERSION PERFVIEWS_VERSION
#include <bfd.h>

#endif

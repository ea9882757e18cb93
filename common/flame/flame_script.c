/*
 * flame_script.c - the style and script embedded in every flamesvg graph.
 *
 * They are kept as they are read, in flame_style.css and flame_script.js
 * beside this file, and the assembler copies them into the object file
 * (.incbin), each followed by a NUL, as flame_style[] and flame_script[].
 * The paths are relative to the top directory, where make runs the
 * compiler; the Makefile makes this object depend on both files.
 *
 * What the files must not contain, as they go inside an SVG: the style is
 * XML character data (no '<' or '&'), the script sits in a CDATA section
 * (no "]]>").  test_svg checks both.
 *
 * What the script does, and how it stays fast on big graphs, is said at
 * the top of flame_script.js.
 */
#include "flame/flame_svg.h"

/* A global read-only array named NAME holding FILE's bytes and a NUL. */
#define EMBED(name, file)                                                      \
	__asm__(".pushsection .rodata\n"                                       \
	        ".global " #name "\n"                                          \
	        ".type " #name ", STT_OBJECT\n" #name ":\n"                    \
	        ".incbin \"" file "\"\n"                                       \
	        ".byte 0\n"                                                    \
	        ".size " #name ", . - " #name "\n"                             \
	        ".popsection\n")

EMBED(flame_style, "common/flame/flame_style.css");
EMBED(flame_script, "common/flame/flame_script.js");

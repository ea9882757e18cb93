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
 * The script reads everything from the document: layout settings from the
 * data- attributes of <g id="frames">, each frame's name and count from its
 * <title>, its position from its <rect>.  It is written for graphs of
 * 100,000 frames and more: one listener per event for all frames (no
 * per-frame handlers), per-frame data in typed arrays built on first use,
 * and a zoom that changes one transform on the frames group (a clip hides
 * the frames that fall outside) and draws labels only for the frames wide
 * enough to show one.  Frames come in pre-order, so a subtree is the run of
 * deeper frames that follows its root.
 *
 * Zoom and search are kept in the URL fragment (#x=..&y=..&s=..&i=1); the
 * query form of flamegraph.pl links (?x=..&y=..&s=..) is read too.
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

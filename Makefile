# perfviews - profile views from `perf script` text.
#
#   make                 build every program into bin/
#   make check           run every test (unit, golden, conformance, real
#                        recordings, and again under ASan+UBSan)
#   make views [ID=X]    every view of data set X (default: the example)
#   make compare A=X B=Y what changed from data set X to Y, and the README
#   make compare-suites A=S1 B=S2  the same for two suites, benchmark by
#                        benchmark (make suite writes OUT/S-suite.json)
#   make bench [BENCH_ACCEPT=1] [BENCH_QUICK=1]  throughput and peak
#                        memory against cat, compared with the figures
#                        accepted last (scripts/bench-accepted.tsv)
#   make fuzz [FUZZ_SECONDS=60]  each libFuzzer target for N seconds
#   make install PREFIX=/usr/local
#   make deps            install missing build and test dependencies
#
# common/ is built as one static library per group (common/*/), and each
# program links the groups it uses, listed below; a program is
# filters/NAME.c, a unit test test/unit/test_*.c (linked with the helpers
# of test/unit/unit.c).  See ARCHITECTURE.md.

PREFIX   ?= /usr/local
CFLAGS   ?= -O2 -g
BUILD    ?= build/release
BIN      ?= bin
SANITIZE ?=

PV_CFLAGS = -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Icommon $(SANITIZE) \
            $(shell pkg-config --cflags libpcre2-8 2>/dev/null)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# The groups of common/, lowest last, and the system libraries they need.
GROUPS       = tool suite pages record compare dataset views flame match \
               interp perfdata symbols input stats os base
SYSLIBS_base    = -llzma
SYSLIBS_symbols = -lbfd
SYSLIBS_perfdata = -ldw -lelf
SYSLIBS_interp  = -ldw -lelf
SYSLIBS_stats   = -lm
SYSLIBS_record  = -lm
SYSLIBS_dataset = -lm
SYSLIBS_pages   = -lm
SYSLIBS_suite   = -lm
SYSLIBS_compare = -lm
SYSLIBS_match   = $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# What each program links, highest group first.
LINK_collapse      = views interp perfdata symbols input base
LINK_strip-swapper = match input base
LINK_flatsort      = views interp perfdata symbols input base
LINK_calltree      = views interp perfdata symbols input base
LINK_bydso         = views interp perfdata symbols input base
LINK_bycategory    = dataset views flame match interp perfdata symbols input \
                     stats os base
LINK_flamesvg      = flame input base
LINK_perfviews     = tool suite pages record compare dataset views flame \
                     match interp perfdata symbols input stats os base
LINK_flatdiff      = compare dataset views match interp perfdata symbols \
                     input stats os base
LINK_diffstacks    = compare dataset views match interp perfdata symbols \
                     input stats os base
LINK_fileaccess    = views input base
LINK_pyprofile     = views match interp perfdata symbols input base
LINK_bytecode      = views interp perfdata symbols input base

FILTERS    = $(notdir $(basename $(wildcard filters/*.c)))
PROGRAMS   = $(FILTERS:%=$(BIN)/%)
UNIT_SRC   = $(wildcard test/unit/test_*.c)
UNIT_TESTS = $(UNIT_SRC:test/unit/%.c=$(BUILD)/unit/%)
lib        = $(1:%=$(BUILD)/lib/libpv-%.a)
group_objs = $(patsubst %.c,$(BUILD)/%.o,$(wildcard common/$(1)/*.c))
syslibs    = $(foreach g,$(1),$(SYSLIBS_$(g)))
OBJECTS    = $(patsubst %.c,$(BUILD)/%.o,$(wildcard common/*/*.c) \
               $(wildcard filters/*.c) $(UNIT_SRC) test/unit/unit.c)
DEPS_OK    = build/.deps-ok

# Debian packages: to build, and to run the whole test suite.
BUILD_PKGS = binutils-dev libpcre2-dev libdw-dev liblzma-dev check pkg-config gcc make
TEST_PKGS  = linux-perf:perf xz-utils:xz python3:python3 time nodejs:node \
             npm:npm chromium:chromium clang:clang libclang-rt-dev strace:strace \
             clang-format:clang-format

.PHONY: all check unit deps bench install clean views record publish \
        stability sanitize format fuzz fuzz-build
.DELETE_ON_ERROR:
.SECONDEXPANSION:

all: $(PROGRAMS)

# A fresh machine needs nothing but make: missing build packages are
# installed once, before the first compile (test packages by make check).
$(DEPS_OK):
	@[ -e /usr/include/pcre2.h ] && [ -e /usr/include/bfd.h ] && \
	    [ -e /usr/include/elfutils/libdw.h ] && \
	    pkg-config --exists check libpcre2-8 2>/dev/null || \
	    sh scripts/install-deps.sh $(BUILD_PKGS)
	@mkdir -p $(@D) && touch $@

deps:
	@sh scripts/install-deps.sh $(BUILD_PKGS)
	@sh scripts/install-deps.sh --optional $(TEST_PKGS)

$(BUILD)/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# Rules files are found installed when nothing nearer says otherwise.
$(BUILD)/common/match/category_rules.o: PV_CFLAGS += \
    -DPERFVIEWS_DATADIR='"$(PREFIX)/share/perfviews"'

$(BUILD)/test/unit/%.o: test/unit/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) -MMD -MP \
	    -c -o $@ $<

# The flame graph's style and script are copied into flame_script.o by the
# assembler (.incbin), out of sight of the compiler's dependency lists.
$(BUILD)/common/flame/flame_script.o: common/flame/flame_style.css \
    common/flame/flame_script.js

$(BUILD)/lib/libpv-%.a: $$(call group_objs,$$*)
	@mkdir -p $(@D) && rm -f $@
	$(AR) rcs $@ $^

$(BIN)/%: $(BUILD)/filters/%.o $$(call lib,$$(LINK_$$*))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(call syslibs,$(LINK_$*)) $(SANITIZE)

$(BUILD)/unit/%: $(BUILD)/test/unit/%.o $(BUILD)/test/unit/unit.o \
                 $(call lib,$(GROUPS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) \
	    $(call syslibs,$(GROUPS)) $(SANITIZE)

unit: $(UNIT_TESTS)

# Objects are intermediate files to make, which would delete them after a
# first build and rebuild everything the next time.  Kept, a second make
# does nothing.
.SECONDARY: $(OBJECTS) $(call lib,$(GROUPS))
-include $(OBJECTS:.o=.d)

# The same programs and unit tests under AddressSanitizer and UBSan.  The
# runtimes are linked in: LeakSanitizer, at every program's exit, scans the
# globals of each shared library, libubsan.so's 6 MB among them, which
# took a third of a short run's time (make check runs thousands).
sanitize: | $(DEPS_OK)
	@$(MAKE) --no-print-directory BUILD=build/asan BIN=build/asan/bin \
	    CFLAGS='-O1 -g -fno-omit-frame-pointer' \
	    LDFLAGS='$(LDFLAGS) -static-libasan -static-libubsan' \
	    SANITIZE='-fsanitize=address,undefined -fno-sanitize-recover=all' \
	    all unit

# make check builds two trees (release, ASan+UBSan) before its tests, on
# every CPU unless -j says otherwise; t-fuzz builds the fuzz targets.
ifneq ($(filter check,$(MAKECMDGOALS)),)
ifeq ($(findstring j,$(firstword -$(MAKEFLAGS))),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
endif

check: all unit sanitize
	@sh scripts/install-deps.sh --optional $(TEST_PKGS)
	@sh test/run-all.sh

# make fuzz [FUZZ_SECONDS=N]: the libFuzzer targets of test/fuzz/.
include test/fuzz/fuzz.mk

bench: all
	@sh scripts/bench.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(PREFIX)/share/man/man7 \
	    $(DESTDIR)$(PREFIX)/share/perfviews
	install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(wildcard man/*.5) $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 644 $(wildcard man/*.7) $(DESTDIR)$(PREFIX)/share/man/man7
	install -m 644 $(wildcard share/perfviews/*.rules) \
	    $(DESTDIR)$(PREFIX)/share/perfviews

format:
	clang-format -i common/*/*.[ch] filters/*.c test/unit/*.[ch] test/fuzz/*.[ch]

clean:
	rm -rf build bin

# Data sets (perfviews(5)): make record, views, stability, publish, suite.
include datasets.mk

# perfviews - profile views from `perf script` text.
#
#   make                 build every program into bin/
#   make check           run every test (unit, golden, conformance, real
#                        recordings, and again under ASan+UBSan)
#   make views [ID=X]    every view of data set X (default: the example)
#   make bench           throughput and peak memory against cat
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
GROUPS       = dataset flame views symbols match input stats base
SYSLIBS_symbols = -lbfd
SYSLIBS_stats   = -lm
SYSLIBS_dataset = -lm
SYSLIBS_match   = $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# What each program links, highest group first.
LINK_collapse      = symbols input base
LINK_strip-swapper = match input base
LINK_flatsort      = views symbols input base
LINK_calltree      = views symbols input base
LINK_bydso         = views symbols input base
LINK_bycategory    = flame views match symbols input base
LINK_flamesvg      = flame input base
LINK_perfviews     = dataset views symbols input base
LINK_flatdiff      = views symbols input stats base
LINK_diffstacks    = views symbols input stats base

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
BUILD_PKGS = binutils-dev libpcre2-dev check pkg-config gcc make
TEST_PKGS  = linux-perf:perf xz-utils:xz python3:python3 time nodejs:node \
             npm:npm chromium:chromium clang:clang libclang-rt-dev

.PHONY: all check unit deps bench install clean views record publish \
        stability sanitize format fuzz fuzz-build
.DELETE_ON_ERROR:
.SECONDEXPANSION:

all: $(PROGRAMS)

# A fresh machine needs nothing but make: missing build packages are
# installed once, before the first compile (test packages by make check).
$(DEPS_OK):
	@[ -e /usr/include/pcre2.h ] && [ -e /usr/include/bfd.h ] && \
	    pkg-config --exists check libpcre2-8 2>/dev/null || \
	    sh scripts/install-deps.sh $(BUILD_PKGS)
	@mkdir -p $(@D) && touch $@

deps:
	@sh scripts/install-deps.sh $(BUILD_PKGS)
	@sh scripts/install-deps.sh --optional $(TEST_PKGS)

$(BUILD)/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# bycategory finds the installed rules when nothing nearer says otherwise.
$(BUILD)/filters/bycategory.o: PV_CFLAGS += \
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

# The same programs and unit tests under AddressSanitizer and UBSan.
sanitize: | $(DEPS_OK)
	@$(MAKE) --no-print-directory BUILD=build/asan BIN=build/asan/bin \
	    CFLAGS='-O1 -g -fno-omit-frame-pointer' \
	    SANITIZE='-fsanitize=address,undefined -fno-sanitize-recover=all' \
	    all unit

check: all unit sanitize
	@sh scripts/install-deps.sh --optional $(TEST_PKGS)
	@if command -v $(FUZZ_CC) >/dev/null; then $(MAKE) --no-print-directory fuzz-build; fi
	@sh test/run-all.sh

# libFuzzer targets, test/fuzz/fuzz_NAME.c, built with clang, ASan and
# UBSan into build/fuzz/; fuzz_pipeline runs every filter's main, built
# as fuzz_main_NAME; the views read no DSO of this machine there
# (PERFVIEWS_FUZZING).  `make fuzz` runs each for FUZZ_SECONDS from its
# seed corpus test/fuzz/corpus/NAME (new inputs go to build/fuzz/corpus,
# crashes to build/fuzz/crashes); see test/fuzz/run.sh.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS    = -g -O1 -fno-omit-frame-pointer -DPERFVIEWS_FUZZING \
                -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS  = $(notdir $(basename $(wildcard test/fuzz/fuzz_*.c)))
FUZZ_FILTERS  = collapse strip-swapper flatsort calltree bydso flamesvg
FUZZ_LIB      = $(patsubst %.c,build/fuzz/obj/%.o,$(wildcard common/*/*.c))

build/fuzz/obj/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(PV_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    -Wno-unused-command-line-argument -MMD -MP -c -o $@ $<
build/fuzz/main/%.o: filters/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(PV_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    -Dmain=fuzz_main_$(subst -,_,$*) -MMD -MP -c -o $@ $<
build/fuzz/%: build/fuzz/obj/test/fuzz/%.o $(FUZZ_LIB) \
    $$(if $$(filter fuzz_pipeline,$$*),$(FUZZ_FILTERS:%=build/fuzz/main/%.o))
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ \
	    $(call syslibs,$(GROUPS))

fuzz-build: $(FUZZ_TARGETS:%=build/fuzz/%)
.SECONDARY: $(FUZZ_LIB) $(FUZZ_TARGETS:%=build/fuzz/obj/test/fuzz/%.o) \
            $(FUZZ_FILTERS:%=build/fuzz/main/%.o)

fuzz: fuzz-build
	@sh test/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

-include $(wildcard build/fuzz/*/*.d build/fuzz/*/*/*.d build/fuzz/*/*/*/*.d)

bench: all
	@sh scripts/bench.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man7 $(DESTDIR)$(PREFIX)/share/perfviews
	install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(wildcard man/*.7) $(DESTDIR)$(PREFIX)/share/man/man7
	install -m 644 $(wildcard share/perfviews/*.rules) \
	    $(DESTDIR)$(PREFIX)/share/perfviews

format:
	clang-format -i common/*/*.[ch] filters/*.c test/unit/*.[ch]

clean:
	rm -rf build bin

# --- Data sets (SPEC §5-6) ---
#   make record ID=X [CMD=...] [PYTHON=...] [CALLGRAPH=dwarf|fp] [PYTHON_SRC=dir]
#               [OVERHEAD=1] (bm_NAME: pyperformance's benchmark NAME)
#   make views [ID=X]   make stability ID=X   make publish DEST=dir [EXAMPLE=1]
#   make suite SUITE=S BENCHMARKS="nbody ..."|all [FREQ=1000] [RUNS=10] [TAGS=...]
# record, stability, publish and suite are perfviews commands: perfviews(1).
EXAMPLE_ID     = pass-perf-freq100000-nosite
DATA          ?= data
OUT           ?= out
PYTHON        ?= python3
CALLGRAPH     ?= dwarf
PERF          ?= perf
PERF_EVENT    ?= cpu-clock
RECORD_TIMEOUT ?= 600
XZ            ?= xz -9 -T1
BENCH_CACHE   ?= $(DATA)/.pyperformance
OVERHEAD      ?=
FREQ          ?= 1000
RUNS          ?= 10
quote = '$(subst ','\'',$(1))'
PYTHON_ARG = $(if $(filter-out file,$(origin PYTHON)),--python $(call quote,$(PYTHON)))
RECORD_ARGS = --data $(call quote,$(DATA)) $(PYTHON_ARG) \
    --callgraph $(call quote,$(CALLGRAPH)) --perf $(call quote,$(PERF)) \
    --event $(call quote,$(PERF_EVENT)) --timeout $(call quote,$(RECORD_TIMEOUT)) \
    --xz $(call quote,$(XZ)) --cache $(call quote,$(BENCH_CACHE)) $(if $(OVERHEAD),--overhead)

.PHONY: views-check

# The data set shown, its raw file (DATA first, then examples/), its views.
VIEW_ID   = $(or $(ID),$(EXAMPLE_ID))
VIEW_RAW  = $(firstword $(wildcard $(DATA)/$(VIEW_ID)-raw.txt.xz \
                $(DATA)/$(VIEW_ID)-raw.txt examples/$(VIEW_ID)-raw.txt.xz \
                examples/$(VIEW_ID)-raw.txt))
VIEW_META = $(wildcard $(dir $(VIEW_RAW))$(VIEW_ID)-meta.json)
VIEW_CAT  = $(if $(filter %.xz,$(VIEW_RAW)),xz -dc,cat)
V         = $(OUT)/$(VIEW_ID)
VIEW_FILES = $(V)-folded.txt $(V)-flat.txt $(V)-calltree.txt \
             $(V)-bydso.txt $(V)-flamegraph.svg $(V)-README.md

views: $(VIEW_FILES)

# Order-only: runs first, rebuilds nothing, stops a bad ID or missing raw.
views-check: $(BIN)/perfviews
	@$(BIN)/perfviews id '$(VIEW_ID)' >/dev/null
	@test -n '$(VIEW_RAW)' || $(BIN)/perfviews suite missing --data $(call quote,$(DATA)) '$(VIEW_ID)'
	@test -n '$(VIEW_META)' || { echo "make views: $(VIEW_RAW) has no $(VIEW_ID)-meta.json beside it" >&2; exit 1; }
	@mkdir -p $(OUT)

$(V)-folded.txt: $(VIEW_RAW) $(BIN)/collapse | views-check
	$(VIEW_CAT) $(VIEW_RAW) | $(BIN)/collapse >$@.tmp && mv $@.tmp $@
$(V)-flat.txt: $(VIEW_RAW) $(BIN)/flatsort | views-check
	$(VIEW_CAT) $(VIEW_RAW) | $(BIN)/flatsort >$@.tmp && mv $@.tmp $@
$(V)-calltree.txt: $(VIEW_RAW) $(BIN)/calltree | views-check
	$(VIEW_CAT) $(VIEW_RAW) | $(BIN)/calltree >$@.tmp && mv $@.tmp $@
$(V)-bydso.txt: $(VIEW_RAW) $(BIN)/bydso | views-check
	$(VIEW_CAT) $(VIEW_RAW) | $(BIN)/bydso >$@.tmp && mv $@.tmp $@
$(V)-flamegraph.svg: $(V)-folded.txt $(VIEW_META) $(BIN)/flamesvg $(BIN)/perfviews | views-check
	sub=$$($(BIN)/perfviews readme --subtitle $(VIEW_META)) && \
	$(BIN)/flamesvg --title '$(VIEW_ID)' --subtitle "$$sub" $< >$@.tmp && mv $@.tmp $@
$(V)-README.md: $(VIEW_META) $(V)-flat.txt $(BIN)/perfviews | views-check
	$(BIN)/perfviews readme --flat $(V)-flat.txt --raw $(notdir $(VIEW_RAW)) $(VIEW_META) >$@.tmp && mv $@.tmp $@

# Then every view, timed (DATA and OUT reach the sub-make in MAKEFLAGS).
record: $(PROGRAMS)
	@$(BIN)/perfviews record $(RECORD_ARGS) --cmd $(call quote,$(CMD)) \
	    --python-src $(call quote,$(PYTHON_SRC)) \
	    --views $(call quote,$(MAKE) -s --no-print-directory views ID=$(ID)) \
	    $(call quote,$(ID))

publish: $(BIN)/perfviews
	@$(BIN)/perfviews publish --data $(call quote,$(DATA)) $(if $(EXAMPLE),--data examples) \
	    --out $(call quote,$(OUT)) --make '$(MAKE) --no-print-directory' $(call quote,$(DEST))

stability: $(BIN)/perfviews | views-check
	@$(BIN)/perfviews stability $(VIEW_RAW) >$(V)-stability.md.tmp && \
	    mv $(V)-stability.md.tmp $(V)-stability.md && cat $(V)-stability.md

# --- Suites: pyperformance benchmarks at one setting, and their README ---
# Two sub-makes: the missing data sets recorded one at a time (recordings
# in parallel perturb each other), going on past a failure; then every
# view in parallel (-j) and OUT/SUITE-README.md.  A rerun records only what
# is missing.  perfviews suite ids names the data sets (a benchmark with
# variants: the data sets of its variants once recorded).
SUITE_LOG  = $(OUT)/.$(SUITE)-suite.log
SUITE_IDS_ARGS = --data $(call quote,$(DATA)) --cache $(call quote,$(BENCH_CACHE)) \
    $(PYTHON_ARG) perf-freq$(FREQ)x$(RUNS)$(foreach t,$(TAGS),-$(t)) $(BENCHMARKS)

.PHONY: suite suite-record suite-views

suite: all
	@test -n '$(SUITE)' || { echo 'make suite: give SUITE=NAME (OUT/NAME-README.md)' >&2; exit 2; }
	@mkdir -p $(OUT) && rm -f $(SUITE_LOG) && $(BIN)/perfviews suite ids $(SUITE_IDS_ARGS) >/dev/null
	@$(MAKE) --no-print-directory -k suite-record; $(MAKE) --no-print-directory suite-views
	@$(BIN)/perfviews suite report $(SUITE_LOG)

ifneq ($(filter suite-record suite-views,$(MAKECMDGOALS)),)
SUITE_IDS := $(shell $(BIN)/perfviews suite ids $(SUITE_IDS_ARGS))
endif
ifeq ($(MAKECMDGOALS),suite-record)
.NOTPARALLEL:
SUITE_TODO := $(filter-out $(wildcard $(SUITE_IDS:%=$(DATA)/%-meta.json)),$(SUITE_IDS:%=$(DATA)/%-meta.json))
$(DATA)/%-meta.json:
	@$(BIN)/perfviews suite step --log $(SUITE_LOG) --todo $(words $(SUITE_TODO)) -- \
	    $* $(BIN)/perfviews record $(RECORD_ARGS) $*
endif

suite-record: $(SUITE_IDS:%=$(DATA)/%-meta.json)

suite-views: $(SUITE_IDS:%=suite-view-%)
	@$(BIN)/perfviews suite readme --data $(call quote,$(DATA)) --log $(SUITE_LOG) \
	    $(SUITE) $(SUITE_IDS) >$(OUT)/$(SUITE)-README.md.tmp && \
	    mv $(OUT)/$(SUITE)-README.md.tmp $(OUT)/$(SUITE)-README.md && echo "wrote $(OUT)/$(SUITE)-README.md"

suite-view-%: | $(PROGRAMS)
	@$(if $(wildcard $(DATA)/$*-raw.txt.xz $(DATA)/$*-raw.txt),$(MAKE) -s --no-print-directory views ID=$* && echo "views of $*: $(OUT)/$*-*")

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
# filters/NAME.c, a unit test test/unit/test_*.c.  See ARCHITECTURE.md.

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
GROUPS       = dataset flame views symbols match input base
SYSLIBS_symbols = -lbfd
SYSLIBS_match   = $(shell pkg-config --libs libpcre2-8 2>/dev/null || echo -lpcre2-8)
# What each program links, highest group first.
LINK_collapse      = symbols input base
LINK_strip-swapper = match input base
LINK_flatsort      = views symbols input base
LINK_calltree      = views symbols input base
LINK_bydso         = views symbols input base
LINK_flamesvg      = flame input base
LINK_perfviews     = dataset views symbols input base

FILTERS    = $(notdir $(basename $(wildcard filters/*.c)))
PROGRAMS   = $(FILTERS:%=$(BIN)/%)
UNIT_SRC   = $(wildcard test/unit/test_*.c)
UNIT_TESTS = $(UNIT_SRC:test/unit/%.c=$(BUILD)/unit/%)
lib        = $(1:%=$(BUILD)/lib/libpv-%.a)
group_objs = $(patsubst %.c,$(BUILD)/%.o,$(wildcard common/$(1)/*.c))
syslibs    = $(foreach g,$(1),$(SYSLIBS_$(g)))
OBJECTS    = $(patsubst %.c,$(BUILD)/%.o,$(wildcard common/*/*.c) \
               $(wildcard filters/*.c) $(UNIT_SRC))
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

$(BUILD)/test/unit/%.o: test/unit/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) -MMD -MP \
	    -c -o $@ $<

$(BUILD)/lib/libpv-%.a: $$(call group_objs,$$*)
	@mkdir -p $(@D) && rm -f $@
	$(AR) rcs $@ $^

$(BIN)/%: $(BUILD)/filters/%.o $$(call lib,$$(LINK_$$*))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(call syslibs,$(LINK_$*)) $(SANITIZE)

$(BUILD)/unit/%: $(BUILD)/test/unit/%.o $(call lib,$(GROUPS))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) \
	    $(call syslibs,$(GROUPS)) $(SANITIZE)

unit: $(UNIT_TESTS)

# Objects are intermediate files to make, which would delete them after a
# first build and rebuild everything the next time.  Kept, a second make
# does nothing.
.SECONDARY: $(OBJECTS)
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
	    $(DESTDIR)$(PREFIX)/share/man/man7
	install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(wildcard man/*.7) $(DESTDIR)$(PREFIX)/share/man/man7

format:
	clang-format -i common/*/*.[ch] filters/*.c test/unit/*.[ch]

clean:
	rm -rf build bin

# --- Data sets (SPEC §5-6) ---
#
#   make record ID=X [CMD=...] [PYTHON=...] [CALLGRAPH=dwarf|fp] [PYTHON_SRC=dir]
#        records RUNS runs at HZ (both from the ID) into DATA/X-raw.txt.xz,
#        each run after a "# perfviews run N/RUNS" line, and DATA/X-meta.json
#   make views [ID=X]      every view of X into OUT (default: the example)
#   make publish DEST=dir  every complete data set into dir, with an index
#   make stability ID=X    does combining runs stabilise the profile?
#
# Default commands by workload: "pass" is $(PYTHON) -c pass (tag nosite
# adds -S, tag xperf adds -X perf); bm_NAME is pyperformance's benchmark
# NAME; anything else needs CMD.  CALLGRAPH defaults to dwarf: Pythons
# built without frame pointers (most are) give broken stacks with fp.
EXAMPLE_ID     = pass-perf-freq50000-nosite
ID            ?=
DATA          ?= data
OUT           ?= out
DEST          ?=
PYTHON        ?= python3
CMD           ?=
CALLGRAPH     ?= dwarf
PYTHON_SRC    ?=
PERF          ?= perf
PERF_EVENT    ?= cpu-clock
RECORD_TIMEOUT ?= 600
XZ            ?= xz -9e -T1

.PHONY: views-check


# The data set shown, where its raw file is (DATA first, then examples/),
# and where its views go.
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

# Order-only: runs first, rebuilds nothing, and fails with a message
# before any view is attempted from a bad ID or a missing raw file.
views-check: $(BIN)/perfviews
	@$(BIN)/perfviews id '$(VIEW_ID)' >/dev/null
	@test -n '$(VIEW_RAW)' || { echo "make views: no $(VIEW_ID)-raw.txt.xz or $(VIEW_ID)-raw.txt in $(DATA)/ or examples/ (make record ID=$(VIEW_ID) first)" >&2; exit 1; }
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
	@get() { $(BIN)/perfviews get $(VIEW_META) $$1; }; \
	python=$$(get python.version | cut -d' ' -f1); \
	sub="$$(get workload.command) | $$(get tool.name) $$(get tool.event) $$(get tool.frequency) Hz, $$(get tool.call_graph) stacks, $$(get tool.runs) run(s), $$(get samples.total) samples | Python $${python:-unknown} | $$(get host.hostname), $$(get timestamp)"; \
	echo "$(BIN)/flamesvg --title '$(VIEW_ID)' --subtitle '$$sub' $< >$@"; \
	$(BIN)/flamesvg --title '$(VIEW_ID)' --subtitle "$$sub" $< >$@.tmp && mv $@.tmp $@
$(V)-README.md: $(VIEW_META) $(V)-flat.txt $(BIN)/perfviews | views-check
	$(BIN)/perfviews readme --flat $(V)-flat.txt --raw $(notdir $(VIEW_RAW)) $(VIEW_META) >$@.tmp && mv $@.tmp $@

# Python metadata, printed by the interpreter itself as FIELD=VALUE lines.
PY_META = import sys, sysconfig; g = getattr(sys, "_git", ("", "", "")); \
  c = sysconfig.get_config_var; \
  [print(k + "=" + " ".join(str(x or "").split())) for k, x in ( \
  ("python.executable", sys.executable), ("python.version", sys.version), \
  ("python.build.git_branch", g[1]), ("python.build.git_revision", g[2]), \
  ("python.build.configure_args", c("CONFIG_ARGS")), \
  ("python.build.cflags", c("CFLAGS")))]

record: $(BIN)/perfviews
	@test -n '$(ID)' || { echo "make record: ID=X is required (see perfviews(1))" >&2; exit 2; }
	@set -e; eval "$$($(BIN)/perfviews id '$(ID)')"; \
	fail() { echo "make record: $$*" >&2; exit 1; }; \
	python='$(PYTHON)'; python_meta=; \
	case " $$TAGS " in *" nosite "*) nosite=-S ;; *) nosite= ;; esac; \
	case " $$TAGS " in *" xperf "*) xperf='-X perf' ;; *) xperf= ;; esac; \
	if [ -n "$$xperf" ]; then \
	    $$python -X perf -c 'import sys; sys.exit(not getattr(sys, "is_stack_trampoline_active", bool)())' 2>/dev/null || \
	        fail "$$python has no -X perf (tag xperf needs Python 3.12 or later, built with perf trampoline support)"; fi; \
	cmd='$(subst ','\'',$(CMD))'; \
	if [ -z "$$cmd" ]; then \
	    case $$WORKLOAD in \
	    pass) cmd=$$(echo $$python $$nosite $$xperf -c pass); python_meta=1 ;; \
	    bm_*) $$python -m pyperformance --version >/dev/null 2>&1 || \
	              fail "workload $$WORKLOAD runs pyperformance's benchmark $${WORKLOAD#bm_}, but $$python -m pyperformance is not installed (pip install pyperformance, or give CMD=...)"; \
	          cmd=$$(echo $$python $$nosite $$xperf -m pyperformance run --inherit-environ PATH -b $${WORKLOAD#bm_}); python_meta=1 ;; \
	    *) fail "workload $$WORKLOAD has no default command: give CMD=..." ;; \
	    esac; \
	fi; \
	[ '$(origin PYTHON)' = 'command line' ] && python_meta=1; \
	case '$(CALLGRAPH)' in dwarf) cg='--call-graph dwarf' ;; fp) cg=-g ;; \
	    *) fail "CALLGRAPH=$(CALLGRAPH): fp or dwarf" ;; esac; \
	tmp='$(DATA)/.'$$ID'.tmp'; rm -rf "$$tmp"; mkdir -p "$$tmp"; \
	max=$$(sysctl -n kernel.perf_event_max_sample_rate 2>/dev/null || echo 0); \
	if [ "$$max" -gt 0 ] && [ "$$HZ" -gt "$$max" ]; then \
	    [ "$$(id -u)" = 0 ] || fail "$$HZ Hz is above kernel.perf_event_max_sample_rate ($$max): run as root to raise it for the recording, or use a lower frequency"; \
	    echo "raising kernel.perf_event_max_sample_rate from $$max to $$HZ for the recording"; \
	    trap 'sysctl -qw kernel.perf_event_max_sample_rate='$$max'; rm -rf "$$tmp"' EXIT; \
	    sysctl -qw kernel.perf_event_max_sample_rate=$$HZ; \
	else trap 'rm -rf "$$tmp"' EXIT; fi; \
	record="$(PERF) record -q -e $(PERF_EVENT) -F $$HZ $$cg -o RUN.data -- $$cmd"; \
	{ echo "workload.command=$$cmd"; \
	  echo "tool.version=$$($(PERF) --version 2>/dev/null | sed 's/^perf version //')"; \
	  echo "tool.event=$(PERF_EVENT)"; echo "tool.call_graph=$(CALLGRAPH)"; \
	  echo "tool.record_command=$$record"; \
	  echo "timestamp=$$(date -u +%Y-%m-%dT%H:%M:%SZ)"; \
	  echo "host.hostname=$$(hostname 2>/dev/null || uname -n)"; \
	  echo "host.kernel=$$(uname -r)"; \
	  echo "host.cpu_model=$$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1)"; \
	  echo "host.cpu_count=$$(getconf _NPROCESSORS_ONLN 2>/dev/null)"; \
	} >"$$tmp/meta.kv"; \
	if [ -n "$$python_meta" ]; then \
	    $$python -c '$(PY_META)' >>"$$tmp/meta.kv" || fail "$$python did not run"; \
	    if [ -n '$(PYTHON_SRC)' ]; then \
	        echo "python.build.git_remote=$$(git -C '$(PYTHON_SRC)' remote get-url origin 2>/dev/null)"; \
	        echo "python.build.git_branch=$$(git -C '$(PYTHON_SRC)' rev-parse --abbrev-ref HEAD 2>/dev/null)"; \
	        echo "python.build.git_revision=$$(git -C '$(PYTHON_SRC)' rev-parse HEAD 2>/dev/null)"; \
	    fi >>"$$tmp/meta.kv"; \
	fi; \
	eval "set -- $$cmd"; run=1; : >"$$tmp/raw.txt"; \
	while [ $$run -le $$RUNS ]; do \
	    echo "run $$run/$$RUNS: $$(echo "$$record" | sed "s|RUN.data|$$tmp/run.data|")"; \
	    timeout $(RECORD_TIMEOUT) $(PERF) record -q -e $(PERF_EVENT) -F $$HZ $$cg -o "$$tmp/run.data" -- "$$@" \
	        >"$$tmp/stdout" 2>"$$tmp/stderr" || \
	        fail "run $$run failed (exit $$?): $$(grep -v '^\[' "$$tmp/stderr" | head -n 3)"; \
	    echo "# perfviews run $$run/$$RUNS" >>"$$tmp/raw.txt"; \
	    $(PERF) script -i "$$tmp/run.data" >>"$$tmp/raw.txt" 2>/dev/null || fail "perf script failed on run $$run"; \
	    run=$$((run + 1)); \
	done; \
	$(BIN)/perfviews meta --raw "$$tmp/raw.txt" "$$ID" "$$tmp/meta.kv" >"$$tmp/meta.json"; \
	$(XZ) -c "$$tmp/raw.txt" >"$$tmp/raw.txt.xz"; \
	mv "$$tmp/raw.txt.xz" '$(DATA)/'$$ID-raw.txt.xz; mv "$$tmp/meta.json" '$(DATA)/'$$ID-meta.json; \
	echo "wrote $(DATA)/$$ID-raw.txt.xz and $(DATA)/$$ID-meta.json ($$($(BIN)/perfviews get '$(DATA)/'$$ID-meta.json samples.total) samples)"

# Every data set with raw and meta in DATA or examples/, rendered and copied.
publish: $(BIN)/perfviews
	@test -n '$(DEST)' || { echo "make publish: DEST=dir is required" >&2; exit 2; }
	@set -e; mkdir -p '$(DEST)'; copied=0; same=0; \
	for meta in $(wildcard $(DATA)/*-meta.json examples/*-meta.json); do \
	    id=$$(basename "$$meta" -meta.json); dir=$$(dirname "$$meta"); \
	    raw=$$(ls "$$dir/$$id-raw.txt.xz" "$$dir/$$id-raw.txt" 2>/dev/null | head -n 1); \
	    [ -n "$$raw" ] || { echo "skipping $$id: no raw file" >&2; continue; }; \
	    $(MAKE) --no-print-directory views ID=$$id DATA="$$dir"; \
	    for f in "$$raw" "$$meta" '$(OUT)'/$$id-folded.txt '$(OUT)'/$$id-flat.txt \
	        '$(OUT)'/$$id-calltree.txt '$(OUT)'/$$id-bydso.txt \
	        '$(OUT)'/$$id-flamegraph.svg '$(OUT)'/$$id-README.md; do \
	        dest='$(DEST)'/$$(basename "$$f"); \
	        if cmp -s "$$f" "$$dest"; then same=$$((same + 1)); \
	        else cp "$$f" "$$dest.tmp" && mv "$$dest.tmp" "$$dest"; copied=$$((copied + 1)); fi; \
	    done; \
	done; \
	$(BIN)/perfviews index '$(DEST)'/*-meta.json >'$(DEST)/README.md.tmp'; \
	mv '$(DEST)/README.md.tmp' '$(DEST)/README.md'; \
	echo "published to $(DEST): $$copied file(s) copied, $$same already there"

# Split the raw file at its run markers and compare groups of runs.
stability: $(BIN)/perfviews | views-check
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	runs=$$($(VIEW_CAT) $(VIEW_RAW) | $(BIN)/perfviews split - "$$tmp"); \
	[ "$$runs" -ge 2 ] || { echo "make stability: $(VIEW_RAW) holds $$runs run(s); record with xRUNS, 10 or more" >&2; exit 1; }; \
	[ "$$runs" -ge 10 ] || echo "make stability: only $$runs runs; 10 or more give k up to 5" >&2; \
	{ echo "# Stability of $(VIEW_ID)"; echo; \
	  $(BIN)/perfviews stability "$$tmp"/run-*.txt; } >$(V)-stability.md.tmp; \
	mv $(V)-stability.md.tmp $(V)-stability.md; cat $(V)-stability.md

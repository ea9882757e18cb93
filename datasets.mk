# datasets.mk - the data-set targets, included by the Makefile.
#
# --- Data sets (perfviews(5)) ---
#   make record ID=X [CMD=...] [PYTHON=...] [CALLGRAPH=dwarf|fp] [PYTHON_SRC=dir]
#               [OVERHEAD=1] [LOOPS=FILE] (bm_NAME: pyperformance's benchmark NAME)
#               [FORCE=1] (record over a data set of that ID: else refused)
#     (tags faults, files: page faults, file-system calls; see perfviews(7))
#   make views [ID=X]   make stability ID=X
#   make publish DEST=dir [EXAMPLE=1] [FORCE=1] [PUBLISH_PATHS=short]
#   make suite SUITE=S BENCHMARKS="nbody ..."|all [FREQ=1000] [RUNS=10] [TAGS=...]
#              [ENGINE=local|slurm] [SLURM_OPTS="--partition=... ..."]
#              [LOOPS=FILE] (default OUT/S-loops.json) [SUITE_JOBS=N]
#   make compare-suites A=S1 B=S2 [FDR=5] [FORCE=1] [NULL=S]
# record, stability, publish, suite and compare-suites are perfviews
# commands: perfviews(1).
EXAMPLE_ID     = pass-perf-freq100000-nosite
DATA          ?= data
OUT           ?= out
PYTHON        ?= python3
CALLGRAPH     ?= dwarf
PERF          ?= perf
PERF_EVENT    ?= cpu-clock
STRACE        ?= strace
RECORD_TIMEOUT ?= 600
XZ            ?= xz -9 -T1
# pyperformance's environments, once per Python: the user's cache
# (~/.cache/perfviews/pyperformance) unless given.
BENCH_CACHE   ?=
OVERHEAD      ?=
# bm_: pyperf's loops from this file (pyperformance's --same-loops), the
# ones calibrated added; make suite's default: OUT/SUITE-loops.json.
LOOPS         ?=
FREQ          ?= 1000
RUNS          ?= 10
quote = '$(subst ','\'',$(1))'
PYTHON_ARG = $(if $(filter-out file,$(origin PYTHON)),--python $(call quote,$(PYTHON)))
# perfviews record's options, with $(1) the compressor.
record_args = --data $(call quote,$(DATA)) $(PYTHON_ARG) \
    --callgraph $(call quote,$(CALLGRAPH)) --perf $(call quote,$(PERF)) \
    $(if $(filter-out file,$(origin PERF_EVENT)),--event $(call quote,$(PERF_EVENT))) \
    --strace $(call quote,$(STRACE)) --timeout $(call quote,$(RECORD_TIMEOUT)) \
    --xz $(call quote,$(1)) $(if $(BENCH_CACHE),--cache $(call quote,$(BENCH_CACHE))) $(if $(OVERHEAD),--overhead) \
    $(if $(FORCE),--force)
RECORD_ARGS = $(call record_args,$(XZ))

# The names of a data set's files, a comparison's and a suite's are
# perfviews' (its tables of files, file_kinds.h and suite_file.h): make
# asks it once a run, for the goals that name them, and gets each kind's
# suffix as pv_KIND (pv_meta, pv_raw and pv_raw_alt, ...; pv_compare_KIND;
# pv_suite_KIND, and pv_suite_KIND_prefix for a hidden one), make compare
# the files it compares and the comparison's name (perfviews name --make).  perfviews is
# asked as it is when make starts: a table changed since is followed by
# the next make, once perfviews is built again.  On a fresh clone there is
# no perfviews to ask while make reads this file: then each of these
# goals builds it and makes itself again, in a make that can ask.
NAMED_GOALS = $(filter views stability compare suite \
    suite-views suite-todo suite-step suite-report suite-view-%,$(MAKECMDGOALS))
ifneq ($(filter compare,$(MAKECMDGOALS)),)
$(if $(and $(A),$(B)),,$(error make compare: give the data sets to compare, A=ID1 B=ID2))
endif
ifneq ($(and $(NAMED_GOALS),$(wildcard $(BIN)/perfviews)),)
$(foreach v,$(shell $(BIN)/perfviews name --make \
    $(if $(filter compare,$(MAKECMDGOALS)),--data $(call quote,$(DATA)) --data examples \
        --compare $(call quote,$(A)) --compare $(call quote,$(B)))),$(eval $(v)))
$(if $(pv_meta),,$(error make: $(BIN)/perfviews name --make named no file: is $(BIN)/perfviews whole?))
else ifneq ($(NAMED_GOALS),)
# Made again and still no perfviews (make -n builds nothing): said, not
# made again for ever.
$(if $(PV_MADE_AGAIN),$(error make: $(BIN)/perfviews names the files of $(NAMED_GOALS) and is not built (make -n builds nothing: run make first)))
NAMES_LATER = 1
.PHONY: $(NAMED_GOALS)
$(NAMED_GOALS): $(BIN)/perfviews
	@$(MAKE) --no-print-directory $@ PV_MADE_AGAIN=1
endif

.PHONY: views-check views-of-another-source

ifndef NAMES_LATER

# The data set shown: its raw file (DATA first, then examples/; programs
# read .xz themselves, and a cut one is an error), its meta.json (beside it,
# or made from the raw text alone into OUT), and its views.
VIEW_ID   = $(or $(ID),$(EXAMPLE_ID))
# The raw file of data set $(1): DATA first, then examples/.
raw_of    = $(firstword $(wildcard $(foreach d,$(DATA) examples,\
                $(d)/$(1)$(pv_raw) $(d)/$(1)$(pv_raw_alt))))
VIEW_RAW  = $(call raw_of,$(VIEW_ID))
V         = $(OUT)/$(VIEW_ID)
VIEW_META_BESIDE = $(wildcard $(dir $(VIEW_RAW))$(VIEW_ID)$(pv_meta))
VIEW_META = $(or $(VIEW_META_BESIDE),$(V)$(pv_meta))
# Where a rule's output goes: beside, then in place; nothing left on error.
into = >$@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
# What the views in OUT are made from (view_make.h): the raw file and
# what meta.json holds, noted first and rewritten only when that changes,
# so that views of this ID from another raw file (another DATA's data set
# of the same ID) are made again, never left, and meta.json written anew
# with the same fields makes nothing again.
VIEW_SOURCE = $(OUT)/.$(VIEW_ID).source
# A note of another raw file's (its first word) makes the views again,
# whatever the dates.
VIEW_SOURCE_RAW = $(firstword $(file <$(VIEW_SOURCE)))
VIEW_MOVED = $(if $(and $(VIEW_SOURCE_RAW),$(filter-out $(VIEW_SOURCE_RAW),$(realpath $(VIEW_RAW)))),views-of-another-source)
# Every view, from one read of the raw file: perfviews views writes those
# perfviews' table of views gives the data set, each whole, the README
# last, which stands for them all here: they are made again when the raw
# file, the note of their source or perfviews is newer than it.  Then, up
# to date or not, a raw file short of its meta.json's counts, which the
# README says first, is said again.  The other programs are built first,
# for a view the pass leaves to its program (view_pass.h).  Without a raw
# file, views-check says which is missing.
ifneq ($(filter views,$(MAKECMDGOALS)),)
ifneq ($(VIEW_RAW),)
views: $(V)$(pv_readme)
	@$(BIN)/perfviews views --incomplete --raw $(call quote,$(VIEW_RAW)) \
	    --out $(call quote,$(OUT)) $(call quote,$(VIEW_ID))
$(V)$(pv_readme): $(VIEW_RAW) $(VIEW_SOURCE) $(BIN)/perfviews $(VIEW_MOVED) \
    | $(filter-out $(BIN)/perfviews,$(PROGRAMS))
	@$(BIN)/perfviews views --quiet --raw $(call quote,$(VIEW_RAW)) \
	    $(if $(VIEW_META_BESIDE),--meta $(call quote,$(VIEW_META_BESIDE))) \
	    --out $(call quote,$(OUT)) $(call quote,$(VIEW_ID))
views-of-another-source:
else
views: views-check
endif
endif

# Order-only: runs first, rebuilds nothing, stops a bad ID or missing raw.
views-check: $(BIN)/perfviews
	@$(BIN)/perfviews id '$(VIEW_ID)' >/dev/null
	@test -n '$(VIEW_RAW)' || $(BIN)/perfviews suite missing --data $(call quote,$(DATA)) '$(VIEW_ID)'
	@mkdir -p $(OUT)

# The note of the views' source (make views; make stability, whose report
# is a view too), asked every time there is one and rewritten only when it
# changes; the first is written by perfviews views once it has read the
# raw file, so that a raw file that cannot be read leaves none.
# meta.json, made from the raw text when there is none beside.
.PHONY: views-source
$(VIEW_SOURCE): views-source $(VIEW_META_BESIDE)
	@$(if $(wildcard $(VIEW_SOURCE)),$(BIN)/perfviews views --source \
	    --raw $(VIEW_RAW) --meta $(VIEW_META) --out $(OUT) $(VIEW_ID))
$(V)$(pv_meta): $(VIEW_RAW) $(BIN)/perfviews | views-check
	@echo "make views: $(VIEW_RAW) has no $(VIEW_ID)$(pv_meta) beside it: $@ holds what its text tells, null elsewhere" >&2
	$(BIN)/perfviews meta --raw $< --set made_from='raw file $(notdir $(VIEW_RAW))' '$(VIEW_ID)' $(into)

endif

# Then every view, timed.  DATA and OUT, when given, in the views'
# command too (which make record prints, to be run again as it is).
VIEWS_WHERE = $(foreach v,DATA OUT,$(if $(filter-out file,$(origin $(v))),$(v)=$(call quote,$($(v)))))
record: $(PROGRAMS)
	@$(BIN)/perfviews record $(RECORD_ARGS) --cmd $(call quote,$(CMD)) \
	    $(if $(LOOPS),--loops $(call quote,$(LOOPS))) \
	    --python-src $(call quote,$(PYTHON_SRC)) \
	    --views $(call quote,$(MAKE) -s --no-print-directory views $(VIEWS_WHERE)) \
	    $(call quote,$(ID))

# Publishing replaces only what it wrote (DEST/.perfviews-published);
# FORCE=1 replaces another recording published under an ID;
# PUBLISH_PATHS=short shortens the recording machine's paths.  perfviews
# publish renders the views that are not current itself, by make views'
# rule (view_make.h: view_current); the programs are built first, for a
# view it leaves to its program.
PUBLISH_PATHS ?= full
publish: $(PROGRAMS)
	@$(BIN)/perfviews publish --data $(call quote,$(DATA)) $(if $(EXAMPLE),--data examples) \
	    --out $(call quote,$(OUT)) $(if $(FORCE),--force) \
	    --paths $(call quote,$(PUBLISH_PATHS)) --xz $(call quote,$(XZ)) $(call quote,$(DEST))

# The report is a view: its source noted first (a new OUT has no note).
ifndef NAMES_LATER
stability: $(BIN)/perfviews $(VIEW_META) $(VIEW_SOURCE) | views-check
	@$(BIN)/perfviews views --source --raw $(VIEW_RAW) --meta $(VIEW_META) \
	    --out $(OUT) $(VIEW_ID) && \
	$(BIN)/perfviews views --view stability --raw $(VIEW_RAW) --meta $(VIEW_META) \
	    $(VIEW_ID) >$(V)$(pv_stability).tmp && \
	    mv $(V)$(pv_stability).tmp $(V)$(pv_stability) && cat $(V)$(pv_stability) || \
	    { rm -f $(V)$(pv_stability).tmp; exit 1; }
endif

# --- Suites: pyperformance benchmarks at one setting, and their README ---
# Two steps, whatever the engine: the missing data sets recorded, each a
# step of the suite's log (perfviews suite step around perfviews record,
# going on past a failure), then every view in parallel (-j) and
# OUT/SUITE-README.md and -suite.json.  ENGINE=local (the default) is
# perfviews suite run (suite_run.h), which records one at a time
# (recordings in parallel perturb each other); ENGINE=slurm hands the
# recordings to Slurm, a task each (suite-step), and suite-views to a job
# after them (scripts/suite-slurm.sh), with the targets below.  A rerun
# records only what is missing (suite-todo).  perfviews suite ids names the
# data sets (a benchmark with variants: the data sets of its variants once
# recorded).
ENGINE     ?= local
# The views once every recording is done, in parallel (they can disturb
# no timing then): make's -j when given, else one job per CPU.
SUITE_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
SLURM_OPTS ?=
SUITE_LOG  = $(OUT)/$(pv_suite_log_prefix)$(SUITE)$(pv_suite_log)
# pyperf's loops, calibrated once and reused (--same-loops): the suite's
# own file unless LOOPS names one (another build's suite, for the same
# loops).
SUITE_LOOPS = $(or $(LOOPS),$(OUT)/$(SUITE)$(pv_suite_loops))
# The IDs' tail: TAGS="py312 _again" is -py312-_again, one word.
empty :=
space := $(empty) $(empty)
SUITE_TAIL = perf-freq$(FREQ)x$(RUNS)$(if $(strip $(TAGS)),-$(subst $(space),-,$(strip $(TAGS))))
SUITE_IDS_ARGS = --data $(call quote,$(DATA)) $(if $(BENCH_CACHE),--cache $(call quote,$(BENCH_CACHE))) \
    $(PYTHON_ARG) $(SUITE_TAIL) $(BENCHMARKS)
# One data set recorded as a suite records it: $(1) the log, $(2) how many
# recordings the suite makes, $(3) the ID.
# A suite's data sets are compressed lighter unless XZ is given: xz -3
# took a ninth of xz -9's time on a suite's largest text (README:
# Compression), for files a quarter larger, and compression is the longest
# step after each recording's workers.
SUITE_XZ = $(if $(filter file,$(origin XZ)),xz -3 -T1,$(XZ))
suite_step = $(BIN)/perfviews suite step --log $(1) --todo $(2) -- \
    $(3) $(BIN)/perfviews record $(call record_args,$(SUITE_XZ)) \
    --loops $(call quote,$(SUITE_LOOPS)) --views '' $(3)
# The variables the suite's sub-makes read, as given to this make: Slurm's
# jobs run make with them (and without this make's MAKEFLAGS).
SUITE_VARS = SUITE BENCHMARKS DATA OUT BIN BUILD FREQ RUNS TAGS PYTHON \
    BENCH_CACHE CALLGRAPH PERF PERF_EVENT STRACE RECORD_TIMEOUT XZ OVERHEAD FORCE LOOPS
SUITE_MAKE = $(MAKE) -C $(call quote,$(CURDIR)) --no-print-directory \
    $(foreach v,$(SUITE_VARS),$(if $(filter-out undefined default file automatic,$(origin $(v))),$(call quote,$(v)=$($(v)))))
SUITE_SLURM = sh scripts/suite-slurm.sh submit --data $(call quote,$(DATA)) \
    --out $(call quote,$(OUT)) --log $(call quote,$(SUITE_LOG)) \
    --make $(call quote,$(SUITE_MAKE)) --opts $(call quote,$(SLURM_OPTS)) '$(SUITE)'

.PHONY: suite suite-views suite-todo suite-step suite-report

ifndef NAMES_LATER
suite: all
	@test -n '$(SUITE)' || { echo 'make suite: give SUITE=NAME (OUT/NAME-README.md)' >&2; exit 2; }
	@$(if $(filter local slurm,$(ENGINE)),:,{ echo "make suite: ENGINE is local (the default) or slurm, not '$(ENGINE)'" >&2; exit 2; })
ifeq ($(ENGINE),slurm)
	@$(BIN)/perfviews suite ids --check-build \
	    $(if $(FORCE),--force) $(SUITE_IDS_ARGS) >/dev/null && \
	    mkdir -p $(OUT) && printf 'start\t%s\n' "$$(date +%s.%N)" >$(SUITE_LOG) && \
	    rm -f $(call quote,$(SUITE_LOCATE_CACHE))
	@+exec $(SUITE_SLURM)
	@$(MAKE) --no-print-directory suite-report
else
	@$(BIN)/perfviews suite run --data $(call quote,$(DATA)) --out $(call quote,$(OUT)) \
	    --freq $(call quote,$(FREQ)) --runs $(call quote,$(RUNS)) --tags $(call quote,$(TAGS)) \
	    $(PYTHON_ARG) $(if $(BENCH_CACHE),--cache $(call quote,$(BENCH_CACHE))) \
	    $(if $(LOOPS),--loops $(call quote,$(LOOPS))) $(if $(FORCE),--force) \
	    -j $(or $(patsubst -j%,%,$(filter -j%,$(MAKEFLAGS))),$(SUITE_JOBS)) \
	    --callgraph $(call quote,$(CALLGRAPH)) --perf $(call quote,$(PERF)) \
	    $(if $(filter-out file,$(origin PERF_EVENT)),--event $(call quote,$(PERF_EVENT))) \
	    --strace $(call quote,$(STRACE)) --timeout $(call quote,$(RECORD_TIMEOUT)) \
	    --xz $(call quote,$(SUITE_XZ)) $(if $(OVERHEAD),--overhead) \
	    '$(SUITE)' $(BENCHMARKS)
endif

ifneq ($(filter suite-views suite-todo suite-report,$(MAKECMDGOALS)),)
SUITE_IDS := $(shell $(BIN)/perfviews suite ids $(SUITE_IDS_ARGS))
# FORCE=1 records each benchmark once: one recorded as its variants' data
# sets writes them all again (recorded a variant at a time, a runscript
# that cannot run one alone would run them all each time).  Only the
# goals that record ask.
SUITE_RECORDINGS := $(if $(and $(FORCE),$(filter suite-todo,$(MAKECMDGOALS))),$(shell $(BIN)/perfviews suite ids --recordings $(SUITE_IDS_ARGS)),$(SUITE_IDS))
SUITE_METAS = $(SUITE_IDS:%=$(DATA)/%$(pv_meta))
SUITE_TODO := $(if $(FORCE),$(SUITE_RECORDINGS:%=$(DATA)/%$(pv_meta)),$(filter-out $(wildcard $(SUITE_METAS)),$(SUITE_METAS)))
endif
# The failures of this run, and where its time went.
suite-report:
	@$(BIN)/perfviews suite report --data $(call quote,$(DATA)) $(SUITE_LOG) '$(SUITE)' $(SUITE_IDS)

# The IDs the suite has yet to record, one a line.
suite-todo:
	@$(if $(SUITE_TODO),printf '%s\n' $(SUITE_TODO:$(DATA)/%$(pv_meta)=%),:)

# One of them, ID, logged in SUITE_STEP_LOG: a Slurm task of ENGINE=slurm.
suite-step:
	@$(call suite_step,$(call quote,$(SUITE_STEP_LOG)),1,$(ID))

SUITE_RAWS = $(wildcard $(SUITE_IDS:%=$(DATA)/%$(pv_raw)) $(SUITE_IDS:%=$(DATA)/%$(pv_raw_alt)))
S = $(OUT)/$(SUITE)
# Every view program of every data set asks the DSOs' debug information the
# same questions (where an orphan inlined frame belongs): the first to ask
# keeps the answers in this file for the others (locate_cache.h).  One a
# run of suite-views: removed as the suite starts and after its views.
SUITE_LOCATE_CACHE = $(abspath $(BUILD))/$(pv_suite_locate-cache_prefix)$(SUITE)$(pv_suite_locate-cache)
# The suite's categories are made beside the data sets' views (make -j).
suite-views: export PERFVIEWS_LOCATE_CACHE = $(SUITE_LOCATE_CACHE)
suite-views: $(SUITE_IDS:%=suite-view-%) $(if $(SUITE_RAWS),suite-categories-text suite-categories-svg)
	@rm -f $(call quote,$(SUITE_LOCATE_CACHE))
	@$(BIN)/perfviews suite readme --data $(call quote,$(DATA)) --log $(SUITE_LOG) \
	    --views $(call quote,$(OUT)) \
	    $(if $(SUITE_RAWS),--categories $(S)$(pv_suite_categories)) $(SUITE) $(SUITE_IDS) >$(S)$(pv_suite_readme).tmp && \
	    mv $(S)$(pv_suite_readme).tmp $(S)$(pv_suite_readme) && \
	$(BIN)/perfviews suite define --data $(call quote,$(DATA)) $(SUITE) $(SUITE_IDS) >$(S)$(pv_suite_definition).tmp && \
	    mv $(S)$(pv_suite_definition).tmp $(S)$(pv_suite_definition) && \
	    echo "wrote $(S)$(pv_suite_readme), $(S)$(pv_suite_definition)$(if $(SUITE_RAWS), and $(S)$(pv_suite_categories-svg))"

.PHONY: suite-categories-text suite-categories-svg
suite-categories-text: | $(PROGRAMS)
	@$(BIN)/bycategory --each $(SUITE_RAWS) >$(S)$(pv_suite_categories)
suite-categories-svg: | $(PROGRAMS)
	@$(BIN)/bycategory --each --format svg --title '$(SUITE)' $(SUITE_RAWS) >$(S)$(pv_suite_categories-svg)

suite-view-%: | $(PROGRAMS)
	@$(if $(wildcard $(DATA)/$*$(pv_raw) $(DATA)/$*$(pv_raw_alt)),$(MAKE) -s --no-print-directory views ID=$* && echo "views of $*: $(OUT)/$*-*")
endif

# --- Comparisons: make compare A=X B=Y [FORCE=1] (perfviews(1)) ---
# X and Y are IDs (found as make views finds one) or paths to data sets in
# any directory (DIR/ID, DIR/ID-raw.txt.xz, DIR/ID-meta.json): a data set
# per build, each in a directory of its own, compares as A=DIR1/ID
# B=DIR2/ID.  perfviews compare --out reads each raw file once and writes
# flatdiff's table, diffstacks | flamesvg's graph and the README from that
# one reading (pages/comparison_files.h), in a scratch directory in OUT;
# the three files land in OUT together, or none does.  A data set not found
# is said here (its ID checked first); perfviews compare checks the IDs of
# those found.  One ID twice is named after the directories:
# OUT/ID-DIR1-vs-DIR2-*.
# perfviews name (NAMED_GOALS, above) finds each and names the comparison:
# pv_compare_raw_a and _b ("" when not found), pv_compare_id_a and _b,
# pv_compare_name.
CMP     = $(OUT)/$(pv_compare_name)
CMP_RAW = $(pv_compare_raw_a) $(pv_compare_raw_b)
CMP_FILES = $(foreach k,diff diffgraph readme,$(CMP)$(pv_compare_$(k)))
# Each side's meta.json, when there is one beside its raw file.
CMP_META = $(wildcard $(foreach s,a b,$(if $(pv_compare_raw_$(s)),\
    $(dir $(pv_compare_raw_$(s)))$(pv_compare_id_$(s))$(pv_meta))))
.PHONY: compare
ifdef pv_compare_name
# When the files were there already, where they are (CMP_MADE: set as
# they are made, before this recipe is expanded).
compare: $(CMP_FILES)
	@$(if $(CMP_MADE),:,echo "up to date: $(CMP)$(pv_compare_readme), $(pv_compare_diff) and $(pv_compare_diffgraph)")
$(CMP_FILES) &: $(CMP_RAW) $(CMP_META) $(BIN)/perfviews
	$(eval CMP_MADE = 1)
	@$(foreach s,a b,$(if $(pv_compare_raw_$(s)),,$(BIN)/perfviews id '$(pv_compare_id_$(s))' >/dev/null || exit 1; \
	    { echo "make compare: no $(pv_compare_id_$(s))$(pv_raw) or $(pv_compare_id_$(s))$(pv_raw_alt) in $(if $(findstring /,$(if $(filter a,$(s)),$(A),$(B))),$(dir $(if $(filter a,$(s)),$(A),$(B))),$(DATA)/ or examples/)" >&2; exit 1; };))
	@$(BIN)/perfviews compare --out $(call quote,$(OUT)) --name '$(pv_compare_name)' $(if $(FORCE),--force) $(CMP_RAW)
endif

# --- Suites compared: make compare-suites A=S1 B=S2 [FDR=5] [FORCE=1] [NULL=S] ---
# S1 and S2 are suites' names (OUT/S-suite.json, which make suite writes)
# or paths to those files; wherever their data sets are, the files name
# them.  perfviews compare-suites writes OUT/S1-vs-S2-README.md, -timing.csv
# and -categories.csv, and each benchmark's make compare files.
FDR ?=
.PHONY: compare-suites
compare-suites: $(PROGRAMS)
	@test -n '$(A)' && test -n '$(B)' || { echo 'make compare-suites: give the suites to compare, A=S1 B=S2' >&2; exit 2; }
	@$(BIN)/perfviews compare-suites --out $(call quote,$(OUT)) $(if $(FDR),--fdr $(call quote,$(FDR))) \
	    $(if $(FORCE),--force) $(if $(NULL),--null $(call quote,$(NULL))) \
	    $(call quote,$(A)) $(call quote,$(B))

# fuzz.mk - the fuzz targets, included by the Makefile.
#
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
FUZZ_FILTERS  = collapse strip-swapper flatsort calltree bydso flamesvg bycategory \
                pyprofile bytecode
# What the targets and the filters they run link: not the groups of the
# data-set tool above the model (tool, suite, pages, record), half the
# build; the model, for the meta.json beside a raw file and its file names.
FUZZ_GROUPS   = dataset compare flame views match interp perfdata symbols input \
                stats os base
FUZZ_LIB      = $(patsubst %.c,build/fuzz/obj/%.o,\
                $(wildcard $(FUZZ_GROUPS:%=common/%/*.c)))

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
	    $(call syslibs,$(FUZZ_GROUPS))

fuzz-build: $(FUZZ_TARGETS:%=build/fuzz/%)
.SECONDARY: $(FUZZ_LIB) $(FUZZ_TARGETS:%=build/fuzz/obj/test/fuzz/%.o) \
            $(FUZZ_FILTERS:%=build/fuzz/main/%.o)

fuzz: fuzz-build
	@sh test/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

-include $(wildcard build/fuzz/*/*.d build/fuzz/*/*/*.d build/fuzz/*/*/*/*.d)

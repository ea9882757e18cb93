# perfviews - profile views from `perf script` text.
#
#   make                 build every filter into bin/
#   make check           run every test (unit, golden, conformance, real
#                        recordings, and again under ASan+UBSan)
#   make views [ID=X]    every view of data set X (default: the example)
#   make bench           throughput and peak memory against cat
#   make install PREFIX=/usr/local
#   make deps            install missing build and test dependencies
#
# Filters are filters/*.c, each linked with the shared library built from
# common/*.c; adding a file needs no change here.

PREFIX   ?= /usr/local
CFLAGS   ?= -O2 -g
BUILD    ?= build/release
BIN      ?= bin
SANITIZE ?=

PV_CFLAGS = -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Icommon $(SANITIZE) \
            $(shell pkg-config --cflags libpcre2-8 2>/dev/null)
PV_LIBS   = $(shell pkg-config --libs libpcre2-8 2>/dev/null) -lbfd $(SANITIZE)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

COMMON_SRC = $(wildcard common/*.c)
FILTER_SRC = $(wildcard filters/*.c)
UNIT_SRC   = $(wildcard test/unit/test_*.c)
FILTERS    = $(notdir $(FILTER_SRC:.c=))
PROGRAMS   = $(FILTERS:%=$(BIN)/%)
UNIT_TESTS = $(UNIT_SRC:test/unit/%.c=$(BUILD)/unit/%)
LIB        = $(BUILD)/libperfviews.a
COMMON_OBJ = $(COMMON_SRC:%.c=$(BUILD)/%.o)
DEPS_OK    = build/.deps-ok

# Debian packages: to build, and to run the whole test suite.
BUILD_PKGS = binutils-dev libpcre2-dev check pkg-config gcc make
TEST_PKGS  = linux-perf xz-utils python3 gawk time nodejs npm chromium

.PHONY: all check unit deps bench install clean views record publish \
        stability sanitize format
.DELETE_ON_ERROR:

all: $(PROGRAMS)

# Build dependencies are installed on first use, so a fresh machine needs
# nothing but make and the two commands of the README.
$(DEPS_OK):
	@if [ -e /usr/include/pcre2.h ] && [ -e /usr/include/bfd.h ] && \
	    pkg-config --exists check libpcre2-8 2>/dev/null; then :; \
	else $(MAKE) --no-print-directory deps; fi
	@mkdir -p $(@D) && touch $@

deps:
	@sh test/install-deps.sh $(BUILD_PKGS) $(TEST_PKGS)

$(BUILD)/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(LIB): $(COMMON_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN)/%: $(BUILD)/filters/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PV_LIBS)

$(BUILD)/test/unit/%.o: test/unit/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(PV_CFLAGS) $(CHECK_CFLAGS) $(CFLAGS) -MMD -MP \
	    -c -o $@ $<

$(BUILD)/unit/%: $(BUILD)/test/unit/%.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(PV_LIBS)

unit: $(UNIT_TESTS)

-include $(shell find build -name '*.d' 2>/dev/null)

# The same programs and unit tests under AddressSanitizer and UBSan.
sanitize:
	@$(MAKE) --no-print-directory BUILD=build/asan BIN=build/asan/bin \
	    CFLAGS='-O1 -g -fno-omit-frame-pointer' \
	    SANITIZE='-fsanitize=address,undefined -fno-sanitize-recover=all' \
	    all unit

check: all unit sanitize
	@sh test/install-deps.sh $(TEST_PKGS)
	@sh test/run-all.sh

bench: all
	@sh test/bench.sh

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	    $(DESTDIR)$(PREFIX)/share/man/man7
	install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(wildcard man/*.7) $(DESTDIR)$(PREFIX)/share/man/man7

format:
	clang-format -i common/*.[ch] filters/*.c test/unit/*.[ch]

clean:
	rm -rf build bin

# kiosk — build, run and test on a fresh Debian or Ubuntu machine with Swift 6.
#
#   make run        install what is missing, build, open the REPL on the Juice Maker
#   make test       install what is missing, build with warnings as errors, run every test
#   make check      the fast loop: build, then the unit suites only (no end-to-end runs)
#   make install    build for release and install under PREFIX (/usr/local); make uninstall
#   make deb        build the Debian package; make deb-check lints it and tries it
#   make api-check  the HTTP API against its OpenAPI document (Python tools, not in make test)
#   make a11y-check axe-core against every screen in headless Chromium (not in make test)

SWIFT       ?= swift
# Warnings are bugs: every build of the project treats them as errors.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
APT_PACKAGES = libreadline-dev libssl-dev libmosquitto-dev libmicrohttpd-dev
# make test also runs real MQTT brokers and clients, makes TLS certificates, and runs the
# curl examples of the README and docs/HTTP.md against kiosk serve. Debian starts
# mosquitto's own service when it installs it: the tests never use or touch it. The
# completions are tried in a real bash (with bash-completion) and zsh; the man pages are
# linted by mandoc and groff. The screens are driven in headless Chromium through
# chromedriver (W3C WebDriver), with a Korean font for the Korean menus' screenshots.
TEST_APT_PACKAGES = gettext mosquitto mosquitto-clients openssl curl bash-completion zsh mandoc groff-base chromium chromium-driver fonts-nanum
ARGS        ?=

# The commit `kiosk --version` names, linked into every build this Makefile makes as an
# object of one string (Sources/CKioskSystem/kiosk_system.c says how); a plain `swift build`
# says "unknown". The object's name changes with the text, so SwiftPM links again — and
# only links — when the commit changes.
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)
ifneq ($(COMMIT),)
COMMIT_TEXT := $(COMMIT)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty) ($(shell git show -s --format=%cs HEAD))
BUILD_INFO  := .build/build-info/commit-$(shell printf '%s' '$(COMMIT_TEXT)' | cksum | cut -d' ' -f1).o
BUILD_INFO_FLAGS = -Xlinker $(CURDIR)/$(BUILD_INFO)
endif
BUILD_CC ?= $(shell command -v clang || command -v cc)

.PHONY: all run test check build pot po release deps bench fuzz api-check a11y-check clean install installable install-files uninstall deb deb-check

all: build

ifneq ($(BUILD_INFO),)
$(BUILD_INFO):
	@mkdir -p $(dir $@)
	printf 'const char kiosk_build_commit[] = "%s";\n' '$(COMMIT_TEXT)' | $(BUILD_CC) -x c -c -fPIC -o $@ -
endif

# Installs the Debian packages the build links against, with sudo only when not root.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "make: Swift 6 is needed: https://www.swift.org/install/linux/" >&2; exit 1; }
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for package in $(APT_PACKAGES); do \
	    dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	    echo "make: installing$$missing"; \
	    $$sudo apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	  fi; \
	else \
	  echo "make: not a Debian system; install these or their equivalents yourself: $(APT_PACKAGES)" >&2; \
	fi

build: deps $(BUILD_INFO)
	$(SWIFT) build $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS)

release: deps $(BUILD_INFO)
	$(SWIFT) build -c release $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS)

# Installs under $(DESTDIR)$(PREFIX) where the Filesystem Hierarchy Standard, man,
# bash-completion and zsh look: kiosk in bin/, its webhook helper in lib/kiosk/ (kiosk looks
# there, relative to itself), the bundled menus in share/kiosk/menus/, the man pages, the
# completions. `make install-files BUILT=.build/debug` installs a build as it is (the tests).
PREFIX     ?= /usr/local
DESTDIR    ?=
BUILT      ?= .build/release
INSTALL    ?= install
BINDIR      = $(PREFIX)/bin
HELPERDIR   = $(PREFIX)/lib/kiosk
DATADIR     = $(PREFIX)/share
MENUDIR     = $(DATADIR)/kiosk/menus
MANDIR      = $(DATADIR)/man
BASH_COMPLETION_DIR = $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR  = $(DATADIR)/zsh/site-functions
MENUS       = $(patsubst menus/%,%,$(shell find menus -name '*.kiosk' | LC_ALL=C sort))
MAN_PAGES   = $(wildcard man/*.1 man/*.5)

install: installable
	@$(MAKE) --no-print-directory install-files HELPER_BUILT=$(STATIC_BUILT)

# The release builds make install copies. kiosk links the Swift runtime statically itself
# (Package.swift). kiosk-http imports Foundation, which links statically only through
# SwiftPM's --static-swift-stdlib — a flag for the whole build, so it gets a build folder of
# its own (its few modules) — and then needs libcurl's development files to link. Neither
# needs the $$ORIGIN run path SwiftPM gives executables: they load no library of their own.
STATIC_BUILT = .build-static/release
installable: $(BUILD_INFO)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) libcurl4-openssl-dev"
	$(SWIFT) build -c release $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS) --disable-local-rpath --product kiosk
	$(SWIFT) build -c release $(SWIFT_FLAGS) --disable-local-rpath --static-swift-stdlib --scratch-path .build-static --product kiosk-http

HELPER_BUILT ?= $(BUILT)
install-files:
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(HELPERDIR)
	$(INSTALL) -m 0755 $(BUILT)/kiosk $(DESTDIR)$(BINDIR)/kiosk
	$(INSTALL) -m 0755 $(HELPER_BUILT)/kiosk-http $(DESTDIR)$(HELPERDIR)/kiosk-http
	for menu in $(MENUS); do \
	  $(INSTALL) -D -m 0644 menus/$$menu $(DESTDIR)$(MENUDIR)/$$menu || exit 1; \
	done
	for page in $(MAN_PAGES); do \
	  section=$${page##*.}; \
	  $(INSTALL) -D -m 0644 $$page $(DESTDIR)$(MANDIR)/man$$section/$${page##*/} || exit 1; \
	done
	if [ -f completions/kiosk.bash ]; then \
	  $(INSTALL) -D -m 0644 completions/kiosk.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/kiosk; fi
	if [ -f completions/_kiosk ]; then \
	  $(INSTALL) -D -m 0644 completions/_kiosk $(DESTDIR)$(ZSH_COMPLETION_DIR)/_kiosk; fi

# Removes what install-files put there, and the directories of kiosk's own it leaves empty;
# nobody's state or history (those live in the users' homes).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/kiosk $(DESTDIR)$(HELPERDIR)/kiosk-http
	rm -f $(addprefix $(DESTDIR)$(MENUDIR)/,$(MENUS))
	for page in $(MAN_PAGES); do rm -f $(DESTDIR)$(MANDIR)/man$${page##*.}/$${page##*/}; done
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/kiosk $(DESTDIR)$(ZSH_COMPLETION_DIR)/_kiosk
	for directory in $(sort $(dir $(addprefix $(DESTDIR)$(MENUDIR)/,$(MENUS)))); do \
	  [ ! -d $$directory ] || rmdir --ignore-fail-on-non-empty $$directory; \
	done
	for directory in $(DESTDIR)$(MENUDIR) $(DESTDIR)$(DATADIR)/kiosk $(DESTDIR)$(HELPERDIR); do \
	  [ ! -d $$directory ] || rmdir --ignore-fail-on-non-empty $$directory; \
	done

# make deb: kiosk_VERSION_ARCH.deb, built with Debian's tools from the release builds
# (packaging/build-deb says how: Depends and Recommends are computed from the binaries).
# make deb-check: the package as lintian sees it, and installed into a scratch root and run
# from / (packaging/check-deb).
VERSION        := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/KioskCore/Version.swift)
DEB_FILE        = kiosk_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null || echo amd64).deb
DEB_WORK        = .build/deb
DEB_MAINTAINER ?= $(shell git log --reverse --format='%an <%ae>' 2>/dev/null | head -n 1)

deb: installable
	@$(MAKE) --no-print-directory deps APT_PACKAGES="dpkg-dev"
	VERSION=$(VERSION) BUILT=$(BUILT) HELPER_BUILT=$(STATIC_BUILT) COMMIT="$(COMMIT_TEXT)" \
	  MAINTAINER="$(DEB_MAINTAINER)" BUILD_CC="$(BUILD_CC)" packaging/build-deb $(DEB_FILE) $(DEB_WORK)
	@ls -l $(DEB_FILE)

deb-check: deb
	@$(MAKE) --no-print-directory deps APT_PACKAGES="lintian man-db"
	packaging/check-deb $(DEB_FILE) "$(COMMIT_TEXT)"

run: build
	.build/debug/kiosk $(ARGS)

test: $(BUILD_INFO)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"
	$(SWIFT) build --build-tests $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS)
	$(SWIFT) test --skip-build

# The loop to run while working: every unit suite, in parallel, without the end-to-end
# suites that start the built kiosk, Chromium or the packaging (`make test` runs those too).
# The MQTT suites still talk to a real mosquitto, which `make test` installs.
UNIT_SKIP = EndToEndTests|APICheck
check: $(BUILD_INFO)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"
	$(SWIFT) build --build-tests $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS)
	$(SWIFT) test --skip-build --parallel --skip '$(UNIT_SKIP)'

# The operator's language: every message the code passes to tr() or trn() (or marks with
# trNoop()), extracted into the template po/kiosk.pot by xgettext (its C reader reads Swift's
# one-line string literals; no line numbers, so the template changes only with the messages).
# `make po` merges the template into po/ko.po; a test fails when either is out of date.
XGETTEXT_FLAGS = --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 --keyword=trNoop --keyword=trnNoop:1,2 --keyword=trContextNoop:1c,2 \
  --add-comments=TRANSLATORS: --add-location=file --sort-by-file --package-name=kiosk --msgid-bugs-address= \
  --no-wrap
POT ?= po/kiosk.pot
pot:
	@command -v xgettext >/dev/null || $(MAKE) --no-print-directory deps APT_PACKAGES=gettext
	grep -rlE --include='*.swift' '\<(tr|trn|trNoop|trnNoop|trContextNoop)\(' Sources | LC_ALL=C sort | xgettext $(XGETTEXT_FLAGS) --files-from=- --output=$(POT)
	sed -i -e '/^"POT-Creation-Date:/d' -e 's/^"Content-Type: text\/plain; charset=CHARSET/"Content-Type: text\/plain; charset=UTF-8/' $(POT)

po: pot
	msgmerge --quiet --update --backup=none --no-wrap --no-fuzzy-matching po/ko.po po/kiosk.pot

# Measures the performance figures docs/PERFORMANCE.md reports against their baselines (a few minutes).
# The baselines are real programs: sqlite3, a mosquitto broker, and SimPy in a Python
# virtual environment of the bench's own (.build/bench-venv, made once; without a network
# the figures that need it say they were skipped).
BENCH_APT_PACKAGES = sqlite3 mosquitto python3-venv wrk nginx-light chromium chromium-driver
BENCH_VENV = .build/bench-venv
bench:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(BENCH_APT_PACKAGES)"
	@[ -x $(BENCH_VENV)/bin/python ] && $(BENCH_VENV)/bin/python -c 'import simpy' 2>/dev/null || \
	  { python3 -m venv $(BENCH_VENV) && $(BENCH_VENV)/bin/pip install --quiet simpy; } || \
	  echo "make: SimPy could not be installed into $(BENCH_VENV); the figures compared with it are skipped" >&2
	KIOSK_BENCH_PYTHON=$(CURDIR)/$(BENCH_VENV)/bin/python $(SWIFT) run -c release kiosk-bench $(ARGS)

# Checks the HTTP API against its own description: openapi-spec-validator on the document
# a running `kiosk serve` serves, then Schemathesis with every check against that server
# (Tests/APICheck/). The tools go into a Python virtual environment of their own
# (.build/api-venv, made once, which needs the network the first time); not part of make test.
API_VENV = .build/api-venv
API_EXAMPLES ?= 100
api-check: build
	@[ -x $(API_VENV)/bin/schemathesis ] && [ -x $(API_VENV)/bin/openapi-spec-validator ] || \
	  { python3 -m venv $(API_VENV) && $(API_VENV)/bin/pip install --quiet schemathesis openapi-spec-validator; }
	PATH="$(CURDIR)/$(API_VENV)/bin:$$PATH" Tests/APICheck/run.sh $(CURDIR)/.build/debug/kiosk $(API_EXAMPLES)
	PATH="$(CURDIR)/$(API_VENV)/bin:$$PATH" Tests/APICheck/run.sh $(CURDIR)/.build/debug/kiosk $(API_EXAMPLES) $(CURDIR)/menus/juice-board.kiosk
	PATH="$(CURDIR)/$(API_VENV)/bin:$$PATH" Tests/APICheck/run.sh $(CURDIR)/.build/debug/kiosk $(API_EXAMPLES) $(CURDIR)/menus/coffee-bar.kiosk

# Runs axe-core, Deque's accessibility engine, against every screen in headless Chromium, in
# the states a person meets, at a phone's and a screen's size, and prints what it finds per
# page by impact (Tests/EndToEndTests/Serve/AccessibilityCheck.swift; it fails on any violation).
# axe-core's own axe.min.js comes from PyPI, in the wheel of axe-playwright-python (only
# the file is used: no Playwright), downloaded once into .build/axe with a virtual
# environment's pip, which needs the network the first time; not part of make test.
AXE_PACKAGE = axe-playwright-python==0.1.8
AXE_DIR     = .build/axe
AXE_SCRIPT  = $(AXE_DIR)/axe_playwright_python/axe.min.js
a11y-check: $(BUILD_INFO)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) python3-venv chromium chromium-driver fonts-nanum"
	@[ -s $(AXE_SCRIPT) ] || { rm -rf $(AXE_DIR) && python3 -m venv $(AXE_DIR)/venv && \
	  $(AXE_DIR)/venv/bin/pip download --quiet --no-deps --dest $(AXE_DIR) $(AXE_PACKAGE) && \
	  $(AXE_DIR)/venv/bin/python -m zipfile -e $(AXE_DIR)/axe_playwright_python-*.whl $(AXE_DIR); }
	$(SWIFT) build --build-tests $(SWIFT_FLAGS) $(BUILD_INFO_FLAGS)
	@KIOSK_AXE_SCRIPT=$(CURDIR)/$(AXE_SCRIPT) $(SWIFT) test --skip-build --filter AccessibilityCheck >$(AXE_DIR)/report.txt 2>&1; \
	  status=$$?; grep -E '^(a11y-check:|    \[)' $(AXE_DIR)/report.txt; \
	  [ $$status -eq 0 ] || { tail -40 $(AXE_DIR)/report.txt; echo "make: a11y-check failed (whole output: $(AXE_DIR)/report.txt)" >&2; }; \
	  exit $$status

# Fuzzes the menu language for FUZZ_SECONDS (60) with libFuzzer and AddressSanitizer,
# seeded with menus/; findings are written to fuzz-findings/.
FUZZ_SECONDS ?= 60
fuzz: deps
	$(SWIFT) build -c release --scratch-path .build-fuzz --product kiosk-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DKIOSK_FUZZ -Xswiftc -use-ld=lld
	mkdir -p fuzz-corpus fuzz-findings
	cp menus/*.kiosk menus/common/*.kiosk fuzz-corpus/
	.build-fuzz/release/kiosk-fuzz fuzz-corpus -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
	  -timeout=10 -rss_limit_mb=2048 -artifact_prefix=fuzz-findings/ -print_final_stats=1

clean:
	rm -rf .build .build-fuzz .build-static fuzz-corpus kiosk_*.deb

# kiosk — build, run and test on a fresh Debian or Ubuntu machine with Swift 6.
#
#   make run     install what is missing, build, open the REPL on the Juice Maker
#   make test    install what is missing, build with warnings as errors, run every test
#   make api-check   the HTTP API against its OpenAPI document (Python tools, not in make test)

SWIFT       ?= swift
# Warnings are bugs: every build of the project treats them as errors.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
APT_PACKAGES = libreadline-dev libssl-dev libmosquitto-dev libmicrohttpd-dev
# make test also runs real MQTT brokers and clients, makes TLS certificates, runs the
# README's curl examples against kiosk serve, and drives the screens in headless Chromium
# through chromedriver (W3C WebDriver), with a Korean font for the Korean menus'
# screenshots. Debian starts mosquitto's own service when it installs it: the tests never
# use or touch it.
TEST_APT_PACKAGES = mosquitto mosquitto-clients openssl curl chromium chromium-driver fonts-nanum
ARGS        ?=

.PHONY: all run test build release deps bench fuzz api-check clean

all: build

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

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: build
	.build/debug/kiosk $(ARGS)

test:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build

# Measures the performance figures the README reports against their baselines (a few minutes).
# The baselines are real programs: sqlite3, a mosquitto broker, and SimPy in a Python
# virtual environment of the bench's own (.build/bench-venv, made once; without a network
# the figures that need it say they were skipped).
BENCH_APT_PACKAGES = sqlite3 mosquitto python3-venv
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
	rm -rf .build .build-fuzz fuzz-corpus

# nfsweep - top level. Each directory builds itself; this file only
# delegates and makes sure the machine has what the targets need.
#
#   make            build the engines (installs deps first if needed)
#   make sweep      the main job (README)
#   make test       every test (README); .ci/run calls it first (SANITIZE=1: the unit
#                   and local harness tests with the ASan + UBSan build, as check-asan)
#   make unit       the unit tests alone
#   make test-engines  the engines' tests and fio's own suite (FIO=<path>: with that fio)
#   make check-asan unit and local harness tests under ASan + UBSan
#   make fuzz       the parsers under libFuzzer (FUZZ_SECONDS=N each)
#   make lab-shell  a shell in the NFS lab guest (lab/README.md)
#   make bench      engines vs fio's own, interleaved (QUICK=1 for CI)
#   make fio        a fio release built from its tarball (FIO_VERSION=3.42 FIO_TARBALLS=DIR)
#   make fio-matrix the engines against every fio release in FIO_TARBALLS
#   make docs       regenerate what nfsweep's and the engines' tables make (man page parts,
#                   completion, schema doc, the README's engine option tables)
#                   and docs/report.png, docs/workbook.png from a quick lab sweep (DOCS_RESULTS=DIR:
#                   from that one), docs/depth.png and docs/cdf.png from a lab depth sweep
#   make gates      format, shellcheck, the contributors' guide's names, commit subjects
#   make install    everything under $(DESTDIR)$(PREFIX) (bin, lib/<multiarch>/nfsweep, share/..)
#   make deb        nfsweep_<version>-1_<arch>.deb in build/deb/, lintian-clean (tools/deb.sh)
include Makefile.quiet

BUILD := $(CURDIR)/build
# CI (CI=true, as .ci/run runs) builds everything with warnings as errors.
WERROR ?= $(if $(filter true,$(CI)),-Werror)
export WERROR
PREFIX ?= /usr/local
DESTDIR ?=
# The engines are private plugins, in the multiarch directory Debian's package uses
# (lib/x86_64-linux-gnu/nfsweep): make install PREFIX=/usr and the package agree, so that load
# generators installed either way find them at the same path.
# (Expanded when used, not when this file is read: on a fresh system gcc is installed by the
# deps target of this very make, and the first build must not take lib/nfsweep for want of it.)
NFSWEEP_MULTIARCH = $(shell gcc -print-multiarch 2>/dev/null)
LIBSUBDIR ?= lib/$(if $(NFSWEEP_MULTIARCH),$(NFSWEEP_MULTIARCH)/)nfsweep
export BUILD PREFIX LIBSUBDIR

# The fio source tree the engines compile against, in this order: the tree
# given with FIO_SRC=<dir>; the tree of FIO=<path> when that fio was built
# in its source tree (make fio); the distribution's source package of the
# installed fio; a release tarball of its version from FIO_TARBALLS=<dir>
# (tools/fio-source.sh, tools/fio-tarball.sh).
FIO_SRC_FILE := $(BUILD)/fio-src.path

# FIO=<path>: the fio that loads the engines and runs the tests (default:
# fio on PATH). The tests put it first on PATH.
ifneq ($(FIO),)
override FIO := $(abspath $(FIO))
ifeq ($(FIO_SRC),)
FIO_SRC := $(if $(wildcard $(dir $(FIO))FIO-VERSION-FILE),$(patsubst %/,%,$(dir $(FIO))),$(error \
	FIO=$(FIO) is not in a configured fio tree: give its source with FIO_SRC=<configured tree>))
endif
export FIO
endif
# FIO_TARBALLS=<dir>: fio-X.Y.tar.* release tarballs (and their SHA256SUMS).
ifneq ($(FIO_TARBALLS),)
override FIO_TARBALLS := $(abspath $(FIO_TARBALLS))
export FIO_TARBALLS
endif

all: engines harness lab-shim

# NO_DEPS=1: install nothing (a package's build, whose build dependencies are its own). A build
# installs only what it builds with: make sweep TARGETS=.. on a user's client installs nothing
# of the tests' (test-deps) or of the lab's (lab/run installs that when the lab runs).
deps:
ifneq ($(NO_DEPS),1)
	@tools/deps.sh build
endif
ifeq ($(FIO_SRC),)
	@mkdir -p $(BUILD)
	@tools/fio-source.sh $(BUILD) > $(FIO_SRC_FILE).tmp && mv $(FIO_SRC_FILE).tmp $(FIO_SRC_FILE)
else
	@test -f "$(FIO_SRC)/config-host.h" || { echo "make: FIO_SRC=$(FIO_SRC) has no config-host.h: run its ./configure first" >&2; exit 1; }
	@mkdir -p $(BUILD) && echo "$(abspath $(FIO_SRC))" > $(FIO_SRC_FILE)
endif

engines: deps
	@$(MAKE) --no-print-directory -C engines FIO_SRC="$$(cat $(FIO_SRC_FILE))"

# What the tests build and run with (Check, python3-seccomp, man-db, procps)
test-deps:
ifneq ($(NO_DEPS),1)
	@tools/deps.sh test
endif

# A fio of any release, built from its tarball into build/fio-X.Y/ (never
# installed): make fio FIO_VERSION=3.42 FIO_TARBALLS=<dir>, then FIO=build/fio-3.42/fio.
fio:
	@test -n "$(FIO_VERSION)" || { \
		echo "make fio: FIO_VERSION=X.Y is required (fio-X.Y.tar.* in FIO_TARBALLS)" >&2; exit 2; }
	@tools/deps.sh build
	@tools/fio-tarball.sh --build $(BUILD)/fio-$(FIO_VERSION) $(FIO_VERSION) >/dev/null
	@echo "make fio: built $(BUILD)/fio-$(FIO_VERSION)/fio;" \
		"run the engines with it: FIO=$(BUILD)/fio-$(FIO_VERSION)/fio" >&2

# The engines compiled (warnings are errors) against every fio release in
# FIO_TARBALLS and the installed fio's source, then run with the newest
# fio built from its tarball: its engine tests and fio's own suite.
fio-matrix: engines harness
	@tools/deps.sh test
	@BUILD=$(BUILD) FIO_SRC="$$(cat $(FIO_SRC_FILE))" tests/integration/run.sh t_fio_matrix

harness: deps
	@$(MAKE) --no-print-directory -C harness

# The fio make test's lab guests run (LAB_FIO; lab/README.md): built from the tree the engines
# compile against. With FIO=<path> the guests run that one, and none is built.
lab-fio: deps
ifeq ($(FIO),)
	@tools/lab-fio.sh "$$(cat $(FIO_SRC_FILE))" $(BUILD)/lab-fio
endif

# What lab/run preloads into user-mode-linux on a host with a large XSAVE area (lab/uml-xstate)
lab-shim:
	@$(MAKE) --no-print-directory -C lab/uml-xstate

# What is generated from nfsweep's own tables: the schema document's column
# table, the man page's SYNOPSIS and OPTIONS, the bash completion. A test
# fails when a committed copy is stale (tools/docs.sh --check).
docs: harness lab-shim
	@tools/docs.sh $(BUILD)/harness/nfsweep
	@tools/docs-screenshot.sh

# SANITIZE=1: the same tests, each run once, with the unit tests and the local harness
# integration tests (tests/Makefile's ASAN_INTEGRATION) under ASan + UBSan: make test and
# make check-asan in one pass (CI's Debian 13 root, so that lane A need not run them twice).
test: test-deps engines harness lab-shim lab-fio fuzz-regress $(if $(filter 1,$(SANITIZE)),harness-asan)
	@$(MAKE) --no-print-directory -C tests FIO_SRC="$$(cat $(FIO_SRC_FILE))" test \
		$(if $(filter 1,$(SANITIZE)),SANITIZE=1 NFSWEEP_ASAN=$(BUILD)/harness-asan/nfsweep)

# The engines' tests and fio's own suite, with the fio that loads them
# (FIO=build/fio-3.42/fio after make fio FIO_VERSION=3.42).
ENGINE_TESTS := t_engines_verify t_fio_contract t_fio_pace t_fio_suite t_version_guard
test-engines: engines harness
	@tools/deps.sh test
	@BUILD=$(BUILD) FIO_SRC="$$(cat $(FIO_SRC_FILE))" tests/integration/run.sh $(ENGINE_TESTS)

# The inner loop (README, docs/CONTRIBUTING.md): the unit tests and every test without a lab
# guest; make test is the whole proof.
check: test-deps engines harness
	@$(MAKE) --no-print-directory -C tests FIO_SRC="$$(cat $(FIO_SRC_FILE))" check

# The unit tests alone (a part of make test; CI's Debian 12 fresh-root stage); SANITIZE=1: under
# ASan + UBSan (CI's Debian 13 root).
unit: test-deps engines harness
	@$(MAKE) --no-print-directory -C tests FIO_SRC="$$(cat $(FIO_SRC_FILE))" \
		$(if $(filter 1,$(SANITIZE)),check-asan-unit,unit)

# The lab on this system's user-mode kernel and nfs-utils: t_lab alone (CI's Debian 13 root,
# whose make test is lane A's, not run a second time).
lab-smoke: test-deps engines harness lab-shim lab-fio
	@BUILD=$(BUILD) FIO_SRC="$$(cat $(FIO_SRC_FILE))" tests/integration/run.sh t_lab

# What a reviewer would check by hand: format, shellcheck, the contributors' guide's names,
# commit subjects (tools/gates.sh; docs/CONTRIBUTING.md, "Gates").
gates:
	@tools/deps.sh gates
	@tools/gates.sh

# libFuzzer over every parser of outside input (fuzz/, tools/fuzz.sh).
FUZZ_SECONDS ?= 60
fuzz-build: deps
	@tools/deps.sh fuzz
	@$(MAKE) --no-print-directory -C fuzz

fuzz: fuzz-build
	@tools/fuzz.sh run $(FUZZ_SECONDS)

# Every seed and every input that once crashed a fuzzer, run once.
fuzz-regress: fuzz-build
	@tools/fuzz.sh regress

# The unit tests, then the local harness integration tests with nfsweep
# built under ASan + UBSan (build/harness-asan/).
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
harness-asan: engines
	@tools/deps.sh test plot office
	@$(MAKE) --no-print-directory -C harness OUT=$(BUILD)/harness-asan \
		CFLAGS="-O1 -g -Wall -Wextra $(SAN)" LDFLAGS="$(SAN)"

check-asan: harness-asan
	@$(MAKE) --no-print-directory -C tests FIO_SRC="$$(cat $(FIO_SRC_FILE))" \
		NFSWEEP=$(BUILD)/harness-asan/nfsweep check-asan

# The README's first command: TARGETS="label=path .." sweeps the user's
# mounts; without, a quick sweep inside the lab (nconnect=1 and 8).
sweep: engines harness lab-shim
	@tools/sweep.sh

# An interactive shell in the lab guest, mounts ready (LAB_OPTS="--vers 4.2 ...").
lab-shell: engines lab-shim
	@lab/run --shell $(LAB_OPTS)

# nfsweep's engines against fio's, side by side (QUICK=1: the short CI version).
bench: engines harness lab-shim lab-fio
	@tools/deps.sh bench
	@QUICK=$(QUICK) tools/bench.sh

# What nfsweep run itself costs: wall time beyond fio's, and its peak RSS.
bench-harness: engines harness
	@tools/bench-harness.sh

# Redraw the charts and the compare table of a sweep: make plots DIR=results/<timestamp>
plots: harness
	@tools/deps.sh plot
	@test -n "$(DIR)" || { echo "make plots: DIR=results/<timestamp> is required" >&2; exit 2; }
	@$(BUILD)/harness/nfsweep plot $(DIR)/sweep.csv
	@$(BUILD)/harness/nfsweep compare $(DIR)/sweep.csv

# The program finds what it needs beside itself in a build tree, else
# under $(PREFIX) (NFSWEEP_DATADIR, NFSWEEP_LIBDIR): the installed copy runs
# with no path into the source tree.
DEST := $(DESTDIR)$(PREFIX)
install: engines harness lab-shim
	install -d $(DEST)/$(LIBSUBDIR) $(DEST)/bin $(DEST)/share/nfsweep/profiles \
		$(DEST)/share/man/man1 $(DEST)/share/bash-completion/completions
	install -m 0644 $(BUILD)/engines/nfsweep-uring.so $(BUILD)/engines/nfsweep-aio.so \
		$(BUILD)/engines/nfsweep-ops.so $(BUILD)/engines/nfsweep-rpc.so \
		$(DEST)/$(LIBSUBDIR)/
	install -m 0644 $(BUILD)/uml-xstate/uml_xstate.so $(DEST)/$(LIBSUBDIR)/
	install -m 0755 $(BUILD)/harness/nfsweep $(DEST)/bin/
	install -m 0644 profiles/*.fio profiles/*.fioinc $(DEST)/share/nfsweep/profiles/
	install -m 0644 harness/nfsweep.1 $(DEST)/share/man/man1/
	install -m 0644 harness/nfsweep.bash-completion \
		$(DEST)/share/bash-completion/completions/nfsweep
	cd results-schema/reference && find . -type f -name '*.csv' -o -type f -name '*.md' | \
		while read -r f; do install -D -m 0644 "$$f" "$(DEST)/share/nfsweep/reference/$$f"; done
	# the lab, laid out as in the tree (lab/run finds ../tools/deps.sh, which installed only
	# names the packages the lab lacks)
	install -D -m 0755 lab/run $(DEST)/share/nfsweep/lab/run
	install -m 0755 lab/guest-stage2.sh lab/initramfs-init lab/shape.sh lab/ganesha \
		$(DEST)/share/nfsweep/lab/
	install -m 0644 lab/session.sh lab/guest-serve.sh $(DEST)/share/nfsweep/lab/
	install -D -m 0755 tools/deps.sh $(DEST)/share/nfsweep/tools/deps.sh

# The Debian package of the committed tree, with Debian's tools (tools/deb.sh): build/deb/.
deb:
	@tools/deb.sh

clean:
	rm -rf $(BUILD)/engines $(BUILD)/uml-xstate $(BUILD)/tests $(BUILD)/harness $(BUILD)/harness-asan $(BUILD)/fuzz \
		$(BUILD)/lab-fio

.PHONY: check lab-shim lab-fio lab-smoke fio fio-matrix unit gates test-engines all deps test-deps engines harness harness-asan docs plots bench bench-harness test check-asan fuzz fuzz-build \
	fuzz-regress sweep lab-shell install deb clean

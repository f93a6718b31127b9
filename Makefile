# graphdiff: build and install, as SwiftLint and XcodeGen do.
#
#   make                                 release build (and the completion scripts)
#   make install [PREFIX=/usr/local]     install the program, man pages and completions
#   make install PREFIX=$HOME/.local     the same without root
#   make install DESTDIR=/tmp/stage      stage an install (for packagers)
#   make uninstall [PREFIX=...]          remove exactly the installed files
#
# Installed under $(DESTDIR)$(PREFIX): bin/graphdiff, share/man/man1/graphdiff.1,
# share/man/man5/graphdiff.5 and the completions for bash
# (share/bash-completion/completions/graphdiff), zsh
# (share/zsh/site-functions/_graphdiff) and fish
# (share/fish/vendor_completions.d/graphdiff.fish), which the built program
# prints with 'graphdiff completion SHELL'. zsh finds _graphdiff only in a
# folder on its fpath (/usr/local/share/zsh/site-functions is; for
# PREFIX=$HOME/.local add ~/.local/share/zsh/site-functions before compinit).
# PREFIX and DESTDIR may hold spaces.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# Extra flags for swift build, e.g. --disable-sandbox (Homebrew) or --scratch-path DIR.
SWIFT_BUILD_FLAGS ?=
INSTALL ?= install

# On Linux the Swift runtime and Foundation are linked into the program, so
# the installed binary needs no toolchain (else it would load them from the
# toolchain's folder, named in its RUNPATH); macOS has the runtime built in.
ifeq ($(shell uname -s),Linux)
STATIC_FLAGS = --static-swift-stdlib
endif

BUILD = $(SWIFT) build -c release --product graphdiff $(STATIC_FLAGS) $(SWIFT_BUILD_FLAGS)
# The completion scripts are made here by the built program.
COMPLETIONS = .build/completions

# The install root reaches the recipes as an environment variable, so the
# shell sees it as one word whatever it holds (spaces, quotes, globs): it is
# never pasted into a command line.
export GRAPHDIFF_ROOT = $(DESTDIR)$(PREFIX)
# The installed files, relative to the root (no spaces in these names).
INSTALLED = \
	bin/graphdiff \
	share/man/man1/graphdiff.1 \
	share/man/man5/graphdiff.5 \
	share/bash-completion/completions/graphdiff \
	share/zsh/site-functions/_graphdiff \
	share/fish/vendor_completions.d/graphdiff.fish

.PHONY: all build install uninstall clean

all: build

# swift build decides what is out of date; the scripts are written to a
# temporary file first, so an interrupted run leaves none half written.
build:
	$(BUILD)
	@bin="$$($(BUILD) --show-bin-path)" && mkdir -p $(COMPLETIONS) && \
	for shell in bash zsh fish; do \
		"$$bin/graphdiff" completion $$shell > $(COMPLETIONS)/graphdiff.$$shell.tmp && \
		mv $(COMPLETIONS)/graphdiff.$$shell.tmp $(COMPLETIONS)/graphdiff.$$shell || exit 1; \
	done

install: build
	@bin="$$($(BUILD) --show-bin-path)" && set -x && \
	$(INSTALL) -d "$$GRAPHDIFF_ROOT/bin" "$$GRAPHDIFF_ROOT/share/man/man1" "$$GRAPHDIFF_ROOT/share/man/man5" \
		"$$GRAPHDIFF_ROOT/share/bash-completion/completions" "$$GRAPHDIFF_ROOT/share/zsh/site-functions" \
		"$$GRAPHDIFF_ROOT/share/fish/vendor_completions.d" && \
	$(INSTALL) -m 755 "$$bin/graphdiff" "$$GRAPHDIFF_ROOT/bin/graphdiff" && \
	$(INSTALL) -m 644 man/graphdiff.1 "$$GRAPHDIFF_ROOT/share/man/man1/graphdiff.1" && \
	$(INSTALL) -m 644 man/graphdiff.5 "$$GRAPHDIFF_ROOT/share/man/man5/graphdiff.5" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.bash "$$GRAPHDIFF_ROOT/share/bash-completion/completions/graphdiff" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.zsh "$$GRAPHDIFF_ROOT/share/zsh/site-functions/_graphdiff" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.fish "$$GRAPHDIFF_ROOT/share/fish/vendor_completions.d/graphdiff.fish"

uninstall:
	@for file in $(INSTALLED); do \
		printf 'rm -f "%s"\n' "$$GRAPHDIFF_ROOT/$$file" && \
		rm -f "$$GRAPHDIFF_ROOT/$$file" || exit 1; \
	done

clean:
	rm -rf $(COMPLETIONS)
	$(SWIFT) package clean

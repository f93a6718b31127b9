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
# prints with 'graphdiff completion SHELL'.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# Extra flags for swift build, e.g. --disable-sandbox (Homebrew) or --scratch-path DIR.
SWIFT_BUILD_FLAGS ?=
INSTALL ?= install

BUILD = $(SWIFT) build -c release --product graphdiff $(SWIFT_BUILD_FLAGS)
# The completion scripts are made here by the built program.
COMPLETIONS = .build/completions

ROOT = $(DESTDIR)$(PREFIX)
INSTALLED = \
	$(ROOT)/bin/graphdiff \
	$(ROOT)/share/man/man1/graphdiff.1 \
	$(ROOT)/share/man/man5/graphdiff.5 \
	$(ROOT)/share/bash-completion/completions/graphdiff \
	$(ROOT)/share/zsh/site-functions/_graphdiff \
	$(ROOT)/share/fish/vendor_completions.d/graphdiff.fish

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
	$(INSTALL) -d "$(ROOT)/bin" "$(ROOT)/share/man/man1" "$(ROOT)/share/man/man5" \
		"$(ROOT)/share/bash-completion/completions" "$(ROOT)/share/zsh/site-functions" \
		"$(ROOT)/share/fish/vendor_completions.d" && \
	$(INSTALL) -m 755 "$$bin/graphdiff" "$(ROOT)/bin/graphdiff" && \
	$(INSTALL) -m 644 man/graphdiff.1 "$(ROOT)/share/man/man1/graphdiff.1" && \
	$(INSTALL) -m 644 man/graphdiff.5 "$(ROOT)/share/man/man5/graphdiff.5" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.bash "$(ROOT)/share/bash-completion/completions/graphdiff" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.zsh "$(ROOT)/share/zsh/site-functions/_graphdiff" && \
	$(INSTALL) -m 644 $(COMPLETIONS)/graphdiff.fish "$(ROOT)/share/fish/vendor_completions.d/graphdiff.fish"

uninstall:
	rm -f $(foreach file,$(INSTALLED),"$(file)")

clean:
	rm -rf $(COMPLETIONS)
	$(SWIFT) package clean

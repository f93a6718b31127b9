#!/usr/bin/env bash
# make install into a new temporary PREFIX (and a DESTDIR staging), then
# checks the installed tree: exactly the expected files, the program runs,
# the man pages format, the completion scripts parse (zsh and fish where
# installed), and make uninstall leaves no file. Run from anywhere:
#
#   Tests/scripts/check-install.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

expected="bin/graphdiff
share/bash-completion/completions/graphdiff
share/fish/vendor_completions.d/graphdiff.fish
share/man/man1/graphdiff.1
share/man/man5/graphdiff.5
share/zsh/site-functions/_graphdiff"

prefix=$(mktemp -d)
stage=$(mktemp -d)
trap 'rm -rf "$prefix" "$stage"' EXIT

files() { (cd "$1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort); }
fail() { echo "check-install: $*" >&2; exit 1; }

make install PREFIX="$prefix"
[ "$(files "$prefix")" = "$expected" ] || fail "installed files differ: $(files "$prefix" | tr '\n' ' ')"
[ -x "$prefix/bin/graphdiff" ] || fail "bin/graphdiff is not executable"
"$prefix/bin/graphdiff" --version
for shell in bash zsh fish; do
  case $shell in
    bash) installed=$prefix/share/bash-completion/completions/graphdiff ;;
    zsh) installed=$prefix/share/zsh/site-functions/_graphdiff ;;
    fish) installed=$prefix/share/fish/vendor_completions.d/graphdiff.fish ;;
  esac
  cmp -s "$installed" <("$prefix/bin/graphdiff" completion $shell) || fail "$installed is not what 'graphdiff completion $shell' prints"
  if command -v $shell >/dev/null; then
    if [ $shell = fish ]; then fish --no-execute "$installed"; else $shell -n "$installed"; fi
  else
    echo "check-install: $shell is not installed; its script was not parsed"
  fi
done
if command -v man >/dev/null; then
  for page in man1/graphdiff.1 man5/graphdiff.5; do
    MANWIDTH=80 man -l "$prefix/share/man/$page" >/dev/null 2>&1 || fail "man cannot format $page"
  done
fi
make uninstall PREFIX="$prefix"
[ -z "$(files "$prefix")" ] || fail "make uninstall left: $(files "$prefix" | tr '\n' ' ')"

# DESTDIR stages the same tree under DESTDIR/PREFIX (no second build).
make install PREFIX=/usr/local DESTDIR="$stage" >/dev/null
[ "$(files "$stage/usr/local")" = "$expected" ] || fail "DESTDIR install differs: $(files "$stage" | tr '\n' ' ')"
make uninstall PREFIX=/usr/local DESTDIR="$stage" >/dev/null
[ -z "$(files "$stage")" ] || fail "make uninstall with DESTDIR left: $(files "$stage" | tr '\n' ' ')"
echo "check-install: make install and make uninstall are exact"

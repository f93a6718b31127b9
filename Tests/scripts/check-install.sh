#!/usr/bin/env bash
# make install into a new temporary PREFIX (and a DESTDIR staging), then
# checks the installed tree: exactly the expected files, the program runs,
# the man pages format, the completion scripts parse (zsh and fish where
# installed), the man pages have no groff warning, on Linux the program
# needs no Swift toolchain, and make uninstall leaves no file; a PREFIX with
# spaces installs and uninstalls the same, and a file beside it whose name is
# the PREFIX's first word survives. Run from anywhere:
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
spaced=$(mktemp -d)
trap 'rm -rf "$prefix" "$stage" "$spaced"' EXIT

files() { (cd "$1" && find . -type f | sed 's|^\./||' | LC_ALL=C sort); }
fail() { echo "check-install: $*" >&2; exit 1; }

make install PREFIX="$prefix"
[ "$(files "$prefix")" = "$expected" ] || fail "installed files differ: $(files "$prefix" | tr '\n' ' ')"
[ -x "$prefix/bin/graphdiff" ] || fail "bin/graphdiff is not executable"
"$prefix/bin/graphdiff" --version
# On Linux the Swift runtime is linked in: no library of the toolchain is
# needed and no RUNPATH points into it.
if [ "$(uname -s)" = Linux ] && command -v readelf >/dev/null; then
  dynamic=$(readelf -d "$prefix/bin/graphdiff")
  ! grep -q 'libswiftCore\|libFoundation' <<<"$dynamic" || fail "bin/graphdiff needs the toolchain's libraries: $dynamic"
  toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
  ! grep -F "$toolchain" <<<"$dynamic" || fail "bin/graphdiff has a RUNPATH into the toolchain"
  env -i "$prefix/bin/graphdiff" --version >/dev/null || fail "bin/graphdiff does not run with an empty environment"
fi
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
if command -v groff >/dev/null; then
  for page in man1/graphdiff.1 man5/graphdiff.5; do
    warnings=$(groff -man -ww -z "$prefix/share/man/$page" 2>&1)
    [ -z "$warnings" ] || fail "groff warns on $page: $warnings"
  done
else
  echo "check-install: groff is not installed; the man pages were not checked for warnings"
fi
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

# A PREFIX with spaces (in a middle and in the last component) is one path:
# the same six files go in and come out, and the decoy file named by the
# PREFIX's first word is left alone.
echo important > "$spaced/My"
for tools in "My Tools/x" "My Tools"; do
  make install PREFIX="$spaced/$tools" >/dev/null
  [ "$(files "$spaced/$tools")" = "$expected" ] || fail "install into '$tools' differs: $(files "$spaced" | tr '\n' ' ')"
  make uninstall PREFIX="$spaced/$tools" >/dev/null
  [ -z "$(files "$spaced/$tools")" ] || fail "make uninstall of '$tools' left: $(files "$spaced/$tools" | tr '\n' ' ')"
  [ "$(cat "$spaced/My")" = important ] || fail "make uninstall of '$tools' touched $spaced/My"
done
make install PREFIX="/usr/local" DESTDIR="$spaced/My Stage" >/dev/null
make uninstall PREFIX="/usr/local" DESTDIR="$spaced/My Stage" >/dev/null
[ -z "$(files "$spaced/My Stage")" ] || fail "make uninstall with a spaced DESTDIR left: $(files "$spaced/My Stage" | tr '\n' ' ')"
[ "$(cat "$spaced/My")" = important ] || fail "make uninstall with a spaced DESTDIR touched $spaced/My"
echo "check-install: make install and make uninstall are exact"

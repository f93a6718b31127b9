# zsh -f Tests/scripts/zsh-completes.zsh SETUP LINE
#
# Prints the matches zsh's completion system offers for LINE (Tab at its
# end), one a line, sorted, in an interactive zsh on a pseudo-terminal that
# first runs SETUP (e.g. 'fpath=(DIR $fpath); autoload -U compinit;
# compinit -u -D'). Each match is recorded as compadd receives it, with the
# prefix already on the line (--format= for --format=json). Used by
# CompletionCommandTests.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''"
zpty -w z "$1"
zpty -w z "bindkey '^I' complete-word"
zpty -w z 'compadd() {
  if (( ${@[(I)-(O|A|D)]} )); then builtin compadd "$@"; return; fi
  local -a hits; builtin compadd -A hits "$@"
  local -A pre; zparseopts -E -A pre P: p: 2>/dev/null
  local h; for h in $hits; do echo; print -r -- "=""=$IPREFIX${pre[-P]}${pre[-p]}$h"; done
}'
zpty -w z '_capture_end() { print -r -- "<E""ND>"; exit }; comppostfuncs=(_capture_end)'
zpty -n -w z "$2"$'\t'
# Read until the completion has run (at most 20 seconds).
local out line
integer deadline=$(( SECONDS + 20 ))
while (( SECONDS < deadline )); do
  if zpty -r -t z line; then
    out+=$line
    [[ $line == '<END>'* ]] && break
  else
    sleep 0.05
  fi
done
[[ $out == *'<END>'* ]] || { print -u2 "zsh-completes: no completion for '$2' in 20 seconds"; zpty -d z; exit 1 }
zpty -d z
print -r -- ${(F)${(M)${(f)out//$'\r'/}:#==*}#==} | sort -u

# Prints the candidates zsh completion offers for a command line, one a line: an interactive
# zsh in a pseudo-terminal (zsh/zpty) types the line and TAB, with compadd wrapped to print what
# is added. Usage: zsh zsh-capture.zsh FPATH_DIRECTORY LINE
zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PROMPT='' RPROMPT=''"
zpty -w z "fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compprefuncs=(); comppostfuncs=()'
zpty -w z "__m='#''HIT''#'"
zpty -w z 'compadd () {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits; builtin compadd -A __hits "$@"; local ret=$?
  (( $#__hits )) || return $ret
  print -l -- $__m${^__hits}
  builtin compadd "$@"
}'
zpty -w z 'zstyle ":completion:*" list-lines 0; zstyle ":completion:*" menu no; zstyle ":completion:*:default" list-prompt ""'
zpty -w z 'bindkey "^I" complete-word; finish() { print "#""END""#"; exit }; zle -N finish; bindkey "^X" finish'
zpty -n -w z "$2"$'\t'
zpty -n -w z $'\C-x'
out=
while zpty -r z line; do
  [[ $line == *'#END#'* ]] && break
  [[ $line == *'#HIT#'* ]] && print -r -- "${${line##*#HIT#}%%[[:cntrl:]]*}"
done
zpty -d z

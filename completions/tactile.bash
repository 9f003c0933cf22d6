# bash completion for tactile(1): commands, their options, option values, files and
# /dev/input/event* nodes. Installed as /usr/share/bash-completion/completions/tactile.
# Tests/TactileCommandTests/CompletionTests.swift holds it to Sources/tactile/CommandTable.swift.

_tactile() {
    local cur prev words cword split
    # -s: --explain=json is split into the option (prev) and its value (cur).
    _init_completion -s || return

    local commands="replay run listen devices record check config import help"
    if ((cword == 1)); then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi

    case $prev in
        --device)
            COMPREPLY=($(compgen -W "$(shopt -s nullglob; echo /dev/input/event*)" -- "$cur"))
            return
            ;;
        --touchpad-source)
            COMPREPLY=($(compgen -W "raw libinput both" -- "$cur"))
            return
            ;;
        --desc | --config | --replay | --socket | -o | --output)
            _filedir
            return
            ;;
        --svg)
            _filedir svg
            return
            ;;
        --socket-group)
            COMPREPLY=($(compgen -g -- "$cur"))
            return
            ;;
        --touchegg)
            # The address may be left out: offer Touchégg's own, and the options after it.
            [[ $cur == -* ]] || { COMPREPLY=($(compgen -W "unix:abstract=touchegg" -- "$cur")); return; }
            ;;
        --from)
            COMPREPLY=($(compgen -W "libinput-gestures fusuma touchegg" -- "$cur"))
            return
            ;;
        --seat | --size | --speed | --await-clients | --client-queue-limit)
            return
            ;;
        --explain)
            # Its format follows '=' only: after a space the next word is not its value.
            if $split; then
                COMPREPLY=($(compgen -W "human json" -- "$cur"))
                return
            fi
            ;;
    esac

    local options
    case ${words[1]} in
        replay) options="--desc --config --frames --size --svg --explain" ;;
        run) options="--device --seat --touchpad-source --verbose --replay --desc --speed --await-clients
                      --socket --socket-group --client-queue-limit --touchegg --config --bindings --explain" ;;
        listen) options="--socket --once --bindings --explain --config" ;;
        devices) options="--device --seat" ;;
        record) options="--device --seat -o --output" ;;
        import) options="--from" ;;
        check | config | help) options="" ;;
        *) return ;;
    esac
    [[ ${words[1]} == config ]] && options="--default"

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options --help" -- "$cur"))
        return
    fi
    case ${words[1]} in
        replay | check | import) _filedir ;;
        help) ((cword == 2)) && COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
    esac
} &&
    complete -F _tactile tactile

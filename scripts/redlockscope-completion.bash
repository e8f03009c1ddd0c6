# SPDX-License-Identifier: GPL-3.0-or-later
# Bash completion for redlockscope: its commands, bench kinds, each command's options,
# built-in scenario names, and files. Installed as
# share/bash-completion/completions/redlockscope; to try it from a checkout:
#   source scripts/redlockscope-completion.bash
# The words come from the program itself (`redlockscope --help`, `help COMMAND`, `list`), so
# they are always its own: no second list to keep in step. Each answer is asked once a shell.

declare -gA _redlockscope_cache

# The program's answer to `redlockscope ARGS...`, remembered.
_redlockscope_ask()
{
    local key="$*"
    if [[ -z ${_redlockscope_cache[$key]+set} ]]; then
        _redlockscope_cache[$key]=$(command redlockscope "$@" 2>/dev/null)
    fi
    printf '%s\n' "${_redlockscope_cache[$key]}"
}

# The commands, as `redlockscope --help` lists them ("  run [SCENARIO]  ...").
_redlockscope_commands()
{
    _redlockscope_ask --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p'
}

_redlockscope_bench_kinds()
{
    _redlockscope_ask help bench | sed -n '/^Kinds:/,/^$/s/^  \([a-z][a-z-]*\).*/\1/p'
}

# The options a help text lists ("  --to <file>  ..."), as --to.
_redlockscope_options()
{
    _redlockscope_ask "$@" | sed -n 's/^ *\(-[a-zA-Z?], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p'
}

# Whether the option takes a value, by the help text that lists it ("--to <file>").
_redlockscope_takes_value()
{
    local option=$1
    shift
    _redlockscope_ask "$@" | grep -q -- "^ *\(-[a-zA-Z?], \)\{0,1\}${option} <"
}

# COMP_WORDS split at ':' (COMP_WORDBREAKS): builtin:NAME joined again, into words and cword.
_redlockscope_words()
{
    words=()
    cword=0
    local i w
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        w=${COMP_WORDS[i]}
        if ((i > 1)) && [[ $w == :* || ${words[-1]} == *: ]]; then
            words[-1]+=$w
        else
            words+=("$w")
        fi
        ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
    done
}

_redlockscope()
{
    local -a words
    local cword cur
    _redlockscope_words
    COMPREPLY=()
    _redlockscope_complete
    # Bash replaces only what follows the last ':' of the word.
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
        COMPREPLY=("${COMPREPLY[@]#"${cur%:*}":}")
    fi
}

_redlockscope_complete()
{
    cur=${words[cword]}
    local prev=${words[cword - 1]}
    local first=${words[1]}
    local commands
    commands=$(_redlockscope_commands)

    if ((cword == 1)); then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W "$(_redlockscope_options --help-all)" -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        fi
        return
    fi
    # The command's words: "bench ui", "run", or none (the flag form).
    local -a help=(--help-all)
    local argument=""
    case $first in
        help)
            if ((cword == 2)); then
                mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
            elif ((cword == 3)) && [[ ${words[2]} == bench ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$(_redlockscope_bench_kinds)" -- "$cur")
            fi
            return
            ;;
        bench)
            if ((cword == 2)); then
                mapfile -t COMPREPLY < <(compgen -W "$(_redlockscope_bench_kinds)" -- "$cur")
                return
            fi
            help=(help bench "${words[2]}")
            ;;
        -*) ;;
        *)
            help=(help "$first")
            ;;
    esac
    argument=$(_redlockscope_ask "${help[@]}" | sed -n '1s/^Usage: redlockscope [a-z -]*\[\{0,1\}\([A-Z]*\).*/\1/p')

    if [[ $prev == --* ]] && _redlockscope_takes_value "$prev" "${help[@]}"; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return
    fi
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_redlockscope_options "${help[@]}")" -- "$cur")
        return
    fi
    case $argument in
        SCENARIO)
            local builtins
            builtins=$(_redlockscope_ask list | awk '{print $1}')
            mapfile -t COMPREPLY < <(compgen -W "$builtins" -- "$cur"; compgen -f -X '!*.rls' -- "$cur"; compgen -d -- "$cur")
            ;;
        RUN)
            mapfile -t COMPREPLY < <(compgen -f -X '!*.jsonl' -- "$cur"; compgen -d -- "$cur")
            ;;
    esac
}

complete -o filenames -F _redlockscope redlockscope

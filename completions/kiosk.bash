# bash completion for kiosk(1)                                  -*- shell-script -*-
#
# Installed as share/bash-completion/completions/kiosk: bash-completion loads it the first
# time a kiosk command line is completed. It needs nothing of bash-completion itself, so it
# also works sourced from ~/.bashrc. The tests hold it to `kiosk --help`, `kiosk serve
# --help`, `kiosk simulate --help` and `kiosk reprice --help`: an option they list and
# this file does not complete fails them.

_kiosk_options='--menu --state --sink -c -f --bail --json --quiet --no-color
    --flush-timeout --clock --operator --lang --explain --plugin-path -h --help -V --version'
_kiosk_simulate_options='--menu --hours --customers --arrivals --seed --service
    --patience --restock --card-share --decline-rate --readers --replications --json --csv
    --pace --sinks --sink --state --append-to-state --flush-timeout --no-color --plugin-path -h --help'
_kiosk_reprice_options='--state --menu --from --to --all --json --csv -h --help'
_kiosk_serve_options='--listen --token-file --tls-cert --tls-key --cors --access-log --operator
    --menu --state --sink --clock --flush-timeout --quiet --no-color --json -h --help'
# The options that take a value, of kiosk, kiosk serve, kiosk simulate and kiosk reprice:
# the next word is theirs.
_kiosk_value_options='--menu --state --sink -c -f --flush-timeout --clock --operator --lang --explain --plugin-path --hours
    --customers --arrivals --seed --service --patience --restock --card-share --decline-rate --readers
    --replications --csv --pace --listen --token-file --tls-cert --tls-key --cors --access-log --from --to'

# Menu files (*.kiosk) and directories to look in.
_kiosk_menus()
{
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -X '!*.kiosk' -- "$1") $(compgen -d -- "$1"))
}

_kiosk_directories()
{
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -d -- "$1"))
}

_kiosk_files()
{
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$1"))
}

_kiosk()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    # bash splits --clock=virtual at '=' (COMP_WORDBREAKS): the value after '=' completes
    # as the word after --clock does.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi

    # The sub-command: the first word that is neither an option nor an option's value.
    local command= action= i=1 word
    while ((i < COMP_CWORD)); do
        word=${COMP_WORDS[i]}
        if [[ " ${_kiosk_value_options//$'\n'/ } " == *" $word "* ]]; then
            [[ ${COMP_WORDS[i + 1]} == = ]] && ((i++))
            ((i++))
        elif [[ $word != -* && -z $command ]]; then
            command=$word
        elif [[ $word != -* && $command == state && -z $action ]]; then
            action=$word
        fi
        ((i++))
    done

    case $prev in
        --menu)
            _kiosk_menus "$cur"
            return
            ;;
        --state | --plugin-path)
            _kiosk_directories "$cur"
            return
            ;;
        -f | --csv | --token-file | --tls-cert | --tls-key | --access-log)
            _kiosk_files "$cur"
            return
            ;;
        --sink)
            COMPREPLY=($(compgen -W 'console log webhook mqtt exec' -- "$cur"))
            return
            ;;
        --clock)
            COMPREPLY=($(compgen -W 'virtual' -- "$cur"))
            return
            ;;
        --lang)
            COMPREPLY=($(compgen -W 'ko en' -- "$cur"))
            return
            ;;
        --service)
            COMPREPLY=($(compgen -W 'fixed exponential' -- "$cur"))
            return
            ;;
        --restock)
            COMPREPLY=($(compgen -W 'none low' -- "$cur"))
            return
            ;;
        -c | --flush-timeout | --operator | --explain | --from | --to | --hours | --customers | --arrivals | --seed | --patience | --replications | --pace | \
            --card-share | --decline-rate | --readers | --listen | --cors)
            # Free text: nothing to offer.
            COMPREPLY=()
            return
            ;;
    esac

    if [[ $cur == -* ]]; then
        local options=$_kiosk_options
        [[ $command == serve ]] && options=$_kiosk_serve_options
        [[ $command == simulate ]] && options=$_kiosk_simulate_options
        [[ $command == reprice ]] && options=$_kiosk_reprice_options
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi

    case $command in
        '')
            COMPREPLY=($(compgen -W 'check plugins reprice serve simulate state' -- "$cur"))
            ;;
        check)
            _kiosk_menus "$cur"
            ;;
        state)
            if [[ -z $action ]]; then
                COMPREPLY=($(compgen -W 'verify dump compact sinks forget' -- "$cur"))
            else
                _kiosk_directories "$cur"
            fi
            ;;
        *)
            COMPREPLY=()
            ;;
    esac
}

complete -F _kiosk kiosk

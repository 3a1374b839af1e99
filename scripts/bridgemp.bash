# bash completion for bridgemp(1).  Installed as
# share/bash-completion/completions/bridgemp; to try it: source scripts/bridgemp.bash
# The commands are read from `bridgemp --help`, so new ones complete too.

_bridgemp_commands()
{
    "${1:-bridgemp}" --help 2>/dev/null |
        sed -n '/^commands:/,/^$/s/^  \([a-z][a-z0-9-]*\).*/\1/p'
}

_bridgemp()
{
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        -*) ;;
        *) cmd=${COMP_WORDS[i]}; break ;;
        esac
    done

    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "$(_bridgemp_commands "${COMP_WORDS[0]}") --help --version" -- "$cur"))
        return
    fi

    # values of options
    case $prev in
    --format | -f)
        case $cmd in
        award) COMPREPLY=($(compgen -W "table json csv usebio abf-credit" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "table json csv" -- "$cur")) ;;
        esac
        return ;;
    --to | -t) COMPREPLY=($(compgen -W "json usebio" -- "$cur")); return ;;
    --mp-form | -m) COMPREPLY=($(compgen -W "flat nested" -- "$cur")); return ;;
    --body | -b) COMPREPLY=($(compgen -W "acbl ebu abf nzb" -- "$cur")); return ;;
    --output-dir | -O) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --output | -o | --sidecar | -C) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --max-input) COMPREPLY=($(compgen -W "1M 16M 256M 1G" -- "$cur")); return ;;
    --edition | -e | --grade | -g | --classification | -c | --status | -s | --rating | -r | \
        --set | -S | --green | --red | --gold | --pre1982)
        return ;;
    esac

    local io="--body --edition --grade --classification --status --rating --set --sidecar --max-input --help"
    local opts=
    case $cmd in
    award) opts="--format --explain --output --output-dir --mp-form --check-digit $io" ;;
    convert) opts="--to --mp-form $io" ;;
    validate) opts="$io" ;;
    scale) opts="--edition --format --help" ;;
    credit) opts="--check-digit --max-input --help" ;;
    abf-rank) opts="--green --red --gold --pre1982 --help" ;;
    rank) # the body's point types, from its own help
        opts=$("${COMP_WORDS[0]}" rank "${COMP_WORDS[i+1]}" --help 2>/dev/null |
            grep -o -- '--[a-z][a-z0-9-]*' | sort -u | tr '\n' ' ') ;;
    *) opts="--help" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    case $cmd in
    scale | bodies | rank)
        if [[ $prev == "$cmd" ]]; then
            COMPREPLY=($(compgen -W "acbl ebu abf nzb" -- "$cur"))
        fi ;;
    credit)
        if [[ $prev == credit ]]; then
            COMPREPLY=($(compgen -W "check show merge" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -X '!*.@(grn|red|gld|rag|mp5|GRN|RED|GLD|RAG|MP5)' -- "$cur")
                       $(compgen -d -- "$cur"))
        fi ;;
    abf-rank) ;;
    *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -o filenames -F _bridgemp bridgemp

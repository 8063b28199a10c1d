_bbconv() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="bbconv"
                ;;
            bbconv,canon)
                cmd="bbconv__subcmd__canon"
                ;;
            bbconv,completions)
                cmd="bbconv__subcmd__completions"
                ;;
            bbconv,convert)
                cmd="bbconv__subcmd__convert"
                ;;
            bbconv,diff)
                cmd="bbconv__subcmd__diff"
                ;;
            bbconv,explain)
                cmd="bbconv__subcmd__explain"
                ;;
            bbconv,explore)
                cmd="bbconv__subcmd__explore"
                ;;
            bbconv,formats)
                cmd="bbconv__subcmd__formats"
                ;;
            bbconv,help)
                cmd="bbconv__subcmd__help"
                ;;
            bbconv,infer)
                cmd="bbconv__subcmd__infer"
                ;;
            bbconv,man)
                cmd="bbconv__subcmd__man"
                ;;
            bbconv,op)
                cmd="bbconv__subcmd__op"
                ;;
            bbconv,show)
                cmd="bbconv__subcmd__show"
                ;;
            bbconv__subcmd__help,canon)
                cmd="bbconv__subcmd__help__subcmd__canon"
                ;;
            bbconv__subcmd__help,completions)
                cmd="bbconv__subcmd__help__subcmd__completions"
                ;;
            bbconv__subcmd__help,convert)
                cmd="bbconv__subcmd__help__subcmd__convert"
                ;;
            bbconv__subcmd__help,diff)
                cmd="bbconv__subcmd__help__subcmd__diff"
                ;;
            bbconv__subcmd__help,explain)
                cmd="bbconv__subcmd__help__subcmd__explain"
                ;;
            bbconv__subcmd__help,explore)
                cmd="bbconv__subcmd__help__subcmd__explore"
                ;;
            bbconv__subcmd__help,formats)
                cmd="bbconv__subcmd__help__subcmd__formats"
                ;;
            bbconv__subcmd__help,help)
                cmd="bbconv__subcmd__help__subcmd__help"
                ;;
            bbconv__subcmd__help,infer)
                cmd="bbconv__subcmd__help__subcmd__infer"
                ;;
            bbconv__subcmd__help,man)
                cmd="bbconv__subcmd__help__subcmd__man"
                ;;
            bbconv__subcmd__help,op)
                cmd="bbconv__subcmd__help__subcmd__op"
                ;;
            bbconv__subcmd__help,show)
                cmd="bbconv__subcmd__help__subcmd__show"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        bbconv)
            opts="-f -s -h -V --from --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help --version convert show explore op explain diff infer canon formats completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__canon)
            opts="-f -t -s -i -o -j -v -h --from --to --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --input --output --errors --fail-fast --max-errors --jobs --progress --no-progress --max-line --verbose --tsv --csv --delimiter --column --append --header --train-columns --train-view --no-transform --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -i)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "report skip null" -- "${cur}"))
                    return 0
                    ;;
                --max-errors)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delimiter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --column)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --train-columns)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --train-view)
                    COMPREPLY=($(compgen -W "white mover" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__completions)
            opts="-h --color --unicode --orientation --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__convert)
            opts="-f -t -s -i -o -j -v -h --from --to --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --input --output --errors --fail-fast --max-errors --jobs --progress --no-progress --max-line --verbose --tsv --csv --delimiter --column --append --header --train-columns --train-view --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -i)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --errors)
                    COMPREPLY=($(compgen -W "report skip null" -- "${cur}"))
                    return 0
                    ;;
                --max-errors)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --delimiter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --column)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --append)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --train-columns)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --train-view)
                    COMPREPLY=($(compgen -W "white mover" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__diff)
            opts="-f -s -h --from --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__explain)
            opts="-f -s -h --expect --expect-fen --side --from --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect-fen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__explore)
            opts="-f -t -s -h --from --to --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__formats)
            opts="-h --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help)
            opts="convert show explore op explain diff infer canon formats completions man help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__canon)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__convert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__diff)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__explore)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__formats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__infer)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__op)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__infer)
            opts="-f -s -i -h --from --side --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --input --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --side)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --input)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -i)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__man)
            opts="-h --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__op)
            opts="-f -t -v -s -h --from --to --verbose --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help and or xor andnot not shift flip rotate transpose popcount lsb msb squares contains mask"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        bbconv__subcmd__show)
            opts="-f -s -h --from --size --order --to-order --one-based --coords --to-coords --planes --swap --layer --digits --digit-map --letters --lenient --fields --sgf-node --lang --color --unicode --orientation --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                -f)
                    COMPREPLY=($(compgen -W "auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet" -- "${cur}"))
                    return 0
                    ;;
                --size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -s)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --to-order)
                    COMPREPLY=($(compgen -W "lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts" -- "${cur}"))
                    return 0
                    ;;
                --coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --to-coords)
                    COMPREPLY=($(compgen -W "chess sgf gtp" -- "${cur}"))
                    return 0
                    ;;
                --planes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --layer)
                    COMPREPLY=($(compgen -W "first second occupied" -- "${cur}"))
                    return 0
                    ;;
                --digits)
                    COMPREPLY=($(compgen -W "lsd msd" -- "${cur}"))
                    return 0
                    ;;
                --digit-map)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --letters)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fields)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sgf-node)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lang)
                    COMPREPLY=($(compgen -W "c rust java python go js" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --orientation)
                    COMPREPLY=($(compgen -W "white black othello" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _bbconv -o nosort -o bashdefault -o default bbconv
else
    complete -F _bbconv -o bashdefault -o default bbconv
fi

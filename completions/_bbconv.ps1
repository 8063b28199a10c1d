
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'bbconv' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $previous = if ($wordToComplete) { $commandElements[-2] } else { $commandElements[-1] }
    $values = switch -regex ("$previous") {
        '^(-f|--from|-t|--to)$' { @('auto','int','hex','dec','bin','signed','oct','bytes-le','bytes-be','literal','base2','bits','rows','squares','indices','coords','pair','trits','packed','packed-bin','trits-bin','planes-bin','base3','paste','grid','fen','epd','pieces','json','pdn','sgf','edax','sf-compressed','binary-fen','sf-bin','sf-plain','marlin','bullet') }
        '^(--order|--to-order)$' { @('lerf','lerbef','berlef','berbef','lefr','lefber','befr','beber','0x88','mailbox','sentinel','draughts') }
        default { $null }
    }
    if ($values) {
        return $values.Where{ $_ -like "$wordToComplete*" } | ForEach-Object { [CompletionResult]::new($_, $_, [CompletionResultType]::ParameterValue, $_) }
    }
    $command = @(
        'bbconv'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'bbconv' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert boards from one form to another (stdin, files or arguments)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show boards as labelled grids with hex, dec, popcount and square lists')
            [CompletionResult]::new('explore', 'explore', [CompletionResultType]::ParameterValue, 'Explore a board in a terminal UI: move, toggle squares, read its number under every order, flip and rotate it, compare it with a second; q prints it')
            [CompletionResult]::new('op', 'op', [CompletionResultType]::ParameterValue, 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Decode a number under all 8 square orders, and find the order that gives the squares you expect')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two boards and name the symmetry or shift that maps one onto the other')
            [CompletionResult]::new('infer', 'infer', [CompletionResultType]::ParameterValue, 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)')
            [CompletionResult]::new('canon', 'canon', [CompletionResultType]::ParameterValue, 'Write each board''s canonical image under the board''s symmetries, and the symmetry')
            [CompletionResult]::new('formats', 'formats', [CompletionResultType]::ParameterValue, 'List every input and output form with a description and an example')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff) to stdout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'bbconv;convert' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Output form (see `bbconv formats`)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output form (see `bbconv formats`)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable, in order; - is stdin)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable, in order; - is stdin)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What a bad record leaves in the output: report, skip or null')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)')
            [CompletionResult]::new('--max-line', '--max-line', [CompletionResultType]::ParameterName, 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records')
            [CompletionResult]::new('--delimiter', '--delimiter', [CompletionResultType]::ParameterName, 'The field delimiter of --csv (one character; default ,)')
            [CompletionResult]::new('--column', '--column', [CompletionResultType]::ParameterName, 'The board''s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)')
            [CompletionResult]::new('--append', '--append', [CompletionResultType]::ParameterName, 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board''s column')
            [CompletionResult]::new('--train-columns', '--train-columns', [CompletionResultType]::ParameterName, 'The columns of the training fields beside the board, for the trainers'' forms and JSON''s train member: FIELD[=COLUMN],... with FIELD score, result (-1, 0, 1), move (UCI) or ply, and COLUMN a number from 1 or the header''s name (the field''s own name when left out). An empty cell is a missing field')
            [CompletionResult]::new('--train-view', '--train-view', [CompletionResultType]::ParameterName, 'Whose point of view --train-columns'' score and result are from: white (as bbconv''s JSON and Python) or mover (the side to move''s, as Stockfish''s .plain)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--fail-fast', '--fail-fast', [CompletionResultType]::ParameterName, 'Stop at the first bad record (exit 1; an -o file is left untouched)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress display on stderr (default: when stderr is a terminal)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show a progress display')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)')
            [CompletionResult]::new('--tsv', '--tsv', [CompletionResultType]::ParameterName, 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through')
            [CompletionResult]::new('--csv', '--csv', [CompletionResultType]::ParameterName, 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'The first row of each file is a header: written once, with the board''s column named after the output form (or the --append column added)')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;show' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;explore' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form of VALUE (see `bbconv formats`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form of VALUE (see `bbconv formats`)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The form printed when q ends it [default: the form read]')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The form printed when q ends it [default: the form read]')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;op' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form of the boards')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form of the boards')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Output form of a board result [default: squares for `op squares`, else hex]')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output form of a board result [default: squares for `op squares`, else hex]')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Name the squares (and pieces) a shift moves off the board, on stderr')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Name the squares (and pieces) a shift moves off the board, on stderr')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;explain' {
            [CompletionResult]::new('--expect', '--expect', [CompletionResultType]::ParameterName, 'The squares VALUE should be (e.g. ''e1'' or ''a1 h8'')')
            [CompletionResult]::new('--expect-fen', '--expect-fen', [CompletionResultType]::ParameterName, 'A FEN whose squares VALUE should be (with --side)')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'Which squares of --expect-fen: first (white), second (black), occupied, or a piece letter')
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form of VALUE')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form of VALUE')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;diff' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form of A and B')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form of A and B')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;infer' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Form of each sample''s VALUE')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Form of each sample''s VALUE')
            [CompletionResult]::new('--side', '--side', [CompletionResultType]::ParameterName, 'Which squares of a FEN in EXPECTED a one-bitboard VALUE is: first (white), second (black), occupied, or a piece letter')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Read samples from FILE (- is stdin)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read samples from FILE (- is stdin)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;canon' {
            [CompletionResult]::new('-f', '-f', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'Input form (see `bbconv formats`)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'Output form (see `bbconv formats`)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'Output form (see `bbconv formats`)')
            [CompletionResult]::new('-s', '-s', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own')
            [CompletionResult]::new('--order', '--order', [CompletionResultType]::ParameterName, 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings')
            [CompletionResult]::new('--to-order', '--to-order', [CompletionResultType]::ParameterName, 'Square order (or layout) of output numbers and digit strings [default: --order]')
            [CompletionResult]::new('--coords', '--coords', [CompletionResultType]::ParameterName, 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)')
            [CompletionResult]::new('--to-coords', '--to-coords', [CompletionResultType]::ParameterName, 'How square names are written [default: --coords]')
            [CompletionResult]::new('--planes', '--planes', [CompletionResultType]::ParameterName, 'The piece letters of the planes of planes-bin, in order')
            [CompletionResult]::new('--layer', '--layer', [CompletionResultType]::ParameterName, 'Which bitboard of a two-player board a one-bitboard form writes')
            [CompletionResult]::new('--digits', '--digits', [CompletionResultType]::ParameterName, 'Digit order inside a packed byte: lsd (first trit least significant) or msd')
            [CompletionResult]::new('--digit-map', '--digit-map', [CompletionResultType]::ParameterName, 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'Piece letters for the first and second side when a pair is written as FEN or pieces')
            [CompletionResult]::new('--fields', '--fields', [CompletionResultType]::ParameterName, 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen')
            [CompletionResult]::new('--sgf-node', '--sgf-node', [CompletionResultType]::ParameterName, 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last')
            [CompletionResult]::new('--lang', '--lang', [CompletionResultType]::ParameterName, 'The language of -t literal: c, rust, java, python, go or js')
            [CompletionResult]::new('-i', '-i', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable, in order; - is stdin)')
            [CompletionResult]::new('--input', '--input', [CompletionResultType]::ParameterName, 'Read records from FILE (repeatable, in order; - is stdin)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout')
            [CompletionResult]::new('--errors', '--errors', [CompletionResultType]::ParameterName, 'What a bad record leaves in the output: report, skip or null')
            [CompletionResult]::new('--max-errors', '--max-errors', [CompletionResultType]::ParameterName, 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)')
            [CompletionResult]::new('--max-line', '--max-line', [CompletionResultType]::ParameterName, 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records')
            [CompletionResult]::new('--delimiter', '--delimiter', [CompletionResultType]::ParameterName, 'The field delimiter of --csv (one character; default ,)')
            [CompletionResult]::new('--column', '--column', [CompletionResultType]::ParameterName, 'The board''s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)')
            [CompletionResult]::new('--append', '--append', [CompletionResultType]::ParameterName, 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board''s column')
            [CompletionResult]::new('--train-columns', '--train-columns', [CompletionResultType]::ParameterName, 'The columns of the training fields beside the board, for the trainers'' forms and JSON''s train member: FIELD[=COLUMN],... with FIELD score, result (-1, 0, 1), move (UCI) or ply, and COLUMN a number from 1 or the header''s name (the field''s own name when left out). An empty cell is a missing field')
            [CompletionResult]::new('--train-view', '--train-view', [CompletionResultType]::ParameterName, 'Whose point of view --train-columns'' score and result are from: white (as bbconv''s JSON and Python) or mover (the side to move''s, as Stockfish''s .plain)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--one-based', '--one-based', [CompletionResultType]::ParameterName, 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices')
            [CompletionResult]::new('--swap', '--swap', [CompletionResultType]::ParameterName, 'Exchange the two sides (first <-> second; piece letters change case)')
            [CompletionResult]::new('--lenient', '--lenient', [CompletionResultType]::ParameterName, 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked')
            [CompletionResult]::new('--fail-fast', '--fail-fast', [CompletionResultType]::ParameterName, 'Stop at the first bad record (exit 1; an -o file is left untouched)')
            [CompletionResult]::new('--progress', '--progress', [CompletionResultType]::ParameterName, 'Show a progress display on stderr (default: when stderr is a terminal)')
            [CompletionResult]::new('--no-progress', '--no-progress', [CompletionResultType]::ParameterName, 'Never show a progress display')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)')
            [CompletionResult]::new('--tsv', '--tsv', [CompletionResultType]::ParameterName, 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through')
            [CompletionResult]::new('--csv', '--csv', [CompletionResultType]::ParameterName, 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'The first row of each file is a header: written once, with the board''s column named after the output form (or the --append column added)')
            [CompletionResult]::new('--no-transform', '--no-transform', [CompletionResultType]::ParameterName, 'Write the image only, without the tab and the symmetry')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;formats' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;man' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never')
            [CompletionResult]::new('--orientation', '--orientation', [CompletionResultType]::ParameterName, 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)')
            [CompletionResult]::new('--unicode', '--unicode', [CompletionResultType]::ParameterName, 'Draw grids with chess-piece glyphs and filled/empty discs')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'bbconv;help' {
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert boards from one form to another (stdin, files or arguments)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show boards as labelled grids with hex, dec, popcount and square lists')
            [CompletionResult]::new('explore', 'explore', [CompletionResultType]::ParameterValue, 'Explore a board in a terminal UI: move, toggle squares, read its number under every order, flip and rotate it, compare it with a second; q prints it')
            [CompletionResult]::new('op', 'op', [CompletionResultType]::ParameterValue, 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Decode a number under all 8 square orders, and find the order that gives the squares you expect')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two boards and name the symmetry or shift that maps one onto the other')
            [CompletionResult]::new('infer', 'infer', [CompletionResultType]::ParameterValue, 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)')
            [CompletionResult]::new('canon', 'canon', [CompletionResultType]::ParameterValue, 'Write each board''s canonical image under the board''s symmetries, and the symmetry')
            [CompletionResult]::new('formats', 'formats', [CompletionResultType]::ParameterValue, 'List every input and output form with a description and an example')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page (roff) to stdout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'bbconv;help;convert' {
            break
        }
        'bbconv;help;show' {
            break
        }
        'bbconv;help;explore' {
            break
        }
        'bbconv;help;op' {
            break
        }
        'bbconv;help;explain' {
            break
        }
        'bbconv;help;diff' {
            break
        }
        'bbconv;help;infer' {
            break
        }
        'bbconv;help;canon' {
            break
        }
        'bbconv;help;formats' {
            break
        }
        'bbconv;help;completions' {
            break
        }
        'bbconv;help;man' {
            break
        }
        'bbconv;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}

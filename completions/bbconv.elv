
use builtin;
use str;

set edit:completion:arg-completer[bbconv] = {|@words|
    var prev = ''
    if (> (count $words) 2) {
        set prev = $words[-2]
    }
    if (has-value [-f --from -t --to] $prev) {
        put auto int hex dec bin signed oct bytes-le bytes-be literal base2 bits rows squares indices coords pair trits packed packed-bin trits-bin planes-bin base3 paste grid fen epd pieces json pdn sgf edax sf-compressed binary-fen sf-bin sf-plain marlin bullet
    } elif (has-value [--order --to-order] $prev) {
        put lerf lerbef berlef berbef lefr lefber befr beber 0x88 mailbox sentinel draughts
    } else {
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'bbconv'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'bbconv'= {
            cand -f 'Input form (see `bbconv formats`)'
            cand --from 'Input form (see `bbconv formats`)'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand convert 'Convert boards from one form to another (stdin, files or arguments)'
            cand show 'Show boards as labelled grids with hex, dec, popcount and square lists'
            cand explore 'Explore a board in a terminal UI: move, toggle squares, read its number under every order, flip and rotate it, compare it with a second; q prints it'
            cand op 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)'
            cand explain 'Decode a number under all 8 square orders, and find the order that gives the squares you expect'
            cand diff 'Compare two boards and name the symmetry or shift that maps one onto the other'
            cand infer 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)'
            cand canon 'Write each board''s canonical image under the board''s symmetries, and the symmetry'
            cand formats 'List every input and output form with a description and an example'
            cand completions 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout'
            cand man 'Print the man page (roff) to stdout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'bbconv;convert'= {
            cand -f 'Input form (see `bbconv formats`)'
            cand --from 'Input form (see `bbconv formats`)'
            cand -t 'Output form (see `bbconv formats`)'
            cand --to 'Output form (see `bbconv formats`)'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand -i 'Read records from FILE (repeatable, in order; - is stdin)'
            cand --input 'Read records from FILE (repeatable, in order; - is stdin)'
            cand -o 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout'
            cand --output 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout'
            cand --errors 'What a bad record leaves in the output: report, skip or null'
            cand --max-errors 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)'
            cand -j 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)'
            cand --jobs 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)'
            cand --max-line 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records'
            cand --delimiter 'The field delimiter of --csv (one character; default ,)'
            cand --column 'The board''s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)'
            cand --append 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board''s column'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --fail-fast 'Stop at the first bad record (exit 1; an -o file is left untouched)'
            cand --progress 'Show a progress display on stderr (default: when stderr is a terminal)'
            cand --no-progress 'Never show a progress display'
            cand -v 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
            cand --verbose 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
            cand --tsv 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through'
            cand --csv 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting'
            cand --header 'The first row of each file is a header: written once, with the board''s column named after the output form (or the --append column added)'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;show'= {
            cand -f 'Input form (see `bbconv formats`)'
            cand --from 'Input form (see `bbconv formats`)'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;explore'= {
            cand -f 'Input form of VALUE (see `bbconv formats`)'
            cand --from 'Input form of VALUE (see `bbconv formats`)'
            cand -t 'The form printed when q ends it [default: the form read]'
            cand --to 'The form printed when q ends it [default: the form read]'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;op'= {
            cand -f 'Input form of the boards'
            cand --from 'Input form of the boards'
            cand -t 'Output form of a board result [default: squares for `op squares`, else hex]'
            cand --to 'Output form of a board result [default: squares for `op squares`, else hex]'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand -v 'Name the squares (and pieces) a shift moves off the board, on stderr'
            cand --verbose 'Name the squares (and pieces) a shift moves off the board, on stderr'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;explain'= {
            cand --expect 'The squares VALUE should be (e.g. ''e1'' or ''a1 h8'')'
            cand --expect-fen 'A FEN whose squares VALUE should be (with --side)'
            cand --side 'Which squares of --expect-fen: first (white), second (black), occupied, or a piece letter'
            cand -f 'Input form of VALUE'
            cand --from 'Input form of VALUE'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;diff'= {
            cand -f 'Input form of A and B'
            cand --from 'Input form of A and B'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;infer'= {
            cand -f 'Form of each sample''s VALUE'
            cand --from 'Form of each sample''s VALUE'
            cand --side 'Which squares of a FEN in EXPECTED a one-bitboard VALUE is: first (white), second (black), occupied, or a piece letter'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand -i 'Read samples from FILE (- is stdin)'
            cand --input 'Read samples from FILE (- is stdin)'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;canon'= {
            cand -f 'Input form (see `bbconv formats`)'
            cand --from 'Input form (see `bbconv formats`)'
            cand -t 'Output form (see `bbconv formats`)'
            cand --to 'Output form (see `bbconv formats`)'
            cand -s 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --size 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own'
            cand --order 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings'
            cand --to-order 'Square order (or layout) of output numbers and digit strings [default: --order]'
            cand --coords 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)'
            cand --to-coords 'How square names are written [default: --coords]'
            cand --planes 'The piece letters of the planes of planes-bin, in order'
            cand --layer 'Which bitboard of a two-player board a one-bitboard form writes'
            cand --digits 'Digit order inside a packed byte: lsd (first trit least significant) or msd'
            cand --digit-map 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)'
            cand --letters 'Piece letters for the first and second side when a pair is written as FEN or pieces'
            cand --fields 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen'
            cand --sgf-node 'Which position of an SGF game record to read: the root''s setup (default), node N of the main line (0 is the root; each node''s setup and move applied, with captures), or last'
            cand --lang 'The language of -t literal: c, rust, java, python, go or js'
            cand -i 'Read records from FILE (repeatable, in order; - is stdin)'
            cand --input 'Read records from FILE (repeatable, in order; - is stdin)'
            cand -o 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout'
            cand --output 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout'
            cand --errors 'What a bad record leaves in the output: report, skip or null'
            cand --max-errors 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)'
            cand -j 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)'
            cand --jobs 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)'
            cand --max-line 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records'
            cand --delimiter 'The field delimiter of --csv (one character; default ,)'
            cand --column 'The board''s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)'
            cand --append 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board''s column'
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --one-based 'Square indices (the indices form) count from 1: draughts'' square numbers, 1-based engine indices'
            cand --swap 'Exchange the two sides (first <-> second; piece letters change case)'
            cand --lenient 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
            cand --fail-fast 'Stop at the first bad record (exit 1; an -o file is left untouched)'
            cand --progress 'Show a progress display on stderr (default: when stderr is a terminal)'
            cand --no-progress 'Never show a progress display'
            cand -v 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
            cand --verbose 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
            cand --tsv 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through'
            cand --csv 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting'
            cand --header 'The first row of each file is a header: written once, with the board''s column named after the output form (or the --append column added)'
            cand --no-transform 'Write the image only, without the tab and the symmetry'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;formats'= {
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;completions'= {
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;man'= {
            cand --color 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never'
            cand --orientation 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess''s orientation=BLACK) or othello (rank 1 on top, as Edax draws)'
            cand --unicode 'Draw grids with chess-piece glyphs and filled/empty discs'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'bbconv;help'= {
            cand convert 'Convert boards from one form to another (stdin, files or arguments)'
            cand show 'Show boards as labelled grids with hex, dec, popcount and square lists'
            cand explore 'Explore a board in a terminal UI: move, toggle squares, read its number under every order, flip and rotate it, compare it with a second; q prints it'
            cand op 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)'
            cand explain 'Decode a number under all 8 square orders, and find the order that gives the squares you expect'
            cand diff 'Compare two boards and name the symmetry or shift that maps one onto the other'
            cand infer 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)'
            cand canon 'Write each board''s canonical image under the board''s symmetries, and the symmetry'
            cand formats 'List every input and output form with a description and an example'
            cand completions 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout'
            cand man 'Print the man page (roff) to stdout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'bbconv;help;convert'= {
        }
        &'bbconv;help;show'= {
        }
        &'bbconv;help;explore'= {
        }
        &'bbconv;help;op'= {
        }
        &'bbconv;help;explain'= {
        }
        &'bbconv;help;diff'= {
        }
        &'bbconv;help;infer'= {
        }
        &'bbconv;help;canon'= {
        }
        &'bbconv;help;formats'= {
        }
        &'bbconv;help;completions'= {
        }
        &'bbconv;help;man'= {
        }
        &'bbconv;help;help'= {
        }
    ]
    $completions[$command]
    }
}

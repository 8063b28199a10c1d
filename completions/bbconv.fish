# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_bbconv_global_optspecs
    string join \n f/from= s/size= order= to-order= one-based coords= to-coords= planes= swap layer= digits= digit-map= letters= lenient fields= sgf-node= lang= color= unicode orientation= h/help V/version
end

function __fish_bbconv_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_bbconv_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_bbconv_using_subcommand
    set -l cmd (__fish_bbconv_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c bbconv -n "__fish_bbconv_needs_command" -s f -l from -d 'Input form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_needs_command" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_needs_command" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_needs_command" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_needs_command" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_needs_command" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_needs_command" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_needs_command" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_needs_command" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_needs_command" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_needs_command" -s V -l version -d 'Print version'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "convert" -d 'Convert boards from one form to another (stdin, files or arguments)'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "show" -d 'Show boards as labelled grids with hex, dec, popcount and square lists'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "op" -d 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "explain" -d 'Decode a number under all 8 square orders, and find the order that gives the squares you expect'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "diff" -d 'Compare two boards and name the symmetry or shift that maps one onto the other'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "infer" -d 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "canon" -d 'Write each board\'s canonical image under the board\'s symmetries, and the symmetry'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "formats" -d 'List every input and output form with a description and an example'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "completions" -d 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "man" -d 'Print the man page (roff) to stdout'
complete -c bbconv -n "__fish_bbconv_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s f -l from -d 'Input form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s t -l to -d 'Output form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s i -l input -d 'Read records from FILE (repeatable, in order; - is stdin)' -r -F
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s o -l output -d 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout' -r -F
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l errors -d 'What a bad record leaves in the output: report, skip or null' -r -f -a "report\t'Report it on stderr and write nothing for it'
skip\t'Write nothing for it and report nothing (the count is still printed and the exit code is 1)'
null\t'Report it and write a placeholder (an empty line; `null` for JSON, `# null` for grids, 0xff bytes for binary forms, a table\'s row with the board\'s field empty); blank and comment lines get one too, so that output record N belongs to input record N'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l max-errors -d 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s j -l jobs -d 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l max-line -d 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l delimiter -d 'The field delimiter of --csv (one character; default ,)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l column -d 'The board\'s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l append -d 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board\'s column' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l fail-fast -d 'Stop at the first bad record (exit 1; an -o file is left untouched)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l progress -d 'Show a progress display on stderr (default: when stderr is a terminal)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l no-progress -d 'Never show a progress display'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s v -l verbose -d 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l tsv -d 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l csv -d 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l header -d 'The first row of each file is a header: written once, with the board\'s column named after the output form (or the --append column added)'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -s f -l from -d 'Input form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -s f -l from -d 'Input form of the boards' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -s t -l to -d 'Output form of a board result' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -s v -l verbose -d 'Name the squares (and pieces) a shift moves off the board, on stderr'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand op" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l expect -d 'The squares VALUE should be (e.g. \'e1\' or \'a1 h8\')' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l expect-fen -d 'A FEN whose squares VALUE should be (with --side)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l side -d 'Which squares of --expect-fen: first (white), second (black), occupied, or a piece letter' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -s f -l from -d 'Input form of VALUE' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -s f -l from -d 'Input form of A and B' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -s f -l from -d 'Form of each sample\'s VALUE' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l side -d 'Which squares of a FEN in EXPECTED a one-bitboard VALUE is: first (white), second (black), occupied, or a piece letter' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -s i -l input -d 'Read samples from FILE (- is stdin)' -r -F
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand infer" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s f -l from -d 'Input form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s t -l to -d 'Output form (see `bbconv formats`)' -r -f -a "auto\t'Input only: detect the form of each record (see `bbconv formats`).'
int\t'An integer with its base given by a prefix: 0x, 0b, 0o or decimal; `-` for two\'s complement. Written as hex.'
hex\t'Hexadecimal integer, `0x` and ceil(N/4) lowercase digits; bit i = square with index i.'
dec\t'Unsigned decimal integer (input: also negative, two\'s complement in N bits).'
bin\t'Binary integer, `0b` and N digits.'
signed\t'Signed decimal integer: two\'s complement in N bits (bit N-1 is the sign), as a signed N-bit type prints it.'
oct\t'Octal integer, `0o` and ceil(N/3) digits.'
bytes-le\t'The integer\'s ceil(N/8) raw bytes as hex pairs, lowest byte first (a little-endian memory dump).'
bytes-be\t'The integer\'s ceil(N/8) raw bytes as hex pairs, highest byte first (a big-endian memory dump).'
literal\t'An integer literal to paste into code, for --lang c, rust, java, python, go or js (input: any of them).'
base2\t'1 to N characters 0/1, most significant bit first, leading zeros implied (bibi\'s from_base2).'
bits\t'N characters 0/1, bit 0 first (array order).'
rows\t'H groups of W characters 0/1 separated by /, top rank first (reading order).'
squares\t'Algebraic square names (a1 e4 j10); two sides as `first: a1 e4; second: d5`.'
indices\t'Square indices in the order chosen, ascending; two sides as `first: 0 1; second: 63`.'
coords\t'(x,y) pairs, x = file from the west, y = rank from the south, as bibi\'s Coords.'
pair\t'Two integers, first and second, separated by space or comma.'
trits\t'N digits 0 (empty), 1 (first), 2 (second), index 0 first.'
packed\t'Packed base-3: 5 trits a byte (first trit least significant), ceil(N/5) bytes as lowercase hex.'
packed-bin\t'Packed base-3 as raw bytes: fixed-size records of ceil(N/5) bytes, nothing between them.'
trits-bin\t'One raw byte per square, values 0/1/2, index 0 first: N bytes a record.'
planes-bin\t'One plane a piece letter (--planes, default PNBRQKpnbrqk), each ceil(N/64) little-endian 64-bit words: 96 bytes an 8x8 position.'
base3\t'The board as one decimal integer, the sum of trit i times 3^i.'
paste\t'Input only: a board as a tool prints it (Stockfish\'s d, python-chess\'s print and unicode, shakmaty\'s Debug, a GTP showboard, bbconv\'s grids), recognised by its shape.'
grid\t'A labelled grid, top rank first: . empty, X first, O second, or piece letters.'
fen\t'FEN placement (chess or any-size variant), optionally with its other fields.'
epd\t'EPD: a FEN\'s first four fields, then operations (bm, am, id, ...) kept as written; hmvc and fmvn are the clocks of a FEN written from it.'
pieces\t'One bitboard per piece letter, `P:0x...` space-separated, in the order PNBRQKpnbrqk then others.'
json\t'One JSON object a board: size, order and the representations (bitboards as hex strings).'
pdn\t'Draughts PDN FEN: side to move, then each colour\'s squares (1-32 on 8x8, 1-50 on 10x10), men as numbers or ranges, kings with K; read as M K (White) m k (Black).'
sgf\t'SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.'
edax\t'Edax/Othello: 64 characters from a1 (X * x b first; O o w second; - . empty), the side to move (kept), and an OBF line\'s solutions (; G8:+18;), kept.'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s s -l size -d 'Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l order -d 'Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit strings' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l to-order -d 'Square order (or layout) of output numbers and digit strings [default: --order]' -r -f -a "lerf\t'W*r + f'
lerbef\t'W*r + (W-1-f)'
berlef\t'W*(H-1-r) + f'
berbef\t'W*(H-1-r) + (W-1-f)'
lefr\t'H*f + r'
lefber\t'H*f + (H-1-r)'
befr\t'H*(W-1-f) + r'
beber\t'H*(W-1-f) + (H-1-r)'
0x88\t'2W*r + f (0x88: files W..2W-1 are padding)'
mailbox\t'(W+2)*(r+2) + f + 1 (10x12 mailbox: a1 = 21)'
sentinel\t'(H+1)*f + r (Connect Four: row H is a sentinel)'
draughts\t'dark squares from the top rank, 1-based: bit k = square k+1'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l coords -d 'How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25)' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l to-coords -d 'How square names are written [default: --coords]' -r -f -a "chess\t''
sgf\t''
gtp\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l planes -d 'The piece letters of the planes of planes-bin, in order' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l layer -d 'Which bitboard of a two-player board a one-bitboard form writes' -r -f -a "first\t''
second\t''
occupied\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l digits -d 'Digit order inside a packed byte: lsd (first trit least significant) or msd' -r -f -a "lsd\t''
msd\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l digit-map -d 'Digits stored for empty, first and second in packed bytes (Edax patterns: 201)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l letters -d 'Piece letters for the first and second side when a pair is written as FEN or pieces' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l fields -d 'JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l sgf-node -d 'Which position of an SGF game record to read: the root\'s setup (default), node N of the main line (0 is the root; each node\'s setup and move applied, with captures), or last' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l lang -d 'The language of -t literal: c, rust, java, python, go or js' -r -f -a "c\t''
rust\t''
java\t''
python\t''
go\t''
js\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s i -l input -d 'Read records from FILE (repeatable, in order; - is stdin)' -r -F
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s o -l output -d 'Write to FILE: a regular file is replaced atomically (complete or untouched, permissions kept, symlinks followed); a FIFO or device is written directly; - is stdout' -r -F
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l errors -d 'What a bad record leaves in the output: report, skip or null' -r -f -a "report\t'Report it on stderr and write nothing for it'
skip\t'Write nothing for it and report nothing (the count is still printed and the exit code is 1)'
null\t'Report it and write a placeholder (an empty line; `null` for JSON, `# null` for grids, 0xff bytes for binary forms, a table\'s row with the board\'s field empty); blank and comment lines get one too, so that output record N belongs to input record N'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l max-errors -d 'Print at most N bad-record messages, or all; past N, one line at the end counts the rest by kind of error, each with its first place (the exit code does not change)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s j -l jobs -d 'Convert on N threads (0 = all cores, at most 256; 1 = the calling thread only); the output is byte-identical whatever N. By default, all cores up to 8, started once the input passes 256 KiB (a short input runs on one thread)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l max-line -d 'Longest record accepted, in bytes (K and M suffixes allowed); longer ones are bad records' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l delimiter -d 'The field delimiter of --csv (one character; default ,)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l column -d 'The board\'s column: a number from 1, or the name the header gives it (then a first row that holds NAME is the header). Default: the first column that holds a board on the first row that has one (never an id or a bare number)' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l append -d 'Add the converted board as a new last column called NAME (in the header) instead of replacing the board\'s column' -r
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l one-based -d 'Square indices (the indices form) count from 1: draughts\' square numbers, 1-based engine indices'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l swap -d 'Exchange the two sides (first <-> second; piece letters change case)'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l lenient -d 'Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the fields after the placement are kept unchecked'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l fail-fast -d 'Stop at the first bad record (exit 1; an -o file is left untouched)'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l progress -d 'Show a progress display on stderr (default: when stderr is a terminal)'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l no-progress -d 'Never show a progress display'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s v -l verbose -d 'Name on stderr the printer each pasted board was read as (-f paste, or -f auto on a board of several lines)'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l tsv -d 'Read and write a TSV table: fields split on tabs, no quoting (a backslash is text); each row is a record, its board in one column, the other fields passed through'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l csv -d 'Read and write a CSV table (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line breaks); the other fields are written back with minimal quoting'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l header -d 'The first row of each file is a header: written once, with the board\'s column named after the output form (or the --append column added)'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l no-transform -d 'Write the image only, without the tab and the symmetry'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand canon" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand formats" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand formats" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand formats" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand formats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand completions" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand completions" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand completions" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand man" -l color -d 'When to colour grids: auto (a terminal and NO_COLOR unset), always or never' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c bbconv -n "__fish_bbconv_using_subcommand man" -l orientation -d 'Which way up grids are drawn: white (the last rank on top), black (rank 1 on top, files reversed, as python-chess\'s orientation=BLACK) or othello (rank 1 on top, as Edax draws)' -r -f -a "white\t''
black\t''
othello\t''"
complete -c bbconv -n "__fish_bbconv_using_subcommand man" -l unicode -d 'Draw grids with chess-piece glyphs and filled/empty discs'
complete -c bbconv -n "__fish_bbconv_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "convert" -d 'Convert boards from one form to another (stdin, files or arguments)'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "show" -d 'Show boards as labelled grids with hex, dec, popcount and square lists'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "op" -d 'Bitboard algebra: and, or, xor, andnot, not, shift, flip, rotate, transpose, popcount, lsb, msb, squares, contains, and masks (rank, file, diagonal, antidiagonal, full, empty, square)'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "explain" -d 'Decode a number under all 8 square orders, and find the order that gives the squares you expect'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "diff" -d 'Compare two boards and name the symmetry or shift that maps one onto the other'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "infer" -d 'Find the order, layout and number fixes that explain samples (VALUE, a tab, EXPECTED)'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "canon" -d 'Write each board\'s canonical image under the board\'s symmetries, and the symmetry'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "formats" -d 'List every input and output form with a description and an example'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "completions" -d 'Print shell completions (bash, zsh, fish, elvish, powershell) to stdout'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "man" -d 'Print the man page (roff) to stdout'
complete -c bbconv -n "__fish_bbconv_using_subcommand help; and not __fish_seen_subcommand_from convert show op explain diff infer canon formats completions man help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'

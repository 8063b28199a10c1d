//! Integer forms: `hex`, `dec`, `bin`, `int` (prefix-detected), the encodings of the same number
//! (`signed`, `oct`, `bytes-le`, `bytes-be`, and `literal` for pasting into code), and the `pair`
//! of two integers.

pub(crate) mod forms;

use crate::kernels::{hex16, hex_u64};
use crate::{found, trim, Format, ParseError};
use bbconv_board::NameError;
use bbconv_board::{bigint, Bitboard, Numbering, Pair, Size};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Reads an integer as the raw number of a board of `size`: its bits in whatever order the caller
/// applies. Accepts `0x`/`0b`/`0o` prefixes (any case), `_` between digits, and a leading `-` for
/// two's complement in `W*H` bits. `format` gives the base of unprefixed digits (`Int`: decimal).
///
/// ```
/// use bbconv_forms::{parse_integer, Format};
/// use bbconv_board::Size;
/// let s = Size::CHESS;
/// assert_eq!(parse_integer("0xFF_00", Format::Int, s).unwrap().as_u64(), Some(0xff00));
/// assert_eq!(parse_integer("ff", Format::Hex, s).unwrap().as_u64(), Some(0xff));
/// assert_eq!(parse_integer("-1", Format::Dec, s).unwrap().as_u64(), Some(u64::MAX));
/// assert!(parse_integer("0x1_0000_0000_0000_0000", Format::Int, s).is_err());
/// ```
pub fn parse_integer(text: &str, format: Format, size: Size) -> Result<Bitboard, ParseError> {
    if let Some(v) = small_integer(text.as_bytes(), format, size.squares()) {
        // The value fits the board: `from_u64` cannot fail.
        if let Ok(bb) = Bitboard::from_u64(size, v) {
            return Ok(bb);
        }
    }
    let (start, t) = trim(text);
    if t.is_empty() {
        return Err(ParseError::new(
            Some(start),
            "empty input: expected an integer",
        ));
    }
    let b = t.as_bytes();
    let (negative, radix, p) = sign_and_radix(b, format);
    let digits = digit_values(t, start, p, radix)?;
    let n = size.squares();
    // Drop leading zeros, then refuse early anything too long to fit (so a huge line costs
    // linear time, never quadratic).
    let first_nz = digits.iter().position(|&d| d != 0).unwrap_or(digits.len());
    let words = words_of(&digits[first_nz..], radix, n);
    let bits = words.as_deref().map_or(usize::MAX, bigint::bit_len);
    let mut words = words.unwrap_or_default();
    if negative {
        // Two's complement in N bits: -2^(N-1) ..= -1 (and -0).
        let fits = bits == 0 || bits < n || (bits == n && is_power_of_two(&words));
        if !fits {
            return Err(ParseError::new(
                Some(start),
                format!(
                    "{t} is below -2^{} and does not fit {n}-bit two's complement ({size} board)",
                    n - 1
                ),
            ));
        }
        if bits != 0 {
            bigint::negate_mod(&mut words, n);
        }
    } else if bits > n {
        let msg = if bits == usize::MAX {
            format!(
                "{t} has more than {n} bits: {a_size} board has only bits 0 to {}",
                n - 1,
                a_size = crate::text::a(size)
            )
        } else {
            format!(
                "bit {} is set in {t} but {a_size} board has only bits 0 to {}",
                bits - 1,
                n - 1,
                a_size = crate::text::a(size)
            )
        };
        return Err(ParseError::new(Some(start), msg));
    }
    words.resize(size.words(), 0);
    Bitboard::from_words(size, &words).map_err(|e| ParseError::new(Some(start), e.to_string()))
}

/// The sign of the integer `b`, its radix (a `0x`/`0b`/`0o` prefix's, else `format`'s) and
/// where its digits start.
fn sign_and_radix(b: &[u8], format: Format) -> (bool, u32, usize) {
    let mut p = 0;
    let negative = b[0] == b'-';
    if negative || b[0] == b'+' {
        p = 1;
    }
    let mut radix: u32 = match format {
        Format::Hex => 16,
        Format::Bin => 2,
        Format::Oct => 8,
        _ => 10,
    };
    if b.len() >= p + 2 && b[p] == b'0' {
        let r = match b[p + 1] {
            b'x' | b'X' => Some(16),
            b'b' | b'B' => Some(2),
            b'o' | b'O' => Some(8),
            _ => None,
        };
        if let Some(r) = r {
            radix = r;
            p += 2;
        }
    }
    (negative, radix, p)
}

/// The values of the digits of `t` from `p` on, `_` allowed between digits; `start` is `t`'s
/// offset.
fn digit_values(t: &str, start: usize, p: usize, radix: u32) -> Result<Vec<u8>, ParseError> {
    let b = t.as_bytes();
    let digits_start = p;
    let name = match radix {
        16 => "a hexadecimal digit",
        2 => "a binary digit (0 or 1)",
        8 => "an octal digit (0 to 7)",
        _ => "a decimal digit",
    };
    let mut digits: Vec<u8> = Vec::with_capacity(b.len() - p);
    let mut last_us = false;
    for (k, &c) in b.iter().enumerate().skip(p) {
        if c == b'_' {
            if k == digits_start || last_us {
                return Err(ParseError::new(
                    Some(start + k),
                    format!("found '_' in {t:?}: an underscore goes between digits"),
                ));
            }
            last_us = true;
            continue;
        }
        last_us = false;
        let d = (c as char).to_digit(radix);
        match d {
            Some(d) => digits.push(d as u8),
            None => {
                return Err(ParseError::new(
                    Some(start + k),
                    format!("found {} in {t:?}: expected {name}", found(t, k)),
                ))
            }
        }
    }
    if last_us {
        return Err(ParseError::new(
            Some(start + b.len() - 1),
            "found '_' at the end of the number: an underscore goes between digits",
        ));
    }
    if digits.is_empty() {
        return Err(ParseError::new(
            Some(start + p),
            format!("found {} after {:?}: expected {name}", found(t, p), &t[..p]),
        ));
    }
    Ok(digits)
}

/// The 64-bit words of the number of `digits` (no leading zero) in `radix`; `None` when it is
/// too long to fit `n` bits, found from its length alone.
fn words_of(digits: &[u8], radix: u32, n: usize) -> Option<Vec<u64>> {
    let bits_per = match radix {
        16 => 4.0,
        8 => 3.0,
        2 => 1.0,
        _ => std::f64::consts::LOG2_10,
    };
    let too_long = (digits.len().saturating_sub(1)) as f64 * bits_per >= n as f64 + 1.0;
    if too_long {
        return None;
    }
    if radix == 10 {
        let ascii: Vec<u8> = digits.iter().map(|d| d + b'0').collect();
        return Some(bigint::from_decimal(&ascii));
    }
    let shift = bits_per as usize;
    let mut w = vec![0u64; (digits.len() * shift).div_ceil(64).max(1)];
    for (k, &d) in digits.iter().rev().enumerate() {
        let bit = k * shift;
        w[bit / 64] |= (d as u64) << (bit % 64);
        if bit % 64 + shift > 64 {
            w[bit / 64 + 1] |= (d as u64) >> (64 - bit % 64);
        }
    }
    Some(w)
}

/// The common case of [`parse_integer`] without allocation: a non-negative integer of at most
/// 64 bits with no `_`, on a board of at most 64 squares, whose value fits the board. `None`
/// for anything else, which the general reading then accepts or reports exactly as before.
#[inline]
pub(crate) fn small_integer(b: &[u8], format: Format, n: usize) -> Option<u64> {
    if n > 64 {
        return None;
    }
    let b = b.trim_ascii();
    let b = b.strip_prefix(b"+").unwrap_or(b);
    let (radix, digits): (u64, &[u8]) = match b {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        [b'0', b'o' | b'O', rest @ ..] => (8, rest),
        _ => match format {
            Format::Hex => (16, b),
            Format::Bin => (2, b),
            Format::Oct => (8, b),
            _ => (10, b),
        },
    };
    // Digit counts that cannot overflow 64 bits go without checked arithmetic.
    let safe = match radix {
        16 => 16,
        8 => 21,
        2 => 64,
        _ => 19,
    };
    if digits.is_empty() || digits.len() > safe {
        return None;
    }
    if let (16, Ok(sixteen)) = (radix, <&[u8; 16]>::try_from(digits)) {
        return hex16(sixteen).filter(|v| n == 64 || v >> n == 0);
    }
    let (mut v, mut bad) = (0u64, 0u8);
    if radix == 16 {
        for &c in digits {
            let d = crate::kernels::DIGIT[c as usize];
            bad |= d;
            v = v << 4 | (d & 15) as u64;
        }
        if bad > 15 {
            return None;
        }
    } else {
        for &c in digits {
            let d = crate::kernels::DIGIT[c as usize];
            bad |= (d as u64 >= radix) as u8;
            v = v.wrapping_mul(radix).wrapping_add(d as u64);
        }
        if bad != 0 {
            return None;
        }
    }
    (n == 64 || v >> n == 0).then_some(v)
}

fn is_power_of_two(words: &[u64]) -> bool {
    words.iter().map(|w| w.count_ones()).sum::<u32>() == 1
}

/// Writes a raw number in `hex` (`0x` + ceil(N/4) digits), `dec` or `bin` (`0b` + N digits).
pub(crate) fn render(format: Format, raw: &Bitboard, out: &mut Vec<u8>) {
    let n = raw.size().squares();
    let words = raw.words();
    match format {
        Format::Dec => {
            if let Some(v) = raw.as_u64() {
                itoa(v, out);
            } else {
                out.extend_from_slice(bigint::to_decimal(words).as_bytes());
            }
        }
        Format::Bin => {
            out.extend_from_slice(b"0b");
            for i in (0..n).rev() {
                out.push(b'0' + raw.bit(i) as u8);
            }
        }
        _ => {
            if let Some(v) = raw.as_u64() {
                hex_u64(v, n.div_ceil(4), out);
                return;
            }
            out.extend_from_slice(b"0x");
            push_hex(raw, n.div_ceil(4), false, out);
        }
    }
}

/// The language a `literal` is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum Lang {
    /// C and C++: `0x8100000000000000ULL` (up to 64 squares).
    C,
    /// Rust: `0x8100_0000_0000_0000_u64`, the smallest unsigned type that holds the board (up to
    /// 128 squares).
    #[default]
    Rust,
    /// Java: `-9151314442816847872L` (a `long` holds the 64 bits signed); larger boards as a
    /// `java.math.BigInteger`.
    Java,
    /// Python: `0x8100_0000_0000_0000`, any size.
    Python,
    /// Go: `uint64(0x8100_0000_0000_0000)` (up to 64 squares).
    Go,
    /// JavaScript: a BigInt, `0x8100000000000000n`, any size.
    Js,
}

impl Lang {
    /// Every language, in the order `--help` lists them.
    pub const ALL: [Lang; 6] = [
        Lang::C,
        Lang::Rust,
        Lang::Java,
        Lang::Python,
        Lang::Go,
        Lang::Js,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "c",
            Lang::Rust => "rust",
            Lang::Java => "java",
            Lang::Python => "python",
            Lang::Go => "go",
            Lang::Js => "js",
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Lang, NameError> {
        let t = s.trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| {
                let names: Vec<&str> = Lang::ALL.iter().map(|l| l.name()).collect();
                NameError::unknown("language", s, format!("one of {}", names.join(", ")))
            })
    }
}

/// Appends the hex digits of a raw number, `digits` of them (leading zeros kept), grouped by
/// four with `_` when `grouped`.
fn push_hex(raw: &Bitboard, digits: usize, grouped: bool, out: &mut Vec<u8>) {
    let words = raw.words();
    for d in (0..digits).rev() {
        let nib = (words.get(d / 16).copied().unwrap_or(0) >> ((d % 16) * 4)) & 15;
        out.push(HEX[nib as usize]);
        if grouped && d % 4 == 0 && d != 0 {
            out.push(b'_');
        }
    }
}

/// [`push_hex`] as a string, for literals.
fn hex_text(raw: &Bitboard, digits: usize, grouped: bool) -> String {
    let mut t = Vec::with_capacity(digits + digits / 4);
    push_hex(raw, digits, grouped, &mut t);
    String::from_utf8(t).unwrap_or_default()
}

/// Writes the number as a signed integer: two's complement in N bits (bit N-1 is the sign).
fn render_signed(raw: &Bitboard, out: &mut Vec<u8>) {
    let n = raw.size().squares();
    if !raw.bit(n - 1) {
        return render(Format::Dec, raw, out);
    }
    let mut words = raw.words().to_vec();
    bigint::negate_mod(&mut words, n);
    out.push(b'-');
    match words.iter().skip(1).all(|&w| w == 0) {
        true => itoa(words.first().copied().unwrap_or(0), out),
        false => out.extend_from_slice(bigint::to_decimal(&words).as_bytes()),
    }
}

/// Writes the number as `0o` and ceil(N/3) octal digits.
fn render_oct(raw: &Bitboard, out: &mut Vec<u8>) {
    let n = raw.size().squares();
    out.extend_from_slice(b"0o");
    for d in (0..n.div_ceil(3)).rev() {
        let v = (0..3).fold(0u8, |v, k| v | (raw.bit(3 * d + k) as u8) << k);
        out.push(b'0' + v);
    }
}

/// Writes the ceil(N/8) bytes of the number as hex pairs separated by spaces, the lowest byte
/// first (`little`) or last.
fn render_bytes(raw: &Bitboard, little: bool, out: &mut Vec<u8>) {
    let n = raw.size().squares().div_ceil(8);
    let words = raw.words();
    let byte = |k: usize| (words[k / 8] >> (8 * (k % 8))) as u8;
    for j in 0..n {
        let b = byte(if little { j } else { n - 1 - j });
        if j > 0 {
            out.push(b' ');
        }
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 15)]);
    }
}

/// Writes the number as a literal of `lang`; `Err` with the reason when the language has no
/// integer literal that holds N bits.
pub(crate) fn render_literal(raw: &Bitboard, lang: Lang, out: &mut Vec<u8>) -> Result<(), String> {
    let n = raw.size().squares();
    let digits = n.div_ceil(4);
    let too_big = |max: usize, what: &str| {
        format!(
            "{} board has {n} bits, more than {what} holds ({max} at most)",
            crate::text::a(raw.size())
        )
    };
    let text = match lang {
        Lang::C if n <= 64 => format!("0x{}ULL", hex_text(raw, digits, false)),
        Lang::C => return Err(too_big(64, "a C integer literal (unsigned long long)")),
        Lang::Rust if n <= 128 => {
            let ty = [8, 16, 32, 64, 128]
                .into_iter()
                .find(|&b| n <= b)
                .unwrap_or(128);
            format!("0x{}_u{ty}", hex_text(raw, digits, true))
        }
        Lang::Rust => return Err(too_big(128, "a Rust u128")),
        Lang::Java if n <= 64 => {
            let v = raw.words().first().copied().unwrap_or(0);
            format!("{}L", v as i64)
        }
        Lang::Java => format!(
            "new java.math.BigInteger(\"{}\", 16)",
            hex_text(raw, digits, false)
        ),
        Lang::Python => format!("0x{}", hex_text(raw, digits, true)),
        Lang::Go if n <= 64 => format!("uint64(0x{})", hex_text(raw, digits, true)),
        Lang::Go => return Err(too_big(64, "a Go uint64")),
        Lang::Js => format!("0x{}n", hex_text(raw, digits, false)),
    };
    out.extend_from_slice(text.as_bytes());
    Ok(())
}

/// Reads the raw bytes of a number written as hex pairs (`bytes-le`, `bytes-be`): exactly
/// ceil(N/8) of them, spaces, commas or nothing between them, and no bit set beyond N.
pub(crate) fn parse_bytes(text: &str, size: Size, little: bool) -> Result<Bitboard, ParseError> {
    let n = size.squares();
    let want = n.div_ceil(8);
    let mut bytes = Vec::with_capacity(want);
    let (s0, t) = crate::list_body(text, 0)?;
    let b = &text.as_bytes()[..s0 + t.len()];
    let mut k = s0;
    while k < b.len() {
        let c = b[k];
        if crate::blank(c) || c == b',' {
            k += 1;
            continue;
        }
        let pair = b.get(k..k + 2).and_then(|p| {
            let d = |c: u8| (c as char).to_digit(16);
            Some((d(p[0])? << 4 | d(p[1])?) as u8)
        });
        match pair {
            Some(v) if bytes.len() < want => bytes.push(v),
            Some(_) => {
                return Err(ParseError::new(
                    Some(k),
                    format!(
                        "found more than {want} bytes: {a_size} board is {want} bytes",
                        a_size = crate::text::a(size)
                    ),
                ))
            }
            None => {
                let at = if (c as char).is_ascii_hexdigit() {
                    k + 1
                } else {
                    k
                };
                return Err(ParseError::new(
                    Some(at),
                    format!(
                        "found {} in {text:?}: expected two hex digits a byte",
                        found(text, at)
                    ),
                ));
            }
        }
        k += 2;
    }
    if bytes.len() != want {
        return Err(ParseError::new(
            Some(b.len()),
            format!(
                "found {} bytes: {a_size} board is {want} bytes ({} first)",
                bytes.len(),
                if little { "lowest" } else { "highest" },
                a_size = crate::text::a(size)
            ),
        ));
    }
    if !little {
        bytes.reverse();
    }
    let mut words = vec![0u64; size.words()];
    for (j, &v) in bytes.iter().enumerate() {
        words[j / 8] |= u64::from(v) << (8 * (j % 8));
    }
    let bits = bigint::bit_len(&words);
    if bits > n {
        return Err(ParseError::new(
            None,
            format!(
                "bit {} is set but {a_size} board has only bits 0 to {}",
                bits - 1,
                n - 1,
                a_size = crate::text::a(size)
            ),
        ));
    }
    Bitboard::from_words(size, &words).map_err(|e| ParseError::new(None, e.to_string()))
}

/// Reads an integer literal as pasted from code in any language of [`Lang`]: the integer
/// (prefixes, `_` and a `-` as [`parse_integer`] reads them) inside `BigInt(...)`,
/// `uint64(...)` or `UINT64_C(...)`, with a type suffix (`u64`, `_u128`, `ULL`, `L`, `n`, ...),
/// or Java's `new BigInteger("...", 16)`.
pub(crate) fn parse_literal(text: &str, size: Size) -> Result<Bitboard, ParseError> {
    let (start, t) = trim(text);
    // Java's BigInteger of a larger board: new [java.math.]BigInteger("digits"[, radix]).
    for ctor in ["new java.math.BigInteger(", "new BigInteger("] {
        if let Some(args) = t.strip_prefix(ctor).and_then(|r| r.strip_suffix(')')) {
            let from = start + ctor.len();
            let (digits, radix) = args.split_once(',').unwrap_or((args, "10"));
            let lead = digits.len() - digits.trim_start().len();
            let inner = digits
                .trim()
                .strip_prefix('"')
                .and_then(|d| d.strip_suffix('"'));
            let (Some(inner), Ok(radix)) = (inner, radix.trim().parse::<u32>()) else {
                return Err(ParseError::new(
                    Some(from),
                    "expected a BigInteger of a quoted number and its radix, 16 or 10",
                ));
            };
            let at = from + lead + 1;
            return match radix {
                // With its prefix: hex digits may begin `0b`.
                16 => parse_integer(&format!("0x{inner}"), Format::Int, size).map_err(|mut e| {
                    e.offset = e.offset.map(|o| o.saturating_sub(2));
                    e.shifted(at)
                }),
                10 => parse_integer(inner, Format::Dec, size).map_err(|e| e.shifted(at)),
                _ => Err(ParseError::new(
                    Some(from + args.len()),
                    format!("BigInteger radix {radix}: expected 16 or 10"),
                )),
            };
        }
    }
    let mut body = t;
    let mut from = start;
    for wrap in [
        "BigInt(",
        "uint64(",
        "UINT64_C(",
        "u64(",
        "BigInt.asUintN(64,",
    ] {
        if let Some(inner) = body.strip_prefix(wrap).and_then(|r| r.strip_suffix(')')) {
            from += wrap.len();
            body = inner;
            break;
        }
    }
    let lead = body.len() - body.trim_start().len();
    from += lead;
    let body = body.trim();
    let lower = body.to_ascii_lowercase();
    let mut end = body.len();
    for suffix in [
        "_u128", "_u64", "_u32", "_u16", "_u8", "_i128", "_i64", "_i32", "_i16", "_i8", "u128",
        "u64", "u32", "u16", "u8", "i128", "i64", "i32", "i16", "i8", "ull", "llu", "ll", "ul",
        "lu", "l", "u", "n",
    ] {
        // A `u8` or `i8` suffix cannot end a hex number's digits by mistake ('u' and 'i' are no
        // hex digits); `l`, `u` and `n` are no digits of any base.
        if lower.ends_with(suffix) && body.len() > suffix.len() {
            end = body.len() - suffix.len();
            break;
        }
    }
    parse_integer(&body[..end], Format::Int, size).map_err(|e| e.shifted(from))
}

/// Writes a raw number in one of the encodings `signed`, `oct`, `bytes-le`, `bytes-be` or
/// `literal` (for `lang`); `Err` with the reason when `lang` has no literal for N bits.
pub(crate) fn render_encoding(
    format: Format,
    raw: &Bitboard,
    lang: Lang,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    match format {
        Format::Signed => render_signed(raw, out),
        Format::Oct => render_oct(raw, out),
        Format::BytesLe | Format::BytesBe => render_bytes(raw, format == Format::BytesLe, out),
        _ => return render_literal(raw, lang, out),
    }
    Ok(())
}

/// Appends the decimal digits of `v`.
pub(crate) fn itoa(mut v: u64, out: &mut Vec<u8>) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

/// Reads `pair`: two integers separated by spaces and/or one comma.
pub(crate) fn parse_pair(text: &str, size: Size, order: Numbering) -> Result<Pair, ParseError> {
    let b = text.as_bytes();
    let is_sep = |c: u8| c == b',' || crate::blank(c);
    let (s0, t) = crate::list_body(text, 0)?;
    let a_end = s0 + t.bytes().position(is_sep).unwrap_or(t.len());
    let mut q = a_end;
    let mut commas = 0;
    while q < b.len() && is_sep(b[q]) {
        commas += (b[q] == b',') as usize;
        q += 1;
    }
    let rest_end = s0 + t.len();
    if q >= rest_end || commas > 1 {
        return Err(ParseError::new(
            Some(q.min(rest_end)),
            format!(
                "found {} in {t:?}: expected two integers, first and second, separated by a space or a comma",
                found(text, q.min(rest_end))
            ),
        ));
    }
    let b_end = q + text[q..rest_end]
        .bytes()
        .position(is_sep)
        .unwrap_or(rest_end - q);
    if b_end != rest_end {
        return Err(ParseError::new(
            Some(b_end),
            format!("found more than two integers in {t:?}: a pair is first and second"),
        ));
    }
    let raw = crate::raw_size(order, size)?;
    let read = |from: usize, to: usize| {
        parse_integer(&text[from..to], Format::Int, raw)
            .and_then(|r| crate::from_raw(order, size, &r))
            .map_err(|e| e.shifted(from))
    };
    Pair::new(read(s0, a_end)?, read(q, b_end)?).map_err(|e| ParseError::new(None, e.to_string()))
}

/// `0x` and exactly 16 hex digits.
#[inline(always)]
pub(crate) fn hex0x16(t: &[u8]) -> Option<u64> {
    match t {
        [b'0', b'x' | b'X', digits @ ..] => crate::kernels::hex16(digits.try_into().ok()?),
        _ => None,
    }
}

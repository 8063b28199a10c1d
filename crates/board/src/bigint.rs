//! Minimal unsigned big-integer arithmetic on little-endian `u64` words, for decimal text of
//! bitboards wider than 64 bits and for the base-3 integer of a whole board.

/// `words = words * m + a`, growing as needed.
pub fn mul_add(words: &mut Vec<u64>, m: u64, a: u64) {
    let mut carry = a as u128;
    for w in words.iter_mut() {
        let v = (*w as u128) * (m as u128) + carry;
        *w = v as u64;
        carry = v >> 64;
    }
    if carry != 0 {
        words.push(carry as u64);
    }
}

/// `words /= d` in place, returning the remainder; `d > 0`.
pub fn div_rem(words: &mut [u64], d: u64) -> u64 {
    let mut rem: u128 = 0;
    for w in words.iter_mut().rev() {
        let cur = (rem << 64) | *w as u128;
        *w = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    rem as u64
}

fn is_zero(words: &[u64]) -> bool {
    words.iter().all(|&w| w == 0)
}

/// Decimal text of an unsigned integer.
pub fn to_decimal(words: &[u64]) -> String {
    if words.len() <= 2 {
        let v = words.first().copied().unwrap_or(0) as u128
            | (words.get(1).copied().unwrap_or(0) as u128) << 64;
        return v.to_string();
    }
    const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
    let mut w = words.to_vec();
    let mut parts = Vec::new();
    while !is_zero(&w) {
        parts.push(div_rem(&mut w, CHUNK));
    }
    let mut s = String::new();
    match parts.pop() {
        None => s.push('0'),
        Some(top) => s.push_str(&top.to_string()),
    }
    for p in parts.iter().rev() {
        s.push_str(&format!("{p:019}"));
    }
    s
}

/// The value of a string of ASCII decimal digits (the caller checks the digits).
pub fn from_decimal(digits: &[u8]) -> Vec<u64> {
    let mut w = vec![0u64];
    for chunk in digits.chunks(19) {
        let mut m = 1u64;
        let mut a = 0u64;
        for &d in chunk {
            m *= 10;
            a = a * 10 + (d - b'0') as u64;
        }
        mul_add(&mut w, m, a);
    }
    w
}

/// Two's complement negation modulo `2^bits`, in place (`words` has at least `ceil(bits/64)` words).
pub fn negate_mod(words: &mut Vec<u64>, bits: usize) {
    let n = bits.div_ceil(64);
    words.resize(n.max(words.len()), 0);
    let mut carry = 1u128;
    for w in words.iter_mut() {
        let v = (!*w) as u128 + carry;
        *w = v as u64;
        carry = v >> 64;
    }
    words.truncate(n);
    if !bits.is_multiple_of(64) {
        if let Some(last) = words.last_mut() {
            *last &= (1u64 << (bits % 64)) - 1;
        }
    }
}

/// Number of significant bits.
pub fn bit_len(words: &[u64]) -> usize {
    words
        .iter()
        .rposition(|&w| w != 0)
        .map_or(0, |k| 64 * k + 64 - words[k].leading_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trip() {
        for s in [
            "0",
            "1",
            "18446744073709551615",
            "18446744073709551616",
            "340282366920938463463374607431768211456",
            "123456789012345678901234567890123456789012345678901234567890",
        ] {
            let w = from_decimal(s.as_bytes());
            assert_eq!(to_decimal(&w), s);
        }
        let mut w = vec![1u64];
        negate_mod(&mut w, 9);
        assert_eq!(w, vec![511]);
        assert_eq!(bit_len(&[0, 1]), 65);
    }
}

//! SGF game records as Go programs read them: the game tree (nodes, variations, property values
//! in any encoding, as `CA[]` may name), and the position it describes, as sgfmill gives it:
//! the root node's setup (`get_setup_stones`), never merged with the setup of other nodes or
//! variations, or with [`SgfNode`] the position at a node of the main line, each node's setup
//! applied and then its move played (`Board.apply_setup`: groups left without liberties are
//! removed; `Board.play`: captures remove the opponent's groups left without liberties, a
//! self-capture removes the mover's group). The side to move
//! after the position's node (its move's other colour, or its `PL`) is kept on the pair.

use crate::spec::{Frame, InTable, Reader, Readings, Spec};
use crate::{go, Holds, Need};
use crate::{ParseError, Value};
use bbconv_board::NameError;
use bbconv_board::{Bitboard, Pair, Size, Square, Turn};

/// Which position of an SGF game record to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum SgfNode {
    /// The root node's setup (the default).
    #[default]
    Root,
    /// The position after node N of the main line (0 is the root).
    Index(usize),
    /// The position at the end of the main line.
    Last,
}

impl std::str::FromStr for SgfNode {
    type Err = NameError;

    /// `N` (0 is the root) or `last`.
    fn from_str(s: &str) -> Result<SgfNode, NameError> {
        match s.trim() {
            "last" => Ok(SgfNode::Last),
            t => t.parse::<usize>().map(SgfNode::Index).map_err(|_| {
                NameError::invalid(
                    "node",
                    s,
                    "a node number of the main line (0 is the root) or last",
                )
            }),
        }
    }
}

/// A property: where it starts, its identifier (upper-case letters) and its values with their
/// offsets.
struct Prop<'a> {
    at: usize,
    ident: Vec<u8>,
    values: Vec<(usize, &'a [u8])>,
}

/// A node of the main line: where it starts and its properties.
struct Node<'a> {
    props: Vec<Prop<'a>>,
}

/// Reads the main line of the game tree in `b` (the record's bytes): its nodes, from the root.
/// The whole tree is checked (every value closed, every parenthesis matched); the nodes of
/// variations other than the first are read and dropped. A record of properties without
/// parentheses (`SZ[9]AB[dd]`, as bbconv writes setup) is one node.
/// A UTF-8 byte order mark at the start of the record is passed over, as it is at the start of
/// a file (offsets stay those of the record).
fn main_line(b: &[u8]) -> Result<Vec<Node<'_>>, ParseError> {
    let mut nodes: Vec<Node> = Vec::new();
    let bom = if b.starts_with(b"\xef\xbb\xbf") { 3 } else { 0 };
    let start = b[bom..]
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .map_or(b.len(), |k| bom + k);
    let bare = b.get(start) != Some(&b'(');
    if bare {
        nodes.push(Node { props: Vec::new() });
    }
    let mut tree = Tree {
        open: Vec::new(),
        on_main: bare,
        closed_root: false,
        bare,
    };
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        match c {
            b'(' => {
                tree.open_variation(i)?;
                i += 1;
            }
            b')' => {
                tree.close_variation(i)?;
                i += 1;
            }
            b';' => {
                if tree.node(i)? {
                    nodes.push(Node { props: Vec::new() });
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let at = i;
                let prop = property(b, &mut i)?;
                if !bare && nodes.is_empty() && tree.on_main {
                    return Err(ParseError::new(
                        Some(at),
                        "found a property before the first node: expected ';' after '('",
                    ));
                }
                if tree.on_main {
                    if let Some(n) = nodes.last_mut() {
                        n.props.push(prop);
                    }
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                return Err(ParseError::new(
                    Some(i),
                    format!(
                        "found {:?}: expected SGF: a game tree such as (;SZ[19]AB[dd][pq];B[qd]) or properties such as AB[dd]",
                        char::from(c)
                    ),
                ))
            }
        }
    }
    if let Some(depth) = (!tree.open.is_empty()).then_some(tree.open.len()) {
        return Err(ParseError::new(
            Some(b.len()),
            format!(
                "the game tree is not closed: {depth} '(' still open at the end of the record, expected ')'"
            ),
        ));
    }
    if nodes.is_empty() {
        return Err(ParseError::new(
            Some(start),
            "found no node: expected a game tree such as (;SZ[19]AB[dd])",
        ));
    }
    Ok(nodes)
}

/// The nesting of the game tree as [`main_line`] walks it.
struct Tree {
    /// For each open parenthesis: whether it is on the main line, and whether a variation was
    /// opened inside it yet (the first one continues the main line).
    open: Vec<(bool, bool)>,
    /// The walk is on the main line.
    on_main: bool,
    /// The root's parentheses were closed.
    closed_root: bool,
    /// The record is properties without parentheses.
    bare: bool,
}

impl Tree {
    /// A `(` at `i`: a variation opens (the root, the first of its parent's, which continues
    /// the main line, or another).
    fn open_variation(&mut self, i: usize) -> Result<(), ParseError> {
        if self.closed_root {
            return Err(ParseError::new(
                Some(i),
                "found a second game tree in the record: one record holds one game (a file of several is read one game a record)",
            ));
        }
        let main = match self.open.last_mut() {
            None => true,
            Some((parent_main, had_child)) => {
                let first = !*had_child;
                *had_child = true;
                *parent_main && first
            }
        };
        self.open.push((main, false));
        self.on_main = main;
        Ok(())
    }

    /// A `)` at `i`: the innermost variation closes.
    fn close_variation(&mut self, i: usize) -> Result<(), ParseError> {
        if self.open.pop().is_none() {
            return Err(ParseError::new(
                Some(i),
                "found ')' without its '(': expected a game tree such as (;SZ[19]AB[dd])",
            ));
        }
        // After a variation closes, only further variations may follow in its parent.
        self.on_main = false;
        self.closed_root = self.open.is_empty();
        Ok(())
    }

    /// A `;` at `i`: a node begins; whether it is on the main line.
    fn node(&self, i: usize) -> Result<bool, ParseError> {
        if self.open.last().is_some_and(|(_, had_child)| *had_child) {
            return Err(ParseError::new(
                Some(i),
                "found a node after a variation: expected ')' or another variation '('",
            ));
        }
        if !self.bare && self.open.is_empty() {
            return Err(ParseError::new(
                Some(i),
                "found a node outside the game tree's parentheses",
            ));
        }
        Ok(self.on_main)
    }
}

/// Reads the property that starts at `*i` (a letter): its identifier (upper-case letters only)
/// and its values, each with its offset; `*i` is left after the last value.
fn property<'a>(b: &'a [u8], i: &mut usize) -> Result<Prop<'a>, ParseError> {
    let at = *i;
    let mut ident = Vec::new();
    while *i < b.len() && b[*i].is_ascii_alphabetic() {
        // FF[3]: lower-case letters in an identifier are ignored (AddBlack is AB).
        if b[*i].is_ascii_uppercase() {
            ident.push(b[*i]);
        }
        *i += 1;
    }
    let mut values = Vec::new();
    loop {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
        if b.get(*i) != Some(&b'[') {
            break;
        }
        let open_at = *i + 1;
        let mut j = open_at;
        while j < b.len() && b[j] != b']' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        if j >= b.len() {
            return Err(ParseError::new(
                Some(*i),
                format!(
                    "found '[' of {} without its ']'",
                    String::from_utf8_lossy(&ident)
                ),
            ));
        }
        values.push((open_at, &b[open_at..j]));
        *i = j + 1;
    }
    if values.is_empty() {
        let name = String::from_utf8_lossy(&ident).into_owned();
        return Err(ParseError::new(
            Some(at),
            format!("found {name} without a value: expected {name}[...]"),
        ));
    }
    Ok(Prop { at, ident, values })
}

/// The text of an ASCII value (a size, a point, a colour).
fn ascii(v: &[u8]) -> &str {
    std::str::from_utf8(v).unwrap_or("\u{fffd}")
}

/// Reads an SGF record (bytes: property values may be in any encoding) into the position `node`
/// names: Black first, White second. `size` is `-s`, checked against the root's `SZ` (19x19
/// without either).
pub(crate) fn parse(b: &[u8], size: Option<Size>, node: SgfNode) -> Result<Value, ParseError> {
    let nodes = main_line(b)?;
    let size = root_size(&nodes[0], size)?;
    let last = match node {
        SgfNode::Root => 0,
        SgfNode::Last => nodes.len() - 1,
        SgfNode::Index(n) if n < nodes.len() => n,
        SgfNode::Index(n) => {
            return Err(ParseError::new(
                None,
                format!(
                    "node {n} is past the end of the main line, which has {} node{} (0 to {})",
                    nodes.len(),
                    if nodes.len() == 1 { "" } else { "s" },
                    nodes.len() - 1
                ),
            ))
        }
    };
    let mut board = Board::new(size);
    let mut turn = None;
    for (k, n) in nodes.iter().enumerate() {
        one_move(n, k)?;
    }
    for (k, n) in nodes[..=last].iter().enumerate() {
        board.setup(n, size)?;
        // Playing the main line, a node's setup leaves no group without liberties (sgfmill's
        // `apply_setup`); the root's setup alone is read as it stands (`get_setup_stones`).
        if node != SgfNode::Root {
            board.remove_surrounded();
        }
        if let Some(p) = n.props.iter().find(|p| p.ident == b"PL") {
            turn =
                colour(p.values[0].1).map(|black| if black { Turn::First } else { Turn::Second });
        }
        // The root alone is read as its setup: a move in it is played only on request.
        if node == SgfNode::Root {
            break;
        }
        for p in &n.props {
            let black = match p.ident.as_slice() {
                b"B" => true,
                b"W" => false,
                _ => continue,
            };
            let (at, v) = p.values[0];
            turn = Some(if black { Turn::Second } else { Turn::First });
            // An empty value, or `tt` on a board of at most 19x19, is a pass.
            if v.is_empty() || (v == b"tt" && size.width() <= 19 && size.height() <= 19) {
                continue;
            }
            let bad = |m: String| {
                let colour = if black { "B" } else { "W" };
                ParseError::new(Some(at), format!("node {k}: {colour}[{}]: {m}", ascii(v)))
            };
            let sq = crate::go::sgf_point(ascii(v), size).map_err(bad)?;
            board.play(sq, black).map_err(bad)?;
        }
    }
    let mut pair =
        Pair::new(board.black, board.white).map_err(|e| ParseError::new(Some(0), e.to_string()))?;
    pair.turn = turn;
    Ok(Value::Pair(pair))
}

/// The board's size: the root's `SZ` (which a size given must match), else the size given, else
/// 19x19.
fn root_size(root: &Node<'_>, given: Option<Size>) -> Result<Size, ParseError> {
    let Some(p) = root.props.iter().find(|p| p.ident == b"SZ") else {
        return Ok(given.unwrap_or(Size::new(19, 19).unwrap_or(Size::CHESS)));
    };
    let (at, v) = p.values[0];
    let s = ascii(v);
    let parsed = match s.split_once(':') {
        Some((w, h)) => w.trim().parse().ok().zip(h.trim().parse().ok()),
        None => s.trim().parse().ok().map(|n| (n, n)),
    };
    let sz = parsed
        .and_then(|(w, h)| Size::new(w, h).ok())
        .ok_or_else(|| {
            ParseError::new(
                Some(at),
                format!("found SZ[{s}]: expected a size such as SZ[19] or SZ[7:6]"),
            )
        })?;
    if let Some(g) = given.filter(|g| *g != sz) {
        return Err(ParseError::of(
            crate::ErrorKind::SizeMismatch,
            Some(at),
            format!("the record is {sz} (SZ[{s}]) but the size given is {g}"),
        ));
    }
    Ok(sz)
}

/// Checks that node `k` holds at most one move: a node with both `B` and `W`, a repeated `B`
/// or `W` (`B[aa]B[bb]`) or a move with several values (`B[aa][bb]`) is an error (the SGF
/// standard forbids them; sgfmill plays `B` and ignores `W`, and plays the first of several
/// values of one colour).
fn one_move(node: &Node<'_>, k: usize) -> Result<(), ParseError> {
    let mut moves = node
        .props
        .iter()
        .filter(|p| p.ident == b"B" || p.ident == b"W")
        .flat_map(|p| {
            p.values.iter().enumerate().map(move |(n, &(open, v))| {
                // The second of several values is found at its '['; a property at its name.
                let at = if n == 0 { p.at } else { open - 1 };
                (at, format!("{}[{}]", ascii(&p.ident), ascii(v)))
            })
        });
    let (Some((_, first)), Some((at, second))) = (moves.next(), moves.next()) else {
        return Ok(());
    };
    Err(ParseError::new(
        Some(at),
        format!("node {k} has two moves, {first} and {second}: expected one move a node, B or W"),
    ))
}

/// `B` (true) or `W` (false), as `PL` names a colour.
fn colour(v: &[u8]) -> Option<bool> {
    match v.first().map(u8::to_ascii_uppercase) {
        Some(b'B') => Some(true),
        Some(b'W') => Some(false),
        _ => None,
    }
}

/// A Go board: the two colours' stones.
struct Board {
    size: Size,
    black: Bitboard,
    white: Bitboard,
}

impl Board {
    fn new(size: Size) -> Board {
        Board {
            size,
            black: Bitboard::empty(size),
            white: Bitboard::empty(size),
        }
    }

    /// Applies a node's `AB`, `AW` and `AE` (points in `aa:cc` rectangles too); a point set
    /// twice in one node is an error.
    fn setup(&mut self, node: &Node<'_>, size: Size) -> Result<(), ParseError> {
        let mut seen = Bitboard::empty(size);
        for p in &node.props {
            let kind = match p.ident.as_slice() {
                b"AB" => 1,
                b"AW" => 2,
                b"AE" => 0,
                _ => continue,
            };
            let ident = String::from_utf8_lossy(&p.ident);
            for &(at, v) in &p.values {
                let v = ascii(v);
                let err = |m: String| ParseError::new(Some(at), format!("{ident}[{v}]: {m}"));
                let (a, c) = v.split_once(':').unwrap_or((v, v));
                let (from, to) = (
                    crate::go::sgf_point(a, size).map_err(err)?,
                    crate::go::sgf_point(c, size).map_err(err)?,
                );
                for f in from.file().min(to.file())..=from.file().max(to.file()) {
                    for r in from.rank().min(to.rank())..=from.rank().max(to.rank()) {
                        let Some(sq) = Square::on(size, f, r) else {
                            continue; // between two points of the board: never
                        };
                        let i = sq.index(size);
                        if seen.bit(i) {
                            return Err(ParseError::new(
                                Some(at),
                                format!("point {} is set twice among AB, AW and AE of one node: a point holds one stone or none", sq),
                            ));
                        }
                        seen.set_bit(i);
                        self.black.clear_bit(i);
                        self.white.clear_bit(i);
                        match kind {
                            1 => self.black.set_bit(i),
                            2 => self.white.set_bit(i),
                            _ => {}
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The points next to `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.size.width(), self.size.height());
        let (f, r) = (i % w, i / w);
        [
            (f > 0).then(|| i - 1),
            (f + 1 < w).then(|| i + 1),
            (r > 0).then(|| i - w),
            (r + 1 < h).then(|| i + w),
        ]
        .into_iter()
        .flatten()
    }

    /// The group of the stone on `i` (in `stones`), and whether it has a liberty.
    fn group(&self, i: usize, stones: &Bitboard) -> (Vec<usize>, bool) {
        let mut group = vec![i];
        let mut seen = Bitboard::empty(self.size);
        seen.set_bit(i);
        let mut free = false;
        let mut k = 0;
        while k < group.len() {
            for n in self.neighbours(group[k]) {
                if seen.bit(n) {
                    continue;
                }
                if stones.bit(n) {
                    seen.set_bit(n);
                    group.push(n);
                } else if !self.black.bit(n) && !self.white.bit(n) {
                    free = true;
                }
            }
            k += 1;
        }
        (group, free)
    }

    /// Removes every group, of either colour, left without a liberty.
    fn remove_surrounded(&mut self) {
        let mut dead = Vec::new();
        let mut seen = Bitboard::empty(self.size);
        for (stones, other) in [(&self.black, &self.white), (&self.white, &self.black)] {
            let _ = other;
            for i in stones.squares().map(|s| s.index(self.size)) {
                if seen.bit(i) {
                    continue;
                }
                let (group, free) = self.group(i, stones);
                for &g in &group {
                    seen.set_bit(g);
                }
                if !free {
                    dead.extend(group);
                }
            }
        }
        for g in dead {
            self.black.clear_bit(g);
            self.white.clear_bit(g);
        }
    }

    /// Plays a stone: the opponent's groups left without liberties are captured, then the
    /// mover's own group if it has none (a self-capture); a move on a stone is refused.
    fn play(&mut self, sq: Square, black: bool) -> Result<(), String> {
        let i = sq.index(self.size);
        if self.black.bit(i) || self.white.bit(i) {
            return Err(format!(
                "the point {sq} is occupied: a move is played on an empty point"
            ));
        }
        if black {
            self.black.set_bit(i);
        } else {
            self.white.set_bit(i);
        }
        let theirs = if black {
            self.white.clone()
        } else {
            self.black.clone()
        };
        for n in self.neighbours(i).collect::<Vec<_>>() {
            if theirs.bit(n) {
                let (group, free) = self.group(n, &theirs);
                if !free {
                    for g in group {
                        self.black.clear_bit(g);
                        self.white.clear_bit(g);
                    }
                }
            }
        }
        let mine = if black {
            self.black.clone()
        } else {
            self.white.clone()
        };
        let (group, free) = self.group(i, &mine);
        if !free {
            for g in group {
                self.black.clear_bit(g);
                self.white.clear_bit(g);
            }
        }
        Ok(())
    }
}

/// The `sgf` form.
pub(crate) const SPEC: Spec = Spec {
    name: "sgf",
    aliases: &[],
    holds: Holds::Two,
    pieces: false,
    description: "SGF setup properties: AB (Black, first), AW (White, second), AE (empty) with SZ; input: any SGF record.",
    example: "SZ[19]AB[dd][pq]AW[dp][qd]",
    carries_size: true,
    names_squares: true,
    own_reading: None,
    in_table: InTable::Any,
    readings: Readings::Plain,
    frame: Frame::Line,
    spans: Some(crate::span::SpanMode::Sgf),
    need: Need::Sides,
    fixed: None,
    words: false,
    raw_bytes: false,
    fast: None,
    read: Reader::Bytes(|r, o| parse(r, o.size, o.sgf_node)),
    write: Some(|v, _, out| go::render_sgf(&v.to_pair(), out)),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn read(b: &[u8], node: SgfNode) -> Result<Value, ParseError> {
        parse(b, None, node)
    }

    #[test]
    fn a_byte_order_mark_before_the_tree_is_passed_over() {
        let plain = read(b"(;SZ[9]AB[aa]AW[bb])", SgfNode::Root).unwrap();
        for text in [
            &b"\xef\xbb\xbf(;SZ[9]AB[aa]AW[bb])"[..],
            b"\xef\xbb\xbf  (;SZ[9]AB[aa]AW[bb])",
            b"\xef\xbb\xbfSZ[9]AB[aa]AW[bb]",
        ] {
            assert_eq!(read(text, SgfNode::Root).unwrap(), plain);
        }
        // Offsets stay those of the record; a mark anywhere else is no SGF.
        let e = read(b"\xef\xbb\xbf(;SZ[9]AB[zz])", SgfNode::Root).unwrap_err();
        assert_eq!(e.offset, Some(13), "{}", e.message);
        assert!(read(b" \xef\xbb\xbf(;SZ[9])", SgfNode::Root).is_err());
    }

    #[test]
    fn a_node_with_both_moves_is_an_error_naming_it() {
        for (text, node, at, want) in [
            (
                &b"(;SZ[9];B[aa]W[bb])"[..],
                SgfNode::Last,
                13,
                "node 1 has two moves, B[aa] and W[bb]",
            ),
            (
                b"(;SZ[9]W[]B[])",
                SgfNode::Root,
                10,
                "node 0 has two moves, W[] and B[]",
            ),
            // Every node of the main line is checked, not only those up to the one read.
            (
                b"(;SZ[9];B[aa];W[bb]\n  B[cc])",
                SgfNode::Index(1),
                22,
                "node 2 has two moves, W[bb] and B[cc]",
            ),
        ] {
            let e = read(text, node).unwrap_err();
            assert!(e.message.contains(want), "{}", e.message);
            assert_eq!(e.offset, Some(at), "{}", e.message);
        }
        // One move a node reads, and a variation's nodes are not the main line's.
        assert!(read(b"(;SZ[9];B[aa];W[bb])", SgfNode::Last).is_ok());
        assert!(read(b"(;SZ[9];B[aa](;W[bb])(;W[cc]B[dd]))", SgfNode::Last).is_ok());
    }

    #[test]
    fn a_node_with_a_repeated_move_is_an_error_naming_it() {
        for (text, node, at, want) in [
            (
                &b"(;SZ[9];B[aa]B[bb])"[..],
                SgfNode::Last,
                13,
                "node 1 has two moves, B[aa] and B[bb]",
            ),
            (
                b"(;SZ[9];W[aa] W[bb])",
                SgfNode::Last,
                14,
                "node 1 has two moves, W[aa] and W[bb]",
            ),
            // One property with two values is the same repeated move (sgfmill merges them).
            (
                b"(;SZ[9];B[aa][bb])",
                SgfNode::Last,
                13,
                "node 1 has two moves, B[aa] and B[bb]",
            ),
            (
                b"(;SZ[9];B[aa];B[cc]B[])",
                SgfNode::Root,
                19,
                "node 2 has two moves, B[cc] and B[]",
            ),
        ] {
            let e = read(text, node).unwrap_err();
            assert!(e.message.contains(want), "{}", e.message);
            assert_eq!(e.offset, Some(at), "{}", e.message);
        }
    }
}

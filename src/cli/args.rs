//! What the subcommands share: the board settings (`-s`, `--order`, ...), the value parsers of
//! forms and orders, the exit codes text, and the failures a command reports in one line.

use bbconv_board::ternary::{DigitOrder, PackLayout};
use bbconv_board::{Numbering, Order, Size};
use bbconv_forms::{Format, GridStyle, JsonField, Lang, Layer, Options};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;

pub(crate) const EXIT_CODES: &str = "\
Exit codes:
  0  every record converted
  1  some input was invalid (each bad record is reported on stderr; every good one is still converted, in order);
     explain --expect: no reading gives the expected squares; infer: no reading fits every sample
  2  bad usage, or an input or output file could not be read or written
  130  interrupted (Ctrl-C, SIGTERM, SIGHUP; an -o file is left untouched)";

pub(crate) fn format_parser() -> impl TypedValueParser<Value = Format> {
    PossibleValuesParser::new(Format::ALL.iter().map(|f| {
        PossibleValue::new(f.name())
            .aliases(f.aliases().iter().copied())
            .help(f.description())
    }))
    .map(|s| s.parse::<Format>().unwrap_or(Format::Auto))
}

/// The eight orders and the layouts (`--order`, `--to-order`).
pub(crate) fn order_parser() -> impl TypedValueParser<Value = Numbering> {
    PossibleValuesParser::new(Numbering::all().map(|n| {
        let v = PossibleValue::new(n.name()).help(n.formula());
        match n {
            Numbering::Order(Order::Berlef) => v.alias("berf"),
            Numbering::X88 => v.alias("x88"),
            Numbering::Mailbox => v.alias("10x12"),
            Numbering::Sentinel => v.aliases(["tromp", "connect4"]),
            Numbering::Draughts => v.alias("pdn"),
            _ => v,
        }
    }))
    .map(|s| s.parse::<Numbering>().unwrap_or_default())
}

/// Board settings shared by the subcommands.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct BoardArgs {
    /// Board size WIDTHxHEIGHT (up to 4096 squares); FEN, grids, JSON and Edax carry their own.
    #[arg(short = 's', long, value_name = "WxH")]
    size: Option<Size>,
    /// Square order (or layout: 0x88, mailbox, sentinel, draughts) of input numbers and digit
    /// strings.
    #[arg(long, value_name = "ORDER", value_parser = order_parser(), ignore_case = true, default_value = "lerf")]
    order: Numbering,
    /// Square order (or layout) of output numbers and digit strings [default: --order].
    #[arg(long, value_name = "ORDER", value_parser = order_parser(), ignore_case = true)]
    to_order: Option<Numbering>,
    /// Square indices (the indices form) count from 1: draughts' square numbers, 1-based
    /// engine indices.
    #[arg(long)]
    one_based: bool,
    /// How square names are read and written: chess (a1, s19), sgf (dd, aa = top-left, up to
    /// 52x52) or gtp (Q16: no I, rows from the bottom, up to 25x25).
    #[arg(long, value_name = "STYLE", value_parser = ["chess", "sgf", "gtp"], default_value = "chess")]
    coords: String,
    /// How square names are written [default: --coords].
    #[arg(long, value_name = "STYLE", value_parser = ["chess", "sgf", "gtp"])]
    to_coords: Option<String>,
    /// The piece letters of the planes of planes-bin, in order.
    #[arg(long, value_name = "LETTERS", default_value = "PNBRQKpnbrqk")]
    planes: String,
    /// Exchange the two sides (first <-> second; piece letters change case).
    #[arg(long)]
    swap: bool,
    /// Which bitboard of a two-player board a one-bitboard form writes.
    #[arg(long, value_name = "LAYER", value_parser = ["first", "second", "occupied"])]
    layer: Option<String>,
    /// Digit order inside a packed byte: lsd (first trit least significant) or msd.
    #[arg(long, value_name = "lsd|msd", value_parser = ["lsd", "msd"], default_value = "lsd")]
    digits: String,
    /// Digits stored for empty, first and second in packed bytes (Edax patterns: 201).
    #[arg(long, value_name = "MAP", default_value = "012")]
    digit_map: String,
    /// Piece letters for the first and second side when a pair is written as FEN or pieces.
    #[arg(long, value_name = "Ul", default_value = "Pp")]
    letters: String,
    /// Read FEN leniently: consecutive digits add up (44 = 8), as shakmaty reads them, and the
    /// fields after the placement are kept unchecked.
    #[arg(long)]
    lenient: bool,
    /// JSON members to write, comma-separated: bitboard, first, second, trits, packed, squares, pieces, fen.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    fields: Option<Vec<String>>,
    /// Which position of an SGF game record to read: the root's setup (default), node N of the
    /// main line (0 is the root; each node's setup and move applied, with captures), or last.
    #[arg(long, value_name = "N|last")]
    sgf_node: Option<String>,
    /// The language of -t literal: c, rust, java, python, go or js.
    #[arg(long, value_name = "LANG", value_parser = PossibleValuesParser::new(Lang::ALL.map(Lang::name)), ignore_case = true, default_value = "rust")]
    lang: String,
}

/// A failure the run reports in one line and maps to its exit code (the presentation crate's,
/// which words it).
pub(crate) use bbconv_present::Failure;

/// A usage failure, as an error.
pub(crate) fn usage(msg: impl std::fmt::Display) -> anyhow::Error {
    bbconv_present::usage(msg).into()
}

/// A usage failure from a value that does not read (a name of a closed set, say).
fn bad_value(e: impl std::fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// A bad-input failure, as an error.
pub(crate) fn bad_input(msg: impl std::fmt::Display) -> anyhow::Error {
    bbconv_present::bad_input(msg).into()
}

/// The command line as the presentation crate's host: grids laid out in the terminal's width,
/// a board argument that names a file told how to read it, notes on stderr.
pub(crate) struct CliHost;

impl bbconv_present::Host for CliHost {
    /// `COLUMNS` when set, else the terminal's width, else 100.
    fn width(&self) -> usize {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .or_else(|| {
                terminal_size::terminal_size_of(std::io::stdout())
                    .map(|(terminal_size::Width(w), _)| usize::from(w))
            })
            .unwrap_or(100)
    }

    fn board_hint(&self, text: &str) -> String {
        crate::pipeline::report::file_hint(text)
    }

    fn note(&self, text: &str) {
        eprintln!("bbconv: note: {text}");
    }
}

impl BoardArgs {
    pub(crate) fn options(&self, grid: GridStyle) -> Result<Options, Failure> {
        let letters = Options::parse_letters(&self.letters)
            .map_err(|e| Failure::Usage(format!("invalid --letters {e}")))?;
        let fields = match &self.fields {
            None => None,
            Some(list) => Some(
                list.iter()
                    .map(|f| f.parse::<JsonField>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(bad_value)?,
            ),
        };
        Ok(Options {
            size: self.size,
            order: self.order,
            to_order: self.to_order.unwrap_or(self.order),
            layer: self
                .layer
                .as_deref()
                .map(|l| l.parse::<Layer>())
                .transpose()
                .map_err(bad_value)?,
            layout: PackLayout {
                digits: self.digits.parse::<DigitOrder>().map_err(bad_value)?,
                map: PackLayout::parse_map(&self.digit_map).map_err(Failure::Usage)?,
            },
            letters,
            lenient: self.lenient,
            fields,
            grid,
            lang: self.lang.parse::<Lang>().map_err(bad_value)?,
            one_based: self.one_based,
            planes: self.planes()?,
            coords: self.coords.parse().map_err(bad_value)?,
            to_coords: self
                .to_coords
                .as_deref()
                .unwrap_or(&self.coords)
                .parse()
                .map_err(bad_value)?,
            sgf_node: match &self.sgf_node {
                None => bbconv_forms::SgfNode::Root,
                Some(n) => n.parse().map_err(bad_value)?,
            },
            swap: self.swap,
            kernels: crate::pipeline::kernels(),
        })
    }

    /// `--planes`: distinct ASCII letters.
    fn planes(&self) -> Result<Vec<u8>, Failure> {
        Options::parse_planes(&self.planes)
            .map_err(|e| Failure::Usage(format!("invalid --planes {e}")))
    }

    pub(crate) fn swap(&self) -> bool {
        self.swap
    }

    /// The options given that change only how a board is written or how a FEN, an SGF, or
    /// planes are read (`--order`, `--to-order`, `--swap`, `--sgf-node`, `--lang`, `--fields`,
    /// `--planes`, `--letters`, `--lenient`), for a command that does neither (`explain`).
    pub(crate) fn writing_options(&self) -> Vec<&'static str> {
        let d = |s: &str| s.to_string();
        [
            ("--order", self.order != Numbering::default()),
            ("--to-order", self.to_order.is_some()),
            ("--swap", self.swap),
            ("--sgf-node", self.sgf_node.is_some()),
            ("--lang", !self.lang.eq_ignore_ascii_case("rust")),
            ("--fields", self.fields.is_some()),
            ("--planes", self.planes != d("PNBRQKpnbrqk")),
            ("--letters", self.letters != d("Pp")),
            ("--lenient", self.lenient),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
        .collect()
    }

    /// Whether `--to-order` was given.
    pub(crate) fn to_order_given(&self) -> bool {
        self.to_order.is_some()
    }
}

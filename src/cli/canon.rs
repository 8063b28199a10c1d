//! `bbconv canon`: each record's canonical image under the board's symmetries and the
//! symmetry that gives it, for deduplicating datasets; `convert`'s pipeline and flags.

use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::canon::{bitboard_key, canonical, pair_key, symmetries};
use bbconv_board::ops::Symmetry;
use bbconv_board::Size;
use bbconv_forms::{
    self as format, ConvertError, Format, GridStyle, Options, RenderError, RenderErrorKind, Value,
};

use super::args::usage;
use super::convert::{run_stage, ConvertArgs};
use crate::pipeline::work::Stage;

pub(crate) const EXAMPLES: &str = "\
Examples:
  bbconv canon -s 3x3 -f trits -t trits 000000001      000000100 (tab) flip-horizontal
  bbconv canon -s 7x6 -f squares -t squares g1          a1 (tab) flip-horizontal
  printf '000000001\\n100000000\\n' | bbconv canon -s 3x3 -f trits -t trits --no-transform | sort -u

The canonical image is the image (8 symmetries on a square board; the identity, both flips and
the half turn on any other) whose packed form (default layout, LERF) sorts first as hex; for one
bitboard, the smallest number; for pieces, the packed form of the two sides, then the FEN. Each
line is the image in the -t form, a tab, and the symmetry that maps the record onto it (as `bbconv
op` names it: identity, flip-vertical, flip-horizontal, rotate-180, flip-diagonal,
flip-antidiagonal, rotate-90, rotate-270); --no-transform leaves the tab and the name out.";

/// The name of a symmetry in `canon`'s output.
fn slug(s: Symmetry) -> &'static str {
    match s {
        Symmetry::Identity => "identity",
        Symmetry::FlipVertical => "flip-vertical",
        Symmetry::FlipHorizontal => "flip-horizontal",
        Symmetry::FlipDiagonal => "flip-diagonal",
        Symmetry::FlipAntiDiagonal => "flip-antidiagonal",
        Symmetry::Rotate90 => "rotate-90",
        Symmetry::Rotate180 => "rotate-180",
        Symmetry::Rotate270 => "rotate-270",
        Symmetry::Transpose => "transpose",
    }
}

#[derive(clap::Args, Debug)]
pub(crate) struct CanonArgs {
    #[command(flatten)]
    convert: ConvertArgs,
    /// Write the image only, without the tab and the symmetry.
    #[arg(long)]
    no_transform: bool,
}

/// The canonical image of one record, as a pipeline stage.
struct Canon<'a> {
    from: Format,
    to: Format,
    opts: &'a Options,
    swap: bool,
    transform: bool,
}

/// `v` moved by `s` as `bbconv op` moves it (pieces keep their letters, a FEN's en-passant
/// square moves with them).
fn image(v: &Value, s: Symmetry) -> Option<Value> {
    super::op::move_value(v, super::op::Move::Symmetry(s), false).ok()
}

/// The canonical image of `v` and its symmetry (see [`EXAMPLES`] for the rule).
fn canon(v: &Value, opts: &Options) -> Option<(Symmetry, Value)> {
    let syms = symmetries(v.size());
    match v {
        Value::Single(_) => canonical(
            syms,
            |s| image(v, s),
            |img| match img {
                Value::Single(b) => bitboard_key(b),
                _ => Vec::new(),
            },
        ),
        _ => canonical(
            syms,
            |s| image(v, s),
            |img| {
                let mut fen = Vec::new();
                if let Value::Pieces(_) = img {
                    let _ = format::render(Format::Fen, img, opts, &mut fen);
                }
                (
                    pair_key(&img.to_pair())
                        .into_iter()
                        .map(u64::from)
                        .collect::<Vec<u64>>(),
                    fen,
                )
            },
        ),
    }
}

impl Stage for Canon<'_> {
    fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        let mut v = format::parse(self.from, record, self.opts).map_err(ConvertError::Parse)?;
        if self.swap {
            v = v.swap();
        }
        let (s, img) = canon(&v, self.opts).ok_or_else(|| {
            ConvertError::Render(RenderError::new(
                RenderErrorKind::Unsupported,
                "no symmetry applies to this board",
            ))
        })?;
        if self.transform && self.to == Format::Grid {
            out.extend_from_slice(format!("# {}\n", slug(s)).as_bytes());
        }
        format::render(self.to, &img, self.opts, out).map_err(ConvertError::Render)?;
        if self.transform && self.to != Format::Grid {
            out.push(b'\t');
            out.extend_from_slice(slug(s).as_bytes());
        }
        Ok(img.size())
    }
}

pub(crate) fn run(args: CanonArgs, grid: GridStyle) -> Result<ExitCode> {
    let c = &args.convert;
    let opts = c.board().options(grid)?;
    if c.to().is_binary() && !args.no_transform {
        return Err(usage(format!(
            "-t {} writes raw bytes, which leave no room for the symmetry: add --no-transform or choose a text form",
            c.to()
        )));
    }
    if c.train_columns().is_some() {
        return Err(usage(
            "--train-columns goes with convert: canon's image moves the squares, which a training record's move and score do not follow",
        ));
    }
    let stage = Canon {
        from: c.from(),
        to: c.to(),
        opts: &opts,
        swap: c.board().swap(),
        transform: !args.no_transform,
    };
    run_stage(c, &opts, &stage)
}

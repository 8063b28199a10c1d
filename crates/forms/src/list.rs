//! The list of the forms: one row a form, naming its variant, the [`Spec`] its module declares,
//! the type that gives its word paths ([`WordPaths`]), and `kernel` when conversions into it
//! get a compiled kernel of their own. The [`Format`] enum, [`Format::ALL`], every per-form
//! fact and the dispatch of the word paths are generated from it; no other code keeps a list of
//! the forms or a match over them.

use bbconv_board::Size;

use crate::board::{Board, Need};
use crate::fen::fast::ReadChess;
use crate::spec::{Direct, FenFirst, NoWords, Spec, WordPaths, Words, Writing};
use crate::{
    coords, digits, edax, epd, fen, general, grid, int, json, packed, paste, pdn, pieces, planes,
    sgf, train, Options,
};

/// The output form of [`Conversion::run_to`]'s copy for every form without one of its own.
pub(crate) const ANY_FORM: u8 = u8::MAX;

/// The kernels of one FEN reader: `Conversion::run_to` compiled with it, for a kind of source
/// and an output form ([`kernel_of`] picks one).
pub(crate) trait Kernels {
    /// A kernel.
    type Kernel;
    /// The kernel for a source whose records go to the FEN reader first as `FEN` says (a
    /// [`FenFirst`]'s `u8`), and the output form `TO` (a [`Format`] as `u8`, or [`ANY_FORM`]).
    fn kernel<const FEN: u8, const TO: u8>() -> Self::Kernel;
}

/// Passes an expression through when the row's marker is `kernel` (any other word does not
/// compile); `flag` and the marker or none: whether the row has it.
macro_rules! own_kernel {
    (kernel, $e:expr) => {
        $e
    };
    (flag kernel) => {
        true
    };
    (flag) => {
        false
    };
}

/// Generates [`Format`] and its per-form items from the list below.
macro_rules! forms {
    ($( $variant:ident => $spec:expr, $words:ty $(, $own:ident)? ; )*) => {
        /// Every input and output form (each declared by its module's spec; `bbconv formats`
        /// and [`Format::description`] say what it is).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Format {
            $( #[doc = concat!("The form `", stringify!($variant), "`: see [`Format::description`].")] $variant, )*
        }

        impl Format {
            /// Every form, in the order `bbconv formats` lists them.
            pub const ALL: &'static [Format] = &[$(Format::$variant),*];

            /// The form's spec, as its module declares it.
            pub(crate) const fn spec(self) -> &'static Spec {
                match self { $(Format::$variant => &$spec,)* }
            }

            /// What a reader must fill for this form's writer (a constant per form, so that a
            /// writer of a known form settles it at compile time).
            #[inline(always)]
            pub(crate) const fn need(self) -> Need {
                match self { $(Format::$variant => $spec.need,)* }
            }

            /// [`WordPaths::FEN_FIRST`] of the form.
            #[inline(always)]
            pub(crate) const fn fen_first(self) -> FenFirst {
                match self { $(Format::$variant => <$words as WordPaths>::FEN_FIRST,)* }
            }

            /// [`WordPaths::read_chess`] of the form.
            #[inline(always)]
            pub(crate) fn read_chess<'r, R: ReadChess>(
                self,
                r: &R,
                record: &'r [u8],
                opts: &Options,
                need: Need,
                board: &mut Board<'r>,
            ) -> bool {
                match self {
                    $(Format::$variant => <$words as WordPaths>::read_chess(r, record, opts, need, board),)*
                }
            }

            /// [`WordPaths::read_after_fen`] of the form.
            #[inline(always)]
            pub(crate) fn read_after_fen<'r, R: ReadChess>(
                self,
                r: &R,
                record: &'r [u8],
                opts: &Options,
                need: Need,
                board: &mut Board<'r>,
            ) -> bool {
                match self {
                    $(Format::$variant => <$words as WordPaths>::read_after_fen(r, record, opts, need, board),)*
                }
            }

            /// [`WordPaths::read_shaped`] of the form.
            #[cfg(test)]
            pub(crate) fn read_shaped<'r, R: ReadChess>(
                self,
                r: &R,
                record: &'r [u8],
                opts: &Options,
                need: Need,
                board: &mut Board<'r>,
            ) -> Option<bool> {
                match self {
                    $(Format::$variant => <$words as WordPaths>::read_shaped(r, record, opts, need, board),)*
                }
            }

            /// Under `-f auto`, a record of the shape a form's writer gives, read by that
            /// form's word path ([`WordPaths::read_shaped`] of every form, in the list's order,
            /// each a constant `None` or a test of a few bytes); `false` for any other record,
            /// or one the path refuses (detection then decides).
            #[inline(always)]
            pub(crate) fn read_any_shaped<'r, R: ReadChess>(
                r: &R,
                record: &'r [u8],
                opts: &Options,
                need: Need,
                board: &mut Board<'r>,
            ) -> bool {
                $(
                    if let Some(took) = <$words as WordPaths>::read_shaped(r, record, opts, need, board) {
                        return took;
                    }
                )*
                false
            }

            /// [`WordPaths::read_small`] of the form.
            #[inline(always)]
            pub(crate) fn read_small(self, t: &[u8], size: Size, opts: &Options) -> Option<Words> {
                match self { $(Format::$variant => <$words as WordPaths>::read_small(t, size, opts),)* }
            }

            /// [`WordPaths::read_wide`] of the form.
            #[inline(always)]
            pub(crate) fn read_wide(self, t: &[u8], n: usize, sides: [&mut [u64]; 2]) -> bool {
                match self { $(Format::$variant => <$words as WordPaths>::read_wide(t, n, sides),)* }
            }

            /// [`WordPaths::write_from_fen`] of the form.
            #[inline(always)]
            pub(crate) fn write_from_fen<R: ReadChess>(
                self,
                r: &R,
                record: &[u8],
                swap: bool,
                opts: &Options,
                out: &mut Vec<u8>,
            ) -> Direct {
                match self {
                    $(Format::$variant => <$words as WordPaths>::write_from_fen(r, record, swap, opts, out),)*
                }
            }

            /// [`WordPaths::write_fen`] of the form.
            #[inline(always)]
            pub(crate) fn write_fen<R: ReadChess>(
                self,
                r: &R,
                record: &[u8],
                swap: bool,
                opts: &Options,
                buf: &mut crate::train::words::FenBuffer,
                end: &mut usize,
            ) -> bool {
                match self {
                    $(Format::$variant => <$words as WordPaths>::write_fen(r, record, swap, opts, buf, end),)*
                }
            }

            /// [`WordPaths::write_chess`] of the form.
            #[inline(always)]
            pub(crate) fn write_chess<R: ReadChess>(
                self,
                r: &R,
                writing: Writing,
                board: &Board<'_>,
                opts: &Options,
                out: &mut Vec<u8>,
            ) -> bool {
                match self {
                    $(Format::$variant => <$words as WordPaths>::write_chess(r, writing, board, opts, out),)*
                }
            }

            /// [`WordPaths::write_small`] of the form.
            #[inline(always)]
            pub(crate) fn write_small(self, w: Words, opts: &Options, out: &mut Vec<u8>) -> bool {
                match self { $(Format::$variant => <$words as WordPaths>::write_small(w, opts, out),)* }
            }

            /// [`WordPaths::write_wide`] of the form.
            #[inline(always)]
            pub(crate) fn write_wide(
                self,
                writing: Writing,
                size: Size,
                sides: [&[u64]; 2],
                opts: &Options,
                out: &mut Vec<u8>,
            ) -> bool {
                match self {
                    $(Format::$variant => <$words as WordPaths>::write_wide(writing, size, sides, opts, out),)*
                }
            }

            /// Whether conversions into the form have a compiled kernel of their own (the row's
            /// `kernel`): the forms of the speed matrix, whose 8x8 word paths allocate nothing
            /// a record.
            pub fn has_kernel(self) -> bool {
                match self { $(Format::$variant => own_kernel!(flag $($own)?),)* }
            }
        }

        /// The kernel of the readers `K` for a source whose records go to the FEN reader first
        /// as `fen` says, and the output form `to`: the forms marked `kernel` have their own,
        /// with the form a constant in it; the others share one.
        pub(crate) fn kernel_of<K: Kernels>(fen: FenFirst, to: Format) -> K::Kernel {
            const NEVER: u8 = FenFirst::NEVER.0;
            const ALWAYS: u8 = FenFirst::ALWAYS.0;
            const SHAPED: u8 = FenFirst::WHEN_SHAPED.0;
            match (fen.0, to) {
                $($(
                    (ALWAYS, Format::$variant) => own_kernel!($own, K::kernel::<ALWAYS, { Format::$variant as u8 }>()),
                    (SHAPED, Format::$variant) => own_kernel!($own, K::kernel::<SHAPED, { Format::$variant as u8 }>()),
                    (_, Format::$variant) => own_kernel!($own, K::kernel::<NEVER, { Format::$variant as u8 }>()),
                )?)*
                (ALWAYS, _) => K::kernel::<ALWAYS, ANY_FORM>(),
                (SHAPED, _) => K::kernel::<SHAPED, ANY_FORM>(),
                (_, _) => K::kernel::<NEVER, ANY_FORM>(),
            }
        }
    };
}

forms! {
    Auto => general::AUTO, general::AutoWords;
    Int => int::forms::INT, int::forms::IntWords;
    Hex => int::forms::HEX, int::forms::HexWords, kernel;
    Dec => int::forms::DEC, int::forms::DecWords;
    Bin => int::forms::BIN, int::forms::BinWords;
    Signed => int::forms::SIGNED, NoWords;
    Oct => int::forms::OCT, NoWords;
    BytesLe => int::forms::BYTES_LE, NoWords;
    BytesBe => int::forms::BYTES_BE, NoWords;
    Literal => int::forms::LITERAL, NoWords;
    Base2 => digits::BASE2, NoWords;
    Bits => digits::BITS, NoWords;
    Rows => digits::ROWS, NoWords;
    Squares => coords::SQUARES, coords::SquaresWords, kernel;
    Indices => coords::INDICES, NoWords;
    Coords => coords::COORDS, NoWords;
    Pair => int::forms::PAIR, int::forms::PairWords, kernel;
    Trits => digits::TRITS, digits::TritsWords, kernel;
    Packed => packed::PACKED, packed::PackedWords, kernel;
    PackedBin => packed::PACKED_BIN, packed::PackedBinWords, kernel;
    TritsBin => packed::TRITS_BIN, packed::TritsBinWords, kernel;
    PlanesBin => planes::SPEC, planes::PlanesWords, kernel;
    Base3 => digits::BASE3, digits::Base3Words, kernel;
    Paste => paste::SPEC, paste::PasteWords;
    Grid => grid::SPEC, grid::GridWords, kernel;
    Fen => fen::SPEC, fen::FenWords, kernel;
    Epd => epd::SPEC, NoWords;
    Pieces => pieces::SPEC, pieces::PiecesWords, kernel;
    Json => json::SPEC, json::JsonWords, kernel;
    Pdn => pdn::SPEC, NoWords;
    Sgf => sgf::SPEC, NoWords;
    Edax => edax::SPEC, edax::EdaxWords, kernel;
    SfCompressed => train::compressed::SPEC, train::words::Words<train::compressed::Compressed>, kernel;
    BinaryFen => train::binfen::SPEC, train::words::Words<train::binfen::BinaryFen>, kernel;
    SfBin => train::sfbin::SPEC, train::words::Words<train::sfwords::SfBin>, kernel;
    SfPlain => train::plain::SPEC, train::words::Words<train::plainwords::Plain>, kernel;
    Marlin => train::marlin::SPEC, train::words::Words<train::marlin::Marlin>, kernel;
    Bullet => train::bullet::SPEC, train::words::Words<train::bullet::Bullet>, kernel;
}

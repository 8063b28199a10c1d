//! Conversion as a reader followed by a writer: [`read`] fills a [`Board`] from one record of a
//! form, [`write()`] writes a board in a form, and a [`Conversion`] is the two, set up once for
//! many records ([`convert_batch`] runs one over a buffer of records). Each form's reader takes
//! its word path when the record and the options allow (an 8x8 FEN into two words or twelve, as
//! the writer needs; trits, packed, pair and the rest into two), and the general reading
//! otherwise; each writer likewise. There is no path chosen for a pair of forms.

use std::sync::atomic::{AtomicBool, Ordering};

use bbconv_board::train::{Train, View};
use bbconv_board::{Order, Size, Turn};

use crate::board::{Board, Need, Repr};
use crate::fen::fast::{ReadChess, WithReader};
use crate::list::{Kernels, ANY_FORM};
use crate::spec::{cold, Direct, FenFirst, Writing};
use crate::{
    fen, general, small, wide, ConvertError, FenReader, Format, Options, ParseError, RenderError,
    Value,
};

/// What a reader is told once for every record: the form, the word paths the options allow,
/// and what the writer needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reading {
    pub(crate) from: Format,
    /// 8x8 in LERF with the default layout: the chess word paths.
    pub(crate) chess: bool,
    /// A board of at most 64 squares in LERF: the small word paths.
    pub(crate) small: bool,
    /// A size of 65 to 512 squares given, LERF and the default layout: the wide word paths.
    pub(crate) wide: Option<Size>,
    pub(crate) need: Need,
}

impl Reading {
    /// The reading of `from` under `opts` for a writer that needs `need`.
    pub(crate) fn new(from: Format, opts: &Options, need: Need) -> Reading {
        // Any other option a word path does not honour, the path checks itself.
        let lerf = opts.order == Order::Lerf;
        let size = opts.size_or_default();
        Reading {
            from,
            chess: lerf && size == Size::CHESS && opts.layout.is_default(),
            small: lerf && size.squares() <= 64,
            wide: opts
                .size
                .filter(|s| (65..=512).contains(&s.squares()))
                .filter(|_| lerf && opts.layout.is_default()),
            need,
        }
    }
}

/// Reads one record of form `form` into `board` (for binary forms pass the raw bytes).
///
/// ```
/// use bbconv_forms::{read, Board, Format, Options};
/// let mut board = Board::new();
/// read(Format::Packed, b"797979010000000000d8f2f250", &Options::default(), &mut board).unwrap();
/// assert_eq!(board.sides(), Some((0xffff, 0xffff_0000_0000_0000)));
/// ```
pub fn read<'r>(
    form: Format,
    record: &'r [u8],
    opts: &Options,
    board: &mut Board<'r>,
) -> Result<(), ParseError> {
    /// The reading, with the reader this CPU runs.
    struct Read<'a, 'b, 'r> {
        reading: Reading,
        record: &'r [u8],
        opts: &'a Options,
        board: &'b mut Board<'r>,
    }
    impl WithReader for Read<'_, '_, '_> {
        type Output = Result<(), ParseError>;
        #[inline(always)]
        fn run<R: ReadChess>(self, r: &R) -> Self::Output {
            read_with(r, self.reading, self.record, self.opts, self.board)
        }
    }
    let reading = Reading::new(form, opts, Need::Train);
    FenReader::new(opts.kernels).with_reader(Read {
        reading,
        record,
        opts,
        board,
    })
}

/// Writes `board` in form `form`, appending to `out` (no record separator; nothing is appended
/// on an error).
///
/// ```
/// use bbconv_forms::{read, write, Board, Format, Options};
/// let opts = Options::default();
/// let mut board = Board::new();
/// read(Format::Trits, b"1020000000000000000000000000000000000000000000000000000000000000", &opts, &mut board).unwrap();
/// let mut out = Vec::new();
/// write(Format::Squares, &board, &opts, &mut out).unwrap();
/// assert_eq!(out, b"first: a1; second: c1");
/// ```
pub fn write(
    form: Format,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    let mark = out.len();
    write_with(
        &fen::fast::Bytes,
        Writing::new(form, opts),
        board,
        opts,
        out,
    )
    .inspect_err(|_| {
        out.truncate(mark);
    })
}

/// Reads one record as `reading` says, with the FEN reader `r` (the readers of FEN and of the
/// FEN inside JSON).
#[inline(always)]
pub(crate) fn read_with<'r, R: ReadChess>(
    r: &R,
    reading: Reading,
    record: &'r [u8],
    opts: &Options,
    board: &mut Board<'r>,
) -> Result<(), ParseError> {
    if reading.chess
        && reading
            .from
            .read_chess(r, record, opts, reading.need, board)
    {
        return Ok(());
    }
    if reading.small {
        if let Some(w) = small::read_words(reading.from, record, opts) {
            board.set(w.size, w.repr());
            return Ok(());
        }
    }
    if let Some(size) = reading.wide {
        if wide::read_board(reading.from, size, record, board) {
            return Ok(());
        }
    }
    read_general(reading, record, opts, board)
}

/// The general reading, into [`Board::general`] (kept out of line, so that the word paths stay
/// small enough to be inlined into a caller's record loop).
#[inline(never)]
fn read_general<'r>(
    reading: Reading,
    record: &'r [u8],
    opts: &Options,
    board: &mut Board<'r>,
) -> Result<(), ParseError> {
    let value = general::read_record(reading.from, record, opts, !reading.small)?;
    *board = Board::from_value(value);
    Ok(())
}

/// Writes `board` as `writing` says, with the FEN reader `r`'s CPU features for the hex digits.
#[inline(always)]
pub(crate) fn write_with<R: ReadChess>(
    r: &R,
    writing: Writing,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    if writing.words {
        let took = if board.size == Size::CHESS {
            writing.to.write_chess(r, writing, board, opts, out)
        } else if board.size.squares() <= 64 {
            small::write_board(writing.to, board, opts, out)
        } else {
            wide::write_board(writing, board, opts, out)
        };
        if took {
            return Ok(());
        }
    }
    write_general(writing.to, board, opts, out)
}

/// The general writing, from the board as a [`crate::Value`] (out of line, as
/// [`read_general`]).
#[inline(never)]
fn write_general(
    to: Format,
    board: &Board<'_>,
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), RenderError> {
    match (board.repr, &board.general) {
        (Repr::Value, Some(v)) => general::render(to, v, opts, out),
        _ => general::render(to, &board.to_value(), opts, out),
    }
}

/// One record read and written: a reader and a writer compiled together for one FEN reader, one
/// output form and one kind of source ([`kernel`]).
///
/// The AVX2 kernels are `target_feature` functions, hence the `unsafe` pointer: [`kernel`] gives
/// one only for an [`fen::fast::FenReader::Avx2`], whose token proves the CPU has the features.
pub(crate) type Kernel =
    unsafe fn(&Conversion<'_>, &[u8], &mut Vec<u8>) -> Result<Size, ConvertError>;

/// The portable reader's kernels.
struct PortableKernels;

impl Kernels for PortableKernels {
    type Kernel = Kernel;
    fn kernel<const FEN: u8, const TO: u8>() -> Kernel {
        run_portable::<FEN, TO>
    }
}

/// The AVX2 reader's kernels.
#[cfg(target_arch = "x86_64")]
struct Avx2Kernels;

#[cfg(target_arch = "x86_64")]
impl Kernels for Avx2Kernels {
    type Kernel = Kernel;
    fn kernel<const FEN: u8, const TO: u8>() -> Kernel {
        run_avx2::<FEN, TO>
    }
}

/// The kernel of `reader` for an output form and a source: `fen` when the source goes straight
/// to the FEN reader and the options allow the 8x8 word path. The common output forms have
/// kernels of their own (marked in the list of the forms), with the form a constant in them, so
/// that what the writer needs and which writer it is are settled at compile time (about 40
/// instructions a record fewer than asking at every record, `bench/matrix.py`); the other forms
/// share one.
fn kernel(reader: FenReader, fen: FenFirst, to: Format) -> Kernel {
    match reader {
        FenReader::Portable => crate::list::kernel_of::<PortableKernels>(fen, to),
        #[cfg(target_arch = "x86_64")]
        FenReader::Avx2(_) => crate::list::kernel_of::<Avx2Kernels>(fen, to),
    }
}

/// A record read and written with the portable reader.
fn run_portable<const FEN: u8, const TO: u8>(
    conv: &Conversion<'_>,
    record: &[u8],
    out: &mut Vec<u8>,
) -> Result<Size, ConvertError> {
    conv.run_to::<fen::fast::Bytes, FEN, TO>(&fen::fast::Bytes, record, out)
}

/// A record read and written with the AVX2 reader: the kernel is compiled with the reader's
/// features, so the reader inlines into it and a record costs one call. A FEN source's way
/// straight to the writer stays here, and the way through a board is a kernel of its own
/// ([`board_avx2`]), so that the straight way keeps the registers it needs (`-f fen -t packed`
/// costs 5 instructions a line fewer so, `bench/paths.py`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
fn run_avx2<const FEN: u8, const TO: u8>(
    conv: &Conversion<'_>,
    record: &[u8],
    out: &mut Vec<u8>,
) -> Result<Size, ConvertError> {
    // SAFETY: this function is compiled with the reader's features, and `kernel()` gives it
    // only with an `Avx2` token (see `Kernel`).
    #[allow(unsafe_code)]
    let reader = unsafe { fen::fast::x86::reader() };
    if conv.straight_fen::<_, FEN, TO>(&reader, record, out) {
        return Ok(Size::CHESS);
    }
    if FEN == FenFirst::NEVER.0 {
        return conv.run_board::<_, FEN, TO>(&reader, record, out, false);
    }
    if !conv.to_fen_reader::<FEN>(record) {
        return board_avx2::<FEN, TO>(conv, record, out, true);
    }
    let tried = match conv.direct::<_, TO>(&reader, record, out) {
        Direct::Done => {
            conv.fen_taken::<FEN>(true);
            return Ok(Size::CHESS);
        }
        Direct::NotTaken => {
            conv.fen_taken::<FEN>(false);
            true
        }
        Direct::NotTried => false,
    };
    board_avx2::<FEN, TO>(conv, record, out, tried)
}

/// [`run_avx2`]'s way through a board, out of line.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
#[inline(never)]
fn board_avx2<const FEN: u8, const TO: u8>(
    conv: &Conversion<'_>,
    record: &[u8],
    out: &mut Vec<u8>,
    tried: bool,
) -> Result<Size, ConvertError> {
    // SAFETY: as in `run_avx2`, whose kernel alone calls this function.
    #[allow(unsafe_code)]
    let reader = unsafe { fen::fast::x86::reader() };
    conv.run_board::<_, FEN, TO>(&reader, record, out, tried)
}

/// Converts one record from `from` to `to` under `opts` (exchanging the sides first when
/// `opts.swap`), appending the output, without a record separator, to `out`: [`read`] then
/// [`write()`].
///
/// ```
/// use bbconv_forms::{convert, Format, Options};
/// let mut out = Vec::new();
/// let fen = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// convert(Format::Fen, Format::Packed, fen, &Options::default(), &mut out).unwrap();
/// assert_eq!(out, b"797979010000000000d8f2f250");
/// ```
pub fn convert(
    from: Format,
    to: Format,
    record: &[u8],
    opts: &Options,
    out: &mut Vec<u8>,
) -> Result<(), ConvertError> {
    Conversion::new(from, to, opts).run(record, out).map(|_| ())
}

/// A conversion set up once for many records: a reader of `from` and a writer of `to`, told once
/// what the writer needs and which word paths the options allow. [`Conversion::run`] gives
/// exactly what [`convert`] gives.
///
/// ```
/// use bbconv_forms::{Conversion, Format, Options};
/// let opts = Options::default();
/// let conv = Conversion::new(Format::Fen, Format::Pair, &opts);
/// let mut out = Vec::new();
/// let size = conv.run(b"8/8/8/8/8/8/8/R6k w - - 0 1", &mut out).unwrap();
/// assert_eq!(size.to_string(), "8x8");
/// assert_eq!(out, b"0x0000000000000001 0x0000000000000080");
/// ```
#[derive(Debug)]
pub struct Conversion<'a> {
    reading: Reading,
    writing: Writing,
    opts: &'a Options,
    swap: bool,
    kernel: Kernel,
    /// Of a [`FenFirst::WHEN_SHAPED`] source: whether the last record given to the FEN reader
    /// was a FEN. While they are, the records skip the cheap look and go straight to the
    /// reader (a file of FENs pays nothing for the look); while they are not, only those the
    /// look passes go. Either way every record is read exactly; this only saves the look or
    /// the reader's try. (Atomic, as one conversion may serve several threads; it is written
    /// only when it changes.)
    fen_lately: AtomicBool,
}

impl Clone for Conversion<'_> {
    fn clone(&self) -> Self {
        Conversion {
            fen_lately: AtomicBool::new(self.fen_lately.load(Ordering::Relaxed)),
            ..*self
        }
    }
}

impl<'a> Conversion<'a> {
    /// Sets up the conversion of `from` records into `to` under `opts` (`opts.swap` exchanges
    /// the two sides; `opts.kernels` chooses the readers' code).
    pub fn new(from: Format, to: Format, opts: &'a Options) -> Conversion<'a> {
        Conversion::with_fen_reader(from, to, opts, FenReader::new(opts.kernels))
    }

    /// [`Conversion::new`] with the FEN reader `fen` (the tests and the fuzz targets run each
    /// reader this CPU has).
    #[doc(hidden)]
    pub fn with_fen_reader(
        from: Format,
        to: Format,
        opts: &'a Options,
        fen: FenReader,
    ) -> Conversion<'a> {
        let writing = Writing::new(to, opts);
        let reading = Reading::new(from, opts, writing.need());
        let fen_source = match reading.chess {
            true => from.fen_first(),
            false => FenFirst::NEVER,
        };
        Conversion {
            reading,
            writing,
            opts,
            swap: opts.swap,
            kernel: kernel(fen, fen_source, to),
            fen_lately: AtomicBool::new(true),
        }
    }

    /// Converts one record, appending the output to `out` (nothing is appended on an error);
    /// returns the size of the board read.
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn run(&self, record: &[u8], out: &mut Vec<u8>) -> Result<Size, ConvertError> {
        // SAFETY: `kernel` is private and set only by `kernel()`, which gives a `target_feature`
        // kernel only with the `Avx2` token that proves this CPU has its features.
        unsafe { (self.kernel)(self, record, out) }
    }

    /// [`Conversion::run`] with training fields given beside the record (a table's columns,
    /// a Python array), from `view`: they replace the record's own where set, for the writers
    /// that keep them (the trainers' forms, JSON's `train` member); other writers drop them,
    /// as they drop the record's own. With fields given, the record takes the general reading
    /// and writing (the word paths carry no fields); with none, this is [`Conversion::run`].
    ///
    /// ```
    /// use bbconv_board::train::{Train, View};
    /// use bbconv_forms::{Conversion, Format, Options};
    /// let opts = Options::default();
    /// let conv = Conversion::new(Format::Fen, Format::Json, &opts);
    /// let fields = Train { score: Some(31), ..Train::default() };
    /// let mut out = Vec::new();
    /// conv.run_with_train(b"4k3/8/8/8/8/8/8/4K3 b - - 0 1", fields, View::Mover, &mut out).unwrap();
    /// assert!(String::from_utf8(out).unwrap().contains(r#""train":{"score":-31}"#));
    /// ```
    pub fn run_with_train(
        &self,
        record: &[u8],
        fields: Train,
        view: View,
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        if fields.is_empty() {
            return self.run(record, out);
        }
        let mut board = Board::new();
        let reading = Reading {
            need: Need::Train,
            ..self.reading
        };
        read_general(reading, record, self.opts, &mut board).map_err(ConvertError::Parse)?;
        let black = board.turn() == Some(Turn::Second);
        let given = view
            .to_white(fields, black)
            .map_err(|m| ConvertError::Parse(ParseError::new(None, m)))?;
        let mut placement = board.to_value().to_placement(self.opts).into_owned();
        let own = placement.train.as_deref().copied().unwrap_or_default();
        placement.train = Some(Box::new(given.or(own)));
        let mut board = Board::from_value(Value::Pieces(placement));
        if self.swap {
            board.swap();
        }
        let mark = out.len();
        write_with(&fen::fast::Bytes, self.writing, &board, self.opts, out)
            .map(|()| board.size)
            .map_err(|e| {
                out.truncate(mark);
                ConvertError::Render(e)
            })
    }

    /// The writing of `TO` (a [`Format`] as `u8`, or [`ANY_FORM`]).
    #[inline(always)]
    fn writing<const TO: u8>(&self) -> Writing {
        match TO {
            ANY_FORM => self.writing,
            _ => Writing {
                to: Format::ALL[TO as usize],
                ..self.writing
            },
        }
    }

    /// Reads then writes one record with the FEN reader `r`, for the output form `TO` (a
    /// [`Format`] as `u8`, or [`ANY_FORM`]); `FEN` says whether the record goes to the FEN
    /// reader first ([`FenFirst`]). The portable kernels are each one of these ([`kernel`]).
    #[inline(always)]
    pub(crate) fn run_to<R: ReadChess, const FEN: u8, const TO: u8>(
        &self,
        r: &R,
        record: &[u8],
        out: &mut Vec<u8>,
    ) -> Result<Size, ConvertError> {
        let mut tried = false;
        if self.straight_fen::<R, FEN, TO>(r, record, out) {
            return Ok(Size::CHESS);
        }
        if FEN != FenFirst::NEVER.0 && !self.to_fen_reader::<FEN>(record) {
            tried = true;
        } else if FEN != FenFirst::NEVER.0 {
            match self.direct::<R, TO>(r, record, out) {
                Direct::Done => {
                    self.fen_taken::<FEN>(true);
                    return Ok(Size::CHESS);
                }
                Direct::NotTaken => {
                    cold();
                    self.fen_taken::<FEN>(false);
                    tried = true;
                }
                Direct::NotTried => {}
            }
        }
        self.run_board::<R, FEN, TO>(r, record, out, tried)
    }

    /// Whether the kernel of `FEN` (a [`FenFirst`]'s `u8`) gives `record` to the FEN reader
    /// first.
    #[inline(always)]
    fn to_fen_reader<const FEN: u8>(&self, record: &[u8]) -> bool {
        FEN == FenFirst::ALWAYS.0
            || (FEN == FenFirst::WHEN_SHAPED.0
                && (self.fen_lately.load(Ordering::Relaxed) || fen::may_be_fen(record)))
    }

    /// Books whether the FEN reader took a record ([`Conversion::fen_lately`]).
    #[inline(always)]
    fn fen_taken<const FEN: u8>(&self, took: bool) {
        if FEN == FenFirst::WHEN_SHAPED.0 && self.fen_lately.load(Ordering::Relaxed) != took {
            self.fen_lately.store(took, Ordering::Relaxed);
        }
    }

    /// The FEN reader's words straight to a writer that needs no more than them: no board
    /// value between (about 50 instructions a record).
    #[inline(always)]
    fn direct<R: ReadChess, const TO: u8>(
        &self,
        r: &R,
        record: &[u8],
        out: &mut Vec<u8>,
    ) -> Direct {
        let writing = self.writing::<TO>();
        match writing.words {
            true => writing
                .to
                .write_from_fen(r, record, self.swap, self.opts, out),
            false => Direct::NotTried,
        }
    }

    /// Into FEN (`TO`, a constant of the kernel) from a source not read as FEN first (`FEN`), a
    /// record of a form that writes its FEN itself (the trainers'), with no board between
    /// ([`crate::spec::WordPaths::write_fen`]); whether it was written. The FEN writer writes
    /// an 8x8 board's piece words under no option but the square order and the layout, which
    /// `words` settles, and the 8x8 word path's reading is the one that reads such a board.
    #[inline(always)]
    fn straight_fen<R: ReadChess, const FEN: u8, const TO: u8>(
        &self,
        r: &R,
        record: &[u8],
        out: &mut Vec<u8>,
    ) -> bool {
        if FEN != FenFirst::NEVER.0
            || TO != Format::Fen as u8
            || !self.writing.words
            || !self.reading.chess
        {
            return false;
        }
        let (mut buf, mut end) = ([0u8; 128], 0);
        let took =
            (self.reading.from).write_fen(r, record, self.swap, self.opts, &mut buf, &mut end);
        // Appended after the forms' dispatch, once (in each form's way the copies of 64 bytes
        // were calls of `Vec`'s append, about 50 instructions a record, `-f sf-plain -t fen`).
        if took {
            fen::words::append(out, &buf, end);
        }
        took
    }

    /// Reads one record into a board and writes the board, for [`Conversion::run_to`];
    /// `tried` when the FEN reader has already refused the record.
    #[inline(always)]
    fn run_board<R: ReadChess, const FEN: u8, const TO: u8>(
        &self,
        r: &R,
        record: &[u8],
        out: &mut Vec<u8>,
        tried: bool,
    ) -> Result<Size, ConvertError> {
        let writing = self.writing::<TO>();
        let need = writing.need();
        let mut board = Board::new();
        let read = if FEN != FenFirst::NEVER.0 {
            let took = (!tried && {
                let fen = fen::read_board(r, record, need, &mut board);
                self.fen_taken::<FEN>(fen);
                fen
            }) || (self.reading.from)
                .read_after_fen(r, record, self.opts, need, &mut board);
            match took {
                true => Ok(()),
                false => read_general(self.reading, record, self.opts, &mut board),
            }
        } else if self.reading.chess
            && (self.reading.from).read_chess(r, record, self.opts, need, &mut board)
        {
            // The 8x8 word path tried first with the reading's fields as they are: a reading
            // built for `read_with` is copied whole onto the stack, about 13 instructions a
            // record (`-f sf-bin -t fen`).
            Ok(())
        } else {
            // The other ways (the 8x8 word path already tried).
            let reading = Reading {
                need,
                chess: false,
                ..self.reading
            };
            read_with(r, reading, record, self.opts, &mut board)
        };
        read.map_err(ConvertError::Parse)?;
        if self.swap {
            board.swap();
        }
        let mark = out.len();
        match write_with(r, writing, &board, self.opts, out) {
            Ok(()) => Ok(board.size),
            Err(e) => {
                out.truncate(mark);
                Err(ConvertError::Render(e))
            }
        }
    }
}

/// What became of one record of a batch ([`convert_batch`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Status {
    /// Converted: the output is `out[start..end]` of the batch's buffer; the board's size.
    Done {
        /// Where the record's output starts in the buffer.
        start: usize,
        /// Where it ends.
        end: usize,
        /// The size of the board read.
        size: Size,
    },
    /// Not converted (nothing was written for it).
    Failed(ConvertError),
}

/// Converts every record of `records` with `conversion`, appending each output to `out` with
/// nothing between them, and returns one [`Status`] a record, in order: the batch call front ends
/// other than the command line (the Python package) go through.
///
/// ```
/// use bbconv_forms::{convert_batch, Conversion, Format, Options, Status};
/// let opts = Options::default();
/// let conv = Conversion::new(Format::Fen, Format::Packed, &opts);
/// let records: [&[u8]; 2] = [b"8/8/8/8/8/8/8/R6k w - - 0 1", b"8/8/8/8/8/8/8/R6k x"];
/// let mut out = Vec::new();
/// let status = convert_batch(&conv, records, &mut out);
/// assert!(matches!(status[0], Status::Done { start: 0, end: 26, .. }));
/// assert!(matches!(status[1], Status::Failed(_)));
/// assert_eq!(out, b"01120000000000000000000000");
/// ```
pub fn convert_batch<'r>(
    conversion: &Conversion<'_>,
    records: impl IntoIterator<Item = &'r [u8]>,
    out: &mut Vec<u8>,
) -> Vec<Status> {
    records
        .into_iter()
        .map(|r| {
            let start = out.len();
            match conversion.run(r, out) {
                Ok(size) => Status::Done {
                    start,
                    end: out.len(),
                    size,
                },
                Err(e) => Status::Failed(e),
            }
        })
        .collect()
}

/// The check every word path is held to (the tests of each form call it).
#[cfg(test)]
pub(crate) mod check {
    use super::*;
    use crate::Value;
    use bbconv_board::placement::{Piece, Placement, Text};
    use bbconv_board::{Bitboard, Pair};

    /// Calls `f` with every record of `lens` bytes of one fill byte (`0`, `7`, `A`, 0xe1) with
    /// one byte changed to every value: the inputs a word check is held to its byte loop on.
    pub(crate) fn each_one_byte_changed(lens: &[usize], mut f: impl FnMut(&[u8])) {
        for &len in lens {
            for at in 0..len {
                for v in 0..=255u8 {
                    for fill in [b'0', b'7', b'A', 0xe1] {
                        let mut b = vec![fill; len];
                        b[at] = v;
                        f(&b);
                    }
                }
            }
        }
    }

    /// A random board of `size`: chess pieces (with FEN fields on 8x8) or two sides.
    pub(crate) fn random_board(size: Size, v: &mut u64, pieces: bool) -> Value {
        let mut next = || {
            *v = v.rotate_left(13).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x9e37;
            *v
        };
        if pieces {
            let mut pl = Placement::empty(size);
            for i in 0..size.squares() {
                let r = next();
                if r % 3 == 0 {
                    pl.set(
                        i,
                        Some(Piece::new(
                            crate::board::PIECE_LETTERS[(r >> 8) as usize % 12],
                        )),
                    );
                }
            }
            if size == Size::CHESS && next() % 2 == 0 {
                pl.rest = Some(Text::from(
                    ["w - - 0 1", "b KQkq - 3 17", "w"][next() as usize % 3],
                ));
            }
            return Value::Pieces(pl);
        }
        let n = size.squares();
        let (mut f, mut s) = (vec![0u64; n.div_ceil(64)], vec![0u64; n.div_ceil(64)]);
        for i in 0..n {
            match next() % 3 {
                1 => f[i / 64] |= 1 << (i % 64),
                2 => s[i / 64] |= 1 << (i % 64),
                _ => {}
            }
        }
        let (f, s) = (
            Bitboard::from_words(size, &f).unwrap(),
            Bitboard::from_words(size, &s).unwrap(),
        );
        Value::Pair(Pair::new(f, s).unwrap())
    }

    /// A random board of two sides on the dark squares alone (`a1` dark), as draughts sets
    /// them (the boards a form of draughts writes).
    pub(crate) fn random_dark_board(size: Size, v: &mut u64) -> Value {
        let Value::Pair(pair) = random_board(size, v, false) else {
            unreachable!("a board of two sides")
        };
        let w = size.width();
        let dark = |b: &Bitboard| {
            let mut words = b.words().to_vec();
            for i in (0..size.squares()).filter(|i| (i % w + i / w) % 2 == 1) {
                words[i / 64] &= !(1 << (i % 64));
            }
            Bitboard::from_words(size, &words).unwrap()
        };
        Value::Pair(Pair::new(dark(pair.first()), dark(pair.second())).unwrap())
    }

    /// Converts `record` from `from` to every output form, with and without `--swap`, with every
    /// FEN reader this CPU runs, and asserts that each gives the general reading's and
    /// writing's bytes, or its very error. Returns how many of the readings a word path took.
    pub(crate) fn against_general(from: Format, record: &[u8], opts: &Options) -> usize {
        let mut taken = 0;
        let readers = [Some(FenReader::Portable), FenReader::avx2()];
        for &to in Format::ALL {
            if matches!(to, Format::Auto | Format::Paste) {
                continue;
            }
            for swap in [false, true] {
                let general = general::parse_general(from, record, opts)
                    .map_err(ConvertError::Parse)
                    .and_then(|v| {
                        let v = if swap { v.swap() } else { v };
                        let mut o = Vec::new();
                        general::render_general(to, &v, opts, &mut o)
                            .map(|_| o)
                            .map_err(ConvertError::Render)
                    });
                let swapped = Options {
                    swap,
                    ..opts.clone()
                };
                // Each reader, with the last records FEN or not (`fen_lately`: under auto,
                // straight to the FEN reader or after the cheap look).
                for (fen, lately) in readers
                    .into_iter()
                    .flatten()
                    .flat_map(|f| [(f, true), (f, false)])
                {
                    let conv = Conversion::with_fen_reader(from, to, &swapped, fen);
                    conv.fen_lately.store(lately, Ordering::Relaxed);
                    let mut o = b"kept".to_vec();
                    let via = conv.run(record, &mut o).map(|_| o[4..].to_vec());
                    if via.is_err() {
                        assert_eq!(o, b"kept", "an error writes nothing");
                    }
                    assert_eq!(
                        via,
                        general,
                        "{from} -> {to}, swap {swap}, {} reader, FEN lately {lately}: {:?}",
                        fen.name(),
                        String::from_utf8_lossy(record)
                    );
                }
                let conv = Conversion::new(from, to, &swapped);
                let mut b = Board::new();
                if read_with(&fen::fast::Bytes, conv.reading, record, opts, &mut b).is_ok()
                    && !matches!(b.repr, Repr::Value)
                {
                    taken += 1;
                }
            }
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{render_general, Holds, JsonField, Value};
    use bbconv_board::Numbering;

    /// Every form bbconv writes (the list of the forms, not one kept here), written from
    /// random boards, converts to every output form as the general reading and writing do: on
    /// 8x8 in LERF (the word paths), in another numbering, and on other sizes.
    #[test]
    fn every_pair_as_the_general_code() {
        let sources = Format::ALL.iter().copied().filter(|f| !f.is_input_only());
        let mut v = 0x1234_5678_9abc_def0u64;
        let (mut taken, mut written) = (0, std::collections::HashSet::new());
        let flipped = Options {
            order: Numbering::Order(bbconv_board::Order::Berlef),
            to_order: Numbering::Order(bbconv_board::Order::Berlef),
            ..Options::default()
        };
        for (size, opts) in [
            (Size::CHESS, Options::default()),
            (Size::CHESS, flipped),
            (
                Size::CHESS,
                Options {
                    layer: Some(crate::Layer::Occupied),
                    ..Options::default()
                },
            ),
            (
                Size::new(3, 3).unwrap(),
                Options {
                    size: Some(Size::new(3, 3).unwrap()),
                    ..Options::default()
                },
            ),
            (
                Size::new(19, 19).unwrap(),
                Options {
                    size: Some(Size::new(19, 19).unwrap()),
                    ..Options::default()
                },
            ),
        ] {
            for k in 0..12 {
                let value = check::random_board(size, &mut v, k % 2 == 0);
                for from in sources.clone() {
                    let mut rec = Vec::new();
                    let value = match from.holds() {
                        Holds::One => Value::Single(value.to_pair().occupied()),
                        _ => value.clone(),
                    };
                    // A board the form refuses: the same board on the dark squares alone
                    // (draughts' PDN writes no other).
                    let value = if render_general(from, &value, &opts, &mut rec).is_ok() {
                        value
                    } else {
                        rec.clear();
                        let dark = check::random_dark_board(size, &mut v);
                        if render_general(from, &dark, &opts, &mut rec).is_err() {
                            continue;
                        }
                        dark
                    };
                    written.insert(from);
                    taken += check::against_general(from, &rec, &opts);
                    if !from.is_binary() && from != Format::Grid {
                        // Under -f auto: the word paths take only what detection gives the
                        // same form (or its very error).
                        check::against_general(Format::Auto, &rec, &opts);
                    }
                    if from == Format::Json {
                        let first_second = Options {
                            fields: Some(vec![JsonField::First, JsonField::Second]),
                            ..opts.clone()
                        };
                        let mut rec = Vec::new();
                        if render_general(from, &value, &first_second, &mut rec).is_ok() {
                            taken += check::against_general(from, &rec, &opts);
                        }
                        if let Value::Pieces(pl) = &value {
                            let mut fen = Vec::new();
                            render_general(
                                Format::Fen,
                                &Value::Pieces(pl.clone()),
                                &opts,
                                &mut fen,
                            )
                            .unwrap();
                            let fen = String::from_utf8(fen).unwrap();
                            let dumps = format!("{{\"fen\": \"{fen}\"}}");
                            taken += check::against_general(from, dumps.as_bytes(), &opts);
                            // Objects as other programs write them (the fast reading takes the
                            // first two), and their near misses (left to the general reading).
                            for other in [
                                format!("{{\"id\": 7, \"fen\": \"{fen}\", \"eval\": -0.3}}"),
                                format!(
                                    "{{\"order\":\"lerf\",\"fen\":\"{fen}\",\"size\":\"8x8\"}}"
                                ),
                                format!("{{\"fen\": \"{fen}\", \"fen\": \"{fen}\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"size\": \"9x9\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"order\": \"berlef\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"x\": 1e400, \"y\": 01}}"),
                                format!("{{\"fen\": \"{fen}\", \"x\": [1], \"y\": \"\\u0041\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"bitboard\": \"0x1\"}}"),
                                format!("{{\"fen\": \"{fen}\",}}"),
                                format!("{{\"fen\": \"{fen}\", \"n\": null, \"t\": true}} x"),
                                // Bytes a string's scan stops at or passes: DEL, non-ASCII, a
                                // control byte, a string not closed.
                                format!("{{\"fen\": \"{fen}\", \"note\": \"a\u{7f}b\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"note\": \"caf\u{e9}\"}}"),
                                format!("{{\"fen\": \"{fen}\", \"note\": \"a\tb\"}}"),
                                format!("{{\"fen\": \"{fen}\u{7f}\"}}"),
                                format!("{{\"fen\": \"{fen}"),
                            ] {
                                taken += check::against_general(from, other.as_bytes(), &opts);
                            }
                        }
                    }
                }
            }
        }
        // Shapes detection reads otherwise: trits that fit 64 bits as a decimal (ambiguous),
        // packed digits that are a decimal integer, a 66-byte line that is not Edax.
        for rec in [
            format!("{}1", "0".repeat(63)),
            format!("{}2{}", "0".repeat(44), "0".repeat(19)),
            format!("{}1{}", "0".repeat(43), "0".repeat(20)),
            "0".repeat(26),
            format!("{}1", "0".repeat(25)),
            // A list across lines (CI's fuzz run, target options: read as two sides' squares).
            "first: a1 b1; second: a7 b7 h8\nf8 g8 h8".into(),
            "P:0x1 p:0x2\nk:0x4".into(),
            "0x0000000000000001\n0x0000000000000002".into(),
            format!("{} X", "X".repeat(63) + "."),
        ] {
            check::against_general(Format::Auto, rec.as_bytes(), &Options::default());
        }
        assert!(taken > 2_000, "{taken}");
        let unwritten: Vec<Format> = sources.filter(|f| !written.contains(f)).collect();
        assert!(unwritten.is_empty(), "no record written: {unwritten:?}");
    }

    /// The options the word paths once ignored give the general reading's and writing's bytes:
    /// `--to-coords` and `--coords` on boards of at most 64 squares (8x8 SGF came out in chess
    /// names), `--layer` on a board of one bitboard the general reading read, and a grid of
    /// `X` alone (one bitboard, not two sides).
    #[test]
    fn options_the_word_paths_once_ignored() {
        let styled = |coords, to_coords, size| Options {
            coords,
            to_coords,
            size,
            ..Options::default()
        };
        let (chess, sgf, gtp) = (
            crate::CoordStyle::Chess,
            crate::CoordStyle::Sgf,
            crate::CoordStyle::Gtp,
        );
        let nine = Size::new(9, 7).ok();
        for (from, record, opts) in [
            (Format::Hex, "0x8100000000000081", styled(chess, gtp, None)),
            (Format::Hex, "0x8100000000000081", styled(chess, sgf, None)),
            (
                Format::Pair,
                "0x1 0x8000000000000000",
                styled(chess, sgf, None),
            ),
            (
                Format::Hex,
                "0x101",
                styled(chess, gtp, Size::new(3, 3).ok()),
            ),
            (Format::Squares, "a1 h8", styled(sgf, sgf, None)),
            (Format::Squares, "ah ha", styled(sgf, chess, None)),
            (
                Format::Squares,
                "first: a1; second: h8",
                styled(sgf, chess, None),
            ),
            (Format::Squares, "i1 J1", styled(gtp, chess, nine)),
            (
                Format::Auto,
                "first: a1; second: h8",
                styled(sgf, chess, None),
            ),
        ] {
            check::against_general(from, record.as_bytes(), &opts);
        }
        let second = Options {
            layer: Some(crate::Layer::Second),
            ..Options::default()
        };
        let bits = format!("1{}1", "0".repeat(62));
        check::against_general(Format::Bits, bits.as_bytes(), &second);
        let mut grid = Vec::new();
        let one = bbconv_board::Bitboard::small(Size::CHESS, 0x81).unwrap();
        render_general(Format::Grid, &Value::Single(one), &second, &mut grid).unwrap();
        check::against_general(Format::Grid, &grid, &Options::default());
        check::against_general(Format::Grid, &grid, &second);
    }

    /// Every 8x8 word path gives the general reading and writing's bytes, on the forms bbconv
    /// writes, on other spellings and on damaged records; and takes no record the general
    /// reading refuses.
    #[test]
    fn word_paths_match_the_general_code() {
        let letters = Options {
            letters: (b'X', b'o'),
            ..Options::default()
        };
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let mut taken = 0;
        for k in 0..60u64 {
            v = v.rotate_left(9).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ k;
            let (f, s) = (v & v >> 7, !v & v << 3 & !(v & v >> 7));
            let value = Value::Pair(bbconv_board::Pair::small(Size::CHESS, f, s).unwrap());
            for from in [
                Format::Packed,
                Format::Pair,
                Format::Trits,
                Format::Hex,
                Format::Squares,
            ] {
                let mut rec = Vec::new();
                let value = match from {
                    Format::Hex | Format::Squares => Value::Single(value.to_pair().occupied()),
                    _ => value.clone(),
                };
                render_general(from, &value, &Options::default(), &mut rec).unwrap();
                let mut records = vec![rec.clone(), rec.to_ascii_uppercase()];
                let mut damaged = rec.clone();
                let at = (v % rec.len() as u64) as usize;
                damaged[at] = b"g/ 3x\xc3"[(k % 6) as usize];
                records.push(damaged);
                if from == Format::Pair {
                    records.push(
                        String::from_utf8_lossy(&rec)
                            .replacen(' ', ", ", 1)
                            .into_bytes(),
                    );
                }
                for opts in [&Options::default(), &letters] {
                    for r in &records {
                        taken += crate::convert::check::against_general(from, r, opts);
                    }
                }
            }
        }
        assert!(taken > 10_000, "{taken}");
    }
}

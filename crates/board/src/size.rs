//! Board geometry: the `W x H` size of a board and its limits (docs/conventions.md §1).

use std::fmt;
use std::str::FromStr;

/// The largest number of squares a board may have (`W * H <= 4096`).
pub const MAX_SQUARES: usize = 4096;

/// The size of a board: `width` files (west to east) by `height` ranks (south to north).
///
/// ```
/// use bbconv_board::Size;
/// let s: Size = "10x8".parse().unwrap();
/// assert_eq!((s.width(), s.height(), s.squares()), (10, 8, 80));
/// assert_eq!(s.to_string(), "10x8");
/// assert_eq!(Size::CHESS, "8x8".parse().unwrap());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Size {
    width: u16,
    height: u16,
}

impl Size {
    /// Both sides in one word: sizes compare (and hash) as one number, one comparison where a
    /// batch checks that a record's size continues a run (`bench/matrix.py`).
    #[inline(always)]
    fn key(self) -> u32 {
        u32::from(self.width) | u32::from(self.height) << 16
    }
}

impl PartialEq for Size {
    #[inline(always)]
    fn eq(&self, other: &Size) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Size {}

impl std::hash::Hash for Size {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// Why a size is not valid.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SizeError {
    /// The text is not of the form `WxH`.
    Syntax(String),
    /// A side is zero.
    Zero {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
    /// `W * H` is above [`MAX_SQUARES`].
    TooLarge {
        /// The requested width.
        width: usize,
        /// The requested height.
        height: usize,
    },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::Syntax(s) => write!(
                f,
                "invalid size '{s}': expected WIDTHxHEIGHT, for example 8x8 or 19x19"
            ),
            SizeError::Zero { width, height } => write!(
                f,
                "invalid size {width}x{height}: width and height must be at least 1"
            ),
            SizeError::TooLarge { width, height } => write!(
                f,
                "invalid size {width}x{height}: {} squares, at most {MAX_SQUARES} are supported",
                width.saturating_mul(*height)
            ),
        }
    }
}

impl std::error::Error for SizeError {}

impl Size {
    /// The 8x8 chess, draughts-free Othello board.
    pub const CHESS: Size = Size {
        width: 8,
        height: 8,
    };

    /// A board of `width` x `height`; fails when a side is 0 or there are more than 4096 squares.
    pub fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        if width == 0 || height == 0 {
            return Err(SizeError::Zero { width, height });
        }
        match width.checked_mul(height) {
            Some(n) if n <= MAX_SQUARES => Ok(Size {
                width: width as u16,
                height: height as u16,
            }),
            _ => Err(SizeError::TooLarge { width, height }),
        }
    }

    /// Number of files.
    #[inline]
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of ranks.
    #[inline]
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of squares, `W * H`.
    #[inline]
    pub fn squares(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Number of 64-bit words a bitboard of this size needs.
    #[inline]
    pub fn words(self) -> usize {
        self.squares().div_ceil(64)
    }

    /// The size with width and height exchanged.
    pub fn transposed(self) -> Size {
        Size {
            width: self.height,
            height: self.width,
        }
    }

    /// Whether files can be named with letters `a`..`z` (`W <= 26`).
    pub fn has_file_letters(self) -> bool {
        self.width <= 26
    }
}

impl Default for Size {
    fn default() -> Size {
        Size::CHESS
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(s: &str) -> Result<Size, SizeError> {
        let t = s.trim();
        let (w, h) = t
            .split_once(['x', 'X', '*'])
            .ok_or_else(|| SizeError::Syntax(s.to_string()))?;
        let parse = |p: &str| -> Result<usize, SizeError> {
            if p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(SizeError::Syntax(s.to_string()));
            }
            p.parse().map_err(|_| SizeError::Syntax(s.to_string()))
        };
        Size::new(parse(w)?, parse(h)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert!(Size::new(64, 64).is_ok());
        assert!(Size::new(1, 4096).is_ok());
        assert_eq!(
            Size::new(65, 65),
            Err(SizeError::TooLarge {
                width: 65,
                height: 65
            })
        );
        assert!(matches!("0x8".parse::<Size>(), Err(SizeError::Zero { .. })));
        assert!(matches!("8".parse::<Size>(), Err(SizeError::Syntax(_))));
        assert!(matches!("8x".parse::<Size>(), Err(SizeError::Syntax(_))));
        assert!(matches!(
            "99999999x2".parse::<Size>(),
            Err(SizeError::Syntax(_))
        ));
    }
}

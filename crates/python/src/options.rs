//! The command line's board options as keyword arguments: the same names (with `_` for `-`),
//! the same values and the same checks, from the forms crate's parsers.

use bbconv_board::ternary::{DigitOrder, PackLayout};
use bbconv_board::{Numbering, Size};
use bbconv_forms::{JsonField, Layer, Options};

/// The keyword arguments [`apply`] knows, as `bbconv.convert` documents them.
pub(crate) const NAMES: &[&str] = &[
    "size",
    "order",
    "to_order",
    "layer",
    "digits",
    "digit_map",
    "letters",
    "lenient",
    "fields",
    "one_based",
    "planes",
    "coords",
    "to_coords",
    "sgf_node",
    "lang",
];

/// The options that are flags (`True` or `False`).
pub(crate) const FLAGS: &[&str] = &["lenient", "one_based"];

/// Sets one option from its keyword's text (`"true"`/`"false"` for flags); the error names the
/// keyword as Python spells it.
pub(crate) fn apply(opts: &mut Options, name: &str, value: &str) -> Result<(), String> {
    let bad = |e: &dyn std::fmt::Display| format!("invalid {name}={value:?}: {e}");
    match name {
        "size" => opts.size = Some(value.parse::<Size>().map_err(|e| bad(&e))?),
        "order" => {
            let n = value.parse::<Numbering>().map_err(|e| bad(&e))?;
            // `to_order` defaults to `order`, as on the command line; an explicit `to_order`
            // is applied after (see `options`).
            (opts.order, opts.to_order) = (n, n);
        }
        "to_order" => opts.to_order = value.parse::<Numbering>().map_err(|e| bad(&e))?,
        "layer" => opts.layer = Some(value.parse::<Layer>().map_err(|e| bad(&e))?),
        "digits" => opts.layout.digits = value.parse::<DigitOrder>().map_err(|e| bad(&e))?,
        "digit_map" => {
            opts.layout = PackLayout {
                map: PackLayout::parse_map(value).map_err(|e| bad(&e))?,
                ..opts.layout
            }
        }
        "letters" => {
            opts.letters =
                Options::parse_letters(value).map_err(|e| format!("invalid letters={e}"))?
        }
        "lenient" => opts.lenient = flag(name, value)?,
        "one_based" => opts.one_based = flag(name, value)?,
        "fields" => {
            opts.fields = Some(
                value
                    .split(',')
                    .map(|f| f.trim().parse::<JsonField>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| bad(&e))?,
            )
        }
        "planes" => {
            opts.planes = Options::parse_planes(value).map_err(|e| format!("invalid planes={e}"))?
        }
        "coords" => {
            opts.coords = value.parse().map_err(|e| bad(&e))?;
            opts.to_coords = opts.coords;
        }
        "to_coords" => opts.to_coords = value.parse().map_err(|e| bad(&e))?,
        "sgf_node" => opts.sgf_node = value.parse().map_err(|e| bad(&e))?,
        "lang" => opts.lang = value.parse().map_err(|e| bad(&e))?,
        _ => {
            return Err(format!(
                "unknown option {name}=: expected one of {}",
                NAMES.join(", ")
            ))
        }
    }
    Ok(())
}

/// The options of a call, from its keyword arguments in any order: `order` and `coords` are
/// set before the `to_` options that default to them.
pub(crate) fn options(settings: &[(String, String)]) -> Result<Options, String> {
    let mut opts = Options {
        kernels: bbconv_forms::Kernels::from_env(),
        ..Options::default()
    };
    let first = |n: &str| matches!(n, "order" | "coords");
    for (name, value) in settings.iter().filter(|(n, _)| first(n)) {
        apply(&mut opts, name, value)?;
    }
    for (name, value) in settings.iter().filter(|(n, _)| !first(n)) {
        apply(&mut opts, name, value)?;
    }
    Ok(opts)
}

/// A flag's value: Python's `True` or `False`, as the package passes them.
fn flag(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("invalid {name}={value:?}: expected True or False")),
    }
}

//! What the page lists, from the crates that define it: every form (`Format::ALL`), every
//! numbering (the 8 orders and the layouts), and the operations, directions, flips and
//! rotations the page applies.

use bbconv_board::ops::Direction;
use bbconv_board::Numbering;
use bbconv_forms::{Format, Layer};
use bbconv_present::op::{Operation, FLIPS, ROTATIONS};
use serde_json::{json, Value as Json};

/// The layers of `--layer`, by the names it reads (each tested to read as its layer).
pub const LAYERS: [(&str, Layer); 3] = [
    ("first", Layer::First),
    ("second", Layer::Second),
    ("occupied", Layer::Occupied),
];

/// What an operation takes besides the board: a second board (`b`), a direction and a
/// count, an axis, an angle, or nothing.
fn takes(op: Operation) -> Json {
    match op {
        Operation::And | Operation::Or | Operation::Xor | Operation::Andnot => json!(["b"]),
        Operation::Shift => json!(["directions", "n"]),
        Operation::Flip => json!(["flips"]),
        Operation::Rotate => json!(["rotations"]),
        _ => json!([]),
    }
}

/// `registry`: the forms (name, aliases, what each holds, description, example, whether it
/// is read only or binary), the numberings (name, formula, whether a layout) and the
/// operations (name, description, what each takes: [`takes`]), the layers, and the longest
/// request the module reads.
pub fn registry() -> Json {
    let forms: Vec<Json> = Format::ALL
        .iter()
        .map(|f| {
            json!({
                "name": f.name(),
                "aliases": f.aliases(),
                "holds": f.holds().description(),
                "description": f.description(),
                "example": f.example(),
                "input_only": f.is_input_only(),
                "binary": f.is_binary(),
            })
        })
        .collect();
    let numberings: Vec<Json> = Numbering::all()
        .map(|n| json!({ "name": n.name(), "formula": n.formula(), "layout": n.as_order().is_none() }))
        .collect();
    // The operations of `op` the page applies to the board shown.
    let ops: Vec<Json> = Operation::ALL
        .into_iter()
        .filter(|o| o.transforms())
        .map(|o| json!({ "name": o.name(), "description": o.description(), "takes": takes(o) }))
        .collect();
    let directions: Vec<String> = Direction::ALL.iter().map(|d| d.to_string()).collect();
    json!({
        "forms": forms,
        "numberings": numberings,
        "operations": ops,
        "directions": directions,
        "flips": FLIPS,
        "rotations": ROTATIONS,
        "layers": LAYERS.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        "max_request": crate::MAX_REQUEST,
        "defaults": {
            "from": Format::Auto.name(),
            "order": Numbering::default().name(),
            "to": Format::Hex.name(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layer_reads_as_itself() {
        for (name, layer) in LAYERS {
            assert_eq!(name.parse::<Layer>().ok(), Some(layer));
        }
    }
}

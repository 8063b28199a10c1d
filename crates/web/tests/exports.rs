//! The module's exports, called natively as the page calls them: every answer is a JSON object,
//! an error in the command line's words for a request that cannot be answered, and no request,
//! however hostile, panics (a panic in WebAssembly aborts the page's module).

use bbconv_web::{bb_answer, bb_buffer, bb_call, call, call_bytes, MAX_REQUEST};
use proptest::prelude::*;
use serde_json::{json, Value};

/// A request through the exports, as page.js sends it: a buffer, the bytes, the call, the answer.
#[allow(unsafe_code)]
fn through_exports(request: &[u8]) -> Value {
    let p = bb_buffer(request.len());
    assert!(!p.is_null());
    // SAFETY: `bb_buffer` gave a buffer of exactly `request.len()` bytes, alive until the call.
    unsafe { std::ptr::copy_nonoverlapping(request.as_ptr(), p, request.len()) };
    let n = bb_call();
    // SAFETY: `bb_answer` points at the answer's `n` bytes, alive until the next call.
    let answer = unsafe { std::slice::from_raw_parts(bb_answer(), n) };
    serde_json::from_slice(answer).expect("the answer is JSON")
}

fn error(v: &Value) -> Option<&str> {
    v.get("error").and_then(Value::as_str)
}

#[test]
fn the_exports_answer_a_view() {
    let v = through_exports(br#"{"cmd":"view","text":"0x70507"}"#);
    assert_eq!(v["form"], "int");
    assert_eq!(v["boards"][0]["cells"].as_str().unwrap().len(), 64);
    assert_eq!(v["numbers"][0]["values"][1], json!(["dec", "460039"]));
    assert_eq!(v["output"], "0x0000000000070507");
}

#[test]
fn bad_requests_say_why() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "not JSON"),
        (b"[1]", "not a JSON object"),
        (b"\xff\xfe", "not UTF-8"),
        (br#"{"cmd":"nope"}"#, "unknown command 'nope'"),
        (
            br#"{"cmd":"view","text":"0xzz"}"#,
            "column 1: cannot tell the form",
        ),
        (
            br#"{"cmd":"view","text":"0x1","size":"0x0"}"#,
            "invalid size",
        ),
        (
            br#"{"cmd":"view","text":"0x1","order":"diagonal"}"#,
            "unknown square order",
        ),
        (
            br#"{"cmd":"view","text":"0x1","to":"nope"}"#,
            "unknown form 'nope'",
        ),
        (
            br#"{"cmd":"toggle","text":"0x1","square":64}"#,
            "off the 8x8 board",
        ),
        (br#"{"cmd":"toggle","text":"0x1"}"#, "no square"),
        (
            br#"{"cmd":"apply","text":"0x1","op":"shift","arg":"sideways","n":"1"}"#,
            "sideways",
        ),
        (
            br#"{"cmd":"apply","text":"0x1","op":"and","b":"8/8"}"#,
            "board 2",
        ),
        (
            br#"{"cmd":"apply","text":"0x1","op":"popcount"}"#,
            "does not apply",
        ),
        (br#"{"cmd":"explain","text":"e4"}"#, "names its squares"),
        (
            br#"{"cmd":"explain","text":"0x1","expect":"z9"}"#,
            "--expect",
        ),
    ];
    for (request, want) in cases {
        let v = through_exports(request);
        let e = error(&v).unwrap_or_else(|| panic!("no error for {request:?}: {v}"));
        assert!(e.contains(want), "{request:?}: {e:?} does not say {want:?}");
    }
    assert!(bb_buffer(MAX_REQUEST + 1).is_null());
}

#[test]
fn a_toggle_and_an_operation_keep_the_form_read() {
    let t = call(r#"{"cmd":"toggle","text":"e1 e8","square":0}"#);
    assert_eq!(t["text"], "a1 e1 e8");
    let r = call(r#"{"cmd":"apply","text":"0x7","op":"rotate","arg":"90","size":"4x3"}"#);
    assert_eq!(r["size"], "3x4", "{r}");
    let p = call(r#"{"cmd":"toggle","text":"0x1 0x2","square":0}"#);
    assert_eq!(p["text"], "0x0000000000000000 0x0000000000000003", "{p}");
}

/// Texts that have broken readers before: empty, huge numbers, lone signs, deep JSON, odd
/// Unicode, a 64x64 grid, NULs.
fn hostile() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "-",
        "0x",
        "0b",
        "-0",
        "--1",
        "0x1 0x1",
        "\u{feff}0x1",
        "\0",
        "é",
        "[[[[[[[[",
        "{\"order\":\"lerf\",\"bitboard\":\"0x1\"}",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "(;SZ[52]AB[zz])",
        "W:W31-50:B1-20",
        "2222222222",
        "ffffffffffffffffffffffffff",
        "a99 b0",
        "(0,0) (99,99)",
        "18446744073709551616",
        "-18446744073709551617",
        "99999999999999999999999999999x2",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push("[".repeat(10_000));
    v.push("X".repeat(4097));
    v.push(vec![".".repeat(64); 64].join("\n"));
    v
}

#[test]
fn hostile_texts_under_every_command_and_order_never_panic() {
    let orders = ["lerf", "berbef", "0x88", "mailbox", "sentinel", "draughts"];
    for text in hostile() {
        for cmd in ["view", "toggle", "apply", "explain", "diff", "infer"] {
            for (k, order) in orders.iter().enumerate() {
                let size = ["", "1x1", "64x64", "3x5"][k % 4];
                let op = ["flip", "shift", "rotate", "xor"][k % 4];
                let req = json!({
                    "cmd": cmd, "text": text, "b": text, "samples": text, "expect": text,
                    "order": order, "to": "sgf", "size": size, "all": true, "square": k * 7,
                    "op": op, "arg": "diagonal", "n": "2",
                });
                let v = call(&req.to_string());
                assert!(v.is_object(), "{req}: {v}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_are_answered(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let v: Value = serde_json::from_str(&call_bytes(&bytes)).unwrap();
        prop_assert!(v.is_object());
    }

    #[test]
    fn any_text_and_size_are_answered(text in "\\PC{0,40}", w in 0usize..70, h in 0usize..70,
                                      sq in 0usize..5000, cmd in 0usize..6) {
        let cmd = ["view", "toggle", "apply", "explain", "diff", "infer"][cmd];
        let req = json!({ "cmd": cmd, "text": text, "size": format!("{w}x{h}"), "square": sq,
                          "op": "shift", "arg": "ne", "n": "3", "all": true, "samples": text });
        prop_assert!(call(&req.to_string()).is_object());
    }
}

/// Review 1: diff reads A and B under the page's order, as `bbconv diff --order`.
#[test]
fn diff_reads_under_the_order() {
    let lerf = call(r#"{"cmd":"diff","text":"0xff","b":"0xff00"}"#);
    let berlef = call(r#"{"cmd":"diff","text":"0xff","b":"0xff00","order":"berlef"}"#);
    let (l, b) = (
        lerf["text"].as_str().unwrap(),
        berlef["text"].as_str().unwrap(),
    );
    assert!(
        l.contains("shifted 1 square north") || l.contains("north"),
        "{l}"
    );
    assert!(
        b.contains("south"),
        "under berlef B is A shifted south: {b}"
    );
    assert_ne!(l, b);
}

/// Review 2: a position written back keeps its pieces (a FEN before a pair).
#[test]
fn a_position_clicked_keeps_its_pieces() {
    let board = "r n b q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\nR N B Q K B N R";
    let v = call(&json!({"cmd":"toggle","text":board,"square":8}).to_string());
    let text = v["text"].as_str().unwrap_or_else(|| panic!("{v}"));
    assert!(!text.starts_with("0x"), "a pair loses the pieces: {text}");
    assert!(text.contains('K') && text.contains('q'), "{text}");
}

/// Review 3: a 10x10 PDN shifted keeps its size.
#[test]
fn a_ten_by_ten_pdn_keeps_its_size() {
    let v = call(r#"{"cmd":"apply","text":"W:W31-50:B1-20","op":"shift","arg":"north","n":"8"}"#);
    assert_eq!(v["size"], "10x10", "{v}");
}

/// Review 4: under the draughts layout a light square does not turn the number into a FEN;
/// the command line's error is given.
#[test]
fn draughts_light_squares_are_refused() {
    let v = call(r#"{"cmd":"toggle","text":"0x0","order":"draughts","square":7}"#);
    assert!(
        error(&v).is_some_and(|e| e.contains("no number in the draughts layout")),
        "{v}"
    );
    let v = call(
        r#"{"cmd":"apply","text":"0x70507","order":"draughts","op":"shift","arg":"north","n":"1"}"#,
    );
    assert!(
        error(&v).is_some_and(|e| e.contains("no number in the draughts layout")),
        "{v}"
    );
}

/// Review 6: a click that empties the board writes a text that reads back.
#[test]
fn an_emptied_board_reads_back() {
    for (text, square) in [("e4", 28), ("SZ[9]AB[aa]", 72)] {
        let v = call(&json!({"cmd":"toggle","text":text,"square":square}).to_string());
        let back = v["text"].as_str().unwrap_or_else(|| panic!("{v}"));
        let mut req = json!({"cmd":"view","text":back});
        if let Some(s) = v["size"].as_str() {
            req["size"] = json!(s);
        }
        let seen = call(&req.to_string());
        assert!(error(&seen).is_none(), "{text} -> {back:?}: {seen}");
    }
}

/// Review 8: the address's names read as the command line reads them (any case, aliases),
/// and a name that does not read has the command line's message.
#[test]
fn canonical_names_read_as_the_command_line() {
    let name =
        |kind: &str, n: &str| call(&json!({"cmd":"canonical","kind":kind,"name":n}).to_string());
    assert_eq!(name("order", "BERLEF")["name"], "berlef");
    assert_eq!(name("form", "INT")["name"], "int");
    assert_eq!(name("layer", "First")["name"], "first");
    assert!(error(&name("order", "nonsense")).is_some_and(|e| e.contains("nonsense")));
    assert!(error(&name("form", "nonsense")).is_some_and(|e| e.contains("nonsense")));
}

/// Review 5: "Numbers" labels squares and does not change how the text reads.
#[test]
fn number_labels_do_not_change_the_reading() {
    let zero = call(r#"{"cmd":"view","text":"1 2 3"}"#);
    let one = call(r#"{"cmd":"view","text":"1 2 3","labels_one_based":true}"#);
    assert_eq!(zero["boards"][0]["cells"], one["boards"][0]["cells"]);
    assert_eq!(one["boards"][0]["indices"][0], 1);
}

/// Review 10: a layer writes a pair to a one-bitboard form and lets set ops take a pair.
#[test]
fn a_layer_writes_a_pair_to_one_bitboard() {
    let v = call(r#"{"cmd":"view","text":"0xff 0xff00","to":"hex","layer":"second"}"#);
    assert_eq!(v["output"], "0x000000000000ff00", "{v}");
    let v = call(r#"{"cmd":"apply","text":"0xff 0xff00","op":"and","b":"0xf0f0","layer":"first"}"#);
    assert!(error(&v).is_none(), "{v}");
}

/// Review 11: a binary form reads the hex bytes the page writes it as.
#[test]
fn binary_forms_read_the_hex_bytes_written() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (to, text) in [
        ("packed-bin", "0x70507 0xff00000000000000"),
        ("trits-bin", "0x70507 0xff00000000000000"),
        ("binary-fen", start),
    ] {
        let v = call(&json!({"cmd":"view","text":text,"to":to}).to_string());
        let hex = v["output"].as_str().unwrap_or_else(|| panic!("{to}: {v}"));
        let back = call(&json!({"cmd":"view","text":hex,"from":to}).to_string());
        assert_eq!(
            back["boards"][0]["cells"], v["boards"][0]["cells"],
            "{to}: {hex}: {back}"
        );
    }
    let bad = call(r#"{"cmd":"view","text":"07 zz","from":"packed-bin"}"#);
    assert!(
        error(&bad).is_some_and(|e| e.contains("hex bytes")),
        "{bad}"
    );
}

/// Review 11: an operation on a board read from a binary form's hex bytes gives hex bytes.
#[test]
fn an_operation_on_binary_hex_bytes() {
    let v = call(r#"{"cmd":"view","text":"0x70507 0xff00000000000000","to":"packed-bin"}"#);
    let hex = v["output"].as_str().unwrap();
    let a = call(
        &json!({"cmd":"apply","text":hex,"from":"packed-bin","op":"flip","arg":"vertical"})
            .to_string(),
    );
    let out = a["text"].as_str().unwrap_or_else(|| panic!("{a}"));
    let want = call(r#"{"cmd":"view","text":"0x0705070000000000 0xff","to":"packed-bin"}"#);
    assert_eq!(out, want["output"].as_str().unwrap());
}

//! The web page's WebAssembly module (`web/bbconv.wasm`): the forms crate and the presentation
//! crate behind raw `extern "C"` exports, with no binding generator. A request is a JSON
//! object (`{"cmd": "view", "text": "0x70507", ...}`, the commands of [`call`]); the answer is
//! a JSON object, `{"error": MESSAGE}` when the request cannot be answered, in the command
//! line's words.
//!
//! The protocol, all in linear memory, none of it `unsafe`: the page asks [`bb_buffer`] for
//! a buffer of the request's length, writes the request's UTF-8 bytes into it, calls
//! [`bb_call`], which answers with the length of the answer, and reads that many bytes from
//! [`bb_answer`]. Both buffers belong to the module and live until the next call.
//!
//! The modules: `request` (a request's fields and the options they set), `board` (a board
//! viewed, a square toggled, an operation applied), `debug` (`explain`, `diff`, `infer`),
//! `registry` (the forms, numberings and operations the page lists).

mod board;
mod debug;
mod registry;
mod request;

use std::cell::RefCell;

use serde_json::{json, Value as Json};

/// The longest request read, in bytes: a board's text is a few kilobytes at most (a 64x64
/// grid); samples for `infer` a few hundred lines.
pub const MAX_REQUEST: usize = 1 << 20;

thread_local! {
    /// The request's bytes, written by the page.
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer's bytes, read by the page.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for the next request (zeroed), or null past [`MAX_REQUEST`].
// An export by its plain name is what the unsafe_code lint warns of; nothing here is unsafe.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn bb_buffer(len: usize) -> *mut u8 {
    REQUEST.with(|r| {
        let mut r = r.borrow_mut();
        r.clear();
        if len > MAX_REQUEST {
            return std::ptr::null_mut();
        }
        r.resize(len, 0);
        r.as_mut_ptr()
    })
}

/// Answers the request in the buffer ([`bb_buffer`]): the answer's length in bytes.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn bb_call() -> usize {
    let answer = REQUEST.with(|r| call_bytes(&r.borrow()));
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        *a = answer.into_bytes();
        a.len()
    })
}

/// Where the last answer's bytes are.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn bb_answer() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}

/// The answer to a request's bytes, as JSON text.
pub fn call_bytes(request: &[u8]) -> String {
    let answer = match std::str::from_utf8(request) {
        Ok(text) => call(text),
        Err(e) => error(format!(
            "the request is not UTF-8 text (byte {})",
            e.valid_up_to()
        )),
    };
    answer.to_string()
}

/// The answer to a request: `{"cmd": ...}` with the command's fields.
///
/// | cmd | answers |
/// |---|---|
/// | `registry` | the forms, numberings and operations, with their descriptions |
/// | `view` | the board of `text` under each numbering asked for, its numbers and its `to` form |
/// | `toggle` | `text` with `square` toggled, written in the form it was read as |
/// | `apply` | `text` after the operation `op` (with `arg` and `b`), in the form it was read as |
/// | `explain`, `diff`, `infer` | the command line's text |
pub fn call(request: &str) -> Json {
    if request.len() > MAX_REQUEST {
        return error(format!(
            "the request is {} bytes, longer than the limit of {MAX_REQUEST}",
            request.len()
        ));
    }
    let req = match serde_json::from_str::<Json>(request) {
        Ok(Json::Object(m)) => request::Request(m),
        Ok(_) => return error("the request is not a JSON object"),
        Err(e) => return error(format!("the request is not JSON: {e}")),
    };
    let answer = match req.str("cmd") {
        "registry" => Ok(registry::registry()),
        "view" => board::view(&req),
        "toggle" => board::toggle(&req),
        "apply" => board::apply(&req),
        "explain" => debug::explain(&req),
        "diff" => debug::diff(&req),
        "infer" => debug::infer(&req),
        "canonical" => canonical(&req),
        other => Err(format!(
            "unknown command '{other}': expected registry, view, toggle, apply, explain, diff, infer or canonical"
        )),
    };
    answer.unwrap_or_else(error)
}

/// `canonical`: the name the page lists for `name` (a form's alias, an order in any case), as
/// the command line reads `-f`/`-t` (`kind` "form"), `--order` ("order"), `--layer`
/// ("layer") and `--size` ("size"); or the command line's message.
fn canonical(req: &request::Request) -> Result<Json, String> {
    let name = match req.str("kind") {
        "form" => req
            .form("name", bbconv_forms::Format::Auto)?
            .name()
            .to_string(),
        "order" => req
            .numbering("name", bbconv_board::Numbering::default())?
            .name()
            .to_string(),
        "layer" => {
            let mut r = request::Request(serde_json::Map::new());
            r.0.insert("layer".into(), Json::String(req.str("name").into()));
            r.options()?;
            req.str("name").trim().to_ascii_lowercase()
        }
        "size" => match req.str("name").trim() {
            "" => String::new(),
            s => s
                .parse::<bbconv_board::Size>()
                .map_err(|e| format!("{e}"))?
                .to_string(),
        },
        other => {
            return Err(format!(
                "unknown kind '{other}': expected form, order, layer or size"
            ))
        }
    };
    Ok(json!({ "name": name }))
}

/// An answer that says why there is none.
fn error(message: impl std::fmt::Display) -> Json {
    json!({ "error": message.to_string() })
}

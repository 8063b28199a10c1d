// bbconv's page: the board of the text box, drawn and changed through the WebAssembly module
// (crates/web). Every list, answer and message comes from the module; this script only asks
// it, draws what it answers and keeps the state in the address (#v=...&s=...&o=...).
"use strict";

const $ = (id) => document.getElementById(id);
let wasm = null;
let compiled = null;
let registry = null;
let first = true;
/** The main grid's square in the tab order (a LERF index): the last one moved to or clicked,
 * kept across redraws. */
let cursor = 0;

/** Sends a request to the module and returns its answer (an object; `error` when refused). A
 * module that traps (it never should: its tests send it hostile input) is started afresh. */
function ask(request) {
  try {
    return send(request);
  } catch (e) {
    wasm = new WebAssembly.Instance(compiled, {}).exports;
    return { error: `the WebAssembly module failed (${e.message}); it was restarted` };
  }
}

function send(request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const p = wasm.bb_buffer(bytes.length);
  if (p === 0) return { error: `the request is ${bytes.length} bytes, too long` };
  new Uint8Array(wasm.memory.buffer, p, bytes.length).set(bytes);
  const n = wasm.bb_call();
  return JSON.parse(new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.bb_answer(), n)));
}

/** The value shown when the address names none (or an empty one). */
const EXAMPLE = "0x70507";

/** The state in the address, and the controls that hold it. */
const STATE = { v: "text", s: "size", f: "from", o: "order", t: "to", to: "to-order", n: "numbers", l: "layer" };

/** The settings sent with a request. "Numbers" labels the squares only (labels_one_based); it
 * never changes how the text reads (the command line's --one-based). */
function settings() {
  return {
    text: $("text").value, size: $("size").value, from: $("from").value,
    order: $("order").value, to: $("to").value, to_order: $("to-order").value,
    layer: $("layer").value, labels_one_based: $("numbers").value === "1", all: $("all").checked,
  };
}

function saveHash() {
  const h = new URLSearchParams();
  for (const [k, id] of Object.entries(STATE)) if ($(id).value) h.set(k, $(id).value);
  if ($("all").checked) h.set("all", "1");
  history.replaceState(null, "", "#" + h.toString());
}

/** What the module calls a select's names (a form's alias, an order in any case). */
const KIND = { from: "form", to: "form", order: "order", "to-order": "order", layer: "layer" };

/** Sets the controls from the address; a value that does not read is named in the address
 * note (#address), with the command line's message, and its control keeps its default. */
function loadHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const bad = [];
  for (const [k, id] of Object.entries(STATE)) {
    const el = $(id);
    // An empty value is no value: the box shows the example, not a board that does not read.
    const given = k === "v" && h.get(k) === "" ? null : h.get(k);
    el.value = given ?? el.dataset.default ?? "";
    if (el.tagName === "SELECT" && el.selectedIndex < 0) {
      const a = KIND[id] ? ask({ cmd: "canonical", kind: KIND[id], name: given }) : { error: "expected " + [...el.options].map((o) => o.value || "(empty)").join(", ") };
      el.value = a.error ? "" : a.name;
      if (el.selectedIndex < 0 || a.error) {
        el.value = el.dataset.default ?? "";
        bad.push(`${k}=${given}: ${a.error ?? "not one the page lists"}`);
      }
    }
  }
  const all = h.get("all");
  $("all").checked = all === "1";
  if (all !== null && all !== "1" && all !== "0") bad.push(`all=${all}: expected 1 or 0`);
  const note = $("address");
  note.textContent = bad.length ? `The address has a value the page does not read (it keeps the default): ${bad.join("; ")}` : "";
  note.hidden = !bad.length;
}

function option(select, value, text, title) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  if (title) o.title = title;
  select.append(o);
}

/** The lists of forms, orders and operations, from the module's registry. */
function fillLists() {
  registry = ask({ cmd: "registry" });
  for (const f of registry.forms) {
    option($("from"), f.name, f.name, f.description);
    if (!f.input_only) option($("to"), f.name, f.name, f.description);
  }
  option($("to-order"), "", "the order read", "");
  for (const n of registry.numberings) {
    for (const id of ["order", "to-order"]) option($(id), n.name, `${n.name}: ${n.formula}`);
  }
  for (const o of registry.operations) option($("op"), o.name, o.name, o.description);
  for (const [id, name] of Object.entries(registry.defaults)) $(id).dataset.default = name;
}

/** The longest message shown whole; a longer one is cut, saying how much was left off. */
const MAX_MESSAGE = 600;

function capped(text) {
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE)}... (${text.length - MAX_MESSAGE} more characters)`;
}

function say(text, bad) {
  $("message").textContent = capped(text);
  $("message").classList.toggle("error", !!bad);
}

/** Marks the board, its numbers and outputs as the last good value's (a text that does not
 * read), or as current. */
function stale(yes) {
  for (const id of ["boards", "values"]) $(id).classList.toggle("stale", yes);
  $("stale").hidden = !yes;
}

/** Reads the text box and draws everything it gives. */
function update() {
  const a = ask(Object.assign({ cmd: "view" }, settings()));
  saveHash();
  if (a.error) {
    say(a.error, true);
    stale(!first);
    return;
  }
  stale(false);
  say(`read as ${a.form} (${a.kind === "single" ? "one bitboard" : a.kind === "pair" ? "two sides" : "a position"}), ${a.width}x${a.height}`);
  // Every order, or a board wider or taller than 16, takes the page's width.
  const wide = $("all").checked || a.width > 16 || a.height > 16;
  document.querySelector("main").classList.toggle("wide", wide);
  drawBoards(a);
  drawNumbers(a);
  if (first) {
    first = false;
    window.bbconvFirstGrid = performance.now();
    document.body.dataset.firstGrid = window.bbconvFirstGrid.toFixed(1);
  }
}

function drawBoards(a) {
  const box = $("boards");
  const focused = document.activeElement && document.activeElement.dataset.square;
  box.replaceChildren(...a.boards.map((b) => drawBoard(a, b, b.numbering === $("order").value)));
  const again = focused !== undefined && box.querySelector(`.board.main [data-square="${focused}"]`);
  if (again) again.focus();
}

/** One grid: files and ranks labelled, rank 1 at the bottom; the main grid's squares toggle. */
function drawBoard(a, b, main) {
  const fig = document.createElement("figure");
  fig.className = "board" + (main ? " main" : "");
  const cap = document.createElement("figcaption");
  if (main) {
    cap.textContent = `${b.numbering}: ${b.formula}`;
  } else {
    const read = document.createElement("button");
    read.type = "button";
    read.textContent = `read as ${b.numbering}`;
    read.title = b.formula;
    read.addEventListener("click", () => { $("order").value = b.numbering; update(); });
    cap.append(read, ` ${b.formula}`);
  }
  fig.append(cap);
  if (b.error) {
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = b.error;
    fig.append(p);
    return fig;
  }
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.setAttribute("role", main ? "grid" : "img");
  grid.setAttribute("aria-label", `the board under ${b.numbering}`);
  // The squares' size: at most 3rem, and the board at most 40rem tall; at least 10px (a
  // wide board scrolls in its frame).
  grid.style.setProperty("--w", a.width);
  grid.style.setProperty("--h", a.height);
  const big = a.width > 16 || a.height > 16;
  grid.classList.toggle("big", big);
  fig.classList.toggle("big", big);
  // Written as one string (a 64x64 board in every order is 49,152 squares: elements made one
  // by one took 150 ms); a click or a key on the main grid is taken by the grid.
  const numbers = $("numbers").value !== "";
  const html = [];
  const rankEvery = every(a.height);
  for (let r = a.height - 1; r >= 0; r--) {
    html.push(label(shown(a.ranks, r, rankEvery)));
    for (let f = 0; f < a.width; f++) html.push(square(a, b, r * a.width + f, main, numbers));
  }
  html.push(label(""));
  const fileEvery = every(a.width);
  for (let f = 0; f < a.width; f++) html.push(label(shown(a.files, f, fileEvery)));
  grid.innerHTML = html.join("");
  if (main) {
    grid.addEventListener("keydown", (e) => gridKey(e, a));
    grid.addEventListener("click", (e) => {
      const sq = e.target.closest("[data-square]");
      if (sq) { cursor = Number(sq.dataset.square); toggle(cursor); }
    });
  }
  fig.append(grid);
  return fig;
}

/** Every how many files (or ranks) a label is shown: all of them on a board up to 16 wide,
 * else about 16 of them (the first and the last always), so that none overlaps. */
function every(n) {
  return n > 16 ? Math.ceil(n / 16) : 1;
}

function shown(names, i, step) {
  return i % step === 0 || i === names.length - 1 ? names[i] : "";
}

/** Text made safe inside HTML. */
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function label(text) {
  return `<span class="label">${esc(text)}</span>`;
}

/** Square `i` (a LERF index) of board `b`: a button on the main grid, in the tab order when it
 * is the cursor. */
function square(a, b, i, main, numbers) {
  const c = b.cells[i];
  const side = c === "." ? "" : c === "O" ? " second" : c === "X" ? " first" : c === c.toLowerCase() ? " first black" : " white";
  const shade = ((i % a.width) + Math.floor(i / a.width)) % 2 ? " light" : " dark";
  const idx = b.indices[i];
  const piece = c === "." ? "" : c === "X" ? "●" : c === "O" ? "○" : esc(c);
  const number = numbers && idx !== null ? `<small>${idx}</small>` : "";
  if (!main) return `<span class="sq${side}${shade}" data-square="${i}">${piece}${number}</span>`;
  const name = `${a.files[i % a.width]}${a.ranks[Math.floor(i / a.width)]}`;
  const said = `${name}${idx !== null ? `, bit ${idx}` : ""}, ${c === "." ? "empty" : c}`;
  const stop = i === Math.min(cursor, a.width * a.height - 1) ? 0 : -1;
  return `<button type="button" class="sq${side}${shade}" data-square="${i}" tabindex="${stop}" aria-label="${esc(said)}">${piece}${number}</button>`;
}

/** Arrow keys move over the main grid (one square in the tab order); Home and End go to the
 * rank's ends, Page Up and Page Down to the file's; Enter and Space toggle. */
function gridKey(e, a) {
  const i = Number(e.target.dataset.square);
  if (Number.isNaN(i)) return;
  const file = i % a.width;
  const rank = Math.floor(i / a.width);
  const to = {
    ArrowLeft: file > 0 ? i - 1 : i, ArrowRight: file < a.width - 1 ? i + 1 : i,
    ArrowUp: rank < a.height - 1 ? i + a.width : i, ArrowDown: rank > 0 ? i - a.width : i,
    Home: rank * a.width, End: rank * a.width + a.width - 1,
    PageUp: (a.height - 1) * a.width + file, PageDown: file,
  }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  const next = e.currentTarget.querySelector(`[data-square="${to}"]`);
  if (!next) return;
  e.target.tabIndex = -1;
  next.tabIndex = 0;
  cursor = to;
  next.focus();
}

/** Toggles square `i` (a LERF index) and writes the board back in the form it was read as. */
function toggle(i) {
  changed(ask(Object.assign({ cmd: "toggle", square: i }, settings())));
}

function changed(a) {
  if (a.error) {
    say(a.error, true);
    return;
  }
  $("text").value = a.text;
  if (a.size) $("size").value = a.size;
  update();
}

/** The board's numbers: a row a form (hex, dec, signed, bin), a column a side. */
function drawNumbers(a) {
  const row = (cells, head) => {
    const tr = document.createElement("tr");
    cells.forEach((v, k) => {
      const td = document.createElement(head || k === 0 ? "th" : "td");
      td.textContent = v;
      tr.append(td);
    });
    return tr;
  };
  const t = $("numbers-table");
  t.tHead.replaceChildren(...(a.numbers.length > 1 ? [row(["", ...a.numbers.map((n) => n.label)], true)] : []));
  t.tBodies[0].replaceChildren(...a.numbers[0].values.map(([form], k) => row([form, ...a.numbers.map((n) => n.values[k][1])])));
  const out = $("output");
  out.textContent = capped(a.output ?? a.output_error);
  out.classList.toggle("error", a.output === null);
  $("show").textContent = a.show;
}

/** Shows or hides the operation's arguments: a direction, an axis or angle; a count; B. */
function opArgs() {
  const takes = registry.operations.find((o) => o.name === $("op").value).takes;
  const list = registry[takes.find((t) => t in registry && t !== "operations")];
  const arg = $("op-arg");
  arg.replaceChildren();
  for (const v of list ?? []) option(arg, v, v);
  $("op-arg-label").hidden = !list;
  $("op-n-label").hidden = !takes.includes("n");
  $("operand-label").hidden = !takes.includes("b");
}

function apply() {
  changed(ask(Object.assign(settings(), {
    cmd: "apply", op: $("op").value, arg: $("op-arg").value, n: $("op-n").value, b: $("operand").value,
  })));
}

/** The width of the answer box in characters, for the grids laid side by side. */
function columns() {
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(10);
  $("answer").append(probe);
  const w = probe.getBoundingClientRect().width / 10 || 8;
  probe.remove();
  return Math.max(20, Math.floor($("answer").clientWidth / w) - 1);
}

function answer(request) {
  const el = $("answer");
  el.dataset.width = columns();
  const a = ask(Object.assign(settings(), { width: Number(el.dataset.width) }, request));
  el.classList.toggle("error", !!a.error);
  el.textContent = a.error ?? [...(a.bad ?? []), a.text].join("\n");
}

function bind() {
  $("text").addEventListener("input", update);
  $("text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); update(); }
  });
  for (const id of ["size", "from", "order", "numbers", "to", "to-order", "layer", "all"]) {
    $(id).addEventListener(id === "size" ? "input" : "change", update);
  }
  $("op").addEventListener("change", opArgs);
  $("apply").addEventListener("click", apply);
  $("explain").addEventListener("click", () => answer({ cmd: "explain", expect: $("expect").value, side: $("expect-side").value }));
  $("diff").addEventListener("click", () => answer({ cmd: "diff", b: $("diff-b").value }));
  $("infer").addEventListener("click", () => answer({ cmd: "infer", samples: $("samples").value }));
  for (const [id, button] of [["expect", "explain"], ["expect-side", "explain"], ["diff-b", "diff"], ["operand", "apply"], ["op-n", "apply"]]) {
    $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") $(button).click(); });
  }
  window.addEventListener("hashchange", () => { loadHash(); update(); });
}

async function load() {
  const response = await fetch("bbconv.wasm");
  if (!response.ok) throw new Error(`bbconv.wasm: ${response.status} ${response.statusText}`);
  const streaming = (response.headers.get("content-type") || "").startsWith("application/wasm");
  compiled = streaming
    ? await WebAssembly.compileStreaming(response)
    : await WebAssembly.compile(await response.arrayBuffer());
  performance.mark("bbconv:compiled");
  wasm = (await WebAssembly.instantiate(compiled, {})).exports;
}

load().then(() => {
  fillLists();
  performance.mark("bbconv:lists");
  $("text").dataset.default = EXAMPLE;
  loadHash();
  opArgs();
  bind();
  update();
}).catch((e) => say(`The WebAssembly module did not load (${e.message}): build it with bash web/build.sh`, true));

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

/** A text with each unpaired surrogate (which JSON and the address cannot carry) replaced by
 * U+FFFD, as the command line reads such bytes. */
const whole = (v) => (typeof v === "string" ? v.toWellFormed() : v);

function send(request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request, (k, v) => whole(v)));
  const p = wasm.bb_buffer(bytes.length);
  if (p === 0) {
    const limit = registry ? ` of ${registry.max_request} bytes` : "";
    return { error: `the request (the text and its settings, as JSON in UTF-8: a quote or backslash counts twice) is ${bytes.length} bytes, longer than the page's limit${limit}; the command line reads longer records (--max-line)` };
  }
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

/** The address of the state: each value percent-encoded (a space as %20, a `+` as %2B). */
function hashOf() {
  const h = [];
  for (const [k, id] of Object.entries(STATE)) if ($(id).value) h.push(`${k}=${encodeURIComponent(whole($(id).value))}`);
  if ($("all").checked) h.push("all=1");
  return "#" + h.join("&");
}

/** How long after the last change the address is written: a write a change (a keystroke, a
 * held Enter on a square or on Apply) makes Chrome throttle the page's navigations
 * ("Throttling navigation to prevent the browser from hanging") and the address stop
 * following. */
const HASH_DELAY = 250;
let hashTimer = 0;

/** Writes the state into the address: at once, or `later` (every change: HASH_DELAY after the
 * last one; flushed when the box loses focus or the page is left). */
function saveHash(later) {
  clearTimeout(hashTimer);
  hashTimer = 0;
  if (later) {
    hashTimer = setTimeout(() => saveHash(false), HASH_DELAY);
    return;
  }
  const hash = hashOf();
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function flushHash() {
  if (hashTimer) saveHash(false);
}

/** What the module calls a select's names (a form's alias, an order in any case). */
const KIND = { from: "form", to: "form", order: "order", "to-order": "order", layer: "layer", size: "size" };

/** The address's fragment, name by name (the first of a name given twice): each value
 * percent-decoded, a `+` kept a plus (URLSearchParams would read it as a space). A name the
 * page does not read and a value whose percent-encoding is broken are named in `bad`. */
function fragment(bad) {
  const h = new Map();
  const names = [...Object.keys(STATE), "all"];
  const unknown = [];
  for (const part of location.hash.slice(1).split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const [k, raw] = eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
    if (!names.includes(k)) {
      const like = names.find((n) => n === k.toLowerCase());
      unknown.push(`${part}: unknown name${like ? ` (names are lowercase: ${like})` : ""}`);
      continue;
    }
    try {
      if (!h.has(k)) h.set(k, decodeURIComponent(raw));
    } catch {
      bad.push(`${part}: broken percent-encoding (a % is two hex digits of a UTF-8 byte)`);
    }
  }
  if (unknown.length) bad.push(`${unknown.join("; ")} (the page reads ${names.join(", ")})`);
  return h;
}

/** Sets the controls from the address; a value that does not read is named in the address
 * note (#address), with the command line's message, and its control keeps its default. */
function loadHash() {
  const bad = [];
  const h = fragment(bad);
  delete $("size").dataset.auto;
  for (const [k, id] of Object.entries(STATE)) {
    const el = $(id);
    // An empty value is no value: the box shows the example, not a board that does not read.
    const given = k === "v" && h.get(k) === "" ? null : h.get(k) ?? null;
    el.value = given ?? el.dataset.default ?? "";
    if (id === "size" && given) {
      const a = ask({ cmd: "canonical", kind: "size", name: given });
      if (a.error) {
        el.value = "";
        bad.push(`${k}=${given}: ${a.error}`);
      }
    }
    if (el.tagName === "SELECT" && el.selectedIndex < 0) {
      const a = KIND[id] ? ask({ cmd: "canonical", kind: KIND[id], name: given }) : { error: "expected " + [...el.options].map((o) => o.value || "(empty)").join(", ") };
      el.value = a.error ? "" : a.name;
      if (el.selectedIndex < 0 || a.error) {
        el.value = el.dataset.default ?? "";
        bad.push(`${k}=${given}: ${a.error ?? "not one the page lists"}`);
      }
    }
  }
  const all = h.get("all") ?? null;
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
  option($("layer"), "", "none");
  for (const l of registry.layers) option($("layer"), l, l);
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

/** Reads the text box and draws everything it gives; the address written HASH_DELAY later. */
function update() {
  const a = ask(Object.assign({ cmd: "view" }, settings()));
  saveHash(true);
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
  fitNumbers(a);
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
  const numbers = $("numbers").value !== "";
  box.replaceChildren(...a.boards.map((b) => drawBoard(a, b, b.numbering === $("order").value, numbers)));
  const again = focused !== undefined && box.querySelector(`.board.main [data-square="${focused}"]`);
  if (again) again.focus();
}

/** One grid: files and ranks labelled, rank 1 at the bottom; the main grid's squares toggle. */
function drawBoard(a, b, main, numbers) {
  const fig = document.createElement("figure");
  fig.className = "board" + (main ? " main" : "");
  const cap = document.createElement("figcaption");
  if (main) {
    cap.textContent = `${b.numbering}: ${b.formula}`;
    cap.tabIndex = -1;
  } else {
    const read = document.createElement("button");
    read.type = "button";
    read.textContent = `read as ${b.numbering}`;
    read.title = b.formula;
    read.className = "read-as";
    // The button is redrawn away: the focus goes to the new main grid's caption.
    read.addEventListener("click", () => {
      $("order").value = b.numbering;
      update();
      const cap = $("boards").querySelector(".board.main figcaption");
      if (cap) cap.focus();
    });
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
  if (numbers) grid.classList.add("numbered");
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
  // A rank a row (role="row" on the main grid, laid out as if not there: display: contents).
  const html = [];
  const row = main ? '<div class="row" role="row">' : '<div class="row">';
  const rankEvery = every(a.height);
  for (let r = a.height - 1; r >= 0; r--) {
    html.push(row, label(shown(a.ranks, r, rankEvery), main && "rowheader"));
    for (let f = 0; f < a.width; f++) html.push(square(a, b, r * a.width + f, main, numbers));
    html.push("</div>");
  }
  html.push(row, label("", main && "columnheader"));
  const fileEvery = every(a.width);
  for (let f = 0; f < a.width; f++) html.push(label(shown(a.files, f, fileEvery), main && "columnheader"));
  html.push("</div>");
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

/** The widest digit's share of a monospace font's size, and the smallest font a square's
 * number or piece is legible in (pixels). */
const DIGIT = 0.62;
const LEGIBLE = 6.5;

/** Sizes the squares' numbers to their squares (measured on the main grid): the number in
 * the top corner, in a font its digits fit across, the piece below it; hidden, saying so, on
 * squares too small for both. */
function fitNumbers(a) {
  const box = $("boards");
  const note = $("numbers-note");
  box.style.removeProperty("--num");
  box.style.removeProperty("--piece");
  box.classList.remove("no-numbers");
  note.hidden = true;
  const sq = box.querySelector(".board.main .grid.numbered .sq");
  if (!sq) return;
  // The smallest square of the grids side by side (up to 16x16 they differ in width; a bigger
  // board's grids are as wide as the main one, and laid out only when scrolled to).
  const big = a.width > 16 || a.height > 16;
  const squares = big ? [sq] : [...box.querySelectorAll(".grid.numbered")].map((g) => g.querySelector(".sq")).filter(Boolean);
  const rects = squares.map((e) => e.getBoundingClientRect());
  const r = { width: Math.min(...rects.map((x) => x.width)), height: Math.min(...rects.map((x) => x.height)) };
  const digits = String(Math.max(...a.boards.map((b) => Math.max(0, ...(b.indices ?? []).filter((i) => i !== null))))).length;
  const num = Math.min(9.6, (r.width - 3) / (digits * DIGIT));
  const piece = Math.min(parseFloat(getComputedStyle(sq).fontSize), r.height - num * 1.15 - 1);
  if (num < LEGIBLE || piece < LEGIBLE) {
    box.classList.add("no-numbers");
    const need = Math.ceil(digits * DIGIT * LEGIBLE + 3);
    note.textContent = `The squares' numbers are hidden: a square is ${Math.floor(r.width)} pixels wide, and ${digits}-digit numbers with a piece under them need about ${need}.`;
    note.hidden = false;
    return;
  }
  box.style.setProperty("--num", `${num.toFixed(1)}px`);
  box.style.setProperty("--piece", `${piece.toFixed(1)}px`);
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

function label(text, role) {
  return `<span class="label"${role ? ` role="${role}"` : ""}>${esc(text)}</span>`;
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
  // The bit as the command line counts it (from 0), and the label shown when it differs.
  const one = $("numbers").value === "1" ? 1 : 0;
  const bit = idx === null ? "" : `, bit ${idx - one}${numbers && one ? `, labelled ${idx}` : ""}`;
  const said = `${a.names[i]}${bit}, ${c === "." ? "empty" : c}`;
  const stop = i === Math.min(cursor, a.width * a.height - 1) ? 0 : -1;
  return `<button type="button" role="gridcell" class="sq${side}${shade}" data-square="${i}" tabindex="${stop}" aria-label="${esc(said)}">${piece}${number}</button>`;
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

/** Shows a changed board (a toggle's, an operation's). A size the page sets itself is
 * marked so (data-auto) and cleared when a new text is typed; one the user typed stays. */
function changed(a) {
  if (a.error) {
    say(a.error, true);
    return;
  }
  $("text").value = a.text;
  if (a.size) {
    $("size").value = a.size;
    $("size").dataset.auto = "1";
  }
  if (a.from) $("from").value = a.from;
  update();
  if (a.note && !$("message").classList.contains("error")) say(`${a.note}; ${$("message").textContent}`);
}

/** The board's numbers: a row a form (hex, dec, signed, bin), a column a side. */
function drawNumbers(a) {
  const row = (cells, head) => {
    const tr = document.createElement("tr");
    cells.forEach((v, k) => {
      const td = document.createElement(head || k === 0 ? "th" : "td");
      if (v.length > 200 && !head && k) {
        // A long value scrolls in a box of its own, reached by the keyboard.
        const box = document.createElement("div");
        Object.assign(box, { className: "long", tabIndex: 0, textContent: v });
        box.setAttribute("aria-label", `${cells[0]}, ${v.length} characters`);
        td.append(box);
      } else td.textContent = v;
      tr.append(td);
    });
    return tr;
  };
  const t = $("numbers-table");
  t.tHead.replaceChildren(...(a.numbers.length > 1 ? [row(["", ...a.numbers.map((n) => n.label)], true)] : []));
  t.tBodies[0].replaceChildren(...a.numbers[0].values.map(([form], k) => row([form, ...a.numbers.map((n) => n.values[k][1])])));
  const out = $("output");
  // The output whole (the cap is for messages), scrolling in its box.
  out.textContent = a.output ?? capped(a.output_error);
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

/** Applies the operation; its message is shown by the Apply button too (#op-status: on a
 * phone the message atop the page is off the screen). */
function apply() {
  changed(ask(Object.assign(settings(), {
    cmd: "apply", op: $("op").value, arg: $("op-arg").value, n: $("op-n").value, b: $("operand").value,
  })));
  const status = $("op-status");
  const bad = $("message").classList.contains("error");
  status.textContent = bad ? $("message").textContent : `applied ${$("op").value}: ${$("message").textContent}`;
  status.classList.toggle("error", bad);
}

/** The width of the answer box's text in characters (its padding left out), for the
 * grids laid side by side. */
function columns() {
  const box = $("answer");
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(10);
  box.append(probe);
  const w = probe.getBoundingClientRect().width / 10 || 8;
  probe.remove();
  const style = getComputedStyle(box);
  const inner = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.max(20, Math.floor(inner / w));
}

function answer(request) {
  const el = $("answer");
  el.dataset.width = columns();
  const a = ask(Object.assign(settings(), { width: Number(el.dataset.width) }, request));
  el.classList.toggle("error", !!a.error);
  el.textContent = a.error ?? [...(a.bad ?? []), a.text].join("\n");
}

function bind() {
  $("text").addEventListener("input", () => {
    // A size the page set (a toggle's write-back) is the last board's: a new text drops it.
    if ($("size").dataset.auto) {
      $("size").value = "";
      delete $("size").dataset.auto;
    }
    $("op-status").textContent = "";  // the last operation's, not this text's
    update();
  });
  for (const id of ["text", "size"]) $(id).addEventListener("blur", flushHash);
  window.addEventListener("pagehide", flushHash);
  $("size").addEventListener("input", () => delete $("size").dataset.auto);
  $("text").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); update(); }
  });
  $("size").addEventListener("input", () => update());
  for (const id of ["from", "order", "numbers", "to", "to-order", "layer", "all"]) $(id).addEventListener("change", () => update());
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
}).catch((e) => say(location.protocol === "file:"
  ? "The page is opened as a file (file://), from which the browser does not load its WebAssembly module: serve the folder, python3 -m http.server -d web 8000, and open http://localhost:8000/"
  : `The WebAssembly module did not load (${e.message}): build it with bash web/build.sh`, true));

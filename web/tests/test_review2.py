"""The second hostile review's findings, each as a person meets it on the page; each answer
compared with the bbconv binary's where it has one."""

import subprocess
from urllib.parse import quote, unquote

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import WEB, chrome
from test_page import answer, cli, el, main_squares, open_page, set_names, type_value
from test_review import paste


def focused_square(browser):
    return browser.execute_script("return document.activeElement.dataset.square")


def tab_stops(browser):
    return [c.get_attribute("data-square") for c in
            browser.find_elements(By.CSS_SELECTOR, '.board.main [tabindex="0"]')]


def test_the_grid_keeps_its_tab_stop_on_the_square_toggled(browser, server):
    open_page(browser, server, "v=0x0")
    square = browser.find_element(By.CSS_SELECTOR, '.board.main [data-square="0"]')
    square.send_keys(Keys.ARROW_UP, Keys.ARROW_RIGHT, Keys.ENTER)  # b2, toggled: the grid redrawn
    assert focused_square(browser) == "9"
    assert tab_stops(browser) == ["9"]
    assert set_names(browser) == "b2"


def test_home_end_page_up_page_down_on_the_grid(browser, server):
    open_page(browser, server, "v=0x0&s=5x3")
    square = browser.find_element(By.CSS_SELECTOR, '.board.main [data-square="6"]')  # b2
    square.send_keys(Keys.END)
    assert focused_square(browser) == "9"  # e2
    browser.switch_to.active_element.send_keys(Keys.HOME)
    assert focused_square(browser) == "5"  # a2
    browser.switch_to.active_element.send_keys(Keys.PAGE_UP)
    assert focused_square(browser) == "10"  # a3
    browser.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    assert focused_square(browser) == "0"  # a1
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT, Keys.ARROW_DOWN)
    assert focused_square(browser) == "0"  # the edge holds
    assert tab_stops(browser) == ["0"]


def test_an_address_with_settings_and_no_value_shows_the_example(browser, server, bbconv):
    open_page(browser, server, "o=berlef&s=8x8")
    assert el(browser, "text").get_attribute("value") == "0x70507"
    assert "error" not in el(browser, "message").get_attribute("class")
    cli = bbconv("convert", "--order", "berlef", "-t", "squares", "0x70507").stdout.split()
    assert sorted(set_names(browser).split()) == sorted(cli)


def test_an_empty_value_in_the_address_shows_the_example(browser, server):
    open_page(browser, server, "v=&o=lerf")
    assert el(browser, "text").get_attribute("value") == "0x70507"
    assert "error" not in el(browser, "message").get_attribute("class")


def test_explain_with_an_expected_fen(browser, server, bbconv):
    open_page(browser, server, "v=0x1000000000000000")
    el(browser, "expect").send_keys("8/8/8/8/8/8/8/4K3")
    el(browser, "expect-side").send_keys("K", Keys.ENTER)
    got, width = answer(browser)
    assert got == bbconv("explain", "0x1000000000000000", "--side", "K", "--expect-fen",
                         "8/8/8/8/8/8/8/4K3", columns=width).stdout


def _boxes(browser, css):
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(e => e.textContent)"
        ".map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })", css)


def _overlap(a, b):
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_a_big_boards_labels_do_not_overlap_nor_does_it_cover_its_numbers(browser, server):
    for size in ("64x64", "64x1", "1x64", "19x19"):
        open_page(browser, server, f"v=0x1&s={size}")
        labels = _boxes(browser, ".board.main .label")
        assert not [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:] if _overlap(a, b)], size
        grid = browser.execute_script(
            "const r = document.querySelector('.board.main').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];")
        table = browser.execute_script(
            "const r = document.getElementById('numbers-table').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];")
        assert not _overlap(grid, table), (size, grid, table)
        # Square squares, at most 40rem (640px) tall together.
        sq = browser.execute_script(
            "const r = document.querySelector('.board.main .sq').getBoundingClientRect(); return [r.width, r.height];")
        assert abs(sq[0] - sq[1]) < 1.5, (size, sq)
        height = int(size.split("x")[1]) * sq[1]
        assert height <= 660 or sq[1] <= 10.5, (size, sq)


# The second review's findings, numbered as it numbers them.

def _text(browser):
    return el(browser, "text").get_attribute("value")


def _apply(browser, op, b=None):
    Select(el(browser, "op")).select_by_value(op)
    if b is not None:
        el(browser, "operand").clear()
        el(browser, "operand").send_keys(b)
    el(browser, "apply").click()


def _square(browser, i):
    return browser.find_element(By.CSS_SELECTOR, f'.board.main [data-square="{i}"]')


def _wait(browser, predicate, timeout=3):
    WebDriverWait(browser, timeout).until(lambda d: predicate())


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_r2_1_a_layers_set_operation_is_one_bitboard_in_hex(browser, server, bbconv):
    open_page(browser, server, "v=0xff%200xff00&l=second")
    _apply(browser, "and", "0xf0f0")
    assert _text(browser) == cli(bbconv, "op", "and", "--layer", "second", "0xff 0xff00", "0xf0f0")
    assert "one bitboard (layer second), written in hex" in el(browser, "message").text
    open_page(browser, server, "v=" + quote(START) + "&l=first")
    _apply(browser, "not")
    assert _text(browser) == cli(bbconv, "op", "not", "--layer", "first", START)
    assert "error" not in el(browser, "message").get_attribute("class")


def test_r2_2_the_output_form_is_shown_whole(browser, server, bbconv):
    for state, args in (("v=0x1&s=32x32&t=trits", ("-s", "32x32", "-t", "trits")),
                        ("v=0x1&s=64x64", ("-s", "64x64", "-t", "hex"))):
        open_page(browser, server, state)
        want = cli(bbconv, "convert", *args, "0x1")
        assert len(want) > 600
        assert el(browser, "output").get_attribute("textContent") == want, state


def test_r2_3_a_pdn_boards_dark_squares_toggle_through_its_pieces(browser, server, bbconv):
    open_page(browser, server, "v=W%3AW31%2C32%3AB1%2C2")
    for want in ("M", "m", "K", "k", ""):
        _square(browser, 0).click()  # a1, square 29
        assert "error" not in el(browser, "message").get_attribute("class"), el(browser, "message").text
        assert main_squares(browser)[0] == want
        text = _text(browser)
        assert cli(bbconv, "convert", "-f", "pdn", "-t", "pdn", text) == text
    assert main_squares(browser)[57] == "m"  # b8, square 1: Black's man
    _square(browser, 57).click()
    assert main_squares(browser)[57] == "K" and "error" not in el(browser, "message").get_attribute("class")
    assert cli(bbconv, "convert", "-f", "pdn", "-t", "pdn", _text(browser)) == _text(browser)
    before = _text(browser)
    _square(browser, 8).click()  # a2: a light square
    assert _text(browser) == before
    assert "light square" in el(browser, "message").text


def test_r2_4_typing_fast_writes_the_address_once_it_settles(browser, server):
    open_page(browser, server, "v=0x0")
    browser.get_log("browser")
    box = el(browser, "text")
    box.clear()
    typed = "a1 " * 80
    box.send_keys(typed)
    logs = [e for e in browser.get_log("browser") if e["level"] in ("WARNING", "SEVERE")]
    assert not logs, logs
    _wait(browser, lambda: unquote((browser.current_url + "#v=").split("#v=")[1].split("&")[0]) == typed)


def test_r2_5_a_bad_size_in_the_address_is_named_and_keeps_the_default(browser, server, bbconv):
    for size in ("abc", "0x0", "-1x8"):
        open_page(browser, server, f"v=0x1&s={size}")
        note = el(browser, "address").text
        err = bbconv("show", f"--size={size}", "0x1").stderr.splitlines()[0]
        said = note.split(f"s={size}: ")[1].split(";")[0]
        assert said and said in err, (note, err)
        assert el(browser, "size").get_attribute("value") == ""
        assert len(main_squares(browser)) == 64


def test_r2_6_an_operations_message_shows_by_its_button_on_a_phone(server):
    d = chrome(375, 700)
    try:
        open_page(d, server, "v=0x1")
        Select(el(d, "op")).select_by_value("and")
        el(d, "operand").send_keys("8/8", Keys.ENTER)
        status = el(d, "op-status")
        assert "error" in status.get_attribute("class")
        assert status.text == el(d, "message").text and "board 2" in status.text
        top, bottom = d.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom];", status)
        assert 0 <= top and bottom <= d.execute_script("return window.innerHeight")
    finally:
        d.quit()


def test_r2_7_files_past_z_are_named_as_the_command_line_names_them(browser, server, bbconv):
    open_page(browser, server, "v=0x1000000000000&s=65x1")
    label = _square(browser, 48).get_attribute("aria-label")
    name = cli(bbconv, "convert", "-s", "65x1", "-t", "squares", "0x1000000000000")
    assert name == "(48,0)" and label.startswith(name + ", bit 48")
    files = browser.execute_script(
        "const l = [...document.querySelectorAll('.board.main .label')]; return l.slice(-65).map(e => e.textContent);")
    for f, text in enumerate(files):
        if text and f >= 26:
            sq = cli(bbconv, "convert", "-s", "65x1", "-t", "squares", hex(1 << f))
            assert sq == f"({text},0)", (f, text, sq)


def test_r2_8_the_grid_is_valid_aria_and_says_the_bit_from_0(browser, server):
    open_page(browser, server, "v=0x1&n=1")
    label = _square(browser, 0).get_attribute("aria-label")
    assert label.startswith("a1, bit 0,") and "labelled 1" in label, label
    roles = browser.execute_script("""
        const g = document.querySelector('.board.main [role=grid]');
        return [...g.children].map(r => [r.getAttribute('role'), [...r.children].map(c => c.getAttribute('role'))]);""")
    assert roles and all(r == "row" for r, _ in roles)
    assert all(c in ("gridcell", "rowheader", "columnheader") for _, cells in roles for c in cells)
    assert _square(browser, 0).aria_role == "gridcell"


def test_r2_9_reading_as_another_order_keeps_the_focus(browser, server):
    open_page(browser, server, "v=0x1&all=1")
    browser.find_element(By.XPATH, "//button[text()='read as berlef']").send_keys(Keys.ENTER)
    assert Select(el(browser, "order")).first_selected_option.get_attribute("value") == "berlef"
    inside = browser.execute_script(
        "const a = document.activeElement; return [a.tagName, !!a.closest('.board.main')];")
    assert inside == ["FIGCAPTION", True], inside


def test_r2_10_a_size_the_page_set_gives_way_to_a_new_text(browser, server):
    open_page(browser, server, "v=X.%0A.O")
    _square(browser, 0).click()
    assert el(browser, "size").get_attribute("value") == "2x2"
    type_value(browser, "0x70507")
    assert "error" not in el(browser, "message").get_attribute("class"), el(browser, "message").text
    assert el(browser, "size").get_attribute("value") == ""
    # A size typed stays.
    el(browser, "size").send_keys("4x4")
    type_value(browser, "0x1")
    assert el(browser, "size").get_attribute("value") == "4x4"
    assert len(main_squares(browser)) == 16


def _number_fits(d):
    """Each number shown on the main grid: its digits not clipped, not over its square's piece."""
    return d.execute_script("""
        const bad = [];
        for (const sq of document.querySelectorAll('.board.main .sq')) {
          const n = sq.querySelector('small');
          if (!n || getComputedStyle(n).display === 'none') continue;
          if (n.scrollWidth > n.clientWidth + 0.5 || n.getBoundingClientRect().right > sq.getBoundingClientRect().right + 0.5)
            bad.push(['clipped', sq.dataset.square]);
          const t = [...sq.childNodes].find(c => c.nodeType === 3);
          if (t) {
            const range = document.createRange(); range.selectNodeContents(t);
            const a = range.getBoundingClientRect(), b = n.getBoundingClientRect();
            if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
              bad.push(['covers', sq.dataset.square]);
          }
        }
        return bad;""")


def test_r2_11_numbers_are_legible_or_hidden_and_nothing_is_wider_than_a_phone(server):
    d = chrome(375, 800)
    try:
        for size in ("19x19", "64x64", "8x8", "64x1", "1x64", "4096x1", "1x4096"):
            open_page(d, server, f"v=0x1%200x2&s={size}&n=1")
            assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), size
            assert not _number_fits(d), size
            hidden = el(d, "numbers-note").is_displayed()
            shown = d.execute_script(
                "return [...document.querySelectorAll('.board.main .sq small')].filter(n => getComputedStyle(n).display !== 'none').length")
            assert hidden != bool(shown), size
            if size in ("19x19", "8x8"):
                assert not hidden, size
    finally:
        d.quit()


def test_r2_12_a_binary_forms_message_says_where_as_the_command_line(browser, server, bbconv):
    data = "0d1b012700000000000000000000"
    open_page(browser, server)
    Select(el(browser, "from")).select_by_value("packed-bin")
    type_value(browser, data)
    r = subprocess.run([bbconv.path, "convert", "-f", "packed-bin", "-t", "hex", "--layer", "first"],
                       input=bytes.fromhex(data), capture_output=True)
    line = [l for l in r.stderr.decode().splitlines() if "record 2" in l][0]
    said = line.split("-: ", 1)[1]
    assert el(browser, "message").text.startswith(said), (el(browser, "message").text, said)
    paste(browser, "0x" + "1" * 1_100_000)
    assert "longer than the page's limit of 1048576 bytes" in el(browser, "message").text


def test_r2_13_opened_as_a_file_it_says_to_serve_the_folder(browser):
    browser.get("about:blank")
    browser.get((WEB / "index.html").as_uri())
    _wait(browser, lambda: "Loading" not in el(browser, "message").text, 10)
    message = el(browser, "message").text
    assert "python3 -m http.server -d web" in message and "build.sh" not in message, message


def test_r2_14_the_debuggers_answer_fits_a_phone(server, bbconv):
    d = chrome(375, 800)
    try:
        open_page(d, server, "v=0x1000000000000000")
        el(d, "expect").send_keys("e1", Keys.ENTER)
        got, width = answer(d)
        assert got == bbconv("explain", "0x1000000000000000", "--expect", "e1", columns=width).stdout
        assert d.execute_script("const a = document.getElementById('answer'); return a.scrollWidth <= a.clientWidth")
        el(d, "samples").send_keys("0x1000000000000000|e1", Keys.ENTER, "0x1|a8")
        el(d, "infer").click()
        assert d.execute_script("const a = document.getElementById('answer'); return a.scrollWidth <= a.clientWidth")
        assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        d.quit()


def test_r2_15_the_layers_come_from_the_module(browser, server):
    open_page(browser, server)
    layers = [o.get_attribute("value") for o in Select(el(browser, "layer")).options]
    assert layers == ["", "first", "second", "occupied"]
    assert 'value="first"' not in (WEB / "index.html").read_text()


def test_r2_16_the_address_names_what_it_does_not_read_and_keeps_a_plus(browser, server):
    open_page(browser, server, "zzz=3&V=0x5&v=0x1")
    note = el(browser, "address").text
    assert "zzz=3" in note and "V=0x5" in note, note
    open_page(browser, server, "v=%E0%A4%A&o=berlef")
    note = el(browser, "address").text
    assert "v=%E0%A4%A" in note and "percent-encoding" in note, note
    browser.get("about:blank")
    browser.get(server + "#v=a1+b2")
    _wait(browser, lambda: _text(browser) == "a1+b2")
    open_page(browser, server, "v=0x1")
    type_value(browser, "+5 a b")
    el(browser, "size").click()  # the box's blur writes the address
    assert "v=%2B5%20a%20b" in browser.current_url
    browser.get("about:blank")
    browser.get(server + "#v=%2B5%20a%20b")
    _wait(browser, lambda: _text(browser) == "+5 a b")


def test_r2_big_one_rank_boards_redraw_in_every_order(browser, server):
    for size in ("4096x1", "1x4096"):
        open_page(browser, server, f"v=0x1&s={size}&all=1")
        ms = browser.execute_script("""
            const t = performance.now();
            document.querySelector('.board.main [data-square="1"]').click();
            return performance.now() - t;""")
        print(size, f"{ms:.0f} ms a redraw")
        assert len(browser.find_elements(By.CSS_SELECTOR, ".board")) == 12


def test_r2_11_numbers_fit_every_grid_side_by_side(browser, server):
    """With every order side by side (a desktop), the grids beside the main one are narrower:
    their numbers fit too."""
    for size in ("8x8", "16x16", "19x19"):
        open_page(browser, server, f"v=0x1&s={size}&all=1&n=1")
        clipped = browser.execute_script("""
            for (const b of document.querySelectorAll('.board')) b.style.contentVisibility = 'visible';
            const bad = [];
            for (const sq of document.querySelectorAll('.board .sq')) {
              const n = sq.querySelector('small');
              if (!n || getComputedStyle(n).display === 'none') continue;
              if (n.getBoundingClientRect().right > sq.getBoundingClientRect().right + 0.5)
                bad.push(sq.closest('.board').querySelector('figcaption').textContent);
            }
            return [...new Set(bad)];""")
        assert not clipped, (size, clipped)

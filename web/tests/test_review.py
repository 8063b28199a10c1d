"""The hostile review's findings, each as a person meets it on the page (web/tests/test_page.py's
helpers); each answer compared with the bbconv binary's where it has one."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import chrome
from test_page import answer, cli, el, main_squares, numbers, open_page, set_names, type_value


def click(browser, square):
    browser.find_element(By.CSS_SELECTOR, f'.board.main [data-square="{square}"]').click()


def paste(browser, value):
    """The text box set as a paste sets it (a typed newline is Enter, which reads the box)."""
    browser.execute_script(
        "const t = document.getElementById('text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", value)


def text(browser):
    return el(browser, "text").get_attribute("value")


def test_1_diff_reads_under_the_pages_order(browser, server, bbconv):
    open_page(browser, server, "v=0xff&o=berlef")
    el(browser, "diff-b").send_keys("0xff00", Keys.ENTER)
    got, width = answer(browser)
    assert got == bbconv("diff", "--order", "berlef", "0xff", "0xff00", columns=width).stdout


def test_1_explain_reads_under_the_pages_size(browser, server, bbconv):
    open_page(browser, server, "v=0x1&s=4x4")
    el(browser, "expect").send_keys("a1")
    el(browser, "explain").click()
    got, width = answer(browser)
    assert got == bbconv("explain", "-s", "4x4", "0x1", "--expect", "a1", columns=width).stdout


def test_2_a_pasted_board_clicked_keeps_its_pieces(browser, server, bbconv):
    board = "r n b q k b n r\np p p p p p p p\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\nP P P P P P P P\nR N B Q K B N R"
    open_page(browser, server)
    paste(browser, board)
    assert el(browser, "message").text.startswith("read as paste (a position)")
    click(browser, 8)  # a2's pawn
    after = text(browser)
    assert not after.startswith("0x"), after
    squares = main_squares(browser)
    assert squares[4] == "K" and squares[60] == "k" and squares[8] not in ("", "P")  # the next letter


def test_2_pdn_kings_survive_a_shift(browser, server, bbconv):
    open_page(browser, server, "v=W%3AWK31%2C32%3ABK1%2C2")
    Select(el(browser, "op")).select_by_value("shift")
    Select(el(browser, "op-arg")).select_by_value("north")
    el(browser, "apply").click()
    assert text(browser) == cli(bbconv, "op", "shift", "north", "1", "-t", "fen", "W:WK31,32:BK1,2")
    assert "error" not in el(browser, "message").get_attribute("class")


def test_3_a_ten_by_ten_pdn_keeps_its_size(browser, server):
    open_page(browser, server, "v=W%3AW31-50%3AB1-20")
    assert len(main_squares(browser)) == 100
    Select(el(browser, "op")).select_by_value("shift")
    Select(el(browser, "op-arg")).select_by_value("north")
    el(browser, "op-n").clear()
    el(browser, "op-n").send_keys("8")
    el(browser, "apply").click()
    assert len(main_squares(browser)) == 100
    assert el(browser, "size").get_attribute("value") == "10x10"


def test_4_draughts_light_squares_say_the_command_lines_error(browser, server, bbconv):
    open_page(browser, server, "v=0x0&o=draughts")
    click(browser, 7)  # h1, a light square
    assert text(browser) == "0x0"
    assert "no number in the draughts layout" in el(browser, "message").text
    type_value(browser, "0x70507")
    Select(el(browser, "op")).select_by_value("shift")
    Select(el(browser, "op-arg")).select_by_value("north")
    el(browser, "apply").click()
    assert text(browser) == "0x70507"
    err = bbconv("op", "shift", "north", "1", "--order", "draughts", "0x70507").stderr.strip()
    assert err.endswith(el(browser, "message").text), (err, el(browser, "message").text)


def test_5_numbers_label_squares_and_do_not_change_the_reading(browser, server, bbconv):
    open_page(browser, server, "v=1%202%203&n=1")
    assert set_names(browser) == cli(bbconv, "convert", "-t", "squares", "1 2 3")
    assert main_squares(browser)[0].endswith("1")  # a1 labelled 1


def test_6_an_emptied_board_reads_back(browser, server):
    # An SGF's stone turns black, white, empty: the third click empties the board.
    for state, square, clicks in (("v=e4", 28, 1), ("v=SZ%5B9%5DAB%5Baa%5D", 72, 2)):
        open_page(browser, server, state)
        for _ in range(clicks):
            click(browser, square)
        assert "error" not in el(browser, "message").get_attribute("class"), el(browser, "message").text
        assert set_names(browser) == "-"


def test_7_a_bad_text_marks_the_results_stale(browser, server):
    open_page(browser, server, "v=0x70507")
    assert not el(browser, "stale").is_displayed()
    type_value(browser, "0xzz")
    assert el(browser, "stale").is_displayed()
    assert "stale" in el(browser, "boards").get_attribute("class")
    assert "stale" in el(browser, "values").get_attribute("class")
    type_value(browser, "0x1")
    assert not el(browser, "stale").is_displayed()
    assert "stale" not in el(browser, "boards").get_attribute("class")


def test_8_address_values_read_as_the_command_line_or_are_named(browser, server, bbconv):
    open_page(browser, server, "v=0x1&o=BERLEF&f=integer&t=pretty")
    assert Select(el(browser, "order")).first_selected_option.get_attribute("value") == "berlef"
    assert Select(el(browser, "from")).first_selected_option.get_attribute("value") == "int"
    assert Select(el(browser, "to")).first_selected_option.get_attribute("value") == "grid"
    assert set_names(browser) == "a8"
    assert not el(browser, "address").is_displayed()
    open_page(browser, server, "v=0x1&o=nonsense&n=2")
    note = el(browser, "address").text
    assert "o=nonsense" in note and "n=2" in note, note


def test_9_a_long_error_wraps(server):
    for width, n in ((390, 200), (1280, 100_000)):
        d = chrome(width)
        try:
            open_page(d, server)
            paste(d, "0x" + "f" * n)
            assert "error" in el(d, "message").get_attribute("class")
            assert d.execute_script("return document.documentElement.scrollWidth") <= width
        finally:
            d.quit()


def test_10_a_layer_writes_a_pair_as_one_bitboard(browser, server, bbconv):
    open_page(browser, server, "v=0xff%200xff00")
    Select(el(browser, "layer")).select_by_value("second")
    assert el(browser, "output").text == cli(bbconv, "convert", "--layer", "second", "-t", "hex", "0xff 0xff00")
    WebDriverWait(browser, 3).until(lambda d: "l=second" in d.current_url)


def _luminance(rgb):
    def lin(x):
        x /= 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _rgb(css):
    return tuple(int(float(v)) for v in css[css.index("(") + 1:css.index(")")].split(",")[:3])


def test_12_dark_mode_contrast(server):
    d = chrome()
    try:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        open_page(d, server, "v=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR%20w%20KQkq%20-%200%201&n=0")
        style = "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor];"
        sq = lambda i: d.find_element(By.CSS_SELECTOR, f'.board.main [data-square="{i}"]')
        for i in (56, 57):  # a8 (light) and b8 (dark): black pieces
            color, bg = d.execute_script(style, sq(i))
            assert _contrast(_rgb(color), _rgb(bg)) >= 4.5, (i, color, bg)
        for i in (20, 21):  # e3, f3: empty squares of both colours, their numbers
            label = sq(i).find_element(By.TAG_NAME, "small")
            color = d.execute_script("return getComputedStyle(arguments[0]).color", label)
            bg = d.execute_script(style, sq(i))[1]
            assert _contrast(_rgb(color), _rgb(bg)) >= 4.5, (i, color, bg)
        white, black = d.execute_script(style, sq(4))[0], d.execute_script(style, sq(60))[0]
        assert white != black  # K and k differ in colour, not in case alone
    finally:
        d.quit()


def test_11_binary_output_reads_back(browser, server, bbconv):
    open_page(browser, server, "v=0x70507%200xff00000000000000&t=packed-bin")
    hexed = el(browser, "output").text
    Select(el(browser, "from")).select_by_value("packed-bin")
    paste(browser, hexed)
    assert el(browser, "message").text.startswith("read as packed-bin"), el(browser, "message").text
    assert set_names(browser) == cli(bbconv, "convert", "-t", "squares", "--layer", "occupied", "0x70507 0xff00000000000000")

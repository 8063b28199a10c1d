"""The third hostile review's findings (the second review's second round), each as a person
meets it on the page; each answer compared with the bbconv binary's where it has one."""

from urllib.parse import unquote

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import chrome
from test_page import answer, el, open_page, set_names
from test_review2 import _text, _wait


def _warnings(browser):
    return [e for e in browser.get_log("browser") if e["level"] in ("WARNING", "SEVERE")]


def _address_value(browser):
    return unquote(browser.current_url.split("#v=")[1].split("&")[0])


def test_r3_1_an_unpaired_surrogate_reads_as_a_replacement_character(browser, server, bbconv):
    open_page(browser, server, "v=0x1")
    browser.get_log("browser")
    browser.execute_script(
        "const t = document.getElementById('text'); t.value = '0x5\\uD800';"
        "t.dispatchEvent(new Event('input'))")
    message = el(browser, "message").text
    err = bbconv("show", "0x5\ufffd").stderr.splitlines()[0]
    assert "error" in el(browser, "message").get_attribute("class")
    assert message and err.endswith(message), (message, err)
    _wait(browser, lambda: _address_value(browser) == "0x5\ufffd")
    assert not _warnings(browser)


def test_r3_2_toggling_and_applying_fast_write_the_address_once_it_settles(browser, server):
    open_page(browser, server, "v=0x0")
    browser.get_log("browser")
    browser.execute_script(
        "for (let k = 0; k < 241; k++)"
        " document.querySelector('.board.main [data-square=\"0\"]').click()")
    assert _text(browser) == "0x0000000000000001"
    Select(el(browser, "op")).select_by_value("not")
    browser.execute_script("for (let k = 0; k < 241; k++) document.getElementById('apply').click()")
    assert _text(browser) in ("0xfffffffffffffffe", "0x0000000000000001")  # an odd count
    assert not _warnings(browser)
    _wait(browser, lambda: _address_value(browser) == _text(browser))


PACKED = "79 79 70 01 00 1b 00 00 00 d8 f2 f2 50"


def test_r3_3_explain_and_diff_read_a_binary_form_as_hex_bytes(browser, server, bbconv):
    open_page(browser, server, "v=" + PACKED.replace(" ", "%20") + "&f=packed-bin&t=pair")
    fen = el(browser, "output").get_attribute("textContent")
    assert fen.startswith("0x"), fen  # a pair of hex numbers
    el(browser, "explain").click()
    got, width = answer(browser)
    assert got == bbconv("explain", fen, columns=width).stdout
    el(browser, "diff-b").send_keys(PACKED)
    el(browser, "diff").click()
    got, width = answer(browser)
    assert got == bbconv("diff", fen, fen, columns=width).stdout


def test_r3_4_a_tall_board_scrolls_in_its_frame(browser, server):
    open_page(browser, server, "v=1&s=1x4096")
    frame = browser.execute_script(
        "return document.querySelector('.board.main .grid').getBoundingClientRect().height")
    assert frame <= 40 * 16 + 1, frame
    assert browser.execute_script("return document.documentElement.scrollHeight") < 4000


def test_r3_5_the_output_box_is_reached_by_the_keyboard(browser, server):
    open_page(browser, server, "v=0x1&t=bin")
    out = el(browser, "output")
    assert out.get_attribute("tabindex") == "0"
    assert out.get_attribute("aria-label")
    browser.execute_script("arguments[0].focus()", out)
    assert browser.switch_to.active_element == out


def test_r3_7_the_status_by_apply_says_what_was_applied(browser, server):
    open_page(browser, server, "v=0x1")
    Select(el(browser, "op")).select_by_value("not")
    el(browser, "apply").click()
    assert el(browser, "op-status").text == "applied not: " + el(browser, "message").text


def test_r3_8_a_bad_layer_in_the_address_is_worded_like_the_others(browser, server):
    open_page(browser, server, "v=0x1&l=bogus")
    assert "l=bogus: invalid --layer: unknown layer 'bogus'" in el(browser, "address").text


def test_r3_9_numbers_on_white_pieces_have_no_outline(browser, server):
    open_page(browser, server, "v=8/8/8/8/8/8/8/4K3%20w%20-%20-%200%201&n=0")
    shadow = browser.execute_script(
        "return getComputedStyle(document.querySelector('.board.main .sq.white small')).textShadow")
    assert shadow == "none"


def test_r3_10_a_long_number_scrolls_in_its_box_on_a_phone(server):
    d = chrome(390, 800)
    try:
        open_page(d, server, "v=1&s=64x64")
        height = d.execute_script("return document.getElementById('numbers-table').offsetHeight")
        assert height < 800, height
        boxes = d.find_elements(By.CSS_SELECTOR, "#numbers-table .long")
        assert boxes and all(b.get_attribute("tabindex") == "0" for b in boxes)
    finally:
        d.quit()


def test_r3_11_a_toggle_that_changes_the_form_says_why(browser, server, bbconv):
    open_page(browser, server, "v=a1%20b1&s=10x10")
    browser.find_element(By.CSS_SELECTOR, '.board.main [data-square="99"]').click()
    assert _text(browser).startswith("0x")
    assert set_names(browser) == "a1 b1 j10"
    message = el(browser, "message").text
    assert "written in hex" in message and "would not read back" in message, message


def test_r3_6_a_moved_position_clears_castling_and_en_passant(browser, server, bbconv):
    for fields in ("w KQkq - 0 1", "b KQkq e3 0 1"):
        fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR " + fields
        open_page(browser, server, "v=" + fen.replace(" ", "%20"))
        Select(el(browser, "op")).select_by_value("flip")
        Select(el(browser, "op-arg")).select_by_value("vertical")
        el(browser, "apply").click()
        cleared = " ".join([fen.split()[0], fields.split()[0], "-", "-", *fields.split()[3:]])
        want = bbconv("op", "-t", "fen", "flip", "vertical", cleared).stdout.strip()
        assert _text(browser) == want, (fields, _text(browser), want)
        status = el(browser, "op-status").text
        assert status.startswith("applied flip: castling and en passant set to -"), status


def test_r3_12_the_limit_is_said_to_count_the_request(browser, server):
    open_page(browser, server, "v=0x1")
    browser.execute_script(
        "const t = document.getElementById('text'); t.value = '\"'.repeat(600000);"
        "t.dispatchEvent(new Event('input'))")
    message = el(browser, "message").text
    assert "as JSON in UTF-8" in message and "1200" in message.replace(",", ""), message


def test_r3_3_infer_reads_a_binary_forms_samples_as_hex_bytes(browser, server, bbconv):
    open_page(browser, server, "v=" + PACKED.replace(" ", "%20") + "&f=packed-bin&t=pair")
    pair = el(browser, "output").get_attribute("textContent")
    el(browser, "samples").send_keys(PACKED + "|a1 b1")
    el(browser, "infer").click()
    got, _ = answer(browser)
    assert "error" not in el(browser, "answer").get_attribute("class")
    assert got == bbconv("infer", stdin=f"{pair}\ta1 b1\n").stdout

"""The second hostile review's findings, each as a person meets it on the page; each answer
compared with the bbconv binary's where it has one."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_page import answer, el, open_page, set_names


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

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

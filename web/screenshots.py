#!/usr/bin/env python3
"""Screenshots of the page at a phone's width and a desktop's, into docs/web-phone.png and
docs/web-desktop.png (shown in the README). Needs web/bbconv.wasm (bash web/build.sh), Chromium
and chromedriver (Debian's), and Selenium. CI runs it without comparing the bytes.

Usage: python3 web/screenshots.py [OUT_DIR]
"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "tests"))
from browser import ROOT, chrome, served  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# The board of the README's first debugging example, read as BERLEF, its squares numbered.
STATE = "v=0x1000000000000000&o=berlef&n=0"
SHOTS = {"web-phone.png": (390, 1100), "web-desktop.png": (1280, 860)}


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
    with served() as url:
        for name, (width, height) in SHOTS.items():
            d = chrome(width, height)
            try:
                d.get(url + "#" + STATE)
                WebDriverWait(d, 10).until(lambda d: d.execute_script("return window.bbconvFirstGrid"))
                d.find_element("id", "expect").send_keys("e1")
                d.find_element("id", "explain").click()
                d.execute_script("window.scrollTo(0, 0)")
                d.save_screenshot(str(out / name))
                print(out / name)
            finally:
                d.quit()


if __name__ == "__main__":
    main()

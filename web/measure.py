#!/usr/bin/env python3
"""The page's first grid, timed: `performance.now()` when the first grid is drawn, the median of
N warm loads (default 10) in headless Chromium from a local server, against the budget of
150 ms. A benchmark to rerun on a quiet machine, not a test: a timed test flakes on a busy one.
Needs web/bbconv.wasm (bash web/build.sh), Chromium and chromedriver (Debian's), and Selenium.
Exits 1 when the median is over the budget.

Usage: python3 web/measure.py [N]
"""

import statistics
import sys
import pathlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "tests"))
from browser import chrome, served  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

#: The budget of the first grid, in milliseconds (issue 39).
BUDGET_MS = 150
#: The state the page is opened with.
STATE = "v=0x70507"


def first_grid(driver, url):
    """One load's `window.bbconvFirstGrid`, the page's mark at its first grid drawn."""
    driver.get("about:blank")
    driver.get(url + "#" + STATE)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.bbconvFirstGrid"))
    return driver.execute_script("return window.bbconvFirstGrid")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    with served() as url:
        driver = chrome()
        try:
            first_grid(driver, url)  # warms the browser's caches
            times = [first_grid(driver, url) for _ in range(n)]
        finally:
            driver.quit()
    median = statistics.median(times)
    print(f"first grid: median {median:.1f} ms of {n} warm loads (budget {BUDGET_MS} ms): "
          f"{sorted(round(t, 1) for t in times)}")
    sys.exit(0 if median <= BUDGET_MS else 1)


if __name__ == "__main__":
    main()

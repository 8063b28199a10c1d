"""What the browser tests and the screenshot script share: the page served from web/ on a free
local port, and headless Chromium driven by Debian's chromedriver (never a downloaded one)."""

import contextlib
import pathlib
import shutil
import socket
import subprocess
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WEB = pathlib.Path(__file__).resolve().parent.parent
ROOT = WEB.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def chrome(width=1280, height=900):
    """Headless Chromium through /usr/bin/chromedriver (Selenium Manager is never asked)."""
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    opts = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}"):
        opts.add_argument(arg)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        opts.binary_location = binary
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    if width < 500:
        # A window is never narrower than about 500 pixels: a phone's width is emulated.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
    return driver


@contextlib.contextmanager
def served():
    """The page's URL, served from web/ by python3 -m http.server while the block runs."""
    if not (WEB / "bbconv.wasm").exists():
        raise SystemExit("web/bbconv.wasm is missing: build it with bash web/build.sh")
    port = free_port()
    proc = subprocess.Popen(
        ["python3", "-m", "http.server", "-d", str(WEB), "--bind", "127.0.0.1", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)

#!/usr/bin/env python3
"""The Transaction Manager's story in real browsers (scripts/transaction-manager-story runs it).

Against a built `sportstime-store serve` on a temporary state, with Selenium:
- Chromium (headless): the page loads with no console error; a person's clicks buy → advance →
  refund (after a cancelled confirmation that changes nothing) → Ask to Buy on, buy, approve →
  billing issues on, advance to the renewal → resolve → the notifications log, and after each
  the page and `history --json` / `status --json` agree; one action by keyboard alone; a state
  change by the CLI in another process shows within a second without a reload; a request
  replayed from another origin (or without the token) is refused with 403 and changes nothing;
  the server going away shows the "Disconnected" banner; screenshots of the main views.
- The first page load for 100 and for 100,000 transactions: requests, bytes and time until the
  list shows (Navigation and Resource Timing, median of 3 loads); the larger may take no more
  requests and at most 1.5x the bytes and the time.
- Chromium again: every action and setting run by the keyboard alone (focus, Enter; the
  confirmations answered with Tab and Enter), each running its CLI command, none a usage error;
  Tab alone reaches every control of each view.
- WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb): the page loads and "Advance a day" works.
- Firefox ESR: `firefox-esr --headless --screenshot` renders the list (an "active" row badge in
  the PNG's pixels); driven through its own WebDriver BiDi, the page loads with no console error
  and "Advance a day" works.

Every wait is bounded. Exits 1 on the first check that fails, saying which.
"""
import argparse
import json
import os
import pathlib
import shutil
import signal
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

MONTHLY = "com.sportstime.pro.monthly"
ANNUAL = "com.sportstime.pro.annual"
START_DATE = "2026-01-01T00:00:00Z"


class StoryFailure(Exception):
    """A check of the story that did not hold."""


def check(condition, message):
    """Fails the story with `message` unless `condition` holds."""
    if not condition:
        raise StoryFailure(message)


def wait_for(predicate, timeout, what, interval=0.05):
    """Polls `predicate` until it answers something truthy (returned), for at most `timeout` s."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except (WebDriverException, StoryFailure, KeyError, ValueError) as error:
            last_error = error
        time.sleep(interval)
    raise StoryFailure(f"timed out after {timeout}s waiting for {what}" +
                       (f" (last error: {last_error})" if last_error else ""))


def step(text):
    """Prints the story's progress."""
    print(f"  · {text}", flush=True)


# ───────────────────────────── The tool and its server ─────────────────────────────


class Tool:
    """The built `sportstime-store` on one state file."""

    def __init__(self, path, state):
        self.path = path
        self.state = state

    def run(self, *argv, check_status=True, timeout=60):
        """Runs a command on the state; answers its completed process."""
        done = subprocess.run([self.path, *argv, "--state", self.state], capture_output=True,
                              text=True, timeout=timeout)
        if check_status and done.returncode != 0:
            raise StoryFailure(f"`sportstime-store {' '.join(argv)}` exited {done.returncode}: "
                               f"{done.stderr.strip() or done.stdout.strip()}")
        return done

    def json(self, *argv):
        """A read-only command's `--json` answer."""
        return json.loads(self.run(*argv, "--json").stdout)

    def history(self, account=None):
        """`history --json`: {id: transaction} of the account (the purchaser by default)."""
        argv = ["history"] + (["--account", account] if account else [])
        return {entry["transaction"]["id"]: entry["transaction"] for entry in self.json(*argv)}

    def status(self):
        return self.json("status")


class Server:
    """`sportstime-store serve --port 0` on a state, its URL read from its first line."""

    def __init__(self, tool, port=0):
        self.process = subprocess.Popen(
            [tool.path, "serve", "--port", str(port), "--state", tool.state],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.url = None
        found = threading.Event()

        def read_first_lines():
            for line in self.process.stdout:
                if line.startswith("listening on "):
                    self.url = line.split("listening on ", 1)[1].strip().rstrip("/")
                    found.set()
            found.set()

        def drain_errors():
            for _ in self.process.stderr:
                pass

        threading.Thread(target=read_first_lines, daemon=True).start()
        threading.Thread(target=drain_errors, daemon=True).start()
        if not found.wait(20) or not self.url:
            self.stop()
            raise StoryFailure("`sportstime-store serve` did not say `listening on http://…` in 20 s")

    def stop(self):
        """SIGTERM, then SIGKILL after 5 s (a stream may keep it)."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


# ───────────────────────────── Chromium and the page ─────────────────────────────


def chromium(width=1600, height=1200):
    """Headless Chromium (Debian's, with its chromedriver), keeping the console's messages."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--no-first-run", "--disable-extensions",
                     "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = ChromeService(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


class Page:
    """The Transaction Manager in one browser: what the story reads and clicks."""

    def __init__(self, driver, url, screenshots):
        self.driver = driver
        self.url = url
        self.screenshots = screenshots
        self.console = []

    # Loading and settling.

    def load(self):
        self.driver.get(self.url + "/")
        self.settle()

    def settle(self, timeout=10):
        """Waits until the page has drawn the list and no refresh runs."""
        wait_for(lambda: self.driver.execute_script(
            "return document.body.getAttribute('data-list-shown') === 'true' && "
            "!document.body.hasAttribute('data-busy') && document.body.hasAttribute('data-version')"),
            timeout, "the page to show the list")

    def version(self):
        return int(self.driver.execute_script("return document.body.getAttribute('data-version')"))

    def console_errors(self):
        """The console's SEVERE messages since the last call (kept in self.console)."""
        entries = self.driver.get_log("browser")
        errors = [entry for entry in entries if entry.get("level") == "SEVERE"]
        self.console.extend(errors)
        return errors

    def assert_no_console_errors(self, when):
        errors = self.console_errors()
        check(not errors, f"console errors {when}: " + "; ".join(e["message"] for e in errors))

    # Finding things.

    def button(self, name, root=None):
        """The visible button whose text (its accessible name here) is `name`."""
        scope = root or self.driver
        for candidate in scope.find_elements(By.TAG_NAME, "button"):
            if candidate.is_displayed() and candidate.text.strip() == name:
                return candidate
        raise StoryFailure(f"no visible button named {name!r}")

    def button_starting(self, prefix):
        for candidate in self.driver.find_elements(By.TAG_NAME, "button"):
            if candidate.is_displayed() and candidate.text.strip().startswith(prefix):
                return candidate
        raise StoryFailure(f"no visible button starting with {prefix!r}")

    def show(self, view):
        """Opens a view by its tab."""
        self.driver.find_element(By.CSS_SELECTOR, f'.tab[data-view="{view}"]').click()
        wait_for(lambda: self.driver.find_element(By.ID, f"view-{view}").is_displayed(), 5,
                 f"the {view} view")
        self.settle()

    def rows(self):
        """The listed transactions: {id: {state, revoked, account, expiration, finished}}."""
        return {int(row["id"]): row for row in self.driver.execute_script("""
            return Array.from(document.querySelectorAll('#tx-body tr[data-transaction-id]')).map(r => ({
              id: r.getAttribute('data-transaction-id'), state: r.getAttribute('data-state'),
              revoked: r.getAttribute('data-revoked') === 'true', account: r.getAttribute('data-account'),
              expiration: r.getAttribute('data-expiration'), finished: r.getAttribute('data-finished') === 'true'}));
        """)}

    # Acting.

    def click(self, find, what):
        """Clicks what `find()` answers, finding it again if a live refresh redrew it."""
        def attempt():
            find().click()
            return True
        wait_for(attempt, 5, f"a click on {what}")

    def click_and_wait(self, name, expect_command, confirm=False, timeout=15):
        """Clicks the button named `name` (confirming the dialog when asked), waits for the
        command's entry in the log (its text begins with `expect_command`) and for the page to
        show the version it made."""
        before = self.log_count()
        self.click(lambda: self.button(name), name)
        if confirm:
            self.confirm(True)
        return self.wait_for_command(before, expect_command, timeout)

    def log_count(self):
        return self.driver.execute_script("return document.querySelectorAll('#log-list li').length")

    def wait_for_command(self, before, expect_command, timeout=15, statuses=("0",)):
        entry = wait_for(lambda: self.driver.execute_script("""
            const list = document.querySelectorAll('#log-list li');
            if (list.length <= arguments[0]) return null;
            const first = list[0];
            return {text: first.querySelector('.command').textContent,
                    status: first.getAttribute('data-status'), version: first.getAttribute('data-version'),
                    output: first.textContent};
        """, before), timeout, f"the command log to show `{expect_command}`")
        text = entry["text"].removeprefix("$ ")
        check(text.startswith(expect_command),
              f"the page ran `{text}`, expected `{expect_command}`")
        check(entry["status"] in statuses, f"`{text}` failed on the page: {entry['output']}")
        version = int(entry["version"])
        wait_for(lambda: not self.driver.execute_script(
            "return document.body.hasAttribute('data-busy')") and self.version() >= version,
            timeout, f"the page to refresh after `{text}`")
        return entry

    def confirm(self, answer):
        """Answers the confirmation dialog."""
        dialog = wait_for(lambda: self.driver.find_element(By.ID, "confirm-dialog").is_displayed()
                          and self.driver.find_element(By.ID, "confirm-dialog"), 5,
                          "the confirmation dialog")
        check(dialog.get_attribute("open") is not None, "the confirmation is not an open <dialog>")
        self.driver.find_element(By.ID, "confirm-ok" if answer else "confirm-cancel").click()
        wait_for(lambda: not self.driver.find_element(By.ID, "confirm-dialog").is_displayed(), 5,
                 "the dialog to close")

    def inspect(self, transaction_id):
        """Selects a transaction by its "Inspect N" button; waits for the inspector."""
        selector = f'#tx-body tr[data-transaction-id="{transaction_id}"] button.inspect'
        name = self.driver.find_element(By.CSS_SELECTOR, selector).get_attribute("textContent").strip()
        check(name == f"Inspect {transaction_id}", f"the row's button is named {name!r}")
        self.click(lambda: self.driver.find_element(By.CSS_SELECTOR, selector), name)
        wait_for(lambda: self.driver.find_element(By.ID, "inspector-body").get_attribute(
            "data-transaction-id") == str(transaction_id) and self.driver.find_element(
            By.ID, "inspector-body").is_displayed(), 10, f"the inspector to show {transaction_id}")

    def shoot(self, name):
        """Writes a screenshot of the whole page (as tall as it is) to the folder."""
        path = self.screenshots / f"{name}.png"
        height = self.driver.execute_script(
            "return Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)")
        width = self.driver.get_window_size()["width"]
        self.driver.set_window_size(width, min(max(int(height) + 140, 900), 4000))
        time.sleep(0.2)  # the app's screens load once scrolled into view: let them
        self.settle()
        self.driver.save_screenshot(str(path))
        self.driver.set_window_size(width, 1200)
        check(path.stat().st_size > 10_000, f"the screenshot {path} is (nearly) empty")
        return path


def agree(page, tool, what, account=None):
    """The page's list (filtered to `account`, else the purchaser's rows) and `history --json`
    hold the same transactions, each revoked on both or neither, with the same expiration."""
    history = tool.history(account)
    rows = page.rows()
    name = account or "purchaser"
    mine = {i: row for i, row in rows.items() if row["account"] == name}
    check(set(mine) == set(history),
          f"after {what}: the page lists {sorted(mine)}, history --json {sorted(history)}")
    for transaction_id, transaction in history.items():
        row = mine[transaction_id]
        revoked = bool(transaction.get("revocationDate"))
        check(row["revoked"] == revoked and (row["state"] == "revoked") == revoked,
              f"after {what}: transaction {transaction_id} revoked={revoked} in history, "
              f"the page shows state {row['state']}")
        check((row["expiration"] or None) == transaction.get("expirationDate"),
              f"after {what}: transaction {transaction_id} expires {transaction.get('expirationDate')} "
              f"in history, {row['expiration']} on the page")
    step(f"{what}: page and history agree ({len(history)} transactions"
         f"{', revoked ' + str(sorted(i for i, t in history.items() if t.get('revocationDate'))) if any(t.get('revocationDate') for t in history.values()) else ''})")
    return history


def subscription_state(tool):
    """`status --json`'s state of the purchaser's subscription, and its latest transaction."""
    subscriptions = tool.status()["subscriptions"]
    check(subscriptions, "status --json lists no subscription")
    return subscriptions[0]["state"], subscriptions[0]["transactionID"]


# ───────────────────────────── The Chromium story ─────────────────────────────


def raw_request(url, method="GET", body=None, headers=None):
    """An HTTP request from outside the page (urllib): answers (status, body text)."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


class Receiver:
    """A server's notification endpoint on 127.0.0.1: answers 200 to each POST, keeps them."""

    def __init__(self):
        received = self.received = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                received.append(json.loads(self.rfile.read(length) or b"{}"))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/notifications"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def story(tool_path, work, screenshots):
    """The person's story in Chromium."""
    state = str(work / "story.sqlite")
    tool = Tool(tool_path, state)
    tool.run("reset", "--date", START_DATE)
    server = Server(tool)
    receiver = Receiver()
    driver = chromium()
    page = Page(driver, server.url, screenshots)
    try:
        step(f"serve at {server.url}")
        page.load()
        title = driver.title
        check("Transaction Manager" in title, f"the title is {title!r}")
        check(page.rows() == {}, "a fresh state lists transactions")
        page.assert_no_console_errors("loading the page")
        step(f"the page loads: {title!r}, no console error")
        csp = urllib.request.urlopen(server.url + "/", timeout=10).headers.get("Content-Security-Policy", "")
        check("script-src 'self'" in csp and "default-src 'none'" in csp, f"the page's CSP is {csp!r}")

        # Notifications go to a receiver of ours (the Notifications view's URL form).
        page.show("notifications")
        driver.find_element(By.ID, "notifications-url-input").send_keys(receiver.url)
        page.click_and_wait("Set URL", f"sportstime-store notifications url {receiver.url}")
        check(tool.json("notifications")["url"] == receiver.url, "the receiver's URL was not set")
        page.show("transactions")

        # Buy in the app.
        Select(driver.find_element(By.ID, "buy-product")).select_by_value(MONTHLY)
        page.click_and_wait("Buy in the app", f"sportstime-store buy {MONTHLY}")
        history = agree(page, tool, "buy")
        first = max(history)
        check(page.rows()[first]["state"] == "active", "the purchase is not active on the page")
        check(not page.rows()[first]["finished"] and driver.find_elements(
            By.CSS_SELECTOR, f'tr[data-transaction-id="{first}"] .badge-unfinished'),
            "the unfinished purchase is not marked")

        # Advance a month: the renewal.
        page.click_and_wait("Advance a month", "sportstime-store advance 1m")
        history = agree(page, tool, "advance a month")
        check(len(history) == 2, f"advance a month made {len(history) - 1} renewals, not 1")
        renewal = max(history)
        clock = driver.find_element(By.ID, "clock-now").get_attribute("datetime")
        check(clock == tool.status()["date"], f"the page's clock says {clock}, status {tool.status()['date']}")

        # The inspector: every field, the JWS, verification.
        page.inspect(renewal)
        fields = driver.execute_script(
            "return Array.from(document.querySelectorAll('#tx-fields dt')).map(d => d.textContent)")
        for field in ["transactionId", "originalTransactionId", "productId", "purchaseDate", "expiresDate"]:
            check(field in fields, f"the inspector lacks {field}: {fields}")
        check(driver.find_element(By.ID, "verification").text.startswith("✓"),
              "the renewal does not verify in the inspector")
        jws = driver.find_element(By.ID, "jws").get_attribute("value")
        check(jws.count(".") == 2 and jws.startswith("eyJ"), "the inspector shows no compact JWS")
        renewal_fields = driver.execute_script(
            "return Array.from(document.querySelectorAll('#renewal-fields dt')).map(d => d.textContent)")
        check("autoRenewStatus" in renewal_fields, f"the renewal info lacks autoRenewStatus: {renewal_fields}")
        page.button("Copy JWS").click()
        wait_for(lambda: driver.find_element(By.ID, "copy-jws-status").text, 5, "the copy status")
        step(f"the inspector shows {len(fields)} fields of #{renewal}, {len(renewal_fields)} of its "
             f"renewal info, its JWS ({len(jws)} characters), verified")
        page.shoot("01-transactions-inspector")

        # Refund: cancelling the confirmation changes nothing; confirming refunds.
        before = tool.history()
        page.button("Refund").click()
        page.shoot("02-confirm-refund")
        page.confirm(False)
        time.sleep(0.3)
        check(tool.history() == before, "cancelling the refund's confirmation changed the history")
        step("a cancelled confirmation changes nothing")
        page.click_and_wait("Refund", f"sportstime-store refund {renewal}", confirm=True)
        history = agree(page, tool, "refund")
        check(history[renewal].get("revocationDate"), "the refund did not revoke the renewal")

        # Ask to Buy on (Settings), buy, approve.
        page.show("settings")
        Select(driver.find_element(By.ID, "setting-ask-to-buy")).select_by_value("on")
        page.click_and_wait("Set Ask to Buy", "sportstime-store ask-to-buy on")
        check(tool.status()["settings"]["askToBuyEnabled"], "status says Ask to Buy is off")
        value = driver.find_element(By.CSS_SELECTOR, 'tr[data-setting="ask-to-buy"] .setting-value').text
        check(value == "on", f"the settings row says Ask to Buy is {value!r}")
        page.shoot("03-settings")
        page.show("transactions")
        Select(driver.find_element(By.ID, "buy-product")).select_by_value(ANNUAL)
        page.click_and_wait("Buy in the app", f"sportstime-store buy {ANNUAL}")
        pending = tool.status()["pendingRequests"]
        check(len(pending) == 1, f"status lists {len(pending)} pending requests, not 1")
        request_id = pending[0]["id"]
        agree(page, tool, "buy with Ask to Buy on (pending)")
        page.click_and_wait(f"Approve Ask to Buy #{request_id}",
                            f"sportstime-store approve {request_id}")
        history = agree(page, tool, "approve Ask to Buy")
        check(request_id in history, f"approving request {request_id} made no transaction {request_id}")
        check(not tool.status()["pendingRequests"], "a request still waits after approving")

        # Ask to Buy off; billing issues on; advance past the annual's renewal; resolve.
        page.show("settings")
        Select(driver.find_element(By.ID, "setting-ask-to-buy")).select_by_value("off")
        page.click_and_wait("Set Ask to Buy", "sportstime-store ask-to-buy off")
        billing_key = driver.execute_script(
            "const r = document.querySelector('tr[data-setting^=\"billing-issue\"]'); return r && r.getAttribute('data-setting')")
        check(billing_key, "the settings have no billing retry row")
        Select(driver.find_element(By.ID, f"setting-{billing_key}")).select_by_value("on")
        label = driver.execute_script(
            "return document.querySelector('tr[data-setting=\"' + arguments[0] + '\"] button').textContent", billing_key)
        page.click_and_wait(label, f"sportstime-store {billing_key} on")
        check(tool.status()["settings"]["billingIssuesEnabled"], "status says billing issues are off")
        page.show("transactions")
        duration = driver.find_element(By.ID, "advance-duration")
        duration.clear()
        duration.send_keys("1y")
        page.click_and_wait("Advance by duration", "sportstime-store advance 1y")
        state_word, latest = subscription_state(tool)
        check(state_word == "inBillingRetryPeriod", f"after a year with billing issues status says {state_word}")
        agree(page, tool, "advance a year with billing issues")
        row_state = page.rows()[latest]["state"]
        check(row_state in ("billing-retry", "grace"), f"the page shows #{latest} as {row_state}, not in billing retry")
        step(f"#{latest} is in billing retry on both")
        page.inspect(latest)
        page.click_and_wait("Resolve billing issue", f"sportstime-store resolve-issue {latest}")
        state_word, recovered = subscription_state(tool)
        check(state_word == "subscribed", f"after resolving, status says {state_word}")
        agree(page, tool, "resolve the billing issue")
        check(page.rows()[recovered]["state"] == "active", f"the recovered #{recovered} is not active on the page")
        page.assert_no_console_errors("during the story's clicks")

        # The notifications log.
        page.show("notifications")
        listed = tool.json("notifications")["notifications"]
        types = driver.execute_script(
            "return Array.from(document.querySelectorAll('#notifications-body tr')).map(r => r.getAttribute('data-type'))")
        expected = [n["notificationType"] for n in reversed(listed)]
        check(types == expected, f"the page lists notifications {types}, the CLI {expected}")
        for needed in ["SUBSCRIBED", "DID_RENEW", "REFUND", "DID_FAIL_TO_RENEW"]:
            check(needed in types, f"no {needed} notification on the page: {types}")
        page.click_and_wait("Resend due notifications", "sportstime-store notifications deliver")
        attempts = driver.execute_script(
            "return Array.from(document.querySelectorAll('#notifications-body tr')).map(r => "
            "Array.from(r.querySelectorAll('.attempts .badge')).map(b => b.textContent).join(' '))")
        check(all("HTTP 200" in attempt for attempt in attempts),
              f"not every notification shows its 200 send attempt: {attempts}")
        check(len(receiver.received) == len(types),
              f"the receiver got {len(receiver.received)} notifications, the page lists {len(types)}")
        step(f"the notifications log lists the CLI's {len(types)}: {', '.join(dict.fromkeys(types))}")
        page.shoot("04-notifications")

        # The Server API's request log: a refused request and its cause.
        status, _ = raw_request(server.url + "/inApps/v1/transactions/1")
        check(status == 401, f"an unauthenticated Server API call got {status}")
        page.show("requests")
        wait_for(lambda: driver.execute_script(
            "return document.querySelectorAll('#requests-body tr[data-status=\"401\"]').length"), 5,
            "the 401 in the request log")
        cause = driver.execute_script(
            "return document.querySelector('#requests-body tr[data-status=\"401\"] td:last-child').textContent")
        check(cause.strip(), "the request log's 401 has no cause")
        step(f"the request log shows the 401 and its cause: {cause.strip()[:70]}")
        page.shoot("05-server-api-requests")

        # The app's screens and the state view.
        page.show("screens")
        home = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, '#view-screens pre[data-screen="home"]').text,
                        5, "the Home screen")
        check("SportsTime" in home, "the Home screen is not drawn")
        page.shoot("06-app-screens")
        page.show("state")
        href = driver.find_element(By.ID, "export-link").get_attribute("href")
        status, body = raw_request(href) if href.startswith("http") else (0, "")
        check(status == 200 and body.startswith("SQLite format 3"),
              f"the export link answers {status}, not a state file")
        page.shoot("07-state")
        page.show("transactions")

        # One action by keyboard alone: Tab from the top of a fresh page to "Advance a day", Enter.
        day_before = tool.status()["date"]
        page.load()
        before = page.log_count()
        for presses in range(1, 40):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            focused = driver.switch_to.active_element
            if focused.tag_name == "button" and focused.text.strip() == "Advance a day":
                break
        else:
            raise StoryFailure("Tab never reached “Advance a day”")
        outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
        check(outline not in ("none", ""), "the focused button shows no focus outline")
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        page.wait_for_command(before, "sportstime-store advance 1d")
        day_after = tool.status()["date"]
        check(day_after > day_before, "the keyboard's Advance a day did not move the clock")
        # …then Tab into the list and inspect a transaction with Enter.
        for _ in range(80):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            if "inspect" in (driver.switch_to.active_element.get_attribute("class") or ""):
                break
        else:
            raise StoryFailure("Tab never reached the list's Inspect buttons")
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
        target = int(driver.switch_to.active_element.find_element(By.XPATH, "./ancestor::tr").get_attribute(
            "data-transaction-id"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        wait_for(lambda: driver.find_element(By.ID, "inspector-body").get_attribute("data-transaction-id")
                 == str(target), 5, "the inspector to follow the keyboard")
        step(f"keyboard alone: {presses} Tabs to “Advance a day”, Enter ({day_before} → {day_after}); "
             f"Tab, ↓, Enter inspects #{target}")

        # A request replayed from another origin, or without the token, changes nothing.
        token = driver.execute_script(
            "return document.querySelector('meta[name=\"transaction-manager-token\"]').content")
        before_history, before_status = tool.history(), tool.status()
        body = json.dumps({"argv": ["refund", str(recovered)]}).encode()
        attempts = {
            "Origin http://evil.example, no token": {"Origin": "http://evil.example"},
            "Origin http://evil.example with the token": {"Origin": "http://evil.example",
                                                           "X-Transaction-Manager-Token": token},
            "Sec-Fetch-Site cross-site with the token": {"Sec-Fetch-Site": "cross-site",
                                                         "X-Transaction-Manager-Token": token},
            "no token": {},
        }
        for what, headers in attempts.items():
            status, answer = raw_request(server.url + "/ui/api/run", "POST", body,
                                         {"Content-Type": "application/json", **headers})
            check(status == 403, f"a replayed refund ({what}) got {status}: {answer}")
        status, _ = raw_request(server.url + "/ui/api/transactions")
        check(status == 403, f"reading the list without the token got {status}")
        check(tool.history() == before_history and tool.status() == before_status,
              "a refused request changed the state")
        step(f"replayed from another origin / without the token: {len(attempts)} × 403, nothing changed")

        # A change by the CLI in another process shows within a second, without a reload.
        marker = driver.execute_script("window.__notReloaded = true; return true")
        done = tool.run("refund", str(recovered))
        changed_at = time.monotonic()
        wait_for(lambda: page.rows().get(recovered, {}).get("revoked"), 3,
                 f"the CLI's refund of #{recovered} to show")
        elapsed = time.monotonic() - changed_at
        check(marker and driver.execute_script("return window.__notReloaded === true"), "the page reloaded")
        check(elapsed <= 1.0, f"the CLI's change took {elapsed:.2f} s to show (more than a second)")
        page.settle()
        agree(page, tool, f"the CLI's `{done.args[1]} {done.args[2]}` in another process")
        step(f"the CLI's change showed in {elapsed * 1000:.0f} ms, without a reload")
        page.inspect(recovered)
        page.shoot("00-transactions")
        page.assert_no_console_errors("after the whole story")
        step("no console error in the whole story")

        # The server goes away: the banner says so.
        server.stop()
        banner = wait_for(lambda: driver.find_element(By.ID, "connection-banner").is_displayed()
                          and driver.find_element(By.ID, "connection-banner"), 10, "the Disconnected banner")
        check(banner.text.startswith("Disconnected"), f"the banner says {banner.text!r}")
        check(banner.get_attribute("role") in ("alert", "status"), "the banner is not a live region")
        page.shoot("08-disconnected")
        step(f"the server stopped: the page says {banner.text[:60]!r}…")
    finally:
        driver.quit()
        server.stop()
        receiver.stop()


# ───────────────────────────── Every control by keyboard ─────────────────────────────


TABBABLE = """
const view = document.querySelector('.view:not([hidden])');
const scopes = [document.querySelector('.masthead'), document.querySelector('.tabs'), view];
const found = [];
for (const scope of scopes) {
  for (const node of scope.querySelectorAll('button, input, select, textarea, summary, a[href]')) {
    const shown = node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden';
    const folded = node.tagName !== 'SUMMARY' && node.closest('details:not([open])');
    if (!shown || folded || node.disabled) continue;
    if (node.getAttribute('tabindex') === '-1') continue;      // the list's roving buttons
    if (node.type === 'radio' && !node.checked) continue;      // a radio group is one stop
    found.push(node);
  }
}
found.forEach((node, index) => node.setAttribute('data-kbd', String(index)));
window.__reached = new Set();
document.addEventListener('focusin', (event) => {
  const id = event.target.getAttribute && event.target.getAttribute('data-kbd');
  if (id !== null) window.__reached.add(id);
});
return found.map((node) => (node.textContent || node.name || node.id || node.tagName).trim().slice(0, 40));
"""


def tab_walk(page, what):
    """Every control of the header, the tabs and the visible view is reached by Tab alone."""
    driver = page.driver
    driver.execute_script("window.scrollTo(0, 0); if (document.activeElement) document.activeElement.blur()")
    names = driver.execute_script(TABBABLE)
    chain = ActionChains(driver)
    for _ in range(len(names) + 40):
        chain.send_keys(Keys.TAB)
    chain.perform()
    reached = set(driver.execute_script("return Array.from(window.__reached)"))
    missing = [name for index, name in enumerate(names) if str(index) not in reached]
    check(not missing, f"Tab never reaches, in the {what} view: {missing}")
    step(f"Tab alone reaches all {len(names)} controls of the {what} view")


def press(page, element):
    """Activates `element` by the keyboard: focus, then Enter (a button's or a form's)."""
    page.driver.execute_script("arguments[0].focus()", element)
    ActionChains(page.driver).send_keys(Keys.ENTER).perform()


def confirm_by_keyboard(page):
    """In the confirmation dialog, whose Cancel has the focus: Tab to the verb's button, Enter."""
    driver = page.driver
    wait_for(lambda: driver.find_element(By.ID, "confirm-dialog").is_displayed(), 5, "the dialog")
    check(driver.switch_to.active_element.get_attribute("id") == "confirm-cancel",
          "the dialog does not focus Cancel first")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    check(driver.switch_to.active_element.get_attribute("id") == "confirm-ok",
          "Tab from Cancel does not reach the dialog's confirming button")
    ActionChains(driver).send_keys(Keys.ENTER).perform()


def keyboard_action(page, find, expect, statuses=("0", "1"), confirm=False):
    """Runs one action by the keyboard; answers the command's exit status (0 or 1 accepted:
    a refusal is the store's answer, and still the CLI's own words)."""
    before = page.log_count()
    element = wait_for(find, 5, f"the control for `{expect}`")
    press(page, element)
    if confirm:
        confirm_by_keyboard(page)
    entry = page.wait_for_command(before, expect, statuses=statuses)
    return entry["status"]


def every_action(tool_path, work, screenshots):
    """Every action and setting, run by the keyboard: each runs the CLI's command with the
    words it shows (the server takes each; none is a usage error), and Tab reaches every
    control of each view."""
    tool = Tool(tool_path, str(work / "actions.sqlite"))
    tool.run("reset", "--date", START_DATE)
    tool.run("buy", MONTHLY)
    server = Server(tool)
    driver = chromium()
    page = Page(driver, server.url, screenshots)
    ran = []
    try:
        page.load()
        button = lambda name: lambda: page.button(name)  # noqa: E731 (a finder per name)

        # Settings first (a price to raise), each row set to what it is.
        page.show("settings")
        tab_walk(page, "settings")
        values = {"storefront": "USA", "locale": "--catalog", "time-rate": "0",
                  "simulate-error": "purchase clear", "fail": "clear"}
        rows = driver.execute_script(
            "return Array.from(document.querySelectorAll('#settings-body tr')).map(r => r.getAttribute('data-setting'))")
        for key in rows:
            control = driver.find_element(By.ID, f"setting-{key}")
            if control.tag_name == "input":
                control.clear()
                control.send_keys(values.get(key, ""))
                words = values.get(key, "")
            else:
                words = Select(control).first_selected_option.get_attribute("value")
            row_button = driver.find_element(By.CSS_SELECTOR, f'tr[data-setting="{key}"] button')
            keyboard_action(page, lambda b=row_button: b, f"sportstime-store {key} {words}", statuses=("0",))
            ran.append(key)
        price = driver.find_element(By.ID, f"price-{MONTHLY}")
        price.send_keys("5.99")
        keyboard_action(page, lambda: price, f"sportstime-store set-price {MONTHLY} 5.99", statuses=("0",))
        keyboard_action(page, button("Fail the endpoint (5000001)"), "sportstime-store api-fault transaction-info",
                        statuses=("0",))
        keyboard_action(page, button("Clear API faults"), "sportstime-store api-fault --clear", statuses=("0",))
        ran += ["set-price", "api-fault"]

        # The transaction's actions, in an order that keeps its subscription alive to the end.
        page.show("transactions")
        keyboard_action(page, button("Advance a week"), "sportstime-store advance 7d", statuses=("0",))
        page.inspect(1)
        tab_walk(page, "transactions (a transaction inspected)")
        actions = [
            ("Decline refund", "sportstime-store decline-refund 1", False),
            ("Expire at period end (auto-renew off)", "sportstime-store disable-auto-renew 1", False),
            ("Renew automatically (auto-renew on)", "sportstime-store enable-auto-renew 1", False),
            ("Request price increase consent", "sportstime-store price-consent request 1", False),
            ("Approve price increase", "sportstime-store price-consent agree 1", False),
            ("Request price increase consent", "sportstime-store price-consent request 1", False),
            ("Decline price increase", "sportstime-store price-consent decline 1", False),
            ("Renew automatically (auto-renew on)", "sportstime-store enable-auto-renew 1", False),
            ("Renew now", f"sportstime-store force-renewal {MONTHLY}", False),
            ("Resolve billing issue", "sportstime-store resolve-issue 1", False),
            ("Refund", "sportstime-store refund 1", True),
            ("Reverse refund", "sportstime-store reverse-refund 1", False),
        ]
        statuses = []
        for name, expect, confirm in actions:
            statuses.append(keyboard_action(page, button(name), expect, confirm=confirm))
        days = driver.find_element(By.ID, "extend-days")
        statuses.append(keyboard_action(page, lambda: days, "sportstime-store extend-renewal 1 --days 7"))
        statuses.append(keyboard_action(page, button("Expire now"), f"sportstime-store expire {MONTHLY}", confirm=True))
        latest = max(tool.history())
        page.inspect(latest)
        keyboard_action(page, button("Delete transaction"), f"sportstime-store delete-transaction {latest}",
                        statuses=("0",), confirm=True)
        check(latest not in tool.history(), f"Delete transaction left #{latest}")
        wait_for(lambda: not driver.find_element(By.ID, "inspector-body").is_displayed(), 5,
                 "the inspector to let go of the deleted transaction")
        ran += [expect.split()[1] for _, expect, _ in actions] + ["extend-renewal", "expire", "delete-transaction"]

        # Buying, outside the app too; Family Sharing; Ask to Buy's decline; an interrupted purchase.
        keyboard_action(page, button("Buy in the app"), f"sportstime-store buy {MONTHLY}")
        driver.find_element(By.CSS_SELECTOR, ".buy-outside summary").send_keys(Keys.ENTER)
        keyboard_action(page, button("Buy outside the app"), f"sportstime-store buy-product {MONTHLY}")
        member = driver.find_element(By.ID, "share-member")
        member.send_keys("alex")
        keyboard_action(page, lambda: member, "sportstime-store family-share alex", statuses=("0",))
        keyboard_action(page, button("Unshare alex"), "sportstime-store family-unshare alex",
                        statuses=("0",), confirm=True)
        tool.run("ask-to-buy", "on")
        page.settle()
        Select(driver.find_element(By.ID, "buy-product")).select_by_value(ANNUAL)
        keyboard_action(page, button("Buy in the app"), f"sportstime-store buy {ANNUAL}")
        request_id = tool.status()["pendingRequests"][0]["id"]
        keyboard_action(page, button(f"Decline Ask to Buy #{request_id}"), f"sportstime-store decline {request_id}",
                        statuses=("0",))
        tool.run("ask-to-buy", "off")
        tool.run("interrupted-purchases", "on")
        page.settle()
        keyboard_action(page, button("Buy in the app"), f"sportstime-store buy {ANNUAL}")
        request_id = tool.status()["pendingRequests"][0]["id"]
        field = driver.find_element(By.ID, "resolve-request-id")
        field.send_keys(str(request_id))
        keyboard_action(page, lambda: field, f"sportstime-store resolve-issue {request_id}", statuses=("0",))
        ran += ["buy", "buy-product", "family-share", "family-unshare", "decline", "resolve-issue (interrupted)"]

        # Notifications and the state: test, export, import, reset with a .storekit file.
        page.show("notifications")
        tab_walk(page, "notifications")
        keyboard_action(page, button("Send a test notification"), "sportstime-store notifications test",
                        statuses=("0",))
        page.show("state")
        tab_walk(page, "state")
        token = driver.execute_script(
            "return document.querySelector('meta[name=\"transaction-manager-token\"]').content")
        exported = work / "exported.sqlite"
        with urllib.request.urlopen(f"{server.url}/ui/api/state?token={token}", timeout=10) as response:
            exported.write_bytes(response.read())
        history = tool.history()
        tool.run("clear-transactions")
        driver.find_element(By.ID, "import-file").send_keys(str(exported))
        keyboard_action(page, button("Import the state file"), "Imported exported.sqlite", statuses=("0",),
                        confirm=True)
        check(tool.history() == history, "importing the exported state did not bring its transactions back")
        driver.find_element(By.ID, "reset-catalog").send_keys(
            str(pathlib.Path("Sources/SportsTimePro/Resources/SportsTime.storekit").resolve()))
        keyboard_action(page, button("Reset the store"), "sportstime-store reset --storekit", statuses=("0",),
                        confirm=True)
        keyboard_action(page, button("Delete all transactions"), "sportstime-store clear-transactions",
                        statuses=("0",), confirm=True)
        check(tool.history() == {}, "Delete all transactions left transactions")
        ran += ["notifications test", "export", "import", "reset --storekit", "clear-transactions"]
        page.assert_no_console_errors("running every action")
        step(f"by keyboard alone, {len(ran)} actions and settings each ran its command "
             f"(refused by the store: {statuses.count('1')} of the transaction's {len(statuses)}, "
             "as the CLI refuses them)")
    finally:
        driver.quit()
        server.stop()


# ───────────────────────────── 100 against 100,000 transactions ─────────────────────────────


def make_state_of_100(tool_path, path):
    """A state with 100 transactions, made by the store itself: a monthly subscription at the
    two-second renewal rate, 99 renewals."""
    tool = Tool(tool_path, str(path))
    tool.run("reset", "--date", START_DATE)
    tool.run("device-timing", "off")
    tool.run("time-rate", "oneRenewalEveryTwoSeconds")
    tool.run("buy", MONTHLY)
    tool.run("advance", "198s")
    count = transaction_count(path)
    check(count == 100, f"the 100-transaction state has {count}")
    return tool


def transaction_count(path):
    with sqlite3.connect(path) as database:
        return database.execute("SELECT count(*) FROM transactions").fetchone()[0]


def make_state_of_100000(small, path):
    """The 100-transaction state, with 99,900 more: clones of its renewals under new
    identifiers, written straight into the ledger's `transactions` table (LedgerStore.swift's
    schema); the store makes at most 1,000 renewals at a time, 0.7 s each."""
    shutil.copyfile(small, path)
    with sqlite3.connect(path) as database:
        rows = database.execute(
            "SELECT account, original_id, payload FROM transactions ORDER BY id").fetchall()
        next_id = database.execute("SELECT max(id) FROM transactions").fetchone()[0] + 1
        clones = []
        while len(clones) < 100_000 - len(rows):
            account, original_id, payload = rows[len(clones) % len(rows)]
            record = json.loads(payload)
            record["transactionId"] = str(next_id)
            record["webOrderLineItemId"] = str(next_id)
            clones.append((next_id, account, original_id, json.dumps(record, separators=(",", ":"))))
            next_id += 1
        database.executemany(
            "INSERT INTO transactions(id, account, original_id, source_id, revision, finished, payload) "
            "VALUES(?, ?, ?, NULL, 0, 1, ?)", clones)
    count = transaction_count(path)
    check(count == 100_000, f"the 100,000-transaction state has {count}")


def paging_and_filters(page):
    """On the 100,000-transaction page: "Load more" appends the next 50, newest first and
    contiguous; the text filter finds one transaction among them."""
    page.settle(60)
    first = sorted(page.rows(), reverse=True)
    check(len(first) == 50 and first[0] == 100_000, f"the first page lists {len(first)} from #{first[0]}")
    page.click(lambda: page.button("Load more"), "Load more")
    wait_for(lambda: len(page.rows()) == 100, 30, "the second page")
    ids = page.driver.execute_script(
        "return Array.from(document.querySelectorAll('#tx-body tr')).map(r => Number(r.getAttribute('data-transaction-id')))")
    check(ids == list(range(100_000, 99_900, -1)), f"two pages list {ids[:3]}…{ids[-3:]}, not #100000…#99901")
    search = page.driver.find_element(By.ID, "filter-q")
    search.send_keys("\"transactionId\":\"12345\"")
    wait_for(lambda: sorted(page.rows()) == [12345], 30, "the text filter to find #12345")
    shown = page.driver.find_element(By.ID, "list-shown").text
    step(f"100,000 transactions: Load more appends #99950…#99901; the text filter finds #12345 ({shown})")


MEASURE = """
const shown = performance.getEntriesByName('tm-list-shown')[0].startTime;
const navigation = performance.getEntriesByType('navigation')[0];
const resources = performance.getEntriesByType('resource');
const size = (entry) => entry.transferSize || entry.encodedBodySize || 0;
return {
  listShown: shown,
  settled: Math.max(navigation.responseEnd, ...resources.map(r => r.responseEnd)),
  requests: 1 + resources.length,
  bytes: size(navigation) + resources.reduce((sum, r) => sum + size(r), 0),
  names: resources.map(r => r.name.replace(location.origin, '').split('?')[0]),
  rows: document.querySelectorAll('#tx-body tr').length,
  total: document.getElementById('list-count').textContent,
};
"""


def measure_loads(tool_path, work):
    """The first load of the page for 100 and for 100,000 transactions (median of 3 each,
    alternating): its requests and bytes (Navigation and Resource Timing: every request of the
    load, the event stream aside, which never ends) and its time until the list shows (the
    page's `tm-list-shown` mark). Fails when the larger costs more requests, or more than 1.5x
    the bytes or the time. Also prints the time until every request of the load has ended."""
    small, large = work / "100.sqlite", work / "100000.sqlite"
    started = time.monotonic()
    make_state_of_100(tool_path, small)
    make_state_of_100000(small, large)
    step(f"states of 100 and 100,000 transactions made in {time.monotonic() - started:.1f} s")
    servers = {100: Server(Tool(tool_path, str(small))), 100_000: Server(Tool(tool_path, str(large)))}
    driver = chromium()
    results = {100: [], 100_000: []}

    def load(server):
        driver.get("about:blank")
        driver.get(server.url + "/")
        Page(driver, server.url, None).settle(60)
        return driver.execute_script(MEASURE)

    try:
        for server in servers.values():  # one load each first, to warm both servers alike
            load(server)
        for _ in range(3):
            for count, server in servers.items():
                results[count].append(load(server))
        paging_and_filters(Page(driver, servers[100_000].url, None))
        errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not errors, "console errors while measuring: " + "; ".join(e["message"] for e in errors))
    finally:
        driver.quit()
        for server in servers.values():
            server.stop()
    summary = {}
    for count, loads in results.items():
        summary[count] = {
            "requests": max(load["requests"] for load in loads),
            "bytes": statistics.median(load["bytes"] for load in loads),
            "time": statistics.median(load["listShown"] for load in loads),
            "settled": statistics.median(load["settled"] for load in loads),
            "rows": loads[0]["rows"], "total": loads[0]["total"], "names": loads[0]["names"],
        }
    print("\n  The first load (median of 3):")
    print(f"  {'transactions':>13} {'requests':>9} {'bytes':>9} {'list shown':>11} {'all ended':>10}  rows  requests")
    for count, figures in summary.items():
        print(f"  {count:>13,} {figures['requests']:>9} {figures['bytes']:>9,.0f} {figures['time']:>8.0f} ms "
              f"{figures['settled']:>7.0f} ms  {figures['rows']:>4}  "
              f"{', '.join(['/'] + figures['names'])}")
    small_figures, large_figures = summary[100], summary[100_000]
    ratio_bytes = large_figures["bytes"] / small_figures["bytes"]
    ratio_time = large_figures["time"] / small_figures["time"]
    ratio_settled = large_figures["settled"] / small_figures["settled"]
    print(f"  100,000 / 100: {large_figures['requests']} against {small_figures['requests']} requests, "
          f"{ratio_bytes:.2f}x the bytes, {ratio_time:.2f}x the time to the list "
          f"({ratio_settled:.2f}x until every request ended)\n")
    check(large_figures["requests"] <= small_figures["requests"],
          "100,000 transactions take more requests than 100")
    check(ratio_bytes <= 1.5, f"100,000 transactions take {ratio_bytes:.2f}x the bytes of 100")
    check(ratio_time <= 1.5, f"100,000 transactions take {ratio_time:.2f}x the time of 100 to show the list")
    return summary


# ───────────────────────────── WebKitGTK and Firefox ─────────────────────────────


def minibrowser():
    """WebKitGTK's MiniBrowser (what WebKitWebDriver drives), or None."""
    for folder in ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]:
        for version in ["webkit2gtk-4.1", "webkit2gtk-4.0", "webkitgtk-6.0"]:
            path = pathlib.Path(folder) / version / "MiniBrowser"
            if path.exists():
                return str(path)
    return None


class Xvfb:
    """A virtual display for WebKitGTK, which needs one (its --headless is not in MiniBrowser)."""

    def __init__(self):
        self.process = None
        self.display = None
        if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
            return
        for number in range(99, 140):
            if pathlib.Path(f"/tmp/.X11-unix/X{number}").exists() or pathlib.Path(f"/tmp/.X{number}-lock").exists():
                continue
            self.process = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.display = f":{number}"
            wait_for(lambda: pathlib.Path(f"/tmp/.X11-unix/X{number}").exists() or self.process.poll() is not None,
                     10, "Xvfb to start")
            check(self.process.poll() is None, "Xvfb did not start")
            return
        raise StoryFailure("no free X display for Xvfb")

    def environment(self):
        return {"DISPLAY": self.display} if self.display else {}

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(5)


def webkit_check(tool_path, work, screenshots):
    """WebKitGTK (Safari's engine): the page loads, lists the transactions, and "Advance a day"
    runs `advance 1d` and shows the new time."""
    from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
    from selenium.webdriver.webkitgtk.service import Service as WebKitService

    browser = minibrowser()
    check(browser and shutil.which("WebKitWebDriver"), "WebKitWebDriver or MiniBrowser is missing")
    tool = Tool(tool_path, str(work / "webkit.sqlite"))
    tool.run("reset", "--date", START_DATE)
    tool.run("buy", MONTHLY)
    server = Server(tool)
    display = Xvfb()
    saved = {name: os.environ.get(name) for name in display.environment()}
    os.environ.update(display.environment())
    driver = None
    try:
        options = WebKitOptions()
        options.binary_location = browser
        options.add_argument("--automation")
        driver = webdriver.WebKitGTK(options=options, service=WebKitService(shutil.which("WebKitWebDriver")))
        driver.set_page_load_timeout(30)
        page = Page(driver, server.url, screenshots)
        page.load()
        check(set(page.rows()) == set(tool.history()), "WebKitGTK lists other transactions than history")
        before = tool.status()["date"]
        page.click_and_wait("Advance a day", "sportstime-store advance 1d")
        after = tool.status()["date"]
        check(after > before, "Advance a day in WebKitGTK did not move the store's time")
        shown = driver.find_element(By.ID, "clock-now").get_attribute("datetime")
        check(shown == after, f"WebKitGTK's page shows {shown}, status {after}")
        # WebKitWebDriver keeps no console log: the page's own error line must not be showing.
        check("last-result-bad" not in driver.find_element(By.ID, "last-result").get_attribute("class"),
              f"WebKitGTK's page reports: {driver.find_element(By.ID, 'last-result').text}")
        time.sleep(0.3)
        driver.save_screenshot(str(screenshots / "09-webkitgtk.png"))
        step(f"WebKitGTK: the page loads, lists {len(page.rows())} transaction(s); Advance a day: {before} → {after}")
    finally:
        if driver:
            driver.quit()
        server.stop()
        display.stop()
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def png_colours(path):
    """The set of (r, g, b) colours of an 8-bit RGB or RGBA PNG (what Firefox writes), decoded
    here with zlib alone: the story needs no imaging package."""
    data = pathlib.Path(path).read_bytes()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    check(depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: an unexpected PNG format")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                line[i] = (line[i] + (left, up, corner)[distances.index(min(distances))]) & 0xFF
        colours.update(zip(line[0::channels], line[1::channels], line[2::channels]))
        previous = line
    return colours


ACTIVE_BADGE = (0xE4, 0xF5, 0xEA)  # style.css's --ok-soft: the "active" state badge of a row


def firefox_check(tool_path, work, screenshots):
    """Firefox ESR: `firefox-esr --headless --screenshot` renders the list: its screenshot holds
    the "active" badge of the state's live subscription (read from the PNG's pixels)."""
    firefox = shutil.which("firefox-esr") or shutil.which("firefox")
    check(firefox, "firefox-esr is missing")
    tool = Tool(tool_path, str(work / "firefox.sqlite"))
    tool.run("reset", "--date", START_DATE)
    tool.run("buy", MONTHLY)
    tool.run("advance", "1m")
    server = Server(tool)
    home = work / "firefox-home"
    home.mkdir(exist_ok=True)
    shot = screenshots / "10-firefox.png"
    shown = False
    try:
        for attempt in range(1, 4):  # the screenshot is taken at the load event: retry a late one
            shot.unlink(missing_ok=True)
            subprocess.run([firefox, "--headless", "--no-remote", "--profile", str(home), "--window-size=1400,900",
                            "--screenshot", str(shot), server.url + "/"],
                           env={**os.environ, "HOME": str(home), "MOZ_HEADLESS": "1"},
                           capture_output=True, timeout=90)
            check(shot.exists() and shot.stat().st_size > 20_000, f"Firefox wrote no screenshot at {shot}")
            shown = ACTIVE_BADGE in png_colours(shot)
            if shown:
                break
        check(shown, "Firefox's screenshots show no row of the list (no \"active\" badge), three times")
        step(f"Firefox ESR: --headless --screenshot renders the list ({shot.name}, "
             f"{shot.stat().st_size:,} bytes, attempt {attempt})")
        firefox_bidi_check(firefox, server, tool, work)
    finally:
        server.stop()


class BiDi:
    """Firefox's own WebDriver BiDi (`--remote-debugging-port`), spoken over websocket-client
    (a dependency of Selenium): Debian has no geckodriver for Selenium's Firefox driver."""

    def __init__(self, firefox, home):
        import socket
        import websocket  # websocket-client, pinned with Selenium

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [firefox, "--headless", "--no-remote", "--profile", str(home), f"--remote-debugging-port={port}",
             "about:blank"], env={**os.environ, "HOME": str(home)},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.socket = wait_for(lambda: self._connect(websocket, port), 30, "Firefox's WebDriver BiDi")
        self.next_id = 0
        self.events = []
        self.call("session.new", {"capabilities": {}})
        self.call("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.call("browsingContext.getTree", {})["contexts"][0]["context"]

    @staticmethod
    def _connect(websocket, port):
        try:
            return websocket.create_connection(f"ws://127.0.0.1:{port}/session", timeout=20,
                                               suppress_origin=True)
        except (OSError, websocket.WebSocketException):
            return None

    def call(self, method, params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                check(message.get("type") == "success", f"BiDi {method} failed: {message}")
                return message["result"]
            self.events.append(message)

    def evaluate(self, expression):
        answer = self.call("script.evaluate", {"expression": expression, "awaitPromise": True,
                                               "target": {"context": self.context}})
        check(answer.get("type") == "success", f"Firefox could not evaluate {expression!r}: {answer}")
        return answer["result"].get("value")

    def console(self):
        return [event["params"] for event in self.events if event.get("method") == "log.entryAdded"]

    def stop(self):
        try:
            self.socket.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def firefox_bidi_check(firefox, server, tool, work):
    """Firefox, driven: the page draws the list and the overview, "Advance a day" runs `advance
    1d`, and the console has no error."""
    home = work / "firefox-bidi"
    home.mkdir(exist_ok=True)
    bidi = BiDi(firefox, home)
    try:
        bidi.call("browsingContext.navigate", {"context": bidi.context, "url": server.url + "/", "wait": "complete"})
        settled = ("document.body.getAttribute('data-list-shown') === 'true' && "
                   "!document.body.hasAttribute('data-busy') && document.body.hasAttribute('data-version')")
        wait_for(lambda: bidi.evaluate(settled), 15, "Firefox to draw the page")
        rows = bidi.evaluate("document.querySelectorAll('#tx-body tr[data-transaction-id]').length")
        check(rows == len(tool.history()), f"Firefox lists {rows} transactions, history {len(tool.history())}")
        before = tool.status()["date"]
        bidi.evaluate("document.querySelector('[data-advance=\"1d\"]').click()")
        wait_for(lambda: bidi.evaluate("document.getElementById('clock-now').getAttribute('datetime')")
                 == tool.status()["date"] != before, 10, "Firefox's Advance a day")
        errors = [entry for entry in bidi.console() if entry.get("level") == "error"]
        check(not errors, "Firefox's console errors: " + "; ".join(str(e.get("text")) for e in errors))
        step(f"Firefox ESR (WebDriver BiDi): lists {rows} transactions; Advance a day: {before} → "
             f"{tool.status()['date']}; no console error")
    finally:
        bidi.stop()


# ───────────────────────────── Main ─────────────────────────────


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", required=True, help="the built sportstime-store")
    parser.add_argument("--screenshots", default=".build/tm-screenshots", help="where the screenshots go")
    parser.add_argument("--only", choices=["story", "actions", "load", "webkit", "firefox"], action="append",
                        help="run only these parts (default: all)")
    arguments = parser.parse_args()
    screenshots = pathlib.Path(arguments.screenshots).resolve()
    screenshots.mkdir(parents=True, exist_ok=True)
    parts = arguments.only or ["story", "actions", "load", "webkit", "firefox"]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tm-story-") as folder:
        work = pathlib.Path(folder)
        try:
            if "story" in parts:
                print("Chromium: the story", flush=True)
                story(arguments.tool, work, screenshots)
            if "actions" in parts:
                print("Chromium: every action and setting, by keyboard alone", flush=True)
                every_action(arguments.tool, work, screenshots)
            if "load" in parts:
                print("Chromium: the first load, 100 against 100,000 transactions", flush=True)
                measure_loads(arguments.tool, work)
            if "webkit" in parts:
                print("WebKitGTK", flush=True)
                webkit_check(arguments.tool, work, screenshots)
            if "firefox" in parts:
                print("Firefox ESR", flush=True)
                firefox_check(arguments.tool, work, screenshots)
        except StoryFailure as failure:
            print(f"FAILED: {failure}", file=sys.stderr)
            return 1
    shots = sorted(path.name for path in screenshots.glob("*.png"))
    print(f"Screenshots in {screenshots}: {', '.join(shots)}")
    print(f"The Transaction Manager's story passed in {time.monotonic() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The App Store Server API of `sportstime-store serve` under load while the command-line tool
writes to the same state.

64 keep-alive connections (a thread each) call the server for 30 s, each request with a token of
its own (ES256, minted by PyJWT per request, as Apple's clients do): Get Transaction Info of a
transaction the tool has made (the newest ones included), Get Transaction History of the monthly
plan, and Get All Subscription Statuses of it. Meanwhile the tool buys consumables for several
accounts and advances the time a month at a time (each advance renews the plan once), from its
own processes, on the same state, a quarter of a second apart. Then:

- every request must have answered 200 with the JSON its endpoint gives: 0 failed requests
  (a socket error, another status, a body without its signed values, a transaction that is not
  the one asked for, or a status older than a renewal the tool had already reported, all fail);
- `history --json` of each account must hold exactly the transactions the operations reported,
  no more and no fewer.

Prints the requests, the seconds, the failures and the history check; exits 1 on any failure.

USAGE: server-load.py --tool PATH --work DIR --catalog FILE [--seconds 30] [--connections 64]
                      [--pause 0.25]
"""
import argparse
import base64
import http.client
import json
import os
import random
import re
import selectors
import subprocess
import sys
import threading
import time
from collections import Counter

import jwt
from cryptography.hazmat.primitives import serialization

MONTHLY = "com.sportstime.pro.monthly"
COINS = "com.sportstime.coins"
ACCOUNTS = ["purchaser", "ana", "ben", "cho", "dev", "eli"]


class Failure(Exception):
    pass


def payload(jws):
    """The claims of a compact JWS, unverified (the load checks identity, not signatures:
    scripts/server-api-story verifies them with Apple's library)."""
    middle = jws.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(middle + "=" * (-len(middle) % 4)))


class Load:
    """The state, the tool's operations and the record of what they made."""

    def __init__(self, args):
        self.args = args
        self.state = os.path.join(args.work, "state.sqlite")
        # Transactions the operations reported, by account (ids as the tool prints them).
        self.made = {account: [] for account in ACCOUNTS}
        self.ids = []  # every id reported so far: what Get Transaction Info may ask for
        self.renewals = []  # the monthly plan's purchases and renewals, in the order reported
        self.buys = 0
        self.advances = 0
        self.renewals_since_purchase = 0
        self.requests = 0
        self.failures = []
        self.lock = threading.Lock()
        self.stop_at = None

    def st(self, *arguments):
        command = [self.args.tool, *arguments, "--state", self.state, "--json"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise Failure(f"sportstime-store {' '.join(arguments)}: exit {done.returncode}: "
                          f"{done.stderr.strip() or done.stdout.strip()}")
        return json.loads(done.stdout)

    # MARK: - The tool's operations

    def buy(self, product, account):
        made = self.st("buy", product, "--account", account)
        if made.get("result") != "success" or not made.get("transaction"):
            raise Failure(f"buy {product} for {account}: {made}")
        transaction = made["transaction"]["transaction"]
        self.record(account, transaction)
        self.buys += 1
        return transaction

    def advance(self):
        made = self.st("advance", "1m")["newTransactions"]
        self.advances += 1
        # The purchaser's plan renews once a month (no other account has a subscription), up to
        # 12 times after its purchase in the Sandbox, whose 13th renewal turns auto-renew off and
        # lets the plan lapse (SubscriptionMachine's cap, as Apple documents it): then it is
        # bought again.
        if self.renewals_since_purchase >= 12:
            if made:
                raise Failure(f"advance 1m after 12 Sandbox renewals made {made}, not a lapse")
            self.buy(MONTHLY, "purchaser")
            self.renewals_since_purchase = 0
            return
        if len(made) != 1 or made[0]["productID"] != MONTHLY:
            raise Failure(f"advance 1m made {made}, not one renewal of the monthly plan")
        self.record("purchaser", made[0])
        self.renewals_since_purchase += 1

    def record(self, account, transaction):
        with self.lock:
            self.made[account].append(transaction["id"])
            self.ids.append(transaction["id"])
            if transaction["productID"] == MONTHLY:
                self.renewals.append(transaction["id"])

    def operate(self):
        """Buys and advances until the load's last half second: three buys, then an advance,
        with a pause after each (every write makes the server open the state afresh, and the
        tool's processes share the machine's cores with the server and the load)."""
        turn = 0
        while time.monotonic() < self.stop_at - 0.5:
            if turn % 4 == 3:
                self.advance()
            else:
                self.buy(COINS, ACCOUNTS[1 + turn % (len(ACCOUNTS) - 1)])
            turn += 1
            time.sleep(self.args.pause)

    # MARK: - The load

    def token(self):
        now = int(time.time())
        claims = {"iss": self.key["issuerId"], "iat": now, "exp": now + 300,
                  "aud": "appstoreconnect-v1", "bid": self.key["bundleId"]}
        return jwt.encode(claims, self.private_key, algorithm="ES256",
                          headers={"kid": self.key["keyId"]})

    def one_request(self, connection, turn):
        """One request and its checks; returns nothing, raises Failure."""
        with self.lock:
            known = list(self.ids)
            renewals_seen = list(self.renewals)
        original = renewals_seen[0]
        kind = turn % 3
        if kind == 0:
            asked = random.choice(known)
            path = f"/inApps/v1/transactions/{asked}"
        elif kind == 1:
            path = f"/inApps/v2/history/{original}?sort=DESCENDING"
        else:
            path = f"/inApps/v1/subscriptions/{original}"
        connection.request("GET", path, headers={"Authorization": "Bearer " + self.token()})
        response = connection.getresponse()
        body = response.read()
        if response.status != 200:
            refusal = response.getheader("X-Local-App-Store-Refusal") or body[:200]
            raise Failure(f"GET {path}: {response.status} {refusal}")
        answer = json.loads(body)
        if kind == 0:
            got = payload(answer["signedTransactionInfo"])["transactionId"]
            if got != str(asked):
                raise Failure(f"GET {path}: transaction {got}")
        elif kind == 1:
            newest = max(int(payload(signed)["transactionId"]) for signed in answer["signedTransactions"])
            if newest < renewals_seen[-1]:
                raise Failure(f"GET {path}: newest {newest}, older than renewal {renewals_seen[-1]} "
                              "reported before the request")
        else:
            latest = max(int(payload(last["signedTransactionInfo"])["transactionId"])
                         for group in answer["data"] for last in group["lastTransactions"])
            if latest < renewals_seen[-1]:
                raise Failure(f"GET {path}: latest {latest}, older than renewal {renewals_seen[-1]} "
                              "reported before the request")

    def client(self, number):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        turn = number
        count = 0
        failures = []
        while time.monotonic() < self.stop_at:
            try:
                self.one_request(connection, turn)
            except (OSError, http.client.HTTPException, ValueError, KeyError, IndexError,
                    Failure) as error:
                failures.append(f"connection {number}: {type(error).__name__}: {error}")
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            count += 1
            turn += 1
        connection.close()
        with self.lock:
            self.requests += count
            self.failures += failures

    # MARK: - The run

    def start_server(self):
        self.server_log = open(os.path.join(self.args.work, "serve.stderr"), "w")
        self.server = subprocess.Popen([self.args.tool, "serve", "--port", "0", "--state", self.state],
                                       stdout=subprocess.PIPE, stderr=self.server_log, text=True)
        selector = selectors.DefaultSelector()
        selector.register(self.server.stdout, selectors.EVENT_READ)
        if not selector.select(timeout=20):
            raise Failure("serve printed nothing within 20 s")
        first = self.server.stdout.readline().strip()
        found = re.fullmatch(r"listening on http://127\.0\.0\.1:(\d+)", first)
        if not found:
            raise Failure(f"serve's first line is {first!r}")
        self.port = int(found.group(1))

    def stop_server(self):
        self.server.terminate()
        try:
            status = self.server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.server.kill()
            self.server.wait()
            raise Failure("serve did not stop within 10 s of SIGTERM")
        if status != 0:
            raise Failure(f"serve exited {status} on SIGTERM")

    def check_history(self):
        """`history --json` of each account holds exactly the transactions the operations made."""
        problems = []
        total = 0
        for account in ACCOUNTS:
            listed = [entry["transaction"]["id"] for entry in self.st("history", "--account", account)]
            total += len(listed)
            expected = self.made[account]
            if sorted(listed) != sorted(expected):
                missing = sorted((Counter(expected) - Counter(listed)).elements())
                extra = sorted((Counter(listed) - Counter(expected)).elements())
                problems.append(f"{account}: history has {len(listed)}, the operations made "
                                f"{len(expected)} (missing {missing}, not made {extra})")
        return total, problems

    def run(self):
        started = time.monotonic()
        self.st("reset", "--storekit", self.args.catalog, "--date", "2026-01-01T00:00:00Z")
        self.st("device-timing", "off")
        self.st("notifications", "environment", "Sandbox")
        self.key = self.st("api-key")
        with open(self.key["privateKeyPath"], "rb") as handle:
            self.private_key = serialization.load_pem_private_key(handle.read(), password=None)
        self.buy(MONTHLY, "purchaser")
        self.buy(COINS, "purchaser")
        self.start_server()
        try:
            self.stop_at = time.monotonic() + self.args.seconds
            load_started = time.monotonic()
            clients = [threading.Thread(target=self.client, args=(number,))
                       for number in range(self.args.connections)]
            for client in clients:
                client.start()
            operation_error = None
            try:
                self.operate()
            except Failure as error:
                operation_error = error
                self.stop_at = time.monotonic()
            for client in clients:
                client.join(timeout=self.args.seconds + 30)
            if any(client.is_alive() for client in clients):
                raise Failure("a load connection did not finish")
            load_seconds = time.monotonic() - load_started
        finally:
            self.stop_server()
        if operation_error:
            raise operation_error
        total, problems = self.check_history()
        operations = sum(len(ids) for ids in self.made.values())

        print(f"server-load: {self.requests} requests in {load_seconds:.1f} s "
              f"({self.requests / load_seconds:.0f}/s) over {self.args.connections} keep-alive "
              f"connections, a fresh token each; {len(self.failures)} failed")
        for failure in self.failures[:10]:
            print(f"  failed: {failure}")
        if len(self.failures) > 10:
            print(f"  ... and {len(self.failures) - 10} more")
        print(f"server-load: meanwhile the tool made {self.buys} buys and {self.advances} advances of "
              f"a month on the same state ({operations} transactions reported)")
        if problems:
            print(f"server-load: history check FAILED: {total} transactions in {len(ACCOUNTS)} "
                  f"accounts, not the {operations} the operations made")
            for problem in problems:
                print(f"  {problem}")
        else:
            print(f"server-load: history check: {total} transactions in {len(ACCOUNTS)} accounts, "
                  f"exactly the {operations} the operations made")
        ok = not self.failures and not problems and self.requests > 0
        print(f"server-load: {'ok' if ok else 'FAILED'} in {time.monotonic() - started:.1f} s")
        return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--pause", type=float, default=0.25,
                        help="seconds between two of the tool's operations")
    args = parser.parse_args()
    try:
        ok = Load(args).run()
    except Failure as error:
        print(f"server-load: FAILED: {error}")
        sys.exit(1)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A server under test for scripts/notifications-story: receives App Store Server Notifications
V2 on 127.0.0.1 and verifies each one, and its nested transaction and renewal info, with Apple's
App Store Server Library for Python (SignedDataVerifier, the emulator's exported root as the only
trusted root, online checks off). It answers 200, or 500 to the next N posts after a POST to
/fail?n=N, to exercise retries; after a POST to /hang?n=N it never answers the next N posts
(it touches --hang-marker and holds them), for a sender killed mid-delivery. Every post is one JSON line in the log; a notification that does
not verify is logged with its error and answered 400.
"""
import argparse
import json
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True, help="the emulator's root certificate, PEM")
    parser.add_argument("--environment", required=True, choices=["Sandbox", "Production"])
    parser.add_argument("--bundle-id", required=True)
    parser.add_argument("--app-apple-id", type=int)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--hang-marker", help="touched when a post is held unanswered")
    args = parser.parse_args()

    with open(args.root) as handle:
        root = ssl.PEM_cert_to_DER_cert(handle.read())
    verifier = SignedDataVerifier(
        [root], False, Environment(args.environment), args.bundle_id, args.app_apple_id
    )
    lock = threading.Lock()
    failures = {"left": 0, "hang": 0}
    log = open(args.log, "a", buffering=1)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_):
            pass

        def answer(self, code):
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            url = urlparse(self.path)
            if url.path in ("/fail", "/hang"):
                with lock:
                    key = "left" if url.path == "/fail" else "hang"
                    failures[key] = int(parse_qs(url.query).get("n", ["1"])[0])
                return self.answer(204)
            with lock:
                hang = failures["hang"] > 0
                if hang:
                    failures["hang"] -= 1
            if hang:
                if args.hang_marker:
                    open(args.hang_marker, "w").close()
                threading.Event().wait(60)
                return
            entry = {}
            try:
                signed = json.loads(body)["signedPayload"]
                payload = verifier.verify_and_decode_notification(signed)
                data = payload.data
                entry = {
                    "uuid": payload.notificationUUID,
                    "type": payload.rawNotificationType,
                    "subtype": payload.rawSubtype,
                    "environment": data.rawEnvironment if data else None,
                    "status": data.rawStatus if data else None,
                    "signedPayload": signed,
                }
                if data and data.signedTransactionInfo:
                    transaction = verifier.verify_and_decode_signed_transaction(
                        data.signedTransactionInfo
                    )
                    entry["transactionId"] = transaction.transactionId
                    entry["ownership"] = transaction.rawInAppOwnershipType
                    entry["transactionEnvironment"] = transaction.rawEnvironment
                    entry["offerType"] = transaction.rawOfferType
                    entry["offerIdentifier"] = transaction.offerIdentifier
                    entry["offerDiscountType"] = transaction.rawOfferDiscountType
                if data and data.signedRenewalInfo:
                    info = verifier.verify_and_decode_renewal_info(data.signedRenewalInfo)
                    entry["renewalEnvironment"] = info.rawEnvironment
                with lock:
                    failing = failures["left"] > 0
                    if failing:
                        failures["left"] -= 1
                entry["answer"] = 500 if failing else 200
            except Exception as error:  # a notification Apple's library refuses
                entry = {"error": f"{type(error).__name__}: {error}", "answer": 400}
            log.write(json.dumps(entry) + "\n")
            self.answer(entry["answer"])

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(args.port_file + ".tmp", "w") as handle:
        handle.write(str(server.server_address[1]))
    import os

    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())

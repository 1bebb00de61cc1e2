"""Schemathesis hooks for scripts/server-api-schemathesis (loaded with SCHEMATHESIS_HOOKS).

- An auth provider that mints a fresh App Store Server API token for every request, as Apple's
  clients do ("Generate a new signed JWT for each new request"): ES256 with the key of
  `sportstime-store api-key --json` (the file named by SERVER_API_KEY_JSON), the claims Apple's
  Python client sends (bid, iss, aud, exp five minutes on; no iat). No caching
  (refresh_interval=None), so no token is reused.
- after_call: one line per answer, "METHOD PATH STATUS", appended to SERVER_API_STATUS_LOG, which
  the script counts (the share of answers that reached a handler: not 401).
"""
import json
import os
import threading
import time

import jwt
import schemathesis
from cryptography.hazmat.primitives import serialization

with open(os.environ["SERVER_API_KEY_JSON"]) as handle:
    KEY = json.load(handle)
with open(KEY["privateKeyPath"], "rb") as handle:
    SIGNING_KEY = serialization.load_pem_private_key(handle.read(), password=None)
LOG = open(os.environ["SERVER_API_STATUS_LOG"], "a", buffering=1)
LOCK = threading.Lock()


@schemathesis.auth(refresh_interval=None)
class FreshToken:
    def get(self, case, context):
        claims = {
            "bid": KEY["bundleId"],
            "iss": KEY["issuerId"],
            "aud": "appstoreconnect-v1",
            "exp": int(time.time()) + 300,
        }
        return jwt.encode(claims, SIGNING_KEY, algorithm="ES256", headers={"kid": KEY["keyId"]})

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.hook
def after_call(context, case, response):
    with LOCK:
        LOG.write(f"{case.method.upper()} {case.operation.path} {response.status_code}\n")

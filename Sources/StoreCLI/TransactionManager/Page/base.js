// Transaction Manager — SportsTime Store.
//
// The page `sportstime-store serve` serves at `/`: Xcode's StoreKit Transaction Manager for the
// local App Store. It holds no store logic of its own: it reads the state through `/ui/api/…`
// and changes it only by running the CLI's own commands (`POST /ui/api/run`), whose words it
// shows, so that a person learns `sportstime-store refund 7` from it.
//
// Plain ES2020, no framework and no build step. The server's Content-Security-Policy allows the
// page's own files only: no inline script or style, no `eval`, no `innerHTML` of data (every
// text goes through `textContent`).
//
// The script is five classic scripts, which index.html loads in this order (`defer`: after the
// document is parsed, one after another): base.js (this file: the constants, the page's state,
// the helpers and the API's client), commands.js (running commands, the log, refreshing),
// views.js (the header, accounts, requests waiting, settings, products, notifications, the
// request log, the app's screens, the tabs), transactions.js (the list and the inspector) and
// app.js (the controls' wiring, live updates, the start). They share one global scope, as one
// script's top level: each declares what the others call, and none calls another's function at
// load; app.js's `start()`, the last statement, runs once every one is declared. Five, with the
// stylesheet six: as many requests as a browser sends one host at once over HTTP/1.1, so that
// none of the first load's waits for another to end.
'use strict';

// ───────────────────────────── Constants and the page's state ─────────────────────────────

/** The per-process token the server put in the page; every `/ui/api/…` request carries it. */
const TOKEN = document.querySelector('meta[name="transaction-manager-token"]').content;
/** Transactions per page of the list (the server's `limit`). */
const PAGE_SIZE = 50;
/** At most this many pages are read again when the state changes (what the person loaded). */
const MAX_PAGES_KEPT = 5;
/** Command log entries kept on the page. */
const LOG_LIMIT = 60;
/** How long a burst of `change` events is gathered into one refresh, in milliseconds. */
const REFRESH_DEBOUNCE_MS = 120;

/** Everything the page knows; the DOM is drawn from it. */
const state = {
  overview: null,        // GET /ui/api/overview
  version: -1,           // the state version the page shows
  wantedVersion: -1,     // the newest version an event or a command announced
  view: 'transactions',  // the visible view (a tab)
  account: '',           // the account filter: '' is every account
  filters: { product: '', type: '', state: '', q: '' },
  rows: [],              // the transactions listed, newest first
  next: null,            // the `before` of the next page, null on the last one
  total: 0,
  pages: 1,              // how many pages are listed
  selectedID: null,      // the inspected transaction
  selected: null,        // GET /ui/api/transactions/ID
  listShown: false,      // whether the first list has been drawn (for the load measurement)
};

// ───────────────────────────── Small helpers ─────────────────────────────

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

/**
 * Makes an element: `attributes` are set as attributes, but for `class`, `text` (its text) and
 * `on…` (a listener); `children` are nodes or strings (null and false are skipped).
 */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = String(value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/**
 * Replaces `container`'s children with `nodes`, keeping the keyboard focus: an element that had
 * it inside `container` is found again by its `data-focus-key` and focused, so that a live
 * refresh never throws a keyboard user back to the top of the page.
 */
function replaceKeepingFocus(container, nodes) {
  const focused = document.activeElement;
  const key = focused && container.contains(focused) ? focused.getAttribute('data-focus-key') : null;
  container.replaceChildren(...nodes);
  if (key) {
    const again = container.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

/** An ISO 8601 date as `2026-02-01 00:00:00` (UTC, as the store keeps it); `—` for none. */
function formatDate(iso) {
  if (!iso) return '—';
  return String(iso).replace('T', ' ').replace(/\.\d+/, '').replace(/Z$/, '');
}

/** A `<time>` for an ISO date, its full value in the title; `split` puts the time of day on a
 * line of its own (the list's narrow columns). */
function timeElement(iso, split = false) {
  if (!iso) return el('span', { class: 'muted', text: '—' });
  if (!split) return el('time', { datetime: iso, title: iso, text: formatDate(iso) });
  const [day, clock] = formatDate(iso).split(' ');
  return el('time', { datetime: iso, title: iso, class: 'split-time' },
    el('span', { text: day }), ' ', el('span', { class: 'time-of-day', text: clock || '' }));
}

/** A number with thousands separators. */
const formatCount = (n) => Number(n || 0).toLocaleString('en-US');

/** A word for a shell: quoted when it holds anything but plain characters. */
function shellWord(word) {
  const text = String(word);
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** What a person would type for `argv`. */
const commandText = (argv) => ['sportstime-store', ...argv].map(shellWord).join(' ');

/** The purchaser's name: the account family members share from. */
function purchaserName() {
  const accounts = (state.overview && state.overview.accounts) || [];
  const named = accounts.find((account) => account.name === 'purchaser');
  return named ? named.name : accounts.length ? accounts[0].name : 'purchaser';
}

/** `--account NAME` for a family member; nothing for the purchaser (the CLI's default). */
function accountArgs(name) {
  return name && name !== purchaserName() ? ['--account', name] : [];
}

// ───────────────────────────── The server's API ─────────────────────────────

/** An error answer of `/ui/api/…`: its `{"error": …}` and HTTP status. */
class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * Calls `/ui/api/…` with the token. `json` is sent as JSON; `body` as is, with `contentType`;
 * `onHeaders` is called when the answer's head has come, before its body is read.
 * Answers the decoded JSON; throws ApiError for a status of 400 or more.
 */
async function api(path, { method = 'GET', json, body, contentType, onHeaders } = {}) {
  const headers = { 'X-Transaction-Manager-Token': TOKEN, Accept: 'application/json' };
  let payload;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(json);
  } else if (body !== undefined) {
    headers['Content-Type'] = contentType || 'application/octet-stream';
    payload = body;
  }
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: payload, credentials: 'same-origin', cache: 'no-store',
    });
  } catch (error) {
    throw new ApiError(`the server did not answer (${error.message})`, 0);
  }
  if (onHeaders) onHeaders();
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const reason = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    throw new ApiError(reason, response.status);
  }
  return data;
}

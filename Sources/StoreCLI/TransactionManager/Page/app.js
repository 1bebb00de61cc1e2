// Transaction Manager — SportsTime Store.
//
// The page `sportstime-store serve` serves at `/`: Xcode's StoreKit Transaction Manager for the
// local App Store. It holds no store logic of its own: it reads the state through `/ui/api/…`
// and changes it only by running the CLI's own commands (`POST /ui/api/run`), whose words it
// shows, so that a person learns `sportstime-store refund 7` from it.
//
// Plain ES2020, no framework and no build step. The server's Content-Security-Policy allows this
// file and style.css only: no inline script or style, no `eval`, no `innerHTML` of data (every
// text goes through `textContent`).
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

// ───────────────────────────── Running commands, the log ─────────────────────────────

/**
 * Runs a CLI command through the server, after asking when `confirm` is given
 * (`{text, verb}`), shows its words and output, and refreshes the page.
 * Answers the server's result, or null when cancelled or failed.
 */
async function runCommand(argv, confirm) {
  const command = commandText(argv);
  if (confirm && !(await confirmAction(confirm.text, command, confirm.verb))) {
    showLastResult(`Cancelled: ${command}`, 'muted');
    return null;
  }
  try {
    const result = await api('/ui/api/run', { method: 'POST', json: { argv } });
    logResult(result);
    await refreshUntil(result.version);
    return result;
  } catch (error) {
    logFailure(command, error);
    return null;
  }
}

/** The words for an exit status. */
function statusWord(status) {
  if (status === 0) return 'ok';
  if (status === 1) return 'refused (exit 1)';
  if (status === 2) return 'bad usage (exit 2)';
  return `exit ${status}`;
}

/** Adds a command's result to the log and to the result line under the header. */
function logResult(result) {
  const ok = result.status === 0;
  const output = (result.output || '').trimEnd();
  const errors = (result.errors || '').trimEnd();
  appendLog(el('li', {
    class: ok ? 'log-ok' : 'log-refused', 'data-status': result.status, 'data-version': result.version,
  },
    el('p', { class: 'log-head' },
      el('code', { class: 'command', text: `$ ${result.command}` }), ' ',
      el('span', { class: `badge ${ok ? 'badge-ok' : 'badge-bad'}`, text: statusWord(result.status) })),
    output ? el('pre', { class: 'log-output', text: output }) : null,
    errors ? el('pre', { class: 'log-errors', text: errors }) : null));
  const firstLine = (ok ? output : errors || output).split('\n')[0];
  showLastResult(`$ ${result.command} — ${statusWord(result.status)}${firstLine ? `: ${firstLine}` : ''}`,
    ok ? 'ok' : 'bad');
}

/** Adds a request that failed (no result) to the log. */
function logFailure(what, error) {
  appendLog(el('li', { class: 'log-refused' },
    el('p', { class: 'log-head' },
      el('code', { class: 'command', text: `$ ${what}` }), ' ',
      el('span', { class: 'badge badge-bad', text: error.status ? `HTTP ${error.status}` : 'failed' })),
    el('pre', { class: 'log-errors', text: error.message })));
  showLastResult(`${what} — failed: ${error.message}`, 'bad');
}

/** Puts `entry` first in the command log, keeping the last LOG_LIMIT. */
function appendLog(entry) {
  const list = $('#log-list');
  list.prepend(entry);
  while (list.children.length > LOG_LIMIT) list.lastElementChild.remove();
}

/** The one-line result under the header (a polite live region). */
function showLastResult(text, kind) {
  const line = $('#last-result');
  line.className = `last-result last-result-${kind}`;
  line.textContent = text;
}

/**
 * Asks before a destructive action, in a modal <dialog> (window.confirm where there is none).
 * `verb` names the confirming button ("Refund"); Cancel has the focus first.
 */
function confirmAction(text, command, verb) {
  const dialog = $('#confirm-dialog');
  if (typeof dialog.showModal !== 'function') {
    return Promise.resolve(window.confirm(`${text}\n\n$ ${command}`));
  }
  const opener = document.activeElement;
  $('#confirm-text').textContent = text;
  $('#confirm-command').textContent = `$ ${command}`;
  $('#confirm-ok').textContent = verb;
  return new Promise((resolve) => {
    const finish = (answer) => {
      $('#confirm-ok').removeEventListener('click', onOK);
      $('#confirm-cancel').removeEventListener('click', onCancel);
      dialog.removeEventListener('cancel', onEscape);
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected) opener.focus();
      resolve(answer);
    };
    const onOK = () => finish(true);
    const onCancel = () => finish(false);
    const onEscape = (event) => { event.preventDefault(); finish(false); };
    $('#confirm-ok').addEventListener('click', onOK);
    $('#confirm-cancel').addEventListener('click', onCancel);
    dialog.addEventListener('cancel', onEscape);
    dialog.showModal();
    $('#confirm-cancel').focus();
  });
}

// ───────────────────────────── Refreshing ─────────────────────────────

let refreshTimer = null;
let refreshing = null;
let refreshAgain = false;

/**
 * Refreshes after a short pause, gathering a burst of changes into one; `always` is false for
 * an event's version, which a command's own refresh may have shown meanwhile.
 */
function scheduleRefresh(always = true) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (always || state.version < state.wantedVersion) refreshAll();
  }, REFRESH_DEBOUNCE_MS);
}

/** Refreshes until the page shows at least `version` (a command's answer). */
async function refreshUntil(version) {
  if (typeof version === 'number') state.wantedVersion = Math.max(state.wantedVersion, version);
  await refreshAll();
}

let readsInFlight = 0;

/**
 * Awaits `promise`, counted as a read in flight: `<body data-busy>` is there while any is, so
 * that the browser story knows when the page has settled.
 */
async function tracked(promise) {
  readsInFlight += 1;
  document.body.setAttribute('data-busy', 'true');
  try {
    return await promise;
  } finally {
    readsInFlight -= 1;
    if (readsInFlight === 0) document.body.removeAttribute('data-busy');
  }
}

/**
 * Reads everything the page shows again: the overview, the list, the inspector and the visible
 * view's data. One refresh at a time; one asked for meanwhile runs after it. `<body>` carries
 * `data-busy` while it runs and `data-version` (the version shown) after, for the browser story.
 */
async function refreshAll() {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = tracked((async () => {
    let rounds = 0;
    do {
      refreshAgain = false;
      rounds += 1;
      try {
        if (!state.listShown) {
          // The first load asks for the list first, and for the rest once the list's answer is
          // on its way: the overview reads the whole state (a large one makes it slow) and
          // would hold the list back on the same server. (Firefox holds the load event while
          // a request runs: the rest keeps it until the list is drawn, for its screenshots.)
          let rest = null;
          const startRest = () => { rest = rest || Promise.all([loadOverview(), loadViewData()]); };
          await loadTransactions(startRest);
          startRest();
          await rest;
        } else {
          await Promise.all([loadOverview(), loadTransactions(), loadViewData()]);
        }
        loadScreensIfShown();  // not awaited (see loadViewData)
        await loadInspector();
      } catch (error) {
        showLastResult(`Could not read the store: ${error.message}`, 'bad');
      }
      // A command's version not reached yet (another process wrote meanwhile): read again.
      if (state.version < state.wantedVersion && rounds < 4) refreshAgain = true;
    } while (refreshAgain && rounds < 6);
  })());
  try {
    await refreshing;
  } finally {
    refreshing = null;
    document.body.setAttribute('data-version', String(state.version));
  }
}

/**
 * The data of the visible view, beyond the overview and the list. The app's screens are not
 * awaited: drawing them runs the app over every transaction, which a large state makes slow,
 * and the rest of the page must not wait for it.
 */
function loadViewData() {
  switch (state.view) {
    case 'transactions':
    case 'screens':
      loadScreensIfShown();
      return Promise.resolve();
    case 'notifications':
      return loadNotifications();
    case 'requests':
      return loadRequests();
    default:
      return Promise.resolve();
  }
}

// ───────────────────────────── The overview: facts, clock, accounts, settings ─────────────

/** Reads the overview and draws what comes from it. */
async function loadOverview() {
  const overview = await api('/ui/api/overview');
  state.overview = overview;
  state.version = overview.version;
  renderFacts(overview);
  renderAccounts(overview);
  renderPendingRequests(overview);
  renderProductChoices(overview);
  renderSettings(overview);
  renderProducts(overview);
}

/** The header: the tool, state file, environment, version and the store's clock. */
function renderFacts(overview) {
  $('#store-facts').textContent =
    `${overview.tool || 'sportstime-store'} · ${overview.environment || ''} environment · ` +
    `state ${overview.statePath || ''} · version ${overview.version}`;
  const clock = $('#clock-now');
  clock.textContent = formatDate(overview.now) + ' UTC';
  clock.setAttribute('datetime', overview.now || '');
  $('#state-path').textContent = overview.statePath || '—';
  if (overview.purchaseIntentNote) $('#purchase-intent-note').textContent = overview.purchaseIntentNote;
}

/** The account buttons (a filter), with Share/Unshare for family members. */
function renderAccounts(overview) {
  const accounts = overview.accounts || [];
  const counted = accounts.every((account) => typeof account.transactions === 'number');
  const all = counted ? accounts.reduce((sum, account) => sum + account.transactions, 0) : null;
  const purchaser = purchaserName();
  if (state.account && !accounts.some((account) => account.name === state.account)) state.account = '';
  const items = [accountItem('', `All accounts`, all, null)];
  for (const account of accounts) {
    const member = account.name !== purchaser;
    let role = member ? 'family member' : 'purchaser';
    if (member && account.sharing !== undefined) role += account.sharing ? ', sharing' : ', not sharing';
    if (role === account.name) role = null;
    // A member the server lists without saying is one the purchaser shares with.
    const sharing = account.sharing === undefined ? true : account.sharing;
    let familyButton = null;
    if (member) {
      familyButton = sharing
        ? el('button', {
          type: 'button', class: 'small', 'data-focus-key': `unshare-${account.name}`,
          text: `Unshare ${account.name}`,
          onclick: () => runCommand(['family-unshare', account.name],
            { text: `Stop sharing with ${account.name}? Their family-shared transactions are revoked.`, verb: 'Unshare' }),
        })
        : el('button', {
          type: 'button', class: 'small', 'data-focus-key': `share-${account.name}`,
          text: `Share with ${account.name}`,
          onclick: () => runCommand(['family-share', account.name]),
        });
    }
    items.push(accountItem(account.name, account.name, account.transactions, role, familyButton));
  }
  replaceKeepingFocus($('#accounts'), items);
  fillAccountSelects(accounts);
  $$('.screens-account').forEach((span) => { span.textContent = screensAccount(); });
}

/** One account in the list: a pressed-or-not filter button, and maybe a family button. */
function accountItem(name, label, count, role, extra = null) {
  return el('li', {},
    el('button', {
      type: 'button', class: 'account-button', 'aria-pressed': String(state.account === name),
      'data-account': name, 'data-focus-key': `account-${name}`,
      onclick: () => chooseAccount(name),
    },
    el('span', { class: 'account-name', text: label }),
    typeof count === 'number' ? el('span', { class: 'count', text: `${formatCount(count)} transactions` }) : null,
    role ? el('span', { class: 'muted', text: role }) : null),
    extra);
}

/** Lists `name`'s transactions only ('' for all) and shows the app for that account. */
function chooseAccount(name) {
  state.account = name;
  $$('#accounts .account-button').forEach((button) => {
    button.setAttribute('aria-pressed', String(button.getAttribute('data-account') === name));
  });
  $$('.screens-account').forEach((span) => { span.textContent = screensAccount(); });
  if (name) $$('.account-select').forEach((select) => { select.value = name; });
  resetPaging();
  loadTransactions().catch(showLoadError);
  loadViewData().catch(showLoadError);
}

/** The account selects of the buy forms, keeping each one's choice. */
function fillAccountSelects(accounts) {
  for (const select of $$('.account-select')) {
    const chosen = select.value || state.account || purchaserName();
    const names = accounts.map((account) => account.name);
    if (!sameList(names, $$('option', select).map((option) => option.value))) {
      select.replaceChildren(...names.map((name) => el('option', { value: name, text: name })));
    }
    if (names.includes(chosen)) select.value = chosen;
  }
}

/** Whether two arrays hold the same values in the same order. */
const sameList = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The Ask to Buy requests and interrupted purchases waiting, each with its actions. */
function renderPendingRequests(overview) {
  const waiting = (overview.askToBuy || []).filter((request) =>
    request.status === 'pending' || request.status === 'interrupted');
  const items = waiting.map((request) => {
    // The server may say which kind a request is; when it does not, both kinds' actions show
    // and the command refuses the wrong one.
    const said = request.kind !== undefined || request.status === 'interrupted';
    const interrupted = request.status === 'interrupted' || request.kind === 'interrupted';
    const resolve = el('button', {
      type: 'button', 'data-focus-key': `resolve-request-${request.id}`, 'data-request-id': request.id,
      text: `Resolve interrupted purchase #${request.id}`,
      onclick: () => runCommand(['resolve-issue', String(request.id)]),
    });
    const buttons = interrupted
      ? [resolve]
      : [
        el('button', {
          type: 'button', 'data-focus-key': `approve-${request.id}`, 'data-request-id': request.id,
          text: `Approve Ask to Buy #${request.id}`,
          onclick: () => runCommand(['approve', String(request.id)]),
        }),
        el('button', {
          type: 'button', 'data-focus-key': `decline-${request.id}`, 'data-request-id': request.id,
          text: `Decline Ask to Buy #${request.id}`,
          onclick: () => runCommand(['decline', String(request.id)]),
        }),
        said ? null : resolve,
      ];
    return el('li', { class: 'request', 'data-request-id': request.id },
      el('p', {},
        el('strong', { text: `#${request.id} ` }), request.productID, ' for ', request.account,
        el('br'), el('span', { class: 'muted' },
          !said ? 'waiting since ' : interrupted ? 'interrupted, since ' : 'Ask to Buy, asked ',
          timeElement(request.requested || request.requestDate))),
      el('div', { class: 'request-actions' }, buttons));
  });
  if (items.length === 0) items.push(el('li', { class: 'empty', text: 'Nothing waiting.' }));
  replaceKeepingFocus($('#pending-requests'), items);
}

/** The product and type choices of the buy forms and the filters, from the catalog. */
function renderProductChoices(overview) {
  const products = overview.products || [];
  const ids = products.map((product) => product.id);
  for (const select of $$('.product-select')) {
    if (sameList(ids, $$('option', select).map((option) => option.value))) continue;
    const chosen = select.value;
    select.replaceChildren(...products.map((product) =>
      el('option', { value: product.id, text: `${productName(product)} (${product.id})` })));
    if (ids.includes(chosen)) select.value = chosen;
  }
  fillFilterSelect($('#filter-product'), 'All products',
    products.map((product) => [product.id, productName(product)]));
  const types = [...new Set(products.map((product) => product.type).filter(Boolean))];
  fillFilterSelect($('#filter-type'), 'All types', types.map((type) => [type, type]));
}

/** A product's name (the contract's `name`, or the catalog's `displayName`). */
const productName = (product) => product.name || product.displayName || product.id;

/** A filter select's options (`pairs` of value and text) after its "All …" one. */
function fillFilterSelect(select, allText, pairs) {
  const values = ['', ...pairs.map(([value]) => value)];
  if (sameList(values, $$('option', select).map((option) => option.value))) return;
  const chosen = select.value;
  select.replaceChildren(el('option', { value: '', text: allText }),
    ...pairs.map(([value, text]) => el('option', { value, text })));
  select.value = values.includes(chosen) ? chosen : '';
}

/**
 * The settings table: one row per setting, its value, and a control to change it (`KEY VALUE…`).
 * The rows are rebuilt only when the keys change, so that a choice being made is not lost.
 */
function renderSettings(overview) {
  const settings = overview.settings || [];
  const body = $('#settings-body');
  const keys = settings.map((setting) => setting.key);
  if (!sameList(keys, $$('tr', body).map((row) => row.getAttribute('data-setting')))) {
    body.replaceChildren(...settings.map(settingRow));
  }
  for (const setting of settings) {
    const row = body.querySelector(`tr[data-setting="${CSS.escape(setting.key)}"]`);
    $('.setting-value', row).textContent = settingText(setting.value);
    const control = $('.setting-control', row);
    if (document.activeElement !== control && !row.classList.contains('edited')) {
      if (control.tagName === 'SELECT' && setting.choices && setting.choices.includes(setting.value)) {
        control.value = setting.value;
      }
    }
  }
}

/** A setting's value as text: `—` for none, an object's entries as `key value`, or `none`. */
function settingText(value) {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([key, item]) => `${key} ${typeof item === 'object' ? JSON.stringify(item) : item}`).join(', ') : 'none';
  }
  return String(value);
}

/** A setting's row: a select for fixed choices, else a text field, and a Set button. */
function settingRow(setting) {
  const id = `setting-${setting.key}`;
  const control = setting.choices && setting.choices.length
    ? el('select', { id, class: 'setting-control', name: setting.key },
      setting.choices.map((choice) => el('option', { value: choice, text: choice })))
    : el('input', {
      id, class: 'setting-control', name: setting.key, autocomplete: 'off', spellcheck: 'false',
      placeholder: settingText(setting.value), required: true, size: 24,
    });
  const row = el('tr', { 'data-setting': setting.key },
    el('th', { scope: 'row' }, el('label', { for: id, text: setting.label || setting.key }),
      el('br'), el('code', { class: 'muted', text: setting.key })),
    el('td', { class: 'setting-value', text: settingText(setting.value) }),
    el('td', {},
      el('form', {
        class: 'inline-form',
        onsubmit: (event) => {
          event.preventDefault();
          const words = String(control.value).trim().split(/\s+/).filter(Boolean);
          if (words.length === 0) return;
          row.classList.remove('edited');
          runCommand([setting.key, ...words]);
        },
      }, control, el('button', { type: 'submit', text: `Set ${setting.label || setting.key}` }))));
  control.addEventListener('input', () => row.classList.add('edited'));
  return row;
}

/** The products and their prices, each with a "Set price" form (`set-price ID PRICE`). */
function renderProducts(overview) {
  const products = overview.products || [];
  const body = $('#products-body');
  const signature = products.map((product) => `${product.id}=${product.price}`);
  if (sameList(signature, $$('tr', body).map((row) => row.getAttribute('data-signature')))) return;
  body.replaceChildren(...products.map((product) => {
    const input = el('input', {
      id: `price-${product.id}`, name: 'price', inputmode: 'decimal', size: 7, required: true,
      autocomplete: 'off', placeholder: product.price, 'aria-label': `New price of ${productName(product)}`,
    });
    return el('tr', { 'data-signature': `${product.id}=${product.price}` },
      el('td', {}, el('code', { text: product.id })),
      el('td', { text: productName(product) }),
      el('td', { text: product.type }),
      el('td', { text: product.displayPrice || product.price }),
      el('td', {}, el('form', {
        class: 'inline-form',
        onsubmit: (event) => {
          event.preventDefault();
          runCommand(['set-price', product.id, input.value.trim()]);
        },
      }, input, el('button', { type: 'submit', text: `Set price of ${productName(product)}` }))));
  }));
}

// ───────────────────────────── The transaction list ─────────────────────────────

let listSequence = 0;

/** The list's URL for the filters, after `before` (the next page) when given. */
function transactionsURL(before) {
  const params = new URLSearchParams();
  if (state.account) params.set('account', state.account);
  for (const [name, value] of Object.entries(state.filters)) {
    if (value) params.set(name, value);
  }
  if (before !== undefined && before !== null) params.set('before', String(before));
  params.set('limit', String(PAGE_SIZE));
  return `/ui/api/transactions?${params}`;
}

/** Back to the first page (the filters changed). */
function resetPaging() {
  state.pages = 1;
}

/**
 * Reads the list again: the first page, then as many more as were shown (up to
 * MAX_PAGES_KEPT). An answer overtaken by a newer read is dropped. `onHeaders`: see api().
 */
async function loadTransactions(onHeaders) {
  const sequence = ++listSequence;
  let page = await api(transactionsURL(), { onHeaders });
  const rows = [...page.transactions];
  let next = page.next;
  const total = page.total;
  for (let read = 1; read < Math.min(state.pages, MAX_PAGES_KEPT) && next !== null && next !== undefined; read += 1) {
    page = await api(transactionsURL(next));
    rows.push(...page.transactions);
    next = page.next;
  }
  if (sequence !== listSequence) return;
  state.rows = rows;
  state.next = next === undefined ? null : next;
  state.total = total;
  renderTransactions();
}

/** Appends the next page ("Load more"). */
async function loadMore() {
  if (state.next === null) return;
  const sequence = ++listSequence;
  const page = await api(transactionsURL(state.next));
  if (sequence !== listSequence) return;
  state.rows.push(...page.transactions);
  state.next = page.next === undefined ? null : page.next;
  state.total = page.total;
  state.pages += 1;
  renderTransactions();
  // The first row of the new page gets the focus, so the keyboard carries on from there.
  const first = $(`#tx-body tr:nth-child(${state.rows.length - page.transactions.length + 1}) .inspect`);
  if (first) first.focus();
}

/** Draws the list, its count and its "Load more". */
function renderTransactions() {
  const rows = state.rows.map(transactionRow);
  replaceKeepingFocus($('#tx-body'), rows);
  updateRovingFocus();
  $('#list-empty').hidden = state.rows.length > 0;
  $('#list-count').textContent = `(${formatCount(state.total)})`;
  $('#list-shown').textContent = `Showing ${formatCount(state.rows.length)} of ${formatCount(state.total)}`;
  $('#load-more').hidden = state.next === null;
  if (!state.listShown) {
    state.listShown = true;
    document.body.setAttribute('data-list-shown', 'true');
    if (performance.mark) performance.mark('tm-list-shown');
    // Only now is the page as tall as it will be: before, the screens below the list would
    // seem to be in view.
    watchScreensSection();
  }
}

/**
 * A transaction's row: its Inspect button, product (with type and reason under it), account,
 * dates and state (with "unfinished" under it when the app has not finished it).
 */
function transactionRow(tx) {
  const selected = tx.id === state.selectedID;
  const shared = tx.ownership === 'FAMILY_SHARED';
  return el('tr', {
    'data-transaction-id': tx.id, 'data-state': tx.state, 'data-finished': String(tx.finished),
    'data-account': tx.account, 'data-expiration': tx.expirationDate || '',
    'data-revoked': String(Boolean(tx.revocationDate)), class: selected ? 'selected' : '',
    onclick: (event) => { if (!event.target.closest('button')) selectTransaction(tx.id); },
  },
  el('td', {},
    el('button', {
      type: 'button', class: 'inspect', 'data-focus-key': `inspect-${tx.id}`,
      'aria-current': selected ? 'true' : false, tabindex: '-1',
      onclick: () => selectTransaction(tx.id),
    }, el('span', { class: 'visually-hidden', text: 'Inspect ' }), String(tx.id))),
  el('td', {},
    el('code', { text: tx.productID }),
    el('span', { class: 'cell-note', title: tx.type },
      `${shortType(tx.type)} · ${tx.reason ? tx.reason.toLowerCase() : '—'}`)),
  el('td', {}, tx.account, shared ? el('span', { class: 'badge badge-family', text: 'family' }) : null),
  el('td', {}, timeElement(tx.purchaseDate, true)),
  el('td', {}, timeElement(tx.expirationDate, true)),
  el('td', {}, timeElement(tx.revocationDate, true)),
  el('td', {},
    el('span', { class: `badge state state-${tx.state}`, text: stateLabel(tx.state) }),
    tx.finished ? null : el('span', {
      class: 'badge badge-unfinished', title: 'Not finished by the app yet', text: 'unfinished',
    })));
}

/** A product type in few words, for the list (the full one is its title). */
function shortType(type) {
  const words = {
    'Auto-Renewable Subscription': 'auto-renewable',
    'Non-Renewing Subscription': 'non-renewing',
    'Non-Consumable': 'non-consumable',
    Consumable: 'consumable',
  };
  return words[type] || type || '—';
}

/** A state word as people read it. */
const stateLabel = (word) => String(word || '').replace(/-/g, ' ');

/**
 * One Inspect button of the list is in the tab order (the selected one, else the first): Tab
 * passes the list in one step, and the arrow keys move inside it.
 */
function updateRovingFocus() {
  const buttons = $$('#tx-body .inspect');
  if (buttons.length === 0) return;
  const current = buttons.find((button) => button.getAttribute('aria-current') === 'true') ||
    buttons.find((button) => button === document.activeElement) || buttons[0];
  for (const button of buttons) button.tabIndex = button === current ? 0 : -1;
}

/** Up, Down, Home and End move between the list's Inspect buttons. */
function onListKeydown(event) {
  const buttons = $$('#tx-body .inspect');
  const index = buttons.indexOf(document.activeElement);
  if (index < 0) return;
  const targets = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: buttons.length - 1 };
  if (!(event.key in targets)) return;
  event.preventDefault();
  const target = buttons[Math.max(0, Math.min(buttons.length - 1, targets[event.key]))];
  for (const button of buttons) button.tabIndex = button === target ? 0 : -1;
  target.focus();
}

/** Reads the filter form into the state and lists again from the first page. */
function applyFilters() {
  const form = $('#filters');
  state.filters = {
    product: form.elements.product.value,
    type: form.elements.type.value,
    state: form.elements.state.value,
    q: form.elements.q.value.trim(),
  };
  resetPaging();
  loadTransactions().catch(showLoadError);
}

/** A read that failed, on the result line. */
function showLoadError(error) {
  showLastResult(`Could not read the store: ${error.message}`, 'bad');
}

// ───────────────────────────── The inspector ─────────────────────────────

let inspectorSequence = 0;

/** Inspects transaction `id`: marks its row and reads its details. */
function selectTransaction(id) {
  state.selectedID = id;
  for (const row of $$('#tx-body tr')) {
    const chosen = Number(row.getAttribute('data-transaction-id')) === id;
    row.classList.toggle('selected', chosen);
    const button = $('.inspect', row);
    if (chosen) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  }
  updateRovingFocus();
  loadInspector().catch(showLoadError);
}

/**
 * Whether the inspected transaction is known to be gone: the list, unfiltered, covers its
 * identifier and does not hold it (deleted, cleared, another state imported). The page then
 * does not ask for it (an answer of 404 would be an error in the console).
 */
function selectedIsGone() {
  const unfiltered = !state.account && Object.values(state.filters).every((value) => !value);
  if (!unfiltered || state.rows.some((row) => row.id === state.selectedID)) return false;
  const oldest = state.rows.length ? state.rows[state.rows.length - 1].id : Infinity;
  return state.next === null || state.selectedID > oldest;
}

/** Reads the inspected transaction again (nothing when none is). */
async function loadInspector() {
  if (state.selectedID !== null && selectedIsGone()) {
    state.selectedID = null;
    state.selected = null;
  }
  const id = state.selectedID;
  const sequence = ++inspectorSequence;
  if (id === null) {
    renderInspector(null);
    return;
  }
  try {
    const detail = await api(`/ui/api/transactions/${encodeURIComponent(id)}`);
    if (sequence !== inspectorSequence) return;
    state.selected = detail;
    renderInspector(detail);
  } catch (error) {
    if (error.status !== 404) throw error;
    if (sequence !== inspectorSequence) return;
    state.selectedID = null;
    state.selected = null;
    renderInspector(null);
    showLastResult(`Transaction ${id} is gone.`, 'muted');
  }
}

/** Draws the inspector: verification, actions, every field, the JWS. */
function renderInspector(detail) {
  $('#inspector-empty').hidden = Boolean(detail);
  $('#inspector-body').hidden = !detail;
  if (!detail) {
    $('#inspector-heading').textContent = 'Inspector';
    return;
  }
  const tx = detail.transaction || {};
  const id = transactionID(detail);
  $('#inspector-heading').textContent = `Inspector: transaction ${id}`;
  $('#inspector-body').setAttribute('data-transaction-id', id);

  const verification = $('#verification');
  verification.className = `verification ${detail.verified ? 'verified' : 'unverified'}`;
  verification.textContent = detail.verified
    ? `✓ Verifies: ${detail.verification || 'verified'}`
    : `✗ Does not verify: ${detail.verification || 'unknown reason'}`;

  const subscription = isSubscription(detail.row || tx);
  for (const button of $$('#inspector-body [data-subscription]')) button.hidden = !subscription;
  $('#extend-form').hidden = !subscription;

  renderFields($('#tx-fields'), tx);
  const renewal = detail.renewalInfo;
  $('#renewal-none').hidden = Boolean(renewal);
  $('#renewal-fields').hidden = !renewal;
  renderFields($('#renewal-fields'), renewal || {});
  $('#jws').value = detail.jws || '';
  $('#renewal-jws-block').hidden = !detail.renewalJWS;
  $('#renewal-jws').value = detail.renewalJWS || '';
  $('#copy-jws-status').textContent = '';
  $('#copy-renewal-jws-status').textContent = '';
}

/** The transaction's identifier: its list row's, else its payload's. */
function transactionID(detail) {
  const tx = detail.transaction || {};
  const row = detail.row || {};
  const raw = row.id !== undefined ? row.id : tx.transactionId !== undefined ? tx.transactionId : state.selectedID;
  return String(raw);
}

/** Whether a decoded transaction is of an auto-renewable subscription. */
function isSubscription(tx) {
  const type = String(tx.type || tx.productType || '');
  return type === '' || /auto-renewable/i.test(type);
}

/** Every field of `object` as a definition list (objects as JSON). */
function renderFields(list, object) {
  const entries = Object.entries(object);
  list.replaceChildren(...entries.flatMap(([name, value]) => [
    el('dt', { text: name }),
    el('dd', {}, formatValue(value, name)),
  ]));
}

/** A decoded value for the inspector; `name` tells a date (milliseconds since 1970) apart. */
function formatValue(value, name = '') {
  if (value === null || value === undefined) return el('span', { class: 'muted', text: 'null' });
  if (typeof value === 'number' && /Date$/.test(name) && value > 1e11) {
    const iso = new Date(value).toISOString().replace('.000Z', 'Z');
    return el('span', {}, String(value), ' ', el('span', { class: 'muted' }, '(', timeElement(iso), ')'));
  }
  if (typeof value === 'object') return el('pre', { class: 'json', text: JSON.stringify(value, null, 2) });
  return el('span', { text: String(value) });
}

/** The argv of an inspector action on transaction `detail`, and whether to ask first. */
function inspectorAction(action, detail) {
  const tx = detail.transaction || {};
  const id = transactionID(detail);
  const row = detail.row || state.rows.find((item) => String(item.id) === id) || {};
  const product = row.productID || tx.productId || tx.productID;
  const account = row.account || purchaserName();
  switch (action) {
    case 'refund':
      return { argv: ['refund', id], confirm: { text: `Refund transaction ${id}? It is revoked now.`, verb: 'Refund' } };
    case 'decline-refund':
    case 'reverse-refund':
    case 'resolve-issue':
    case 'enable-auto-renew':
    case 'disable-auto-renew':
      return { argv: [action, id] };
    case 'force-renewal':
      return { argv: ['force-renewal', product, ...accountArgs(account)] };
    case 'expire':
      return {
        argv: ['expire', product, ...accountArgs(account)],
        confirm: { text: `Expire ${account}'s subscription to ${product} now?`, verb: 'Expire' },
      };
    case 'price-request':
      return { argv: ['price-consent', 'request', id] };
    case 'price-agree':
      return { argv: ['price-consent', 'agree', id] };
    case 'price-decline':
      return { argv: ['price-consent', 'decline', id] };
    case 'delete-transaction':
      return {
        argv: ['delete-transaction', id],
        confirm: { text: `Delete transaction ${id} (and family members' copies of it)?`, verb: 'Delete' },
      };
    default:
      return null;
  }
}

/** Runs an inspector button's action on the inspected transaction. */
async function onInspectorAction(event) {
  const button = event.target.closest('button[data-action]');
  if (!button || !state.selected) return;
  const action = inspectorAction(button.getAttribute('data-action'), state.selected);
  if (!action) return;
  const deleting = button.getAttribute('data-action') === 'delete-transaction';
  const result = await runCommand(action.argv, action.confirm);
  // A deleted transaction is not inspected any more (reading it would answer 404).
  if (deleting && result && result.status === 0) {
    state.selectedID = null;
    state.selected = null;
    renderInspector(null);
  }
}

/** Copies a JWS to the clipboard (or selects it where the clipboard is not allowed). */
async function copyJWS(event) {
  const button = event.target.closest('button[data-copy]');
  const area = $(`#${button.getAttribute('data-copy')}`);
  const status = $(`#${button.id}-status`);
  try {
    await navigator.clipboard.writeText(area.value);
    status.textContent = 'Copied.';
  } catch (_) {
    area.focus();
    area.select();
    let copied = false;
    try { copied = document.execCommand('copy'); } catch (__) { copied = false; }
    status.textContent = copied ? 'Copied.' : 'Selected: press Ctrl+C (⌘C) to copy.';
  }
}

// ───────────────────────────── Notifications, requests, screens ─────────────────────────────

/** Reads and draws the notifications log. */
async function loadNotifications() {
  const answer = await api('/ui/api/notifications');
  $('#notifications-url').textContent = answer.url || 'no URL: notifications wait for one';
  if (answer.environment) $('#notifications-environment').textContent = answer.environment;
  const list = answer.notifications || [];
  $('#notifications-empty').hidden = list.length > 0;
  replaceKeepingFocus($('#notifications-body'), list.map(notificationRow));
}

/** A notification's fields under the contract's names or the `notifications --json` ones. */
function notificationFields(notification) {
  const payload = notification.payload || {};
  const data = payload.data || {};
  const decoded = data.decodedTransactionInfo || {};
  const transaction = notification.transactionID !== undefined && notification.transactionID !== null
    ? notification.transactionID
    : decoded.transactionId !== undefined ? decoded.transactionId : null;
  return {
    id: notification.id || notification.notificationUUID,
    type: notification.type || notification.notificationType || payload.notificationType,
    subtype: notification.subtype || payload.subtype || null,
    made: notification.made || notification.createdDate,
    transaction,
    delivered: notification.deliveredDate || null,
    due: notification.nextAttemptDate || null,
  };
}

/** A send attempt: when, and its HTTP status or what went wrong. */
function attemptItem(attempt) {
  const status = attempt.status !== undefined ? attempt.status : attempt.httpStatus;
  const good = typeof status === 'number' && status >= 200 && status < 300;
  const label = typeof status === 'number' ? `HTTP ${status}` : attempt.result || 'no answer';
  return el('li', {}, timeElement(attempt.date), ' ',
    el('span', { class: `badge ${good ? 'badge-ok' : 'badge-bad'}`, text: label }),
    attempt.error ? ` ${attempt.error}` : '');
}

/** A notification: when, what, its transaction, its send attempts and its decoded payload. */
function notificationRow(notification) {
  const fields = notificationFields(notification);
  const attempts = notification.attempts || [];
  let delivery = null;
  if (fields.delivered) delivery = el('p', { class: 'muted' }, 'delivered ', timeElement(fields.delivered));
  else if (fields.due) delivery = el('p', { class: 'muted' }, 'due ', timeElement(fields.due));
  return el('tr', { 'data-notification-id': fields.id, 'data-type': fields.type },
    el('td', {}, timeElement(fields.made)),
    el('td', {}, el('code', { text: fields.type })),
    el('td', { text: fields.subtype || '—' }),
    el('td', { text: fields.transaction === null ? '—' : String(fields.transaction) }),
    el('td', {},
      attempts.length === 0
        ? el('span', { class: 'muted', text: 'not sent yet' })
        : el('ul', { class: 'attempts' }, attempts.map(attemptItem)),
      delivery),
    el('td', {}, el('details', { 'data-focus-key': `notification-${fields.id}` },
      el('summary', { text: 'Payload' }),
      el('pre', { class: 'json', text: JSON.stringify(notification.payload, null, 2) }))));
}

/** Reads and draws the Server API's request log. */
async function loadRequests() {
  const answer = await api('/ui/api/requests');
  const entries = answer.entries || [];
  $('#requests-empty').hidden = entries.length > 0;
  $('#requests-body').replaceChildren(...entries.map((entry) => {
    const status = Number(entry.status);
    const kind = status >= 500 ? 'badge-bad' : status >= 400 ? 'badge-warn' : 'badge-ok';
    return el('tr', { 'data-status': entry.status },
      el('td', {}, timeElement(entry.date)),
      el('td', { text: entry.method }),
      el('td', {}, el('code', { text: entry.path })),
      el('td', {}, el('span', { class: `badge ${kind}`, text: String(entry.status) })),
      el('td', { text: entry.cause || '' }));
  }));
}

/** The account whose app is drawn: the filtered one, else the purchaser. */
const screensAccount = () => state.account || purchaserName();

/** The app's screens: whether the Transactions view's copy is on screen, what is drawn. */
const screens = { inView: false, drawnKey: null, loading: null, again: false };

/** Whether any copy of the screens is visible: the Screens view, or the Transactions view's
 * section scrolled into view (it is below the list: a first load does not draw it). */
const screensShown = () => state.view === 'screens' || (state.view === 'transactions' && screens.inView);

/** Draws the app's screens when they are shown and the state or account changed since. */
function loadScreensIfShown() {
  if (!screensShown() || !state.overview) return;  // the account and version come from it
  loadScreens().catch(showLoadError);
}

/** Reads and draws SportsTime's screens (Home, paywall, Settings) for that account; one read at
 * a time, one more after it when asked for meanwhile. */
async function loadScreens() {
  if (screens.loading) {
    screens.again = true;
    return screens.loading;
  }
  screens.loading = tracked((async () => {
    do {
      screens.again = false;
      const account = screensAccount();
      const key = `${account}@${state.version}`;
      if (key === screens.drawnKey) continue;
      if (screens.drawnKey === null) drawScreens(null);
      const answer = await api(`/ui/api/screens?account=${encodeURIComponent(account)}`);
      drawScreens(answer);
      screens.drawnKey = key;
    } while (screens.again);
  })());
  try {
    await screens.loading;
  } finally {
    screens.loading = null;
  }
}

/** Draws the screens in every place they show (`null`: that they are being drawn). */
function drawScreens(answer) {
  for (const row of $$('[data-screens]')) {
    if (!answer) {
      row.replaceChildren(el('p', { class: 'empty', text: 'Drawing the app’s screens…' }));
      continue;
    }
    row.replaceChildren(...[['home', 'Home'], ['paywall', 'Paywall'], ['settings', 'Settings']].map(
      ([key, title]) => el('figure', { class: 'screen' },
        el('figcaption', { text: `${title} — sportstime-store ${key === 'home' ? 'launch' : key}` }),
        el('pre', { class: 'screen-text', 'data-screen': key, text: answer[key] || '' }))));
  }
}

/** Follows whether the Transactions view's screens are scrolled into view (from the first
 * list on). */
function watchScreensSection() {
  const section = $('.screens-inline');
  if (!('IntersectionObserver' in window)) {
    screens.inView = true;
    return;
  }
  new IntersectionObserver((entries) => {
    screens.inView = entries.some((entry) => entry.isIntersecting);
    loadScreensIfShown();
  }).observe(section);
}

// ───────────────────────────── Views (tabs) ─────────────────────────────

/** Shows view `name` and, unless `load` is false, reads what only it needs. */
function showView(name, load = true) {
  state.view = name;
  for (const tab of $$('.tab')) tab.setAttribute('aria-pressed', String(tab.getAttribute('data-view') === name));
  for (const view of $$('.view')) view.hidden = view.id !== `view-${name}`;
  document.body.setAttribute('data-view', name);
  if (load) loadViewData().catch(showLoadError);
}

// ───────────────────────────── Forms and buttons ─────────────────────────────

/** The argv of the "Buy in the app" form. */
function buyArgv(form) {
  const argv = ['buy', form.elements.product.value, ...accountArgs(form.elements.account.value)];
  const token = form.elements.token.value.trim();
  if (token) argv.push('--token', token);
  return argv;
}

/** The argv of the "Buy outside the app" form (`buy-product`). */
function buyProductArgv(form) {
  const argv = ['buy-product', form.elements.product.value];
  const origin = form.elements.origin.value;
  if (origin) argv.push(origin);
  const date = form.elements.date.value.trim();
  if (date) {
    argv.push('--purchase-date', date);
    if (form.elements.cancel.checked) argv.push('--cancel-immediately');
  }
  argv.push(...accountArgs(form.elements.account.value));
  return argv;
}

/** Reads a chosen file as text or bytes. */
function readFile(file, asText) {
  return asText ? file.text() : file.arrayBuffer();
}

/** Reset: SportsTime's catalog, or the chosen `.storekit` file's. */
async function resetStore(form) {
  const file = form.elements.catalog.files[0];
  const words = file ? `sportstime-store reset --storekit ${shellWord(file.name)}` : 'sportstime-store reset';
  if (!(await confirmAction('Reset the store? Every transaction, setting and notification goes.', words, 'Reset'))) {
    showLastResult(`Cancelled: ${words}`, 'muted');
    return;
  }
  try {
    const body = file ? await readFile(file, true) : '';
    const result = await api('/ui/api/reset', { method: 'POST', body, contentType: 'application/json' });
    logResult(result);
    state.selectedID = null;
    resetPaging();
    await refreshUntil(result.version);
  } catch (error) {
    logFailure(words, error);
  }
}

/** Import: replaces the state with the chosen state file. */
async function importState(form) {
  const file = form.elements.file.files[0];
  if (!file) return;
  const words = `import ${file.name}`;
  if (!(await confirmAction(`Replace the whole state with ${file.name}?`, `POST /ui/api/state  (${file.name})`, 'Import'))) {
    showLastResult(`Cancelled: ${words}`, 'muted');
    return;
  }
  try {
    const result = await api('/ui/api/state', { method: 'POST', body: await readFile(file, false) });
    appendLog(el('li', { class: 'log-ok', 'data-status': 0, 'data-version': result.version }, el('p', { class: 'log-head' },
      el('code', { class: 'command', text: `Imported ${file.name}` }), ' ',
      el('span', { class: 'badge badge-ok', text: `version ${result.version}` }))));
    showLastResult(`Imported ${file.name}.`, 'ok');
    state.selectedID = null;
    resetPaging();
    await refreshUntil(result.version);
  } catch (error) {
    logFailure(words, error);
  }
}

/** Makes `handler(form)` the submit of form `selector` (never a navigation: CSP forbids it). */
function onSubmit(selector, handler) {
  $(selector).addEventListener('submit', (event) => {
    event.preventDefault();
    handler(event.currentTarget);
  });
}

/** Wires every static control of the page. */
function wireControls() {
  for (const button of $$('[data-advance]')) {
    button.addEventListener('click', () => runCommand(['advance', button.getAttribute('data-advance')]));
  }
  onSubmit('#advance-form', (form) => runCommand(['advance', form.elements.duration.value.trim()]));
  for (const tab of $$('.tab')) tab.addEventListener('click', () => showView(tab.getAttribute('data-view')));

  onSubmit('#share-form', (form) => runCommand(['family-share', form.elements.member.value.trim()]));
  onSubmit('#resolve-request-form', (form) => runCommand(['resolve-issue', form.elements.request.value.trim()]));
  onSubmit('#buy-form', (form) => runCommand(buyArgv(form)));
  onSubmit('#buy-product-form', (form) => runCommand(buyProductArgv(form)));

  const filters = $('#filters');
  filters.addEventListener('submit', (event) => { event.preventDefault(); applyFilters(); });
  filters.addEventListener('change', applyFilters);
  let typing = null;
  $('#filter-q').addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(applyFilters, 250);
  });
  $('#tx-body').addEventListener('keydown', onListKeydown);
  $('#load-more').addEventListener('click', () => loadMore().catch(showLoadError));

  $('#inspector-body .actions').addEventListener('click', onInspectorAction);
  onSubmit('#extend-form', (form) => {
    if (!state.selected) return;
    const argv = ['extend-renewal', transactionID(state.selected), '--days', form.elements.days.value];
    if (form.elements.reason.value !== '0') argv.push('--reason', form.elements.reason.value);
    runCommand(argv);
  });
  $('#copy-jws').addEventListener('click', copyJWS);
  $('#copy-renewal-jws').addEventListener('click', copyJWS);

  onSubmit('#api-fault-form', (form) => {
    const argv = ['api-fault', form.elements.endpoint.value];
    if (form.elements.sticky.checked) argv.push('--sticky');
    runCommand(argv);
  });
  $('#api-fault-clear').addEventListener('click', () => runCommand(['api-fault', '--clear']));

  $('#notifications-deliver').addEventListener('click', () => runCommand(['notifications', 'deliver']));
  $('#notifications-test').addEventListener('click', () => runCommand(['notifications', 'test']));
  onSubmit('#notifications-url-form', (form) => runCommand(['notifications', 'url', form.elements.url.value.trim()]));
  onSubmit('#notifications-environment-form', (form) => {
    const argv = ['notifications', 'environment', form.elements.environment.value];
    const appleID = form.elements.appAppleID.value.trim();
    if (appleID) argv.push('--app-apple-id', appleID);
    runCommand(argv);
  });
  $('#notifications-url-clear').addEventListener('click', () => runCommand(['notifications', 'url', '--clear']));

  onSubmit('#reset-form', resetStore);
  onSubmit('#import-form', importState);
  $('#clear-transactions').addEventListener('click', () => runCommand(['clear-transactions'],
    { text: 'Delete every transaction, subscription and Ask to Buy request of every account?', verb: 'Delete all' }));
  $('#export-link').setAttribute('href', `/ui/api/state?token=${encodeURIComponent(TOKEN)}`);
}

// ───────────────────────────── Live updates ─────────────────────────────

let events = null;
let disconnected = false;
let reconnectDelay = 1000;

/**
 * Follows the state through `/ui/api/events`: each `change` refreshes the page (gathered); an
 * error shows the "Disconnected" banner until the stream opens again, then reads everything.
 */
function connectEvents() {
  events = new EventSource(`/ui/api/events?token=${encodeURIComponent(TOKEN)}`);
  events.addEventListener('open', () => {
    reconnectDelay = 1000;
    if (disconnected) {
      disconnected = false;
      setBanner(null);
      // Another server process counts its versions afresh: read everything again.
      state.wantedVersion = -1;
      scheduleRefresh();
    }
  });
  events.addEventListener('change', (event) => {
    let version = null;
    try { version = JSON.parse(event.data).version; } catch (_) { version = null; }
    if (typeof version === 'number') {
      if (version <= state.version) return;  // already shown (a command of this page)
      state.wantedVersion = Math.max(state.wantedVersion, version);
      scheduleRefresh(false);
      return;
    }
    scheduleRefresh();
  });
  events.addEventListener('error', () => {
    disconnected = true;
    setBanner('Disconnected: the server has gone away. Reconnecting… (the page shows the state as it was)');
    // The browser retries a dropped stream by itself; one it gave up on (an answer that is not
    // a stream) is opened again here, unless the server is another one that refuses our token.
    if (events.readyState === EventSource.CLOSED) {
      events.close();
      setTimeout(reconnectOrExplain, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 15000);
    }
  });
}

/**
 * After the stream was given up: a server that refuses the page's token is a new `serve`
 * process (each has its own token), so the page must be loaded again; else reconnect.
 */
async function reconnectOrExplain() {
  try {
    await api('/ui/api/overview');
  } catch (error) {
    if (error.status === 403) {
      setBanner('Disconnected: the server was restarted and no longer knows this page. Reload the page.', true);
      return;
    }
  }
  connectEvents();
}

/** Shows the connection banner with `text` (and a Reload button when asked), or hides it (null). */
function setBanner(text, offerReload = false) {
  const banner = $('#connection-banner');
  banner.hidden = text === null;
  banner.replaceChildren(text || '');
  if (offerReload) {
    banner.append(' ', el('button', { type: 'button', text: 'Reload the page', onclick: () => window.location.reload() }));
  }
  document.body.toggleAttribute('data-disconnected', text !== null);
}

// ───────────────────────────── Start ─────────────────────────────

/** A 1×1 transparent GIF (CSP: img-src data:); `n` makes each URL new, never a cached image
 * that would be there at once. */
const pixel = (n) => `data:image/gif;n=${n};base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7`;

/**
 * Keeps the document's load event from firing before the first list and the overview are
 * drawn (for at most 3 s), so that what captures a page at its load (`firefox --headless
 * --screenshot`) shows them: an image being loaded delays the load event, and each one, once
 * loaded, starts the next until they are there. No request leaves the page for it.
 */
function holdLoadUntilListShown(deadline = performance.now() + 3000, n = 0) {
  const drawn = state.listShown && state.overview;
  if (drawn || document.readyState === 'complete' || performance.now() > deadline) return;
  const image = new Image();
  image.addEventListener('load', () => holdLoadUntilListShown(deadline, n + 1), { once: true });
  image.src = pixel(n);
}

/** Wires the page, reads the store and follows it. */
function start() {
  holdLoadUntilListShown();
  wireControls();
  showView('transactions', false);
  refreshAll();
  connectEvents();
}

start();

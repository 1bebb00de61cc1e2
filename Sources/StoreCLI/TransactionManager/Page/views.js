// Transaction Manager: what the page draws beside the list and the inspector: from the overview,
// the header's facts and clock, the accounts, the requests waiting, the product choices, the
// settings and the products; the other views' data (the notifications log, the Server API's
// request log, SportsTime's screens); and switching views (after commands.js; see base.js's
// header).
'use strict';

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

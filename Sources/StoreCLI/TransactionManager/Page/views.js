// Transaction Manager: the other views' data (the notifications log, the Server API's request
// log, SportsTime's screens) and switching views (after transactions.js; see base.js's header).
'use strict';

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

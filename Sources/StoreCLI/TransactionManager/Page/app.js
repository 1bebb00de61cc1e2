// Transaction Manager: the forms and buttons wired to their commands, live updates from the
// server, and the start (the last of the page's scripts; see base.js's header).
'use strict';

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

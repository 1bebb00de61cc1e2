// Transaction Manager: the transaction list (pages, filters, keyboard) and the inspector (its
// fields, JWS and actions) (after views.js; see base.js's header).
'use strict';

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

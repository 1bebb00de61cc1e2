// Transaction Manager: running the CLI's commands, the command log, the confirmation dialog,
// and refreshing what the page shows (after base.js; see its header).
'use strict';

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

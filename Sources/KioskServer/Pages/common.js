// What every screen shares: the API (only the documented one, as curl would use it), the
// operator's token, the event stream with its "lost" and "back" notices, and making
// elements whose text is always text.

import { texts } from './texts.js';

const TOKEN_KEY = 'kiosk.operatorToken';

/// Makes an element. Attributes are set by name; `text` is the element's text (never
/// markup); children are nodes or strings (text nodes).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') node.textContent = value;
    else if (name === 'class') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/// Sets a node's text, and nothing else.
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// MARK: The API

/// One request to `/api/v1`: `{ok, status, data, detail}`, `data` the JSON answer (a result
/// or a problem), `detail` the problem's words; `headers` adds to the request's. Never
/// throws.
export async function api(method, path, { body, operator = false, key, headers: more = {} } = {}) {
  const headers = { Accept: 'application/json', ...more };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (operator) headers.Authorization = `Bearer ${sessionStorage.getItem(TOKEN_KEY) ?? ''}`;
  if (key) headers['Idempotency-Key'] = key;
  let response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, data: null, detail: texts.unreachable };
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (response.status === 401 && operator) tokenRefused();
  const detail = data && typeof data.detail === 'string' ? data.detail : '';
  return { ok: response.ok, status: response.status, data, detail };
}

/// A key for `Idempotency-Key`: a retry of the same order is never made twice.
export function requestKey() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/// Shows a failed answer in `node`.
export function showFailure(node, answer) {
  setText(node, answer.status === 0 ? texts.unreachable : texts.failed(answer.status, answer.detail || ''));
}

// MARK: The operator's token, asked once per tab

let onUnlocked = null;

/// On an operator's screen: asks for the token unless this tab has one that works, then
/// calls `start`. A token refused later (a new server's) asks again, then starts again.
export async function operatorScreen(start) {
  onUnlocked = start;
  if (sessionStorage.getItem(TOKEN_KEY)) {
    const check = await api('GET', '/stock', { operator: true });
    if (check.ok) { start(); return; }
    if (check.status !== 401) { start(); return; }
  } else {
    showTokenForm(false);
  }
}

function tokenRefused() {
  sessionStorage.removeItem(TOKEN_KEY);
  showTokenForm(true);
}

function showTokenForm(refused) {
  let form = document.getElementById('token-form');
  if (!form) {
    const input = el('input', { id: 'token-input', type: 'password', autocomplete: 'current-password', required: true, spellcheck: 'false' });
    form = el('form', { id: 'token-form', class: 'token', 'aria-labelledby': 'token-title' },
      el('h2', { id: 'token-title', text: texts.tokenTitle }),
      el('p', { text: texts.tokenHelp }),
      el('p', { id: 'token-error', class: 'problem', role: 'alert' }),
      el('label', { for: 'token-input', text: texts.tokenLabel }),
      input,
      el('button', { type: 'submit', class: 'primary', text: texts.tokenSubmit }));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      sessionStorage.setItem(TOKEN_KEY, input.value.trim());
      const check = await api('GET', '/stock', { operator: true });
      if (!check.ok) {
        if (check.status !== 401) showFailure(document.getElementById('token-error'), check);
        return;
      }
      form.hidden = true;
      input.value = '';
      document.body.classList.remove('locked');
      if (onUnlocked) onUnlocked();
    });
    document.querySelector('main').prepend(form);
  }
  setText(document.getElementById('token-error'), refused ? texts.tokenWrong : '');
  form.hidden = false;
  document.body.classList.add('locked');
  document.getElementById('token-input').focus();
}

// MARK: The event stream

/// Follows `/api/v1/events?types=…` from after `after` (the `seq` of the answer the screen
/// shows), calling `onEvent` with each event in order. The browser reconnects by itself
/// with `Last-Event-ID`; a stream the server closed for good is opened again from the last
/// event seen. A live region says when the stream is lost and when it is back.
export function follow(types, after, onEvent) {
  let last = after;
  let source = null;
  let lost = false;
  const open = () => {
    source = new EventSource(`/api/v1/events?types=${encodeURIComponent(types)}&after=${last}`);
    source.onmessage = (message) => {
      let event;
      try { event = JSON.parse(message.data); } catch { return; }
      if (typeof event.seq === 'number') {
        if (event.seq <= last) return;
        last = event.seq;
      }
      onEvent(event);
    };
    source.onopen = () => {
      if (lost) { lost = false; connection(false); }
    };
    source.onerror = () => {
      if (!lost) { lost = true; connection(true); }
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(() => { if (!left) open(); }, 1000);
      }
    };
  };
  // A page left for another stays in the browser's back/forward cache with its stream
  // open, and a browser allows six connections to a server: after six such pages the next
  // one would wait for a connection. The stream is closed when the page is left and
  // opened again, from the last event seen, if the page is shown again.
  let left = false;
  addEventListener('pagehide', () => { left = true; source?.close(); });
  addEventListener('pageshow', (event) => {
    if (event.persisted && left) { left = false; open(); }
  });
  open();
  return { get last() { return last; } };
}

/// Follows the operator's stream of `/api/v1/events?types=…` from after `after`, as `follow`
/// does, with this tab's token: an `EventSource` cannot send it, and without it the stream
/// keeps to what a customer may see (no payments, no drawer). Read by `fetch`, its lines as
/// the server frames them; a stream that ends or fails is opened again a second later from
/// the last event seen, and the live region says when it is lost and when it is back.
export function followAsOperator(types, after, onEvent) {
  let last = after;
  let lost = false;
  let left = false;
  let controller = null;
  const deliver = (data) => {
    let event;
    try { event = JSON.parse(data); } catch { return; }
    if (typeof event.seq === 'number') {
      if (event.seq <= last) return;
      last = event.seq;
    }
    onEvent(event);
  };
  const open = async () => {
    // While the token is asked for (refused, say), the stream waits for the new one.
    if (document.body.classList.contains('locked')) { setTimeout(() => { if (!left) open(); }, 1000); return; }
    controller = new AbortController();
    try {
      const response = await fetch(`/api/v1/events?types=${encodeURIComponent(types)}&after=${last}`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${sessionStorage.getItem(TOKEN_KEY) ?? ''}` },
        cache: 'no-store', signal: controller.signal,
      });
      if (response.status === 401) tokenRefused();
      if (!response.ok || !response.body) throw new Error(String(response.status));
      if (lost) { lost = false; connection(false); }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let data = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (data.length) deliver(data.join('\n'));
            data = [];
          } else if (line.startsWith('data:')) {
            data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
          }
        }
      }
    } catch {
      // Lost, or left: opened again below unless the page was left.
    }
    if (left) return;
    if (!lost) { lost = true; connection(true); }
    setTimeout(() => { if (!left) open(); }, 1000);
  };
  addEventListener('pagehide', () => { left = true; controller?.abort(); });
  addEventListener('pageshow', (event) => {
    if (event.persisted && left) { left = false; open(); }
  });
  open();
  return { get last() { return last; } };
}

let backTimer = 0;

function connection(lost) {
  const node = document.getElementById('connection');
  if (!node) return;
  clearTimeout(backTimer);
  node.classList.toggle('lost', lost);
  node.classList.toggle('back', !lost);
  setText(node, lost ? texts.connectionLost : texts.connectionBack);
  if (!lost) backTimer = setTimeout(() => { node.classList.remove('back'); setText(node, ''); }, 5000);
}

/// Calls `work` at most once per `ms`, after the last call of a burst too.
export function coalesce(work, ms) {
  let timer = 0;
  let again = false;
  return () => {
    if (timer) { again = true; return; }
    work();
    timer = setTimeout(function tick() {
      if (again) { again = false; work(); timer = setTimeout(tick, ms); } else { timer = 0; }
    }, ms);
  };
}

// MARK: Words and numbers

/// A price in the menu's currency: with its symbol for an ISO 4217 code, else the number
/// and the currency as the menu writes it.
/// Amounts in hundredths, added as integers: what a price in the menu's JSON (`4.50`,
/// `5000`) adds up to without a float's error.
export function hundredths(value) {
  return Math.round((value ?? 0) * 100);
}

export function money(value, currency) {
  if (value === undefined || value === null) return '';
  const format = moneyFormat(currency);
  if (format) return format.format(value);
  const number = formats.plain.format(value);
  return currency ? `${number} ${currency}` : number;
}

// Making a formatter costs far more than using one (a menu of thousands of prices).
const formats = { plain: new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }), count: new Intl.NumberFormat(), money: new Map() };

function moneyFormat(currency) {
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return null;
  if (!formats.money.has(currency)) {
    let format = null;
    try { format = new Intl.NumberFormat(undefined, { style: 'currency', currency }); } catch { /* the plain form */ }
    formats.money.set(currency, format);
  }
  return formats.money.get(currency);
}

export function number(value) {
  return formats.count.format(value);
}

/// A clock time, hours and minutes.
export function clockTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/// A duration in milliseconds as 4:05 or 1:02:03.
export function duration(ms) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/// Fills the page's navigation from the catalogue and marks the current page.
export function navigation(pages) {
  const nav = document.getElementById('nav');
  if (!nav) return;
  const list = el('ul');
  for (const [page, path] of pages) {
    const link = el('a', { href: path, text: texts.pages[page] });
    if (location.pathname === path) link.setAttribute('aria-current', 'page');
    list.append(el('li', {}, link));
  }
  nav.setAttribute('aria-label', texts.screens);
  nav.replaceChildren(list);
}

/// The operator's screens link to each other and to the customers'.
export const operatorPages = [['kiosk', '/'], ['stock', '/stock'], ['kitchen', '/kitchen'], ['ready', '/ready'], ['report', '/report']];

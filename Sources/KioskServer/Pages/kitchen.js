// The kitchen display (/kitchen): QUEUED · PREPARING · READY with counts, a card per
// ticket with its lines, station and running age, the menu's warn and late marks in colour
// and in words; bump, recall and cancel; the all-day count per item. It reads the board
// once, then applies each event of the stream to the card it concerns.

import { texts } from './texts.js';
import { api, el, setText, follow, duration, operatorScreen, navigation, operatorPages, showFailure } from './common.js';

const STATES = ['queued', 'preparing', 'ready'];
const next = { queued: 'preparing', preparing: 'ready', ready: 'picked_up' };

const tickets = new Map();   // number -> ticket {number, lines, stations, ordered, state, mark, node, parts}
const columns = {};          // state -> {list, count, numbers (sorted)}
const allDay = new Map();    // item -> {queued, preparing}
const pickedUp = [];         // the last tickets picked up, newest last
let settings = { warnMs: 5 * 60_000, lateMs: 8 * 60_000 };
let stationOf = new Map();   // item -> station
let skew = null;             // the server's clock minus this one's, in ms
let selected = null;         // the ticket picked with 1–9
let hinted = [];             // the tickets showing a key
let following = null;

const status = document.getElementById('status');

// MARK: Cards

function now() {
  return Date.now() + (skew ?? 0);
}

function learnClock(serverTime) {
  // An event's time is never after the server's now: the latest bound is the best guess.
  const bound = serverTime - Date.now();
  if (skew === null || bound > skew) skew = bound;
}

function card(ticket) {
  const id = `ticket-${ticket.number}`;
  const key = el('span', { class: 'key', 'aria-hidden': 'true' });
  const mark = el('span', { class: 'mark' });
  const age = el('span', { class: 'age' });
  const bump = el('button', { type: 'button', class: 'bump primary' });
  const cancel = el('button', { type: 'button', class: 'cancel secondary', text: texts.cancel });
  const confirm = el('div', { class: 'confirm', hidden: true },
    el('p', { text: texts.cancelAsk(ticket.number) }),
    el('button', { type: 'button', class: 'danger', text: texts.cancelYes, onclick: () => move(ticket.number, 'cancel') }),
    el('button', { type: 'button', class: 'secondary', text: texts.cancelNo, onclick: () => askCancel(ticket, false) }));
  bump.addEventListener('click', () => move(ticket.number, 'bump'));
  cancel.addEventListener('click', () => askCancel(ticket, true));
  const node = el('li', { class: 'ticket', 'data-ticket': ticket.number, 'aria-labelledby': id },
    el('h3', { id, class: 'number' }, key, `#${ticket.number}`),
    mark,
    el('ul', { class: 'lines' }, ...ticket.lines.map(lineItem)),
    el('p', { class: 'meta' }, el('span', { class: 'station', text: ticket.stations.join(' · ') }), ' ', age),
    el('div', { class: 'actions' }, bump, cancel),
    confirm);
  ticket.node = node;
  ticket.parts = { key, mark, age, bump, cancel, confirm };
}

/// `2 × Latte (large)`, with its options under it as a cook reads them: `+ Oat`, and a
/// removal marked `− No sugar`.
function lineItem(line) {
  const item = el('li', { text: `${line.quantity} × ${kind(line)}` });
  const options = line.options ?? [];
  if (options.length > 0) {
    item.append(el('ul', { class: 'options' }, ...options.map((option) => el('li', {
      class: option.removes ? 'removes' : 'adds',
      text: `${option.removes ? '−' : '+'} ${option.option}${option.count > 1 ? ` ×${option.count}` : ''}`,
    }))));
  }
  return item;
}

/// What the all-day counts count: an item, by size when it has sizes.
function kind(line) {
  return line.size ? `${line.item} (${line.size})` : line.item;
}

function askCancel(ticket, asking) {
  ticket.parts.confirm.hidden = !asking;
  (asking ? ticket.parts.confirm.querySelector('button') : ticket.parts.cancel).focus();
}

function showState(ticket) {
  const move = texts.moveTo[ticket.state];
  setText(ticket.parts.bump, move);
  ticket.parts.bump.setAttribute('aria-label', texts.moveLabel(ticket.number, move));
  ticket.node.dataset.state = ticket.state;
  showAge(ticket);
}

function showAge(ticket) {
  const age = now() - ticket.ordered;
  setText(ticket.parts.age, duration(age));
  const inKitchen = ticket.state !== 'ready';
  const mark = !inKitchen ? '' : age >= settings.lateMs ? 'late' : age >= settings.warnMs ? 'warn' : '';
  if (mark !== ticket.mark) {
    ticket.mark = mark;
    setText(ticket.parts.mark, mark ? texts.marks[mark] : '');
    if (mark) ticket.node.dataset.mark = mark; else delete ticket.node.dataset.mark;
  }
}

// MARK: Columns

/// Where `number` stands, or would stand, in the sorted `numbers` (binary search).
function position(numbers, number) {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (numbers[middle] < number) low = middle + 1; else high = middle;
  }
  return low;
}

function place(ticket, state) {
  if (ticket.state && ticket.state !== state) leave(ticket);
  if (ticket.state === state && ticket.node.isConnected) return;
  ticket.state = state;
  const column = columns[state];
  const numbers = column.numbers;
  const low = position(numbers, ticket.number);
  numbers.splice(low, 0, ticket.number);
  const before = low < numbers.length - 1 ? tickets.get(numbers[low + 1])?.node ?? null : null;
  column.list.insertBefore(ticket.node, before);
  setText(column.count, String(numbers.length));
  count(ticket, 1);
  showState(ticket);
}

function leave(ticket) {
  const column = columns[ticket.state];
  if (!column) return;
  const numbers = column.numbers;
  const low = position(numbers, ticket.number);
  if (numbers[low] === ticket.number) numbers.splice(low, 1);
  ticket.node.remove();
  setText(column.count, String(numbers.length));
  count(ticket, -1);
}

function count(ticket, by) {
  if (ticket.state !== 'queued' && ticket.state !== 'preparing') return;
  for (const line of ticket.lines) {
    const entry = allDay.get(kind(line)) ?? { queued: 0, preparing: 0 };
    entry[ticket.state] += by * line.quantity;
    if (entry.queued === 0 && entry.preparing === 0) allDay.delete(kind(line)); else allDay.set(kind(line), entry);
  }
  allDayChanged = true;
}

let allDayChanged = false;

function showAllDay() {
  if (!allDayChanged) return;
  allDayChanged = false;
  const rows = [...allDay].map(([item, entry]) => ({ item, ...entry, total: entry.queued + entry.preparing }))
    .sort((a, b) => b.total - a.total || (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
  document.getElementById('allday').replaceChildren(...rows.map((row) => el('tr', {},
    el('th', { scope: 'row', text: row.item }), el('td', { text: String(row.queued) }),
    el('td', { text: String(row.preparing) }), el('td', { text: String(row.total) }))));
}

/// Keys 1–9 on the first nine cards, in the order shown.
function showKeys() {
  const first = [];
  for (const state of STATES) {
    for (const number of columns[state].numbers) {
      if (first.length === 9) break;
      first.push(tickets.get(number));
    }
  }
  for (const ticket of hinted) if (!first.includes(ticket)) setText(ticket.parts.key, '');
  first.forEach((ticket, index) => setText(ticket.parts.key, String(index + 1)));
  hinted = first;
}

function remove(ticket) {
  leave(ticket);
  tickets.delete(ticket.number);
  if (selected === ticket.number) {
    select(null);
    document.getElementById('board').focus();
  }
}

// MARK: Events

function apply(event) {
  const start = performance.now();
  const data = event.data ?? {};
  if (event.time) learnClock(Date.parse(event.time));
  const number = data.ticket;
  let ticket = tickets.get(number);
  switch (event.type) {
    case 'order.succeeded':
    case 'ticket.opened':
      if (number === undefined || ticket) break;
      ticket = make(number, data.lines ?? [], Date.parse(event.time));
      place(ticket, 'queued');
      break;
    case 'ticket.started':
      if (ticket && ticket.state === 'queued') place(ticket, 'preparing');
      break;
    case 'ticket.ready':
      if (ticket) place(ticket, 'ready');
      break;
    case 'ticket.recalled': {
      if (!ticket) {
        const index = pickedUp.findIndex((old) => old.number === number);
        ticket = index >= 0 ? pickedUp.splice(index, 1)[0] : make(number, data.lines ?? [], Date.parse(event.time));
        ticket.state = null;
        tickets.set(number, ticket);
      }
      place(ticket, 'ready');
      break;
    }
    case 'ticket.picked_up':
      if (ticket) {
        remove(ticket);
        pickedUp.push(ticket);
        if (pickedUp.length > 20) pickedUp.shift();
      }
      break;
    case 'ticket.cancelled':
      if (ticket) remove(ticket);
      break;
    case 'menu.reloaded':
      loadMenu();
      break;
    default:
      break;
  }
  showKeys();
  showAllDay();
  // A card moved to another column loses focus: give it back to the ticket picked.
  if (selected !== null && document.activeElement === document.body) tickets.get(selected)?.parts.bump.focus();
  // The time this event took to apply, for kiosk-bench (and the browser's own tools).
  performance.measure('kiosk-apply', { start, end: performance.now(), detail: { type: event.type, ticket: number } });
}

function make(number, lines, ordered) {
  const stations = [...new Set(lines.map((line) => stationOf.get(line.item)).filter(Boolean))];
  const ticket = { number, lines, stations, ordered, state: null, mark: '', node: null, parts: null };
  card(ticket);
  tickets.set(number, ticket);
  return ticket;
}

// MARK: Moves

async function move(number, what) {
  const answer = await api('POST', `/tickets/${number}/${what}`, { operator: true });
  if (answer.ok) {
    const result = answer.data.result;
    setText(status, texts.moved(result.ticket, texts.stateWords[result.state] ?? result.state));
  } else if (answer.status !== 401) {
    showFailure(status, answer);
  }
}

async function recall() {
  const answer = await api('POST', '/tickets/recall', { operator: true });
  if (answer.ok) {
    const result = answer.data.result;
    setText(status, texts.moved(result.ticket, texts.stateWords[result.state] ?? result.state));
  } else if (answer.status === 409) {
    setText(status, texts.nothingToRecall);
  } else if (answer.status !== 401) {
    showFailure(status, answer);
  }
}

function select(number) {
  if (selected !== null) tickets.get(selected)?.node.classList.remove('selected');
  selected = number;
  const ticket = number === null ? null : tickets.get(number);
  if (ticket) {
    ticket.node.classList.add('selected');
    ticket.parts.bump.focus();
  }
}

function keys(event) {
  if (event.target.closest('input, textarea, select, form') || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key >= '1' && event.key <= '9') {
    const ticket = hinted[Number(event.key) - 1];
    if (ticket) { select(ticket.number); event.preventDefault(); }
  } else if (event.key === 'Enter' && selected !== null && !event.target.closest('button')) {
    move(selected, 'bump');
    event.preventDefault();
  } else if (event.key === 'r' || event.key === 'R') {
    recall();
    event.preventDefault();
  } else if (event.key === 'Escape') {
    for (const ticket of tickets.values()) ticket.parts.confirm.hidden = true;
    select(null);
  }
}

// MARK: Loading

async function loadMenu() {
  const answer = await api('GET', '/menu');
  if (!answer.ok) return false;
  const menu = answer.data.result;
  if (menu.board) settings = menu.board;
  stationOf = new Map(menu.items.filter((item) => item.station).map((item) => [item.name, item.station]));
  return Boolean(menu.board);
}

async function loadBoard() {
  const answer = await api('GET', '/board?view=kitchen');
  if (!answer.ok) {
    showFailure(status, answer);
    return null;
  }
  const board = answer.data.result;
  for (const state of STATES) {
    for (const row of board[state]) {
      learnClock(Date.parse(row.ordered) + row.ageMs);
      const ticket = tickets.get(row.ticket) ?? make(row.ticket, row.lines, Date.parse(row.ordered));
      ticket.stations = row.stations;
      setText(ticket.node.querySelector('.station'), row.stations.join(' · '));
      place(ticket, state);
    }
  }
  showKeys();
  showAllDay();
  return answer.data.seq ?? 0;
}

async function start() {
  if (following) return;
  if (!await loadMenu()) { setText(status, texts.noBoard); return; }
  const seq = await loadBoard();
  if (seq === null || following) return;
  following = follow('order.succeeded,ticket.*,menu.*', seq, apply);
  setInterval(() => { for (const ticket of tickets.values()) showAge(ticket); }, 1000);
}

setText(document.getElementById('title'), texts.kitchenTitle);
document.title = texts.kitchenTitle;
navigation(operatorPages);
for (const state of STATES) {
  const section = document.querySelector(`.column[data-state="${state}"]`);
  setText(section.querySelector('.label'), texts.columns[state]);
  columns[state] = { list: section.querySelector('.tickets'), count: section.querySelector('.count'), numbers: [] };
}
setText(document.getElementById('keys'), texts.keysHelp);
setText(document.getElementById('allday-title'), texts.allDay);
setText(document.getElementById('allday-item'), texts.allDayItem);
setText(document.getElementById('allday-queued'), texts.allDayQueued);
setText(document.getElementById('allday-preparing'), texts.allDayPreparing);
setText(document.getElementById('allday-total'), texts.allDayTotal);
const recallButton = document.getElementById('recall');
setText(recallButton, texts.recall);
recallButton.addEventListener('click', recall);
document.addEventListener('keydown', keys);
operatorScreen(start);

// The ready board (/ready), for a screen facing the customers: the numbers being prepared
// and the numbers ready, in large type; a number that comes ready is announced with the
// menu's own message, and leaves when it is picked up. No names, no prices.

import { texts } from './texts.js';
import { api, el, setText, follow } from './common.js';

const lists = { preparing: document.getElementById('preparing'), ready: document.getElementById('ready') };
const numbers = new Map();   // number -> {state, node}
let following = null;

function put(number, state, fresh = false) {
  let entry = numbers.get(number);
  if (!entry) {
    entry = { state: null, node: el('li', { text: String(number) }) };
    numbers.set(number, entry);
  }
  if (entry.state === state) return;
  entry.state = state;
  const list = lists[state];
  const after = [...list.children].find((node) => Number(node.textContent) > number) ?? null;
  list.insertBefore(entry.node, after);
  entry.node.classList.toggle('fresh', fresh);
  if (fresh) setTimeout(() => entry.node.classList.remove('fresh'), 10_000);
}

function drop(number) {
  numbers.get(number)?.node.remove();
  numbers.delete(number);
}

function apply(event) {
  const data = event.data ?? {};
  const number = data.ticket;
  if (number === undefined) return;
  switch (event.type) {
    case 'order.succeeded':
    case 'ticket.opened':
    case 'ticket.started':
      if (!numbers.has(number)) put(number, 'preparing');
      break;
    case 'ticket.ready':
    case 'ticket.recalled':
      put(number, 'ready', true);
      if (data.message) setText(document.getElementById('announce'), data.message);
      break;
    case 'ticket.picked_up':
    case 'ticket.cancelled':
      drop(number);
      break;
    default:
      break;
  }
}

async function start() {
  const menu = await api('GET', '/menu');
  if (menu.ok) {
    setText(document.getElementById('title'), menu.data.result.name);
    document.title = `${menu.data.result.name} — ${texts.pages.ready}`;
  }
  const answer = await api('GET', '/board?view=public');
  if (!answer.ok) {
    setText(document.getElementById('announce'), answer.status === 409 ? texts.noBoard : texts.unreachable);
    return;
  }
  for (const number of answer.data.result.preparing) put(number, 'preparing');
  for (const number of answer.data.result.ready) put(number, 'ready');
  following = following ?? follow('order.succeeded,ticket.*', answer.data.seq ?? 0, apply);
}

setText(document.getElementById('preparing-title'), texts.readyPreparing);
setText(document.getElementById('ready-title'), texts.readyReady);
start();

// The stock room (/stock): every ingredient with its count, unit and low mark, − / +
// and a set field, low and out flagged in words and colour, the restock walk, and the
// drawer's day (drawer.js).

import { texts } from './texts.js';
import { api, el, setText, followAsOperator, coalesce, number, operatorScreen, navigation, operatorPages, showFailure } from './common.js';
import { setUpDrawer, loadDrawer, refreshDrawer } from './drawer.js';

/// The most an ingredient may hold: the kiosk refuses more (`above_maximum`).
const MAXIMUM = 1_000_000_000;

const list = document.getElementById('ingredients');
const status = document.getElementById('status');
const rows = new Map();      // name -> {data, node, parts}
let following = null;
let walk = null;             // the restock walk: ingredients still to visit

function card(data) {
  const id = `ingredient-${rows.size}`;
  const count = el('span', { class: 'number' });
  const unit = el('span', { class: 'unit' });
  const flag = el('span', { class: 'flag' });
  const low = el('span', { class: 'lowmark' });
  const minus = el('button', { type: 'button', class: 'step', 'aria-label': texts.minus(data.name), text: '−' });
  const plus = el('button', { type: 'button', class: 'step', 'aria-label': texts.plus(data.name), text: '+' });
  const field = el('input', { type: 'number', min: 0, max: MAXIMUM, inputmode: 'numeric', 'aria-label': texts.setTo(data.name), placeholder: texts.newCount, required: true });
  const set = el('button', { type: 'submit', class: 'secondary', text: texts.set });
  const form = el('form', { class: 'set' }, field, set);
  minus.addEventListener('click', () => edit(data.name, { remove: 1 }));
  plus.addEventListener('click', () => edit(data.name, { add: 1 }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = Number(field.value);
    if (!Number.isInteger(value) || value < 0 || value > MAXIMUM) { setText(status, texts.maximum(number(MAXIMUM))); return; }
    edit(data.name, { set: value }).then((ok) => { if (ok) field.value = ''; });
  });
  const node = el('li', { class: 'ingredient', 'aria-labelledby': id },
    el('h2', { id, class: 'name', text: data.name }),
    el('p', { class: 'count' }, count, ' ', unit),
    el('p', { class: 'flags' }, flag, low),
    el('div', { class: 'stepper' }, minus, plus),
    form);
  return { data, node, parts: { count, unit, flag, low, minus, plus } };
}

function show(row) {
  const { data, parts, node } = row;
  setText(parts.count, number(data.stock));
  setText(parts.unit, data.unit ?? '');
  setText(parts.flag, texts.statusWords[data.status] ?? data.status);
  setText(parts.low, `${texts.lowMark} ${number(data.low)}`);
  node.dataset.status = data.status;
  parts.minus.disabled = data.stock <= 0;
  parts.plus.disabled = data.stock >= MAXIMUM;
}

function render(ingredients) {
  const seen = new Set();
  const nodes = [];
  for (const data of ingredients) {
    let row = rows.get(data.name);
    if (!row) { row = card(data); rows.set(data.name, row); }
    row.data = data;
    show(row);
    seen.add(data.name);
    nodes.push(row.node);
  }
  for (const name of [...rows.keys()]) if (!seen.has(name)) rows.delete(name);
  if (nodes.length !== list.children.length || nodes.some((node, index) => list.children[index] !== node)) list.replaceChildren(...nodes);
  const walkButton = document.getElementById('walk');
  walkButton.hidden = false;
}

async function edit(name, body) {
  const answer = await api('PATCH', `/stock/${encodeURIComponent(name)}`, { body, operator: true });
  if (answer.ok) {
    const change = answer.data.result?.changes?.[0];
    setText(status, change ? texts.changed(change.ingredient, number(change.from), number(change.to)) : '');
    refresh();
  } else if (answer.status !== 401) {
    showFailure(status, answer);
  }
  return answer.ok;
}

async function load() {
  const answer = await api('GET', '/stock', { operator: true });
  if (!answer.ok) {
    if (answer.status !== 401) showFailure(status, answer);
    return null;
  }
  render(answer.data.result.ingredients);
  return answer.data.seq ?? 0;
}

const refresh = coalesce(load, 300);

// MARK: The restock walk: each low or short ingredient in turn, with the amount restock offers.

function startWalk() {
  walk = [...rows.values()].filter((row) => row.data.restock !== undefined).map((row) => row.data.name);
  if (!walk.length) { setText(status, texts.restockNothing); walk = null; return; }
  document.getElementById('restock').hidden = false;
  stepWalk();
}

function stepWalk() {
  const name = walk?.[0];
  const row = name && rows.get(name);
  if (!row) { endWalk(texts.restockDone); return; }
  setText(document.getElementById('restock-step'), texts.restockStep(row.data.name, number(row.data.stock), row.data.unit));
  const amount = document.getElementById('restock-amount');
  amount.max = String(MAXIMUM - row.data.stock);
  amount.value = String(row.data.restock ?? 0);
  amount.focus();
  amount.select();
}

function endWalk(message) {
  walk = null;
  document.getElementById('restock').hidden = true;
  setText(status, message);
  document.getElementById('walk').focus();
}

function setUpWalk() {
  const walkButton = document.getElementById('walk');
  setText(walkButton, texts.restockWalk);
  walkButton.addEventListener('click', startWalk);
  setText(document.getElementById('restock-add'), texts.restockAdd);
  setText(document.getElementById('restock-skip'), texts.restockSkip);
  setText(document.getElementById('restock-stop'), texts.restockStop);
  document.getElementById('restock-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const name = walk?.[0];
    const amount = Number(document.getElementById('restock-amount').value);
    if (name && Number.isInteger(amount) && amount > 0) {
      const answer = await api('PATCH', `/stock/${encodeURIComponent(name)}`, { body: { restock: amount }, operator: true });
      if (!answer.ok) { if (answer.status !== 401) showFailure(status, answer); return; }
      refresh();
    }
    walk?.shift();
    stepWalk();
  });
  document.getElementById('restock-skip').addEventListener('click', () => { walk?.shift(); stepWalk(); });
  document.getElementById('restock-stop').addEventListener('click', () => endWalk(''));
}

/// What an event changes: the stock, or the drawer (a payment, a step of the drawer's day).
function changed(event) {
  const type = event.type ?? '';
  if (type.startsWith('payment.') || type.startsWith('drawer.') || type === 'menu.reloaded') refreshDrawer();
  if (!type.startsWith('payment.') && !type.startsWith('drawer.')) refresh();
}

async function start() {
  const seq = await load();
  await loadDrawer();
  if (seq !== null && !following) following = followAsOperator('stock.*,order.*,menu.*,payment.*,drawer.*', seq, changed);
}

setText(document.getElementById('title'), texts.stockTitle);
document.title = texts.stockTitle;
navigation(operatorPages);
setUpWalk();
setUpDrawer();
operatorScreen(start);

// The kiosk (/): the menu's items and combos as large buttons, a basket of several lines,
// and Order, which shows the menu's own message with the ticket and its time, or what is
// short.

import { texts } from './texts.js';
import { api, el, setText, follow, coalesce, money, clockTime, requestKey, showFailure } from './common.js';
import { loadBasket, saveBasket, addLine } from './basket.js';
import { openChoices, setUpChoices } from './choices.js';
import { openCombo, setUpCombo, comboAvailable, partName } from './combo.js';

/// Items drawn at once: a screenful and more. The next ones are drawn when "Show more" is
/// pressed or scrolled near, so a menu of thousands opens and filters as fast as a short one.
const PAGE = 60;

let menu = null;
let items = [];              // {row, key, node, combo?}: the items, then the combos
let basket = loadBasket();
let query = '';
let last = { query: '', matching: [] };  // the last query and its matches
let shown = PAGE;
let pendingKey = null;       // the Idempotency-Key of an order not yet answered
let timed = false;           // whether an item carries the page's element timing

const list = document.getElementById('items');
const search = document.getElementById('search');
const more = document.getElementById('more');
const result = document.getElementById('result');

/// The items' rows by name.
function rowsByName() {
  return new Map(items.filter((entry) => !entry.combo).map((entry) => [entry.row.name, entry.row]));
}

function itemNode(entry) {
  if (entry.node) return entry.node;
  const row = entry.row;
  const allergens = Array.isArray(row.allergens)
    ? (row.allergens.length ? texts.allergens(row.allergens.join(', ')) : texts.noAllergens) : '';
  // A combo says what it offers: `Latte / Americano + Croissant / Muffin`.
  const offers = entry.combo ? row.choices.map((choice) => choice.items.map((offered) => offered.item).join(' / ')).join(' + ') : '';
  const button = el('button', { type: 'button', class: entry.combo ? 'item combo' : 'item' },
    el('span', { class: 'name', text: row.name }),
    offers ? el('span', { class: 'offers', text: offers }) : null,
    row.price !== undefined ? el('span', { class: 'price', text: money(row.price, menu.currency) }) : null,
    allergens ? el('span', { class: 'allergens', text: allergens }) : null,
    el('span', { class: 'left' }));
  button.addEventListener('click', () => (entry.combo ? addCombo(entry.row) : add(entry.row)));
  if (entry.combo || row.sizes?.length || row.groups?.length) button.setAttribute('aria-haspopup', 'dialog');
  // The first item drawn is timed by the browser (Element Timing): navigation start to the
  // menu on screen, which kiosk-bench reads.
  if (!timed) { button.firstChild.setAttribute('elementtiming', 'kiosk-items'); timed = true; }
  entry.node = el('li', {}, button);
  showAvailability(entry);
  return entry.node;
}

function showAvailability(entry) {
  if (!entry.node) return;
  const button = entry.node.firstChild;
  const soldOut = entry.combo ? !comboAvailable(entry.row, rowsByName()) : entry.row.available === 0;
  // Outside its serving windows an item is not now, whatever the stock: it says when.
  const notNow = !entry.combo && entry.row.servedNow === false;
  button.disabled = soldOut || notNow;
  button.classList.toggle('soldout', soldOut || notNow);
  const left = notNow ? texts.notNow(entry.row.served) : soldOut ? texts.soldOut : entry.row.available <= 3 ? texts.canMake(entry.row.available) : '';
  setText(button.querySelector('.left'), left);
}

/// The items the query matches, in menu order. A query that only adds to the last one
/// searches the last one's matches, not the whole menu again.
function matchingItems() {
  if (!query) { last = { query, matching: items }; return items; }
  const from = last.query && query.startsWith(last.query) ? last.matching : items;
  last = { query, matching: from.filter((entry) => entry.key.includes(query)) };
  return last.matching;
}

/// Draws the first `shown` matches. The list is changed only where it differs: an item
/// still shown keeps its node in place (no style or layout of it again), so a key that
/// leaves the screen as it was costs nothing, and "Show more" only appends.
function renderItems() {
  const matching = matchingItems();
  const nodes = matching.slice(0, shown).map(itemNode);
  const keep = new Set(nodes);
  for (const child of [...list.children]) if (!keep.has(child)) child.remove();
  let at = list.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling; else list.insertBefore(node, at);
  }
  more.hidden = matching.length <= shown;
  if (!more.hidden) setText(more, texts.showMore(nodes.length, matching.length));
  setText(document.getElementById('nomatch'), !matching.length ? texts.noMatch : query ? texts.matches(matching.length) : '');
}

function showMore() {
  if (more.hidden) return;
  shown += PAGE;
  renderItems();
}

/// An item with sizes or options opens its panel; any other goes in the basket at once.
function add(row) {
  if (row.sizes?.length || row.groups?.length) {
    const start = performance.now();
    openChoices(row, menu.currency, (line) => {
      addLine(basket, line);
      basketChanged();
      (list.querySelector('button:not([disabled])') ?? search).focus();
    });
    // How long a tap takes to show the panel: kiosk-bench reads it.
    performance.measure('kiosk-choices-open', { start, end: performance.now() });
    return;
  }
  addLine(basket, { item: row.name });
  basketChanged();
}

/// A combo opens its panel, which walks its choices; then it goes in the basket.
function addCombo(combo) {
  openCombo(combo, rowsByName(), menu.currency, (line) => {
    addLine(basket, line);
    basketChanged();
    (list.querySelector('button:not([disabled])') ?? search).focus();
  });
}

/// `Oat, Extra shot ×2`: the options of a basket line, under its name.
function chosen(line) {
  return (line.options ?? []).map((option) => option.count > 1 ? `${option.option} ×${option.count}` : option.option).join(', ');
}

function basketChanged() {
  saveBasket(basket);
  pendingKey = null;
  renderBasket();
}

function renderBasket() {
  const lines = document.getElementById('lines');
  const byName = rowsByName();
  let total = 0;
  let priced = true;
  const nodes = [];
  for (const [key, line] of basket) {
    const row = byName.get(line.item);
    const unit = line.unitPrice ?? row?.price;
    // In hundredths, so that prices with cents add up exactly.
    if (unit !== undefined) total += Math.round(unit * 100) * line.quantity; else priced = false;
    let name;
    let label;
    let under = null;
    if (line.combo !== undefined) {
      // A combo: its items, each with its own choices, under its name.
      const parts = line.items.map(partName);
      name = line.combo;
      label = `${name}: ${parts.join(', ')}`;
      under = el('ul', { class: 'parts' }, ...parts.map((part) => el('li', { text: part })));
    } else {
      name = line.size ? `${line.item} (${line.size})` : line.item;
      const options = chosen(line);
      label = options ? `${name}: ${options}` : name;
      if (options) under = el('span', { class: 'options', text: options });
    }
    nodes.push(el('li', { class: 'line' },
      el('span', { class: 'name' }, el('span', { text: name }), under),
      el('span', { class: 'stepper' },
        el('button', { type: 'button', 'aria-label': texts.less(label), text: '−', onclick: () => step(key, -1) }),
        el('output', { class: 'quantity', 'aria-label': texts.quantity, text: String(line.quantity) }),
        el('button', { type: 'button', 'aria-label': texts.more(label), text: '+', onclick: () => step(key, 1) }),
        el('button', { type: 'button', class: 'remove', 'aria-label': texts.remove(label), text: '×', onclick: () => step(key, -line.quantity) }))));
  }
  total /= 100;
  lines.replaceChildren(...nodes);
  setText(document.getElementById('empty'), basket.size ? '' : texts.basketEmpty);
  const totalNode = document.getElementById('total');
  totalNode.hidden = !(basket.size && priced && menu && items.some((entry) => entry.row.price !== undefined));
  if (!totalNode.hidden) setText(totalNode, `${texts.total}: ${money(total, menu.currency)}`);
  showPrice(null);
  if (!totalNode.hidden) quote();
  document.getElementById('order').disabled = basket.size === 0;
  document.getElementById('clear').disabled = basket.size === 0;
}

// The basket's price with the menu's taxes and discounts, as the kiosk computes it
// (POST /prices): the page never prices an order by a rule of its own. The latest
// basket's answer only: an earlier one that arrives late is dropped.
let quotes = 0;
async function quote() {
  const asked = ++quotes;
  const answer = await api('POST', '/prices', { body: { lines: sentLines() } });
  if (asked !== quotes || !answer.ok) return;
  const price = answer.data.result?.price;
  if (!price) return;
  showPrice(price);
  setText(document.getElementById('total'), `${texts.total}: ${money(price.total, menu.currency)}`);
}

// The subtotal, each discount and added tax, and the taxes the total holds, as a list of
// terms and amounts; hidden for a menu without taxes or discounts.
function priceTerms(price) {
  const terms = [];
  const added = price.taxes.filter((tax) => !tax.included && tax.amount);
  if (price.discounts.length || added.length) {
    terms.push([texts.subtotal, money(price.subtotal, menu.currency)]);
    for (const discount of price.discounts) terms.push([discount.name, money(-discount.amount, menu.currency)]);
    for (const tax of added) terms.push([tax.name, money(tax.amount, menu.currency)]);
  }
  for (const tax of price.taxes.filter((tax) => tax.included)) {
    terms.push([texts.taxIncluded(tax.name), money(tax.amount, menu.currency), 'included']);
  }
  return terms;
}

function priceList(node, price) {
  const terms = price ? priceTerms(price) : [];
  node.replaceChildren(...terms.flatMap(([term, amount, kind]) => [
    el('dt', { class: kind ?? '', text: term }), el('dd', { class: kind ?? '', text: amount }),
  ]));
  node.hidden = terms.length === 0;
}

function showPrice(price) {
  priceList(document.getElementById('price'), price);
}

// The basket as POST /orders and POST /prices take it.
function sentLines() {
  return [...basket.values()].map((line) => {
    if (line.combo !== undefined) {
      return {
        combo: line.combo, quantity: line.quantity,
        items: line.items.map(({ item, quantity, size, options }) => ({
          item, ...(quantity !== undefined && { quantity }), ...(size !== undefined && { size }),
          ...(options?.length && { options: options.map(({ group, option, count }) => ({ group, option, count })) }),
        })),
      };
    }
    const sent = { item: line.item, quantity: line.quantity };
    if (line.size !== undefined) sent.size = line.size;
    if (line.options?.length) sent.options = line.options.map(({ group, option, count }) => ({ group, option, count }));
    return sent;
  });
}

function step(key, by) {
  const line = basket.get(key);
  if (!line) return;
  const quantity = line.quantity + by;
  if (quantity > 0) basket.set(key, { ...line, quantity }); else basket.delete(key);
  basketChanged();
}

async function order() {
  if (!basket.size) return;
  const button = document.getElementById('order');
  button.disabled = true;
  setText(button, texts.ordering);
  pendingKey = pendingKey ?? requestKey();
  const answer = await api('POST', '/orders', { body: { lines: sentLines() }, key: pendingKey });
  setText(button, texts.order);
  button.disabled = false;
  showResult(answer);
  if (answer.ok) {
    basket = new Map();
    basketChanged();
  } else if (answer.status !== 0 && answer.status < 500) {
    pendingKey = null;
  }
  refresh();
}

/// `#12 · ready by 09:14`: an order's ticket, or the one its payment opened.
function ticketLine(result) {
  const by = result.promised ? ` · ${texts.readyBy(clockTime(result.promised))}` : '';
  return el('p', { class: 'ticket-line' }, el('strong', { class: 'number', text: texts.ticket(result.ticket) }), by);
}

function eventOf(answer, type) {
  return (answer.data?.events ?? []).find((event) => event.type === type);
}

function showResult(answer) {
  const panel = [];
  if (answer.ok) {
    const made = eventOf(answer, 'order.succeeded');
    panel.push(el('p', { class: 'message', text: made?.data?.message ?? '' }));
    if (answer.data.result?.ticket !== undefined) panel.push(ticketLine(answer.data.result));
    // A menu paid first: the order holds its stock until it is paid, and gets its number then.
    const held = answer.data.result?.heldUntil;
    if (held) panel.push(el('p', { class: 'held', text: texts.heldUntil(clockTime(held)) }));
    // The receipt's amounts: what was paid and how, as the kiosk priced it.
    const price = answer.data.result?.price;
    if (price) {
      const receipt = el('dl', { class: 'price receipt' });
      priceList(receipt, price);
      receipt.append(el('dt', { class: 'paid', text: texts.total }), el('dd', { class: 'paid', text: money(price.total, menu.currency) }));
      receipt.hidden = false;
      panel.push(receipt);
    }
    const total = answer.data.result?.total;
    const order = answer.data.result?.order;
    if (menu?.checkout && order !== undefined && total !== undefined && total > 0) {
      panel.push(checkoutPanel(order, total, answer.data.paymentKey));
    }
    result.className = 'result success';
  } else {
    const refused = eventOf(answer, 'order.failed');
    if (refused?.data?.message) panel.push(el('p', { class: 'message', text: refused.data.message }));
    const missing = answer.data?.missing ?? [];
    if (missing.length) {
      panel.push(el('p', { class: 'short-title', text: texts.short }));
      panel.push(el('ul', { class: 'short' },
        ...missing.map((line) => el('li', { text: texts.shortLine(line.ingredient, line.needed, line.available) }))));
    } else if (!refused) {
      const problem = el('p', { class: 'message' });
      showFailure(problem, answer);
      panel.push(problem);
    }
    result.className = 'result failure';
  }
  panel.push(el('button', { type: 'button', class: 'secondary', text: texts.newOrder, onclick: dismiss }));
  result.replaceChildren(...panel);
  result.querySelector('button').focus();
}

// MARK: The checkout: pay by card on the simulated reader, or at the counter

/// The simulated reader's test cards, as the customer of a sandbox picks one: what the
/// reader answers for each is documented (docs/CHECKOUT.md).
const TEST_CARDS = [
  ['4242424242424242', 'approved'], ['4000000000000002', 'declined'], ['4000000000009995', 'insufficient'],
  ['4000000000000069', 'expired'], ['4000000000000119', 'error'], ['timeout', 'timeout'], ['offline', 'offline'],
  ['cancel', 'cancel'],
];

/// The kiosk's checkout step for order `order` of `total`, paid with the order's
/// `paymentKey`: the card reader's prompts and answers as a customer sees them (`#payment`'s `data-state` is the payment's state), or
/// "pay at the counter".
function checkoutPanel(order, total, paymentKey) {
  const amount = money(total, menu.currency);
  const status = el('p', { id: 'payment', class: 'payment', role: 'status', 'aria-live': 'polite' });
  const select = el('select', { id: 'test-card' },
    ...TEST_CARDS.map(([card, word]) => el('option', { value: card, text: `${texts.cards[word]} · ${card}` })));
  const byCard = el('button', { id: 'pay-card', type: 'button', class: 'primary', text: texts.payCard });
  const atCounter = el('button', { id: 'pay-counter', type: 'button', class: 'secondary', text: texts.payCounter });
  const section = el('section', { class: 'checkout', 'aria-labelledby': 'pay-title' },
    el('h3', { id: 'pay-title', text: texts.payTitle(amount) }),
    el('label', { for: 'test-card', text: texts.testCard }), select,
    el('div', { class: 'actions' }, byCard, atCounter), status);
  const show = (state, text) => {
    status.dataset.state = state;
    setText(status, text);
  };
  byCard.addEventListener('click', async () => {
    byCard.disabled = true;
    atCounter.disabled = true;
    select.disabled = true;
    show('pending', texts.readerStarting);
    // The reader takes the card while the request waits for its answer.
    const prompt = setTimeout(() => show('in_progress', texts.readerPrompt), 150);
    // The order's payment key: a customer pays only for the order the server gave them.
    const answer = await api('POST', `/orders/${order}/payments`, {
      body: { tender: 'card', card: select.value }, key: requestKey(), headers: { 'Kiosk-Payment-Key': paymentKey ?? '' },
    });
    clearTimeout(prompt);
    if (answer.ok) {
      show('completed', texts.paidByCard(money(answer.data.result.amount + (answer.data.result.tip ?? 0), menu.currency)));
      for (const node of [section.querySelector('label'), select, byCard, atCounter]) node.remove();
      // An order paid first gets its ticket with its payment.
      if (answer.data.result.ticket !== undefined) section.append(ticketLine(answer.data.result));
      return;
    }
    const last = (answer.data?.events ?? []).filter((event) => event.type.startsWith('payment.')).pop();
    show(last ? last.type.slice('payment.'.length) : 'failed',
      `${answer.status === 0 ? texts.unreachable : answer.detail} ${texts.payAgain}`);
    byCard.disabled = false;
    atCounter.disabled = false;
    select.disabled = false;
  });
  atCounter.addEventListener('click', () => {
    show('counter', texts.payAtCounter(order, amount));
    byCard.disabled = true;
    select.disabled = true;
  });
  return section;
}

function dismiss() {
  result.className = 'result';
  result.replaceChildren();
  (list.querySelector('button:not([disabled])') ?? search).focus();
}

function showMenu(data) {
  const rows = (menuData) => [...menuData.items, ...(menuData.combos ?? [])];
  const reloaded = !menu || menu.name !== data.name || rows(menu).length !== rows(data).length
    || rows(menu).some((row, index) => row.name !== rows(data)[index].name);
  menu = data;
  if (reloaded) {
    // What the search box matches: the name, its aliases and its tags.
    const entry = (row, combo) => ({ row, combo, key: [row.name, ...(row.aliases ?? []), ...(row.tags ?? [])].join('\n').toLowerCase(), node: null });
    items = [...data.items.map((row) => entry(row, false)), ...(data.combos ?? []).map((row) => entry(row, true))];
    last = { query: '', matching: items };
    setText(document.getElementById('title'), data.name);
    document.title = data.name;
    document.getElementById('searching').hidden = items.length <= 12;
    renderItems();
  } else {
    const fresh = rows(data);
    items.forEach((entry, index) => { entry.row = fresh[index]; });
    // A combo's availability is its items': shown once every row is new.
    items.forEach(showAvailability);
  }
  renderBasket();
}

async function load() {
  const answer = await api('GET', '/menu');
  if (!answer.ok) {
    showFailure(document.getElementById('nomatch'), answer);
    return null;
  }
  showMenu(answer.data.result);
  return answer.data.seq ?? 0;
}

const refresh = coalesce(load, 300);

async function start() {
  setText(document.getElementById('search-label'), texts.search);
  search.addEventListener('input', () => {
    query = search.value.trim().toLowerCase();
    shown = PAGE;
    renderItems();
  });
  more.addEventListener('click', showMore);
  // Scrolling near the end draws the next items by itself; the button stays for the keyboard.
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => { if (entries.some((entry) => entry.isIntersecting)) showMore(); }, { rootMargin: '400px' }).observe(more);
  }
  setText(document.getElementById('basket-title'), texts.basket);
  const orderButton = document.getElementById('order');
  setText(orderButton, texts.order);
  orderButton.addEventListener('click', order);
  const clear = document.getElementById('clear');
  setText(clear, texts.clear);
  clear.addEventListener('click', () => { basket = new Map(); basketChanged(); });
  setText(document.getElementById('suggest-link'), texts.pages.suggest);
  setUpChoices();
  setUpCombo();
  renderBasket();
  const seq = await load();
  if (seq !== null) follow('order.*,stock.*,menu.*', seq, refresh);
}

start();

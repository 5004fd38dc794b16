// A combo's panel: a modal dialog that walks the combo's choices in order ("Choice 1 of
// 2"), each a fieldset of the items it offers with its limits said and kept — radio
// buttons for a choice of one, check boxes with a count for a choice of more; a sold-out
// item greyed with why. An item with sizes or options opens its customisation panel
// (choices.js) over this one, so each item keeps its own choices; the combo's price as
// chosen follows every choice. Add puts the combo in the basket with its items.

import { texts } from './texts.js';
import { el, setText, money, hundredths } from './common.js';
import { openChoices } from './choices.js';

const dialog = document.getElementById('combo');
const form = document.getElementById('combo-form');
const title = document.getElementById('combo-title');
const body = document.getElementById('combo-choice');
const price = document.getElementById('combo-price');
const nextButton = document.getElementById('combo-next');
const backButton = document.getElementById('combo-back');
const cancelButton = document.getElementById('combo-cancel');

// {combo, rows: Map(name -> item row), currency, onAdd, step,
//  picks: [Map(item index -> {quantity, chosen?: {size?, options, unitPrice?}})], shown: [{item, box, count, summary, change}]}
let current = null;

function needsChoices(row) {
  return Boolean(row?.sizes?.length || row?.groups?.length);
}

/// `choose 1`, `choose up to 2`, `choose 1 to 2`: a choice's limits (an open one's maximum
/// is how many items it offers).
function limits(choice) {
  if (choice.minimum === choice.maximum) return texts.chooseExactly(choice.minimum);
  if (choice.minimum === 0) return texts.chooseUpTo(choice.maximum);
  return texts.chooseBetween(choice.minimum, choice.maximum);
}

/// Whether the stock can make at least `minimum` of a choice's items (a combo none of
/// whose choices can be kept is sold out).
export function comboAvailable(combo, rows) {
  return combo.choices.every((choice) => choice.minimum === 0
    || choice.items.some((offered) => (rows.get(offered.item)?.available ?? 1) !== 0));
}

function taken(step) {
  let sum = 0;
  for (const pick of current.picks[step].values()) sum += pick.quantity;
  return sum;
}

/// What one of an item costs as chosen: the panel's price, or a plain item's own.
function unitOf(offered, pick) {
  return pick.chosen?.unitPrice ?? current.rows.get(offered.item)?.price ?? offered.included;
}

/// The combo's price as chosen, in hundredths: its price, and what each item's choices add
/// above what the price includes. `instead` prices one item at another unit price (the
/// customisation panel's, while it is open).
function comboHundredths(instead = null) {
  let total = hundredths(current.combo.price);
  current.combo.choices.forEach((choice, step) => {
    const picks = new Map(current.picks[step]);
    if (instead && instead.step === step) picks.set(instead.index, { quantity: picks.get(instead.index)?.quantity ?? 1, chosen: { unitPrice: instead.unitPrice } });
    for (const [index, pick] of picks) {
      const offered = choice.items[index];
      total += (hundredths(unitOf(offered, pick)) - hundredths(offered.included)) * pick.quantity;
    }
  });
  return total;
}

function priced() {
  return current.combo.price !== undefined;
}

/// `large, Oat`: an item's size and options as chosen.
function choiceWords(part) {
  return [part.size, ...(part.options ?? []).map((option) => option.count > 1 ? `${option.option} ×${option.count}` : option.option)].filter(Boolean).join(', ');
}

/// `Latte (large, Oat)`: an item of a combo as chosen, as the basket and the kitchen say it.
export function partName(part) {
  const choices = choiceWords(part);
  const name = choices ? `${part.item} (${choices})` : part.item;
  return (part.quantity ?? 1) > 1 ? `${name} ×${part.quantity}` : name;
}

/// Shows what is chosen: the choice's count against its limits, items a full choice
/// cannot take disabled, each chosen item's choices and what they add, the price, and
/// Next (or Add, on the last choice) only when the choice has what it needs.
function update() {
  const step = current.step;
  const choice = current.combo.choices[step];
  const count = taken(step);
  const last = step === current.combo.choices.length - 1;
  setText(document.getElementById('combo-limits'), texts.chosenOf(count, limits(choice)));
  for (const shown of current.shown) {
    const offered = choice.items[shown.item];
    const row = current.rows.get(offered.item);
    const pick = current.picks[step].get(shown.item);
    if (shown.box.type === 'checkbox') shown.box.disabled = row?.available === 0 || (!pick && count >= choice.maximum);
    shown.box.checked = pick !== undefined;
    if (shown.count) {
      shown.count.disabled = !pick;
      shown.count.value = String(pick?.quantity ?? 1);
    }
    const extra = pick ? hundredths(unitOf(offered, pick)) - hundredths(offered.included) : 0;
    const chosenWords = pick?.chosen ? choiceWords(pick.chosen) : '';
    const words = [chosenWords ? `(${chosenWords})` : '',
      extra > 0 ? `+${money(extra / 100, current.currency)}` : ''].filter(Boolean).join(' ');
    // After a space: the label reads `Latte (large, Oat) +₩1,500`.
    setText(shown.summary, words ? ` ${words}` : '');
    if (shown.change) shown.change.hidden = !pick?.chosen;
  }
  const cost = priced() ? money(comboHundredths() / 100, current.currency) : '';
  setText(price, cost ? `${texts.price}: ${cost}` : '');
  nextButton.disabled = count < choice.minimum || count > choice.maximum;
  setText(nextButton, last ? (cost ? texts.addFor(cost) : texts.addToOrder) : texts.next);
  backButton.hidden = step === 0;
}

/// Opens the item's customisation panel over this one; what it gives back is the item's
/// choice, and closing it without adding leaves the item as it was (`undo`).
function customise(index, undo) {
  const step = current.step;
  const offered = current.combo.choices[step].items[index];
  const row = current.rows.get(offered.item);
  const before = current.picks[step].get(index);
  const walk = current;
  openChoices(row, current.currency, (line) => {
    if (current !== walk) return;
    const pick = current.picks[step].get(index) ?? { quantity: 1 };
    pick.chosen = { size: line.size, options: line.options, unitPrice: line.unitPrice };
    if (current.combo.choices[step].maximum === 1) current.picks[step].clear();
    current.picks[step].set(index, pick);
    update();
    focusItem(index);
  }, {
    name: current.combo.name,
    chosen: before?.chosen,
    priceOf: (unitPrice) => comboHundredths({ step, index, unitPrice }) / 100,
    onCancel: () => {
      if (current !== walk) return;
      undo();
      update();
      focusItem(index);
    },
  });
}

function focusItem(index) {
  const shown = current?.shown.find((entry) => entry.item === index);
  if (shown && dialog.open) (shown.box.disabled ? nextButton : shown.box).focus();
}

function itemPick(choice, index, single) {
  const offered = choice.items[index];
  const row = current.rows.get(offered.item);
  const step = current.step;
  const soldOut = row?.available === 0;
  const box = el('input', { type: single ? 'radio' : 'checkbox', name: `combo-${step}`, value: String(index), 'aria-describedby': 'combo-limits' });
  box.disabled = soldOut;
  const summary = el('span', { class: 'chosen' });
  const shown = { item: index, box, summary, count: null, change: null };
  if (!single && choice.maximum > 1) {
    shown.count = el('select', { 'aria-label': texts.howMany(offered.item) },
      ...Array.from({ length: choice.maximum }, (_, n) => el('option', { value: String(n + 1), text: `×${n + 1}` })));
    shown.count.addEventListener('change', () => {
      const pick = current.picks[step].get(index);
      if (!pick) return;
      const others = taken(step) - pick.quantity;
      pick.quantity = Math.max(1, Math.min(Number(shown.count.value), choice.maximum - others));
      update();
    });
  }
  box.addEventListener('change', () => {
    const picks = current.picks[step];
    const before = new Map([...picks].map(([key, pick]) => [key, { ...pick }]));
    if (!box.checked) { picks.delete(index); update(); return; }
    if (single) picks.clear();
    if (needsChoices(row)) {
      // Chosen once the panel gives it back; until then it is shown chosen, as tapped.
      customise(index, () => { picks.clear(); for (const [key, pick] of before) picks.set(key, pick); });
      return;
    }
    picks.set(index, { quantity: 1 });
    update();
  });
  if (needsChoices(row)) {
    shown.change = el('button', { type: 'button', class: 'secondary change', text: texts.change, 'aria-label': texts.changeItem(offered.item) });
    shown.change.addEventListener('click', () => customise(index, () => {}));
  }
  current.shown.push(shown);
  const words = [offered.item, soldOut ? `(${texts.soldOut})` : ''].filter(Boolean).join(' ');
  return el('div', { class: 'pick-row' },
    el('label', { class: soldOut ? 'pick soldout' : 'pick' }, box, el('span', { text: words }), summary),
    shown.count, shown.change);
}

/// Draws the choice the walk is at, and puts the focus on its first item.
function showStep() {
  const step = current.step;
  const choice = current.combo.choices[step];
  const single = choice.maximum === 1;
  current.shown = [];
  const status = el('span', { class: 'limits', id: 'combo-limits' });
  const fieldset = el('fieldset', { class: 'group', 'aria-describedby': 'combo-limits' },
    el('legend', {}, el('span', { text: texts.comboStep(step + 1, current.combo.choices.length) }), ' ', status),
    ...choice.items.map((_, index) => itemPick(choice, index, single)));
  body.replaceChildren(fieldset);
  update();
  (body.querySelector('input:checked:not([disabled])') ?? body.querySelector('input:not([disabled])') ?? nextButton).focus();
}

/// Opens the panel for `combo` (a combo of `GET /menu`), its items' rows by name in `rows`;
/// `onAdd` gets the line to add: `{combo, items: [{item, quantity?, size?, options?}], unitPrice?}`.
export function openCombo(combo, rows, currency, onAdd) {
  current = {
    combo, rows, currency, onAdd, step: 0, shown: [],
    // A choice that must take its one item takes it (an item without choices of its own).
    picks: combo.choices.map((choice) => new Map(
      choice.minimum >= 1 && choice.items.length === 1 && !needsChoices(rows.get(choice.items[0].item)) && rows.get(choice.items[0].item)?.available !== 0
        ? [[0, { quantity: choice.minimum }]] : [])),
  };
  setText(title, combo.name);
  dialog.showModal();
  showStep();
}

function next() {
  if (!current || nextButton.disabled) return;
  if (current.step < current.combo.choices.length - 1) {
    current.step += 1;
    showStep();
    return;
  }
  const items = [];
  current.combo.choices.forEach((choice, step) => {
    for (const [index, pick] of [...current.picks[step]].sort((a, b) => a[0] - b[0])) {
      const part = { item: choice.items[index].item };
      if (pick.quantity > 1) part.quantity = pick.quantity;
      if (pick.chosen?.size !== undefined) part.size = pick.chosen.size;
      if (pick.chosen?.options?.length) part.options = pick.chosen.options;
      items.push(part);
    }
  });
  const line = { combo: current.combo.name, items };
  if (priced()) line.unitPrice = comboHundredths() / 100;
  const onAdd = current.onAdd;
  current = null;
  dialog.close();
  onAdd(line);
}

function back() {
  if (!current || current.step === 0) return;
  current.step -= 1;
  showStep();
}

export function setUpCombo() {
  setText(backButton, texts.back);
  setText(cancelButton, texts.cancel);
  form.addEventListener('submit', (event) => { event.preventDefault(); next(); });
  backButton.addEventListener('click', back);
  cancelButton.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { if (!dialog.open) current = null; });
}

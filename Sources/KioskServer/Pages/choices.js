// The customisation panel of an item with sizes or options: a modal dialog with a group of
// radio buttons for the size and one fieldset per group of options, each with its limits
// said and kept — a required group starts at its defaults, a full group takes no more, a
// sold-out option is greyed with why — and the price of what is chosen, updated as the
// customer chooses. Add puts the line in the basket with its size, options and price.
// Opened for an item of a combo (combo.js), over the combo's panel, it says the combo's
// price as chosen and gives the item as chosen back to the combo.

import { texts } from './texts.js';
import { el, setText, money, hundredths } from './common.js';

const dialog = document.getElementById('choices');
const form = document.getElementById('choices-form');
const title = document.getElementById('choices-title');
const body = document.getElementById('choices-groups');
const price = document.getElementById('choices-price');
const addButton = document.getElementById('choices-add');
const cancelButton = document.getElementById('choices-cancel');

let current = null;   // {row, currency, size, counts: [Map(option -> count)], onAdd, within, groups: [{fieldset, status, inputs}]}

/// `choose 1`, `choose up to 3`, `choose 1 to 3`, `choose 1 or more`: a group's limits.
function limits(group) {
  const capacity = group.options.reduce((sum, option) => sum + option.repeat, 0);
  if (group.minimum === group.maximum) return texts.chooseExactly(group.minimum);
  if (group.minimum === 0) return texts.chooseUpTo(group.maximum);
  if (group.maximum >= capacity) return texts.chooseAtLeast(group.minimum);
  return texts.chooseBetween(group.minimum, group.maximum);
}

function taken(index) {
  let sum = 0;
  for (const count of current.counts[index].values()) sum += count;
  return sum;
}

/// What one costs as chosen: the size's price less its defaults, plus every option taken.
function unitPrice() {
  const row = current.row;
  const size = row.sizes?.[current.size];
  let total = hundredths(size ? size.price : row.price);
  // A size's price, and an item's that needs no choice, include the defaults' prices; an
  // item without sizes that must be chosen shows its price with nothing taken.
  const includesDefaults = size !== undefined || row.groups.every((group) => group.options.filter((option) => option.default).length >= group.minimum);
  row.groups.forEach((group, index) => {
    if (includesDefaults) for (const option of group.options) if (option.default) total -= hundredths(option.price);
    for (const [option, count] of current.counts[index]) total += hundredths(group.options[option].price) * count;
  });
  return total / 100;
}

function priced() {
  return current.row.price !== undefined || current.row.sizes?.some((size) => size.price !== undefined);
}

/// Shows what is chosen: each group's count against its limits, options a full group
/// cannot take disabled, the price, and Add only when every group has what it needs.
function update() {
  let complete = true;
  current.groups.forEach((shown, index) => {
    const group = current.row.groups[index];
    const count = taken(index);
    if (count < group.minimum) complete = false;
    setText(shown.status, texts.chosenOf(count, limits(group)));
    if (shown.kind !== 'checkbox') return;
    for (const input of shown.inputs) {
      const option = group.options[input.option];
      const chosen = current.counts[index].get(input.option) ?? 0;
      input.box.disabled = option.available === 0 || (chosen === 0 && count >= group.maximum);
      if (input.repeat) input.repeat.disabled = chosen === 0;
    }
  });
  addButton.disabled = !complete;
  const within = current.within;
  if (within) {
    // For a combo: the combo's price with this item as chosen.
    const combo = priced() ? within.priceOf(unitPrice()) : undefined;
    setText(price, combo !== undefined ? texts.comboPrice(within.name, money(combo, current.currency)) : '');
    setText(addButton, texts.addToCombo(within.name));
    return;
  }
  const cost = priced() ? money(unitPrice(), current.currency) : '';
  setText(price, cost ? `${texts.price}: ${cost}` : '');
  setText(addButton, cost ? texts.addFor(cost) : texts.addToOrder);
}

function optionLabel(option, currency) {
  const parts = [option.name];
  const cents = hundredths(option.price);
  if (cents > 0) parts.push(`+${money(option.price, currency)}`);
  if (cents < 0) parts.push(`−${money(-option.price, currency)}`);
  if (option.available === 0) parts.push(`(${texts.soldOut})`);
  return parts.join(' ');
}

function sizeFieldset(row, currency) {
  const legend = el('legend', { text: texts.size });
  const inputs = row.sizes.map((size, index) => {
    const input = el('input', { type: 'radio', name: 'size', value: String(index) });
    input.checked = index === current.size;
    input.disabled = size.available === 0;
    input.addEventListener('change', () => { current.size = index; update(); });
    const words = [size.name, money(size.price, currency), size.available === 0 ? `(${texts.soldOut})` : ''].filter(Boolean).join(' ');
    return el('label', { class: size.available === 0 ? 'pick soldout' : 'pick' }, input, el('span', { text: words }));
  });
  return el('fieldset', { class: 'group' }, legend, ...inputs);
}

/// A group that takes at most one of options that do not repeat is a set of radio
/// buttons (with None when it may take nothing); any other, check boxes, with a count
/// for an option that may be taken more than once.
function groupFieldset(group, index, currency) {
  const status = el('span', { class: 'limits', id: `group-${index}-limits` });
  const legend = el('legend', {}, el('span', { text: group.name }), ' ', status);
  const single = group.maximum === 1 && group.options.every((option) => option.repeat === 1);
  const shown = { kind: single ? 'radio' : 'checkbox', status, inputs: [] };
  const nodes = [];
  if (single && group.minimum === 0) {
    const none = el('input', { type: 'radio', name: `group-${index}`, value: 'none' });
    none.checked = current.counts[index].size === 0;
    none.addEventListener('change', () => { current.counts[index].clear(); update(); });
    nodes.push(el('label', { class: 'pick' }, none, el('span', { text: texts.noOption })));
  }
  group.options.forEach((option, position) => {
    const box = el('input', { type: single ? 'radio' : 'checkbox', name: `group-${index}`, value: String(position) });
    box.checked = current.counts[index].has(position);
    box.disabled = option.available === 0;
    box.setAttribute('aria-describedby', status.id);
    let repeat = null;
    if (!single && option.repeat > 1) {
      repeat = el('select', { 'aria-label': texts.howMany(option.name) },
        ...Array.from({ length: option.repeat }, (_, n) => el('option', { value: String(n + 1), text: `×${n + 1}` })));
      repeat.disabled = !box.checked;
      repeat.addEventListener('change', () => {
        const wanted = Number(repeat.value);
        const others = taken(index) - (current.counts[index].get(position) ?? 0);
        const count = Math.min(wanted, group.maximum - others);
        repeat.value = String(count);
        current.counts[index].set(position, count);
        update();
      });
    }
    box.addEventListener('change', () => {
      if (single) current.counts[index].clear();
      if (box.checked) current.counts[index].set(position, 1); else current.counts[index].delete(position);
      if (repeat) repeat.value = '1';
      update();
    });
    shown.inputs.push({ option: position, box, repeat });
    nodes.push(el('label', { class: option.available === 0 ? 'pick soldout' : 'pick' }, box, el('span', { text: optionLabel(option, currency) }), repeat));
  });
  current.groups.push(shown);
  return el('fieldset', { class: 'group', 'aria-describedby': status.id }, legend, ...nodes);
}

/// The counts of `groups` as `line` (a line's `{size, options}`) chose them.
function countsOf(groups, line) {
  return groups.map((group) => new Map(group.options.flatMap((option, index) => {
    const count = line.options.filter((chosen) => chosen.group === group.name && chosen.option === option.name).reduce((sum, chosen) => sum + chosen.count, 0);
    return count > 0 ? [[index, count]] : [];
  })));
}

/// Opens the panel for `row` (an item of `GET /menu` with `sizes` or `groups`); `onAdd`
/// gets the line to add: `{item, size?, options, unitPrice?}`. For an item of a combo,
/// `within` is `{name, priceOf(unitPrice), chosen?, onCancel}`: the combo's name and its
/// price with the item at `unitPrice`, what was chosen before, and what closing without
/// adding does.
export function openChoices(row, currency, onAdd, within = null) {
  const sizes = row.sizes ?? [];
  const groups = row.groups ?? [];
  const defaultSize = Math.max(0, sizes.findIndex((size) => size.default));
  const chosenSize = within?.chosen?.size === undefined ? -1 : sizes.findIndex((size) => size.name === within.chosen.size);
  current = {
    row: { ...row, groups }, currency, onAdd, within, groups: [],
    size: chosenSize >= 0 ? chosenSize
      : sizes.length ? (sizes[defaultSize].available === 0 ? Math.max(0, sizes.findIndex((size) => size.available !== 0)) : defaultSize) : 0,
    counts: within?.chosen ? countsOf(groups, within.chosen)
      : groups.map((group) => new Map(group.options.flatMap((option, index) => option.default ? [[index, 1]] : []))),
  };
  setText(title, row.name);
  body.replaceChildren(...(sizes.length ? [sizeFieldset(row, currency)] : []), ...groups.map((group, index) => groupFieldset(group, index, currency)));
  update();
  dialog.showModal();
  (body.querySelector('input:checked:not([disabled])') ?? body.querySelector('input:not([disabled])') ?? cancelButton).focus();
}

function add() {
  if (!current || addButton.disabled) return;
  const row = current.row;
  const options = [];
  row.groups.forEach((group, index) => {
    for (const [option, count] of [...current.counts[index]].sort((a, b) => a[0] - b[0])) {
      options.push({ group: group.name, option: group.options[option].name, count });
    }
  });
  const line = { item: row.name, options };
  if (row.sizes?.length) line.size = row.sizes[current.size].name;
  if (priced()) line.unitPrice = unitPrice();
  const onAdd = current.onAdd;
  current = null;
  dialog.close();
  onAdd(line);
}

export function setUpChoices() {
  setText(cancelButton, texts.cancel);
  form.addEventListener('submit', (event) => { event.preventDefault(); add(); });
  cancelButton.addEventListener('click', () => dialog.close());
  // Closed without Add (Cancel, Escape): a combo's item goes back to as it was. The panel
  // may be open again by the time the event comes; then it is not this close's.
  dialog.addEventListener('close', () => {
    if (dialog.open || !current) return;
    const closed = current;
    current = null;
    closed.within?.onCancel();
  });
}

// The customer's order in progress, kept for this tab so that /suggest can add to it and
// the kiosk page finds it: lines of an item's name and a quantity, and for an item with
// sizes or options the size and the options chosen (`{group, option, count}`) and what one
// of it costs; for a combo, the combo's name and its items, each with its own choices
// (`{combo, items: [{item, quantity, size?, options?}], unitPrice?}`). Two lines that
// choose the same are one line.

const KEY = 'kiosk.basket';

/// The line's identity: the item's name alone for a line without choices (the form a
/// basket had before choices), else the item with its size and options.
export function lineKey(line) {
  if (line.combo !== undefined) {
    return JSON.stringify(['combo', line.combo, line.items.map((part) => [part.item, part.quantity ?? 1, part.size ?? null,
      (part.options ?? []).map((o) => [o.group, o.option, o.count])])]);
  }
  return line.size === undefined && !(line.options?.length)
    ? line.item
    : JSON.stringify([line.item, line.size ?? null, (line.options ?? []).map((o) => [o.group, o.option, o.count])]);
}

/// An item with its size and options: a line's, or a combo's part's (whose quantity, when
/// it has one, is how many one combo takes).
function validChoice(line) {
  return typeof line?.item === 'string'
    && (line.size === undefined || typeof line.size === 'string')
    && (line.options === undefined || (Array.isArray(line.options) && line.options.every((o) =>
      typeof o?.group === 'string' && typeof o.option === 'string' && Number.isInteger(o.count) && o.count > 0)));
}

function valid(line) {
  if (!(Number.isInteger(line?.quantity) && line.quantity > 0)) return false;
  if (line.combo !== undefined) {
    return typeof line.combo === 'string' && Array.isArray(line.items) && line.items.length > 0
      && line.items.every((part) => validChoice(part) && (part.quantity === undefined || (Number.isInteger(part.quantity) && part.quantity > 0)));
  }
  return validChoice(line);
}

/// The basket by line key: each value `{item, quantity, size?, options?, unitPrice?}`, or
/// a combo's `{combo, quantity, items, unitPrice?}`.
export function loadBasket() {
  try {
    const lines = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Map(lines.filter(valid).map((line) => [lineKey(line), line]));
  } catch {
    return new Map();
  }
}

export function saveBasket(basket) {
  sessionStorage.setItem(KEY, JSON.stringify([...basket.values()]));
}

/// Adds `quantity` of `line` (`{item, size?, options?, unitPrice?}` or a combo's
/// `{combo, items, unitPrice?}`) to `basket`.
export function addLine(basket, line, quantity = 1) {
  const key = lineKey(line);
  const known = basket.get(key);
  basket.set(key, { ...line, quantity: (known?.quantity ?? 0) + quantity });
}

export function addToBasket(item, quantity = 1, choice = {}) {
  const basket = loadBasket();
  addLine(basket, { item, ...choice }, quantity);
  saveBasket(basket);
}

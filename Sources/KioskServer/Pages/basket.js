// The customer's order in progress, kept for this tab so that /suggest can add to it and
// the kiosk page finds it: lines of an item's name and a quantity.

const KEY = 'kiosk.basket';

export function loadBasket() {
  try {
    const lines = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Map(lines.filter((line) => typeof line.item === 'string' && Number.isInteger(line.quantity) && line.quantity > 0)
      .map((line) => [line.item, line.quantity]));
  } catch {
    return new Map();
  }
}

export function saveBasket(basket) {
  sessionStorage.setItem(KEY, JSON.stringify([...basket].map(([item, quantity]) => ({ item, quantity }))));
}

export function addToBasket(item, quantity = 1) {
  const basket = loadBasket();
  basket.set(item, (basket.get(item) ?? 0) + quantity);
  saveBasket(basket);
}

// Every word the screens show that the menu does not give, by key: the words are kiosk's
// catalog's (the server makes words.js in the operator's language, from
// Sources/KioskServer/Screens/PageWords.swift and po/ko.po), filled here. What a customer
// reads about the food — names, prices, messages, questions, the currency — comes from the
// menu through the API.

import { words } from './words.js';

/// `template` with each `{name}` replaced by `values[name]`; `{{` and `}}` are braces, and
/// a name without a value stays as it is (as the catalog's `tr` fills them).
function fill(template, values) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_.-]+)\}/g, (whole, name) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return Object.hasOwn(values, name) ? String(values[name]) : whole;
  });
}

// The words with blanks, by key: the names of their blanks in the order a screen passes
// the values (`texts.failed(status, detail)`).
const blanks = {
  failed: ['status', 'detail'],
  showMore: ['shown', 'total'],
  canMake: ['n'],
  allergens: ['list'],
  addItem: ['name'],
  chooseExactly: ['n'],
  chooseUpTo: ['n'],
  chooseAtLeast: ['n'],
  chooseBetween: ['min', 'max'],
  chosenOf: ['n', 'limits'],
  howMany: ['name'],
  addFor: ['price'],
  comboStep: ['n', 'count'],
  comboPrice: ['combo', 'price'],
  addToCombo: ['combo'],
  changeItem: ['name'],
  less: ['name'],
  more: ['name'],
  remove: ['name'],
  taxIncluded: ['tax'],
  notNow: ['windows'],
  ticket: ['n'],
  readyBy: ['time'],
  payTitle: ['total'],
  paidByCard: ['amount'],
  payAtCounter: ['order', 'total'],
  heldUntil: ['time'],
  shortLine: ['ingredient', 'needed', 'available'],
  questionOf: ['n', 'count'],
  fits: ['tags'],
  forGroup: ['members'],
  leastPleased: ['name'],
  score: ['score'],
  added: ['name'],
  minus: ['name'],
  plus: ['name'],
  setTo: ['name'],
  maximum: ['n'],
  moveLabel: ['n', 'move'],
  cancelAsk: ['n'],
  moved: ['n', 'state'],
  scrollsSideways: ['table'],
  chartOf: ['what'],
  drawerDay: ['day'],
  drawerOpened: ['day'],
  drawerShouldHold: ['expected'],
  drawerCountedAgainst: ['counted', 'overShort'],
};

/// The words as the screens use them: `texts.key` for a word, `texts.group.key` for a word
/// of a group (`pages.kiosk`), and a word with blanks a function that fills them.
function textsOf(words) {
  const texts = {};
  for (const [key, word] of Object.entries(words)) {
    const [group, member] = key.split('.');
    if (member === undefined) texts[key] = word;
    else (texts[group] ??= {})[member] = word;
  }
  for (const [key, names] of Object.entries(blanks)) {
    texts[key] = (...values) => fill(words[key], Object.fromEntries(names.map((name, i) => [name, values[i]])));
  }
  return texts;
}

export const texts = {
  ...textsOf(words),
  // A counted word: one form for 1, the other for any other count.
  matches: (n) => fill(n === 1 ? words.matches.one : words.matches.other, { n }),
  // The stock room's walk says a count with its unit when the ingredient has one.
  restockStep: (name, count, unit) => fill(words.restockStep, { name, count: unit ? `${count} ${unit}` : count }),
  // A change of stock: numbers and names only, no words to translate.
  changed: (name, from, to) => `${name}: ${from} → ${to}`,
};

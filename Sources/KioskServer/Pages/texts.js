// Every word the screens show that the menu does not give, by key: the words are kiosk's
// catalog's (the server makes words.js in the operator's language, from
// Sources/KioskServer/Screens/PageWords.swift and po/ko.po), filled here. What a customer
// reads about the food — names, prices, messages, questions, the currency — comes from the
// menu through the API.

import { language, words } from './words.js';

// The page speaks the operator's language (a screen reader reads it so).
document.documentElement.lang = language;

/// `template` with each `{name}` replaced by `values[name]`; `{{` and `}}` are braces, and
/// a name without a value stays as it is (as the catalog's `tr` fills them).
function fill(template, values) {
  return template.replace(/\{\{|\}\}|\{([A-Za-z_.-]+)\}/g, (whole, name) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return Object.hasOwn(values, name) ? String(values[name]) : whole;
  });
}

export const texts = {
  // Shared
  connectionLost: words.connectionLost,
  connectionBack: words.connectionBack,
  loading: words.loading,
  failed: (status, detail) => fill(words.failed, { status, detail }),
  unreachable: words.unreachable,
  screens: words.screens,
  pages: { kiosk: words['pages.kiosk'], suggest: words['pages.suggest'], stock: words['pages.stock'], kitchen: words['pages.kitchen'], ready: words['pages.ready'], report: words['pages.report'] },

  // The operator's token
  tokenTitle: words.tokenTitle,
  tokenHelp: words.tokenHelp,
  tokenLabel: words.tokenLabel,
  tokenSubmit: words.tokenSubmit,
  tokenWrong: words.tokenWrong,
  signOut: words.signOut,

  // The kiosk (/)
  search: words.search,
  noMatch: words.noMatch,
  matches: (n) => fill(n === 1 ? words.matches.one : words.matches.other, { n }),
  showMore: (shown, total) => fill(words.showMore, { shown, total }),
  soldOut: words.soldOut,
  canMake: (n) => fill(words.canMake, { n }),
  allergens: (list) => fill(words.allergens, { list }),
  noAllergens: words.noAllergens,
  addItem: (name) => fill(words.addItem, { name }),
  basket: words.basket,
  basketEmpty: words.basketEmpty,
  quantity: words.quantity,
  less: (name) => fill(words.less, { name }),
  more: (name) => fill(words.more, { name }),
  remove: (name) => fill(words.remove, { name }),
  total: words.total,
  order: words.order,
  ordering: words.ordering,
  clear: words.clear,
  ticket: (n) => fill(words.ticket, { n }),
  readyBy: (time) => fill(words.readyBy, { time }),
  short: words.short,
  shortLine: (ingredient, needed, available) => fill(words.shortLine, { ingredient, needed, available }),
  newOrder: words.newOrder,

  // What should I have? (/suggest)
  suggestTitle: words.suggestTitle,
  who: words.who,
  rule: words.rule,
  rules: { average: words['rules.average'], 'least-misery': words['rules.least-misery'], 'average-without-misery': words['rules.average-without-misery'] },
  start: words.start,
  questionOf: (n, count) => fill(words.questionOf, { n, count }),
  yes: words.yes,
  no: words.no,
  skip: words.skip,
  suggestions: words.suggestions,
  fits: (tags) => fill(words.fits, { tags }),
  forGroup: (members) => fill(words.forGroup, { members }),
  leastPleased: (name) => fill(words.leastPleased, { name }),
  score: (score) => fill(words.score, { score }),
  undeclared: words.undeclared,
  addToBasket: words.addToBasket,
  added: (name) => fill(words.added, { name }),
  goToBasket: words.goToBasket,
  next: words.next,
  again: words.again,
  nothing: {
    'out-of-stock': words['nothing.out-of-stock'],
    'all-vetoed': words['nothing.all-vetoed'],
    'all-miserable': words['nothing.all-miserable'],
    'limit-reached': words['nothing.limit-reached'],
    exhausted: words['nothing.exhausted'],
    'menu-changed': words['nothing.menu-changed'],
  },

  // The stock room (/stock)
  stockTitle: words.stockTitle,
  ingredient: words.ingredient,
  count: words.count,
  lowMark: words.lowMark,
  status: words.status,
  change: words.change,
  statusWords: { ok: words['statusWords.ok'], low: words['statusWords.low'], out: words['statusWords.out'] },
  minus: (name) => fill(words.minus, { name }),
  plus: (name) => fill(words.plus, { name }),
  setTo: (name) => fill(words.setTo, { name }),
  set: words.set,
  newCount: words.newCount,
  restockWalk: words.restockWalk,
  restockNothing: words.restockNothing,
  restockStep: (name, count, unit) => fill(words.restockStep, { name, count: unit ? `${count} ${unit}` : count }),
  restockAdd: words.restockAdd,
  restockSkip: words.restockSkip,
  restockStop: words.restockStop,
  restockDone: words.restockDone,
  changed: (name, from, to) => `${name}: ${from} → ${to}`,
  maximum: (n) => fill(words.maximum, { n }),

  // The kitchen (/kitchen)
  kitchenTitle: words.kitchenTitle,
  columns: { queued: words['columns.queued'], preparing: words['columns.preparing'], ready: words['columns.ready'] },
  keysHelp: words.keysHelp,
  age: words.age,
  marks: { warn: words['marks.warn'], late: words['marks.late'] },
  moveTo: { queued: words['moveTo.queued'], preparing: words['moveTo.preparing'], ready: words['moveTo.ready'] },
  moveLabel: (n, move) => fill(words.moveLabel, { n, move }),
  cancel: words.cancel,
  cancelAsk: (n) => fill(words.cancelAsk, { n }),
  cancelYes: words.cancelYes,
  cancelNo: words.cancelNo,
  recall: words.recall,
  nothingToRecall: words.nothingToRecall,
  allDay: words.allDay,
  allDayItem: words.allDayItem,
  allDayQueued: words.allDayQueued,
  allDayPreparing: words.allDayPreparing,
  allDayTotal: words.allDayTotal,
  moved: (n, state) => fill(words.moved, { n, state }),
  stateWords: { queued: words['stateWords.queued'], preparing: words['stateWords.preparing'], ready: words['stateWords.ready'], picked_up: words['stateWords.picked_up'], cancelled: words['stateWords.cancelled'] },
  noBoard: words.noBoard,

  // The ready board (/ready)
  readyPreparing: words.readyPreparing,
  readyReady: words.readyReady,

  // The day (/report)
  scrollsSideways: (table) => fill(words.scrollsSideways, { table }),
  reportTitle: words.reportTitle,
  sales: words.sales,
  item: words.item,
  sold: words.sold,
  revenue: words.revenue,
  made: words.made,
  refused: words.refused,
  used: words.used,
  usedColumn: words.usedColumn,
  stations: words.stations,
  station: words.station,
  staff: words.staff,
  toReady: words.toReady,
  toPickup: words.toPickup,
  mean: words.mean,
  ticketCount: words.ticketCount,
  median: words.median,
  p90: words.p90,
  late: words.late,
  cancelled: words.cancelled,
  waste: words.waste,
  none: words.none,
  chartOf: (what) => fill(words.chartOf, { what }),
  share: words.share,
};

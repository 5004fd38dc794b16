// The stock room's drawer panel: the drawer's open day as the X report gives it (GET
// /api/v1/drawer) — float, cash sales and refunds, pay-ins and pay-outs, what the drawer
// should hold, the last count with its over or short — and its steps (POST /api/v1/drawer):
// open with a float, pay in or out with a reason, count. On a menu without a checkout the
// panel stays hidden.

import { texts } from './texts.js';
import { api, el, setText, coalesce, money, hundredths, showFailure } from './common.js';

const panel = document.getElementById('drawer');
const state = document.getElementById('drawer-state');
const figures = document.getElementById('drawer-figures');
const status = document.getElementById('drawer-status');
const openForm = document.getElementById('drawer-open-form');
const stepForms = document.getElementById('drawer-steps');

const cents = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/// An amount of the drawer: in an ISO 4217 currency as a price is shown; without one (or in
/// a currency the menu names its own way) with its cents, as the X report prints it.
function amount(value, currency) {
  if (currency && /^[A-Z]{3}$/.test(currency)) return money(value, currency);
  const shown = cents.format(value ?? 0);
  return currency ? `${shown} ${currency}` : shown;
}

/// The figures of a day (a `DrawerResult`), label and amount, in the X report's order.
function rows(day) {
  const cash = day.tenders.find((tender) => tender.tender === 'cash') ?? { amount: 0, rounding: 0, refunds: 0 };
  const list = [
    ['float', texts.drawerFloat, day.float],
    ['cash-sales', texts.drawerCashSales, (hundredths(cash.amount) + hundredths(cash.rounding)) / 100],
    ['cash-refunds', texts.drawerCashRefunds, cash.refunds ? -cash.refunds : 0],
    ['pay-ins', texts.drawerPayIns, day.payIns],
    ['pay-outs', texts.drawerPayOuts, day.payOuts ? -day.payOuts : 0],
    ['expected', texts.drawerExpected, day.expected],
  ];
  if (day.counted !== undefined) {
    list.push(['counted', texts.drawerCounted, day.counted]);
    list.push(['over-short', texts.drawerOverShort, day.overShort]);
  }
  return list;
}

/// Shows the open day `day`, or, with `null`, that no day is open.
function show(day) {
  panel.hidden = false;
  panel.dataset.open = day ? 'yes' : 'no';
  openForm.hidden = Boolean(day);
  stepForms.hidden = !day;
  if (!day) {
    setText(state, texts.drawerClosed);
    figures.replaceChildren();
    return;
  }
  setText(state, texts.drawerDay(day.day));
  figures.replaceChildren(...rows(day).map(([key, label, value]) => el('div', { class: 'figure', 'data-figure': key },
    el('dt', { text: label }),
    el('dd', { text: amount(value, day.currency) }))));
}

async function load() {
  const answer = await api('GET', '/drawer', { operator: true });
  if (answer.ok) { show(answer.data.result); return; }
  const code = answer.data?.code;
  if (code === 'drawer_closed') show(null);
  else if (code === 'no_checkout') panel.hidden = true;
  else if (answer.status !== 401) showFailure(status, answer);
}

/// Reads the drawer again, at most every 300 ms: a payment or a step of the drawer changes it.
export const refreshDrawer = coalesce(load, 300);

/// The amount of `input` as the API takes it, or `null` (and the field says why) when it
/// is not a number of at least 0 (above 0 when `positive`).
function amountOf(input, positive) {
  const value = Number(input.value);
  const valid = input.value.trim() !== '' && Number.isFinite(value) && (positive ? value > 0 : value >= 0);
  input.setAttribute('aria-invalid', valid ? 'false' : 'true');
  return valid ? value : null;
}

/// Takes one step of the drawer's day; on success shows the day after it and clears `fields`.
async function step(body, fields, done) {
  const answer = await api('POST', '/drawer', { body, operator: true });
  if (!answer.ok) {
    if (answer.status !== 401) showFailure(status, answer);
    return;
  }
  show(answer.data.result);
  setText(status, done(answer.data.result));
  for (const field of fields) field.value = '';
}

/// Sets the panel's words and forms up, and reads the drawer.
export function setUpDrawer() {
  setText(document.getElementById('drawer-title'), texts.drawerTitle);
  setText(document.getElementById('drawer-float-label'), texts.drawerFloat);
  setText(document.getElementById('drawer-open'), texts.drawerOpen);
  setText(document.getElementById('drawer-move-legend'), texts.drawerMove);
  setText(document.getElementById('drawer-move-amount-label'), texts.drawerAmount);
  setText(document.getElementById('drawer-move-reason-label'), texts.drawerReason);
  setText(document.getElementById('drawer-in'), texts.drawerPayIn);
  setText(document.getElementById('drawer-out'), texts.drawerPayOut);
  setText(document.getElementById('drawer-count-label'), texts.drawerCountLabel);
  setText(document.getElementById('drawer-count'), texts.drawerCount);

  const float = document.getElementById('drawer-float');
  openForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = amountOf(float, false);
    if (value === null) { setText(status, texts.drawerAmountNeeded); return; }
    step({ step: 'open', amount: value }, [float], (day) => texts.drawerOpened(day.day));
  });

  const moveForm = document.getElementById('drawer-move-form');
  const moveAmount = document.getElementById('drawer-move-amount');
  const reason = document.getElementById('drawer-move-reason');
  moveForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const direction = event.submitter?.id === 'drawer-out' ? 'out' : 'in';
    const value = amountOf(moveAmount, true);
    if (value === null) { setText(status, texts.drawerAmountNeeded); return; }
    if (!reason.value.trim()) { setText(status, texts.drawerReasonNeeded); reason.focus(); return; }
    step({ step: direction, amount: value, reason: reason.value.trim() }, [moveAmount, reason], (day) => texts.drawerShouldHold(amount(day.expected, day.currency)));
  });

  const countForm = document.getElementById('drawer-count-form');
  const counted = document.getElementById('drawer-count-amount');
  countForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = amountOf(counted, false);
    if (value === null) { setText(status, texts.drawerAmountNeeded); return; }
    step({ step: 'count', amount: value }, [counted], (day) => texts.drawerCountedAgainst(amount(day.counted, day.currency), amount(day.overShort, day.currency)));
  });
}

/// Reads the drawer now (the page's first view).
export function loadDrawer() {
  return load();
}

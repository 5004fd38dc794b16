// The day (/report): sales per item and revenue, refused orders, ingredients used and the
// board's times per station, each as a table with its bars drawn here in SVG.

import { texts } from './texts.js';
import { api, el, setText, follow, coalesce, money, number, duration, operatorScreen, navigation, operatorPages, showFailure } from './common.js';

const SVG = 'http://www.w3.org/2000/svg';
let following = null;

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/// A bar for a table's row: its length the share of the largest value. The numbers are in
/// the row; the bar is for the eye only.
function bar(value, largest, kind = '') {
  const width = largest > 0 ? Math.max(value > 0 ? 1 : 0, Math.round((value / largest) * 100)) : 0;
  return svg('svg', { class: `meter ${kind}`, viewBox: '0 0 100 10', preserveAspectRatio: 'none', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { x: 0, y: 0, width, height: 10 }));
}

function section(id, title, ...content) {
  return el('section', { class: 'panel', 'aria-labelledby': id }, el('h2', { id, text: title }), ...content);
}

/// A table in a box that scrolls sideways when the table is wider than the screen (a phone):
/// such a box can be reached and scrolled by keyboard (see `scrollable`).
function table(caption, headings, rows) {
  return el('div', { class: 'scroll', 'data-caption': caption }, el('table', {},
    el('caption', { class: 'visually-hidden', text: caption }),
    el('thead', {}, el('tr', {}, ...headings.map((heading) => el('th', { scope: 'col', text: heading })))),
    el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map((cell, index) => index === 0
      ? el('th', { scope: 'row', text: cell })
      : el('td', {}, cell)))))));
}

/// Makes each table's box that scrolls a named region in the tab order, and the others not.
function scrollable() {
  for (const box of document.querySelectorAll('.scroll')) {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', texts.scrollsSideways(box.dataset.caption));
    } else {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

/// The stations' times as a chart: per station, the median and the 90th percentile from
/// order to ready, on one scale.
function stationChart(stations) {
  const timed = stations.filter((station) => station.orderToReady);
  if (!timed.length) return null;
  const largest = Math.max(...timed.map((station) => station.orderToReady.p90Ms), 1);
  // On a scale of 400 (the chart is drawn at the width of its panel, at most 560 pixels):
  // each station's name on a line, then its two bars with their values.
  const rowHeight = 66;
  const height = timed.length * rowHeight + 4;
  const length = (ms) => Math.max(2, (ms / largest) * 240);
  const chart = svg('svg', { class: 'chart', viewBox: `0 0 400 ${height}`, role: 'img', 'aria-labelledby': 'station-chart-title' },
    svg('title', { id: 'station-chart-title' }, texts.chartOf(`${texts.toReady}: ${texts.median}, ${texts.p90}`)));
  timed.forEach((station, index) => {
    const y = index * rowHeight;
    const times = station.orderToReady;
    chart.append(svg('text', { x: 0, y: y + 15, class: 'label' }, station.station));
    chart.append(svg('rect', { x: 0, y: y + 22, width: length(times.medianMs), height: 16, class: 'median' }));
    chart.append(svg('text', { x: 6 + length(times.medianMs), y: y + 35, class: 'value' }, `${texts.median} ${shortDuration(times.medianMs)}`));
    chart.append(svg('rect', { x: 0, y: y + 42, width: length(times.p90Ms), height: 16, class: 'p90' }));
    chart.append(svg('text', { x: 6 + length(times.p90Ms), y: y + 55, class: 'value' }, `${texts.p90} ${shortDuration(times.p90Ms)}`));
  });
  return chart;
}

/// A time as 350 ms, 12 s or 4:05.
function shortDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  return duration(ms);
}

function times(value) {
  return value ? `${shortDuration(value.meanMs)} / ${shortDuration(value.medianMs)} / ${shortDuration(value.p90Ms)} (${number(value.count)})` : '—';
}

function render(report) {
  const priced = report.revenue !== undefined;
  const summary = el('dl', { class: 'summary' },
    el('div', {}, el('dt', { text: texts.made }), el('dd', { text: number(report.made) })),
    el('div', {}, el('dt', { text: texts.refused }), el('dd', { text: number(report.refused) })),
    priced ? el('div', {}, el('dt', { text: texts.revenue }), el('dd', { text: money(report.revenue, report.currency) })) : null);
  const mostSold = Math.max(0, ...report.items.map((line) => line.sold));
  const sales = table(texts.sales, [texts.item, texts.sold, ...(priced ? [texts.revenue] : []), texts.share],
    report.items.map((line) => [line.item, number(line.sold), ...(priced ? [money(line.revenue ?? 0, report.currency)] : []), bar(line.sold, mostSold)]));
  const mostUsed = Math.max(0, ...report.ingredients.map((line) => line.used));
  const used = table(texts.used, [texts.ingredient, texts.usedColumn, texts.share],
    report.ingredients.map((line) => [line.ingredient, number(line.used), bar(line.used, mostUsed, 'used')]));
  const parts = [summary, section('sales-title', texts.sales, sales)];
  if (report.choices?.length) {
    // How many of each item were sold in each size and with each option.
    const mostChosen = Math.max(0, ...report.choices.map((line) => line.sold));
    const choices = table(texts.byChoice, [texts.item, texts.sizeOrOption, texts.sold, texts.share],
      report.choices.map((line) => [line.item, line.size ?? `${line.group}: ${line.option}`, number(line.sold), bar(line.sold, mostChosen)]));
    parts.push(section('choices-title', texts.byChoice, choices));
  }
  parts.push(section('used-title', texts.used, used));
  if (report.board) {
    const board = report.board;
    const stations = table(texts.stations, [texts.station, texts.staff, texts.toReady, texts.toPickup, texts.late],
      board.stations.map((station) => [station.station, number(station.staff), times(station.orderToReady), times(station.orderToPickup), number(station.late)]));
    const waste = Object.entries(board.waste ?? {});
    const heading = `${texts.toReady}, ${texts.toPickup}: ${texts.mean} / ${texts.median} / ${texts.p90} (${texts.ticketCount})`;
    parts.push(section('stations-title', texts.stations, stationChart(board.stations) ?? '', el('p', { class: 'note', text: heading }), stations,
      el('dl', { class: 'summary' },
        el('div', {}, el('dt', { text: texts.late }), el('dd', { text: number(board.late) })),
        el('div', {}, el('dt', { text: texts.cancelled }), el('dd', { text: number(board.cancelled) })),
        el('div', {}, el('dt', { text: texts.waste }), el('dd', { text: waste.length ? waste.map(([name, count]) => `${name} ${number(count)}`).join(', ') : texts.none })))));
  }
  document.getElementById('report').replaceChildren(...parts);
  scrollable();
}

async function load() {
  const answer = await api('GET', '/report', { operator: true });
  if (!answer.ok) {
    if (answer.status !== 401) showFailure(document.getElementById('status'), answer);
    return null;
  }
  render(answer.data.result);
  return answer.data.seq ?? 0;
}

async function start() {
  const seq = await load();
  if (seq !== null && !following) following = follow('order.*,ticket.*,stock.*,menu.*', seq, coalesce(load, 1000));
}

window.addEventListener('resize', coalesce(scrollable, 200));
setText(document.getElementById('title'), texts.reportTitle);
document.title = texts.reportTitle;
navigation(operatorPages);
operatorScreen(start);

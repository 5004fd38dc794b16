// What should I have? (/suggest): the menu's questions one at a time (yes / no / skip),
// saved profiles for a group and the group rule, then three suggestions with their reasons
// and Next. A suggestion goes into the same basket as the kiosk's.

import { texts } from './texts.js';
import { api, el, setText, showFailure, follow, coalesce } from './common.js';
import { addToBasket } from './basket.js';

let menu = null;
let answers = [];
let profiles = [];
const status = document.getElementById('status');

function show(section) {
  for (const id of ['setup', 'question', 'suggestions']) document.getElementById(id).hidden = id !== section;
}

function begin(event) {
  event?.preventDefault();
  profiles = document.getElementById('profiles').value.split(',').map((name) => name.trim()).filter(Boolean);
  answers = [];
  setText(status, '');
  ask();
}

function ask() {
  const questions = menu.questions ?? [];
  if (answers.length >= questions.length) { suggest(); return; }
  const question = questions[answers.length];
  show('question');
  setText(document.getElementById('progress'), texts.questionOf(answers.length + 1, questions.length));
  setText(document.getElementById('question-text'), question.text);
  document.getElementById('yes').focus();
}

function answer(word) {
  answers.push(word);
  ask();
}

async function suggest(next = false) {
  const body = next ? { next: true } : { profiles, answers };
  if (!next && profiles.length > 1) body.rule = document.getElementById('rule').value;
  const reply = await api('POST', '/suggestions', { body });
  if (!reply.ok) {
    show('setup');
    showFailure(status, reply);
    document.getElementById('profiles').focus();
    return;
  }
  showSuggestions(reply.data.result);
}

function showSuggestions(result) {
  show('suggestions');
  const choices = result.items.map((item) => {
    const reasons = [];
    if (item.fits?.length) reasons.push(texts.fits(item.fits.join(', ')));
    if (item.members?.length) reasons.push(texts.forGroup(item.members.map((member) => `${member.name} ${member.score}`).join(', ')));
    if (item.leastPleased) reasons.push(texts.leastPleased(item.leastPleased));
    if (item.allergens === 'undeclared') reasons.push(texts.undeclared);
    const row = menu.items.find((entry) => entry.name === item.item);
    // A suggested size and options (an oat latte for someone who avoids milk) go into the
    // basket as chosen, at the price of what was chosen.
    const choice = item.options ? {
      ...(item.size === undefined ? {} : { size: item.size }),
      options: item.options.map(({ group, option, count }) => ({ group, option, count })),
      ...(item.unitPrice === undefined ? {} : { unitPrice: item.unitPrice }),
    } : {};
    const name = item.options
      ? `${item.item} (${[item.size, ...item.options.map((o) => (o.count > 1 ? `${o.option} ×${o.count}` : o.option))].filter(Boolean).join(', ')})`
      : item.item;
    const add = el('button', { type: 'button', class: 'primary', text: texts.addToBasket, 'aria-label': `${texts.addToBasket}: ${name}` });
    add.addEventListener('click', () => {
      addToBasket(item.item, 1, choice);
      setText(status, texts.added(name));
    });
    return el('li', { class: 'choice' },
      el('h3', { class: 'name', text: name }),
      Array.isArray(row?.allergens) && row.allergens.length ? el('p', { class: 'allergens', text: texts.allergens(row.allergens.join(', ')) }) : null,
      el('ul', { class: 'reasons' }, ...reasons.map((reason) => el('li', { text: reason }))),
      add);
  });
  document.getElementById('choices').replaceChildren(...choices);
  if (!result.items.length) setText(status, texts.nothing[result.reason] ?? result.message ?? '');
  const nextButton = document.getElementById('next');
  nextButton.hidden = !(result.nextsLeft > 0 && result.items.length);
  document.getElementById('suggestions-title').focus();
}

async function load() {
  const reply = await api('GET', '/menu');
  if (!reply.ok) { showFailure(status, reply); return null; }
  menu = reply.data.result;
  setText(document.getElementById('title'), menu.name);
  document.title = `${menu.name} — ${texts.suggestTitle}`;
  return reply.data.seq ?? 0;
}

async function start() {
  setText(document.getElementById('basket-link'), texts.goToBasket);
  setText(document.getElementById('profiles-label'), texts.who);
  setText(document.getElementById('rule-label'), texts.rule);
  const rule = document.getElementById('rule');
  rule.replaceChildren(...Object.entries(texts.rules).map(([value, words]) => el('option', { value, text: words })));
  rule.value = 'average-without-misery';
  setText(document.getElementById('start'), texts.start);
  setText(document.getElementById('yes'), texts.yes);
  setText(document.getElementById('no'), texts.no);
  setText(document.getElementById('skip'), texts.skip);
  setText(document.getElementById('suggestions-title'), texts.suggestions);
  setText(document.getElementById('next'), texts.next);
  setText(document.getElementById('again'), texts.again);
  document.getElementById('setup').addEventListener('submit', begin);
  document.getElementById('yes').addEventListener('click', () => answer('y'));
  document.getElementById('no').addEventListener('click', () => answer('n'));
  document.getElementById('skip').addEventListener('click', () => answer('-'));
  document.getElementById('next').addEventListener('click', () => suggest(true));
  document.getElementById('again').addEventListener('click', () => { show('setup'); setText(status, ''); document.getElementById('profiles').focus(); });
  const seq = await load();
  // A reloaded menu brings other questions and items: read it again.
  if (seq !== null) follow('menu.*', seq, coalesce(load, 300));
}

start();

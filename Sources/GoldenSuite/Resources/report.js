const params = new URLSearchParams(location.search);
function applyZoom(card, zoom) {
  const imgs = card.querySelectorAll('img.px');
  let widest = 1;
  imgs.forEach(i => widest = Math.max(widest, +i.dataset.w));
  // Fit: three images side by side (with their gaps and borders) within the card's width.
  const room = (card.clientWidth - 32 - 2 * 16 - 6 * 2) / 3;
  const factor = zoom === 'fit' ? Math.max(0.05, Math.min(1, 360 / widest, room / widest)) : +zoom;
  imgs.forEach(i => { i.style.width = (i.dataset.w * factor) + 'px'; i.style.height = (i.dataset.h * factor) + 'px'; });
  card.querySelectorAll('.px-box').forEach(b => { b.style.width = (b.dataset.w * factor) + 'px'; b.style.height = (b.dataset.h * factor) + 'px'; });
  card.classList.toggle('zoomed', factor >= 2);
  card.querySelectorAll('[data-zoom]').forEach(b => b.classList.toggle('on', b.dataset.zoom === zoom));
  wipe(card);
}
function wipe(card) {
  const range = card.querySelector('.wipe-range'), box = card.querySelector('.wipe-box');
  if (!range || !box) return;
  // Expected on the left of the divider, actual on its right.
  const clip = card.querySelector('.wipe-clip'), over = clip.querySelector('img');
  const width = parseFloat(box.style.width) || +box.dataset.w;
  const at = width * range.value / 100;
  clip.style.left = at + 'px'; clip.style.width = (width - at) + 'px'; over.style.left = (-at) + 'px';
}
function show(card, view) {
  card.querySelectorAll('.view').forEach(v => v.classList.toggle('on', v.classList.contains(view)));
  card.querySelectorAll('.tab').forEach(t => t.classList.toggle('on', t.dataset.view === view));
  wipe(card);
}
function scrub(box, index) {
  const lists = { expected: JSON.parse(box.dataset.expected), actual: JSON.parse(box.dataset.actual), diff: JSON.parse(box.dataset.diff) };
  const count = lists.expected.length, fps = +box.dataset.fps;
  index = Math.max(0, Math.min(count - 1, index));
  box.querySelector('.frame-range').value = index;
  for (const role of ['expected', 'actual', 'diff']) {
    const img = box.querySelector('img.frame-' + role), src = lists[role][index] || '';
    if (src) img.src = src;
    if (role === 'diff') img.classList.toggle('same', !src);
  }
  box.querySelector('.frame-label').textContent = 'frame ' + index + ' of ' + count + ' · ' + (index / fps).toFixed(3) + ' s · ' + (lists.diff[index] ? 'differs' : 'matches');
  box.dataset.index = index;
}
document.querySelectorAll('.scrubber').forEach(box => {
  const range = box.querySelector('.frame-range'), play = box.querySelector('.play');
  range.addEventListener('input', () => scrub(box, +range.value));
  let timer = null;
  play.addEventListener('click', () => {
    if (timer) { clearInterval(timer); timer = null; play.textContent = 'play'; return; }
    play.textContent = 'pause';
    timer = setInterval(() => scrub(box, (+box.dataset.index + 1) % (+range.max + 1)), 1000 / +box.dataset.fps);
  });
  scrub(box, params.has('frame') ? +params.get('frame') : +box.dataset.first);
});
document.querySelectorAll('.case').forEach(card => {
  card.querySelectorAll('.tab').forEach(t => t.addEventListener('click', () => show(card, t.dataset.view)));
  card.querySelectorAll('[data-zoom]').forEach(b => b.addEventListener('click', () => applyZoom(card, b.dataset.zoom)));
  const range = card.querySelector('.wipe-range');
  if (range) { if (params.has('wipe')) range.value = params.get('wipe'); range.addEventListener('input', () => wipe(card)); }
  const views = [...card.querySelectorAll('.tab')].map(t => t.dataset.view);
  show(card, views.includes(params.get('view')) ? params.get('view') : views.includes('frames') ? 'frames' : 'side');
  applyZoom(card, params.get('zoom') || 'fit');
});
function filter() {
  const shown = new Set([...document.querySelectorAll('.status:checked')].map(c => c.value));
  const text = document.getElementById('search').value.toLowerCase();
  document.querySelectorAll('.case').forEach(c => c.classList.toggle('hidden',
    !shown.has(c.dataset.status) || !c.dataset.name.toLowerCase().includes(text)));
  document.querySelectorAll('.thumb').forEach(c => c.classList.toggle('hidden',
    !shown.has('passed') || !c.dataset.name.toLowerCase().includes(text)));
}
document.querySelectorAll('.status').forEach(c => c.addEventListener('change', filter));
document.getElementById('search').addEventListener('input', filter);
// Review: accept or reject each failed or new case; decisions kept in this browser for this
// report folder, and downloaded as review.json for `listrender accept`. A decision holds for the
// image it was made on (its SHA-256): a newer run of the suite in the same folder keeps it for
// every case whose actual image is byte for byte the one decided on.
const reviewKey = 'listrender-review:' + location.pathname;
const reviewerKey = 'listrender-reviewer';
let decisions = {};
try { decisions = JSON.parse(localStorage.getItem(reviewKey) || '{}'); } catch (e) { decisions = {}; }
if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) decisions = {};
function saveDecisions() { try { localStorage.setItem(reviewKey, JSON.stringify(decisions)); } catch (e) {} }
const boxes = [...document.querySelectorAll('.review')];
function boxKey(box) { return box.dataset.name + '\u0000' + box.dataset.variant; }
// The decision on this box's image, or '' (none, or made on another image).
function decisionOf(box) {
  const d = decisions[boxKey(box)];
  return d && d.sha256 === box.dataset.sha256 ? d.decision : '';
}
function countDecisions() {
  let accept = 0, reject = 0;
  boxes.forEach(box => { const d = decisionOf(box); if (d === 'accept') accept++; else if (d === 'reject') reject++; });
  document.getElementById('review-count').textContent =
    accept || reject ? accept + ' to accept, ' + reject + ' rejected' : '';
}
function showDecision(box) {
  const current = decisionOf(box);
  const label = box.querySelector('.decision');
  label.textContent = current === 'accept' ? 'accepted' : current === 'reject' ? 'rejected' : '';
  label.classList.toggle('accepted', current === 'accept');
  label.classList.toggle('rejected', current === 'reject');
  box.querySelector('.accept-case').classList.toggle('on', current === 'accept');
  box.querySelector('.reject-case').classList.toggle('on', current === 'reject');
  box.querySelector('.undo-case').disabled = current === '';
  const d = decisions[boxKey(box)];
  const reason = box.querySelector('.reason');
  if (current && d.reason && !reason.value) reason.value = d.reason;
}
function decide(box, decision) {
  const reason = box.querySelector('.reason').value.trim();
  const entry = { decision, name: box.dataset.name, variant: box.dataset.variant, sha256: box.dataset.sha256 };
  if (reason) entry.reason = reason;
  decisions[boxKey(box)] = entry;
  saveDecisions();
  showDecision(box);
  countDecisions();
}
function undo(box) {
  delete decisions[boxKey(box)];
  saveDecisions();
  showDecision(box);
  countDecisions();
}
boxes.forEach(box => {
  box.querySelector('.accept-case').addEventListener('click', () => decide(box, 'accept'));
  box.querySelector('.reject-case').addEventListener('click', () => decide(box, 'reject'));
  box.querySelector('.undo-case').addEventListener('click', () => undo(box));
  box.querySelector('.reason').addEventListener('change', () => {
    const d = decisions[boxKey(box)];
    if (d && decisionOf(box)) { const r = box.querySelector('.reason').value.trim(); if (r) d.reason = r; else delete d.reason; saveDecisions(); }
  });
  showDecision(box);
});
countDecisions();
// Accept all shown: every shown case not yet decided; a case already accepted or rejected keeps
// its decision (an explicit Reject always wins).
document.getElementById('accept-shown').addEventListener('click', () => {
  let added = 0, skipped = 0;
  document.querySelectorAll('.case:not(.hidden) .review').forEach(box => {
    if (decisionOf(box)) { skipped++; return; }
    decide(box, 'accept');
    added++;
  });
  document.getElementById('review-note').textContent =
    added + ' added to accept' + (skipped ? '; ' + skipped + ' already decided, left as they are' : '');
});
const reviewer = document.getElementById('reviewer');
try { reviewer.value = localStorage.getItem(reviewerKey) || ''; } catch (e) {}
reviewer.addEventListener('change', () => { try { localStorage.setItem(reviewerKey, reviewer.value.trim()); } catch (e) {} });
// The review as `listrender accept` reads it: who, when, on which run, and the cases accepted
// and rejected on this page, each with the digest of the actual image the reviewer saw.
window.listrenderReview = function () {
  const review = {
    reviewer: reviewer.value.trim(), time: new Date().toISOString(),
    run: { time: document.body.dataset.run, results: document.body.dataset.results },
    accept: [], reject: []
  };
  boxes.slice().sort((a, b) => boxKey(a) < boxKey(b) ? -1 : boxKey(a) > boxKey(b) ? 1 : 0).forEach(box => {
    const decision = decisionOf(box);
    if (!decision) return;
    const d = decisions[boxKey(box)];
    const entry = { name: box.dataset.name, variant: box.dataset.variant, sha256: box.dataset.sha256 };
    if (d.reason) entry.reason = d.reason;
    review[decision].push(entry);
  });
  return review;
};
document.getElementById('download-review').addEventListener('click', () => {
  const blob = new Blob([JSON.stringify(window.listrenderReview(), null, 2) + '\n'], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'review.json';
  document.body.appendChild(link);
  link.click();
  link.remove();
});
// Keyboard: j / k the next / previous shown card, a accept, r reject, u undo, ? help.
function shownCards() { return [...document.querySelectorAll('.case:not(.hidden)')]; }
function focusCard(step) {
  const cards = shownCards();
  if (!cards.length) return;
  const at = cards.findIndex(c => c.classList.contains('current'));
  const next = Math.max(0, Math.min(cards.length - 1, at < 0 ? (step > 0 ? 0 : cards.length - 1) : at + step));
  cards.forEach(c => c.classList.remove('current'));
  cards[next].classList.add('current');
  if (cards[next].scrollIntoView) cards[next].scrollIntoView({ block: 'nearest' });
}
document.addEventListener('keydown', event => {
  const target = event.target;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const card = document.querySelector('.case.current:not(.hidden)');
  const box = card && card.querySelector('.review');
  switch (event.key) {
    case 'j': focusCard(1); break;
    case 'k': focusCard(-1); break;
    case 'a': if (box) decide(box, 'accept'); break;
    case 'r': if (box) decide(box, 'reject'); break;
    case 'u': if (box) undo(box); break;
    case '?': document.getElementById('review-help').classList.toggle('hidden'); break;
    default: return;
  }
  event.preventDefault();
});

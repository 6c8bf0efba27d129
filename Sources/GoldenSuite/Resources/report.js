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
// Review: accept or reject each failed or new case; decisions kept in this browser (per report
// run) and downloaded as review.json for `listrender accept`.
const reviewKey = 'listrender-review:' + location.pathname + ':' + document.body.dataset.run;
let decisions = {};
try { decisions = JSON.parse(localStorage.getItem(reviewKey) || '{}'); } catch (e) { decisions = {}; }
function saveDecisions() { try { localStorage.setItem(reviewKey, JSON.stringify(decisions)); } catch (e) {} }
function showDecision(box) {
  const d = decisions[box.dataset.name];
  const current = d && d.sha256 === box.dataset.sha256 ? d.decision : '';
  box.querySelector('.decision').textContent = current === 'accept' ? 'accepted' : current === 'reject' ? 'rejected' : '';
  box.querySelector('.accept-case').classList.toggle('on', current === 'accept');
  box.querySelector('.reject-case').classList.toggle('on', current === 'reject');
  const count = Object.values(decisions).filter(v => v.decision === 'accept').length;
  document.getElementById('review-count').textContent = count ? count + ' to accept' : '';
}
function decide(box, decision) {
  decisions[box.dataset.name] = { decision, variant: box.dataset.variant, sha256: box.dataset.sha256 };
  saveDecisions();
  showDecision(box);
}
document.querySelectorAll('.review').forEach(box => {
  box.querySelector('.accept-case').addEventListener('click', () => decide(box, 'accept'));
  box.querySelector('.reject-case').addEventListener('click', () => decide(box, 'reject'));
  showDecision(box);
});
document.getElementById('accept-shown').addEventListener('click', () => {
  document.querySelectorAll('.case:not(.hidden) .review').forEach(box => decide(box, 'accept'));
});
// The review as `listrender accept` reads it: the cases accepted and rejected, each with the
// digest of the actual image the reviewer saw.
window.listrenderReview = function () {
  const review = { accept: [], reject: [] };
  Object.keys(decisions).sort().forEach(name => {
    const d = decisions[name];
    review[d.decision].push({ name, variant: d.variant, sha256: d.sha256 });
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

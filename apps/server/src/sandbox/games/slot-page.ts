/**
 * The sandbox provider's demo slot machine: server-rendered HTML and one small script file (no inline script,
 * so the site's Content-Security-Policy holds). Clearly labelled SANDBOX: no real money is ever at stake.
 */
export interface SlotPageModel {
  provider: string;
  error?: boolean;
  username?: string;
  balance?: number;
  stakes?: number[];
  bets?: { stake: number; win: number; reels: string; at: string }[];
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const money = (value: number) => value.toFixed(2);

export function slotPage(model: SlotPageModel): string {
  const title = `SANDBOX ${escapeHtml(model.provider)} slot`;
  const body = model.error
    ? '<p role="alert">This game session is invalid or expired. Launch the game again from the wallet.</p>'
    : `<p>Player <b>${escapeHtml(model.username ?? '')}</b></p>
<p>Balance: <b id="balance">${money(model.balance ?? 0)}</b></p>
<div id="reels" aria-live="polite" style="font-size:2rem;letter-spacing:.5rem">? ? ?</div>
<p id="result" aria-live="polite"></p>
<label>Stake <select id="stake">${(model.stakes ?? []).map((stake) => `<option value="${stake}">${money(stake)}</option>`).join('')}</select></label>
<button id="spin" type="button" disabled>SPIN</button>
<h2>Last bets</h2>
<table><thead><tr><th>Time</th><th>Reels</th><th>Stake</th><th>Win</th></tr></thead><tbody id="bets">${(
        model.bets ?? []
      )
        .map(
          (bet) =>
            `<tr><td>${escapeHtml(bet.at)}</td><td>${escapeHtml(bet.reels)}</td><td>${money(bet.stake)}</td><td>${money(bet.win)}</td></tr>`,
        )
        .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:1rem auto;padding:0 1rem">
<p style="background:#b00020;color:#fff;padding:.5rem;font-weight:bold;text-align:center">SANDBOX: demo game, no real money</p>
<h1>${title}</h1>
<main id="game" data-provider="${escapeHtml(model.provider)}">${body}</main>
<script src="/sandbox/games/slot.js"></script>
</body></html>`;
}

/** The page's script: reads the session from the address, enables SPIN once it listens, spins over fetch, updates the page. */
export const SLOT_PAGE_SCRIPT = `'use strict';
(function () {
  var game = document.getElementById('game');
  var button = document.getElementById('spin');
  if (!game || !button) return;
  var session = new URLSearchParams(location.search).get('session') || '';
  var provider = game.getAttribute('data-provider');
  var symbols = { CHERRY: '\\u{1F352}', LEMON: '\\u{1F34B}', BELL: '\\u{1F514}', STAR: '\\u2B50', SEVEN: '7' };
  button.addEventListener('click', function () {
    button.disabled = true;
    var stake = Number(document.getElementById('stake').value);
    fetch('/sandbox/games/' + encodeURIComponent(provider) + '/play/spin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: session, stake: stake })
    })
      .then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); })
      .then(function (answer) {
        var result = document.getElementById('result');
        if (!answer.ok) { result.textContent = answer.body.error || 'error'; return; }
        var body = answer.body;
        document.getElementById('reels').textContent = body.reels.map(function (s) { return symbols[s] || s; }).join(' ');
        document.getElementById('balance').textContent = body.balance.toFixed(2);
        result.textContent = body.win > 0 ? 'WIN ' + body.win.toFixed(2) : 'No win';
        var row = document.createElement('tr');
        [new Date().toISOString(), body.reels.join(','), body.stake.toFixed(2), body.win.toFixed(2)].forEach(function (text) {
          var cell = document.createElement('td'); cell.textContent = text; row.appendChild(cell);
        });
        var bets = document.getElementById('bets');
        bets.insertBefore(row, bets.firstChild);
      })
      .catch(function () { document.getElementById('result').textContent = 'network error'; })
      .finally(function () { button.disabled = false; });
  });
  button.disabled = false;
})();
`;

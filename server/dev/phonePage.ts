// The phone simulator of demo mode (/dev/ussd): a feature phone that dials the USSD menu through
// POST /api/ussd and sends SMS commands through POST /dev/sms, showing the replies from the dev outbox.
// The script is its own file (/dev/ussd.js): the content security policy allows no inline script.

export const PHONE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Jackpot 14 - phone simulator</title>
<link rel="icon" href="data:,">
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #e8efe9; color: #10231a; }
  main { max-width: 400px; margin: 1rem auto; padding: 0 0.75rem; display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
  button { white-space: nowrap; }
  .phone { background: #1d2b24; border-radius: 28px; padding: 1.25rem 1rem 1.5rem; box-shadow: 0 6px 18px #0004; }
  .screen { background: #c9dcc4; border-radius: 8px; min-height: 13rem; padding: 0.75rem; font: 15px/1.35 monospace;
    white-space: pre-wrap; overflow-wrap: anywhere; }
  .screen.ended { background: #dcd6c4; }
  .row { display: flex; gap: 0.5rem; margin-top: 0.75rem; }
  input, textarea { flex: 1; min-width: 0; font: inherit; padding: 0.5rem; border-radius: 6px; border: 1px solid #8a9; }
  button { font: inherit; font-weight: 600; padding: 0.5rem 0.75rem; border-radius: 6px; border: 0; background: #e6b422; color: #10231a; cursor: pointer; }
  button.secondary { background: #cfd8d2; }
  label { color: #cfe3d6; font-size: 0.875rem; display: block; margin-bottom: 0.25rem; }
  h1 { font-size: 1.25rem; margin: 0; }
  .sms { background: #fff; border-radius: 12px; padding: 1rem; }
  .sms h2 { font-size: 1rem; margin: 0 0 0.5rem; }
  .sms ol { list-style: none; padding: 0; margin: 0.75rem 0 0; display: grid; gap: 0.5rem; }
  .sms li { background: #eef3ef; border-radius: 10px; padding: 0.5rem 0.75rem; white-space: pre-wrap; overflow-wrap: anywhere; }
  .sms li.out { background: #fff3c8; justify-self: end; }
  small { color: #48584e; }
</style>
</head>
<body>
<main>
  <h1>Jackpot 14 phone simulator</h1>
  <div class="phone">
    <label for="msisdn">Phone number</label>
    <div class="row" style="margin-top:0">
      <input id="msisdn" value="26650000001" inputmode="tel" autocomplete="off">
      <button id="dial" type="button">Dial *384*14#</button>
    </div>
    <div class="screen" id="screen" role="status" aria-live="polite" data-testid="ussd-screen">Dial to open the Jackpot 14 menu.</div>
    <form class="row" id="reply">
      <input id="input" aria-label="Reply" inputmode="numeric" autocomplete="off" disabled>
      <button id="send" type="submit" disabled>Send</button>
      <button id="cancel" class="secondary" type="button" disabled>Cancel</button>
    </form>
    <small style="color:#cfe3d6">0 back, 00 main menu. <span id="count"></span></small>
  </div>
  <section class="sms" aria-labelledby="sms-title">
    <h2 id="sms-title">SMS to the Jackpot 14 number</h2>
    <form class="row" id="sms-form" style="margin-top:0">
      <input id="sms-text" aria-label="SMS text" value="HELP" autocomplete="off">
      <button type="submit">Send SMS</button>
    </form>
    <small>PLAY 1(12)3... or PLAY QP, BAL, RESULTS, HELP, SUBSCRIBE then YES (BAPALA, CHELETE, LIPHETHO, THUSO, NGOLISETSA then EE).</small>
    <ol id="thread" data-testid="sms-thread"></ol>
  </section>
</main>
<script src="/dev/ussd.js"></script>
</body>
</html>
`;

export const PHONE_JS = `'use strict';
const $ = (id) => document.getElementById(id);
let session = null;
let inputs = [];

function show(text) {
  const ended = text.startsWith('END ');
  $('screen').textContent = text.replace(/^(CON|END) /, '');
  $('screen').classList.toggle('ended', ended);
  $('count').textContent = text.length + ' characters';
  $('input').disabled = $('send').disabled = $('cancel').disabled = ended;
  if (ended) session = null;
  else $('input').focus();
}

async function ussd(text) {
  const body = new URLSearchParams({ sessionId: session, serviceCode: '*384*14#', phoneNumber: $('msisdn').value,
    networkCode: '65101', text });
  const res = await fetch('/api/ussd', { method: 'POST', body });
  show(res.ok ? await res.text() : 'END The gateway call failed (' + res.status + ').');
}

$('dial').addEventListener('click', () => {
  session = 'sim-' + Date.now() + '-' + Math.random().toString(36).slice(2, 8);
  inputs = [];
  ussd('');
});

$('reply').addEventListener('submit', (event) => {
  event.preventDefault();
  if (!session) return;
  inputs.push($('input').value.trim());
  $('input').value = '';
  ussd(inputs.join('*'));
});

$('cancel').addEventListener('click', () => show('END Cancelled.'));

async function thread() {
  const res = await fetch('/dev/sms?msisdn=' + encodeURIComponent($('msisdn').value));
  const list = res.ok ? await res.json() : [];
  $('thread').replaceChildren(...list.slice(0, 10).map((m) => {
    const li = document.createElement('li');
    li.textContent = m.text;
    return li;
  }));
}

$('sms-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = $('sms-text').value;
  const res = await fetch('/dev/sms', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: $('msisdn').value, text }) });
  if (!res.ok) return;
  await thread();
  const sent = document.createElement('li');
  sent.className = 'out';
  sent.textContent = text;
  $('thread').prepend(sent);
});

$('msisdn').addEventListener('change', thread);
thread();
`;

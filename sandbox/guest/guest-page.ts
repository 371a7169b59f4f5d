import type { Bill } from '../../main/base/wire/index.js';

/**
 * The page a guest's phone opens after scanning a table's code (GET /t/<code>): the table's open
 * bill in the guest's language, with what the guest simulator can do (pay all or some items with
 * a tip, pay to be captured later, a declined card). The page posts to /t/<code>/pay, which runs
 * the same guest flow as POST /sandbox/guest/pay; nothing here talks to the POS.
 */

export type PageLang = 'en' | 'cs';

const EN = {
  locale: 'en-GB',
  title: 'Your bill',
  demo: 'Demo: no card is charged. This is the page your guests see.',
  nothing: 'Nothing to pay at this table right now.',
  offline: "The restaurant's till is not connected. Try again in a moment.",
  pick: 'What are you paying for?',
  item: 'Item',
  quantity: 'Qty',
  quantityOf: 'Quantity of {name}',
  payItem: 'Pay for {name}',
  price: 'Price',
  tip: 'Tip',
  noTip: 'No tip',
  total: 'Total',
  pay: 'Pay',
  payLater: 'Pay, captured later',
  decline: 'Try a declined card',
  working: 'Paying…',
  chooseItem: 'Choose at least one item.',
  paid: 'Paid {amount}. Thank you!',
  authorized: 'Your card holds {amount}; the restaurant takes it shortly.',
  declined: 'Your card was declined: nothing was paid.',
  cancelled: 'The payment did not go through: nothing was paid.',
  NOTHING_TO_PAY: 'There is nothing left to pay on this bill.',
  NO_POS_CONNECTION: "The restaurant's till is not connected. Try again in a moment.",
  failed: 'The payment could not be made. Please ask the staff.',
  again: 'Show the bill again',
  language: 'Language',
};
export type PageWords = { readonly [K in keyof typeof EN]: string };

const WORDS: Record<PageLang, PageWords> = {
  en: EN,
  cs: {
    locale: 'cs-CZ',
    title: 'Váš účet',
    demo: 'Ukázka: z karty se nic nestrhne. Takhle stránku uvidí vaši hosté.',
    nothing: 'U tohoto stolu teď není co platit.',
    offline: 'Pokladna restaurace není připojená. Zkuste to za chvíli znovu.',
    pick: 'Co platíte?',
    item: 'Položka',
    quantity: 'Počet',
    quantityOf: 'Počet: {name}',
    payItem: 'Zaplatit {name}',
    price: 'Cena',
    tip: 'Spropitné',
    noTip: 'Bez spropitného',
    total: 'Celkem',
    pay: 'Zaplatit',
    payLater: 'Zaplatit, strhne se později',
    decline: 'Zkusit zamítnutou kartu',
    working: 'Platí se…',
    chooseItem: 'Vyberte aspoň jednu položku.',
    paid: 'Zaplaceno {amount}. Děkujeme!',
    authorized: 'Částka {amount} je na kartě blokovaná; restaurace ji brzy strhne.',
    declined: 'Karta byla zamítnuta: nic nebylo zaplaceno.',
    cancelled: 'Platba neproběhla: nic nebylo zaplaceno.',
    NOTHING_TO_PAY: 'Na tomto účtu už není co platit.',
    NO_POS_CONNECTION: 'Pokladna restaurace není připojená. Zkuste to za chvíli znovu.',
    failed: 'Platbu se nepodařilo provést. Obraťte se prosím na obsluhu.',
    again: 'Zobrazit účet znovu',
    language: 'Jazyk',
  },
};

/** The guest's language: ?lang= first (the page's switch), then Accept-Language's first choice. */
export function pageLang(query: string | null, acceptLanguage: string | undefined): PageLang {
  if (query === 'cs' || query === 'en') return query;
  return /^\s*cs\b/i.test(acceptLanguage ?? '') ? 'cs' : 'en';
}

export function pageWords(lang: PageLang): PageWords {
  return WORDS[lang];
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (text: string, values: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function money(lang: PageLang, amount: number, currency: string): string {
  return new Intl.NumberFormat(WORDS[lang].locale, { style: 'currency', currency }).format(amount);
}

const STYLE = `
body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}
main{max-width:30rem;margin:0 auto;padding:1rem}
h1{font-size:1.3rem;margin:0}h2{font-size:1.1rem;margin:1rem 0 .5rem}
.demo{background:#fff1c2;border-radius:6px;padding:.5rem .75rem;font-size:.9rem}
nav{display:flex;gap:.75rem;justify-content:flex-end;font-size:.95rem}
nav a[aria-current]{font-weight:700;text-decoration:none;color:inherit}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:6px}
th,td{padding:.45rem .35rem;text-align:left;border-bottom:1px solid #e3e6ea}
td.num,th.num{text-align:right;white-space:nowrap}
input[type=number]{width:3.6rem;font-size:1rem}
input[type=checkbox]{width:1.4rem;height:1.4rem}
fieldset{border:0;padding:0;margin:1rem 0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
legend{font-weight:600;margin-bottom:.3rem}
.total{font-size:1.25rem;font-weight:700;display:flex;justify-content:space-between;margin:1rem 0}
button{font-size:1.05rem;padding:.8rem;border-radius:8px;border:1px solid #1f5fbf;background:#fff;color:#1f5fbf;width:100%;margin:.3rem 0}
button.primary{background:#1f5fbf;color:#fff;font-weight:700}
button:disabled{opacity:.6}
[role=status],[role=alert]{font-size:1.1rem;font-weight:600;margin:1rem 0}
[role=alert]{color:#b3261e}
`;

function langSwitch(lang: PageLang, path: string): string {
  const link = (l: PageLang, label: string) =>
    `<a href="${escapeHtml(path)}?lang=${l}" hreflang="${l}" lang="${l}"${l === lang ? ' aria-current="true"' : ''}>${label}</a>`;
  return `<nav aria-label="${WORDS[lang].language}">${link('cs', 'Čeština')}${link('en', 'English')}</nav>`;
}

export interface GuestPageInput {
  lang: PageLang;
  restaurantName: string;
  /** The page's own path (/t/<code>), for the language switch and the pay request. */
  path: string;
  /** The table's open bills, or null when the restaurant's till is not connected. */
  bills: Bill[] | null;
  /** A nonce for the page's one script and style (the Content-Security-Policy allows nothing else). */
  nonce: string;
}

function billSection(lang: PageLang, bill: Bill): string {
  const w = WORDS[lang];
  const rows = bill.items
    .filter((i) => Number(i.quantity) > 0)
    .map((i) => {
      const name = escapeHtml(i.name || i.id);
      return `<tr data-item="${escapeHtml(i.id)}" data-price="${escapeHtml(i.price)}" data-max="${escapeHtml(i.quantity)}">
<td><input type="checkbox" checked aria-label="${escapeHtml(fill(w.payItem, { name: i.name || i.id }))}"></td>
<td>${name}</td>
<td class="num"><input type="number" min="0" max="${escapeHtml(i.quantity)}" step="any" value="${escapeHtml(i.quantity)}" aria-label="${escapeHtml(fill(w.quantityOf, { name: i.name || i.id }))}"></td>
<td class="num">${money(lang, Number(i.price), bill.currency)}</td></tr>`;
    })
    .join('\n');
  const tip = bill.allowTip
    ? `<fieldset><legend>${w.tip}</legend>
<label><input type="radio" name="tip" value="0" checked> ${w.noTip}</label>
<label><input type="radio" name="tip" value="10"> 10 %</label>
<label><input type="radio" name="tip" value="15"> 15 %</label></fieldset>`
    : '';
  return `<form id="pay" data-bill="${escapeHtml(bill.id)}" data-currency="${escapeHtml(bill.currency)}">
<h2>${escapeHtml(bill.name ?? w.title)}</h2>
<p>${w.pick}</p>
<table><thead><tr><th></th><th>${w.item}</th><th class="num">${w.quantity}</th><th class="num">${w.price}</th></tr></thead>
<tbody>${rows}</tbody></table>
${tip}
<p class="total"><span>${w.total}</span><output id="total"></output></p>
<button type="submit" class="primary" value="paid">${w.pay}</button>
<button type="submit" value="manual">${w.payLater}</button>
<button type="submit" value="declined">${w.decline}</button>
</form>`;
}

/** The page's behaviour: the running total, and the pay request with the chosen items and tip. */
function script(lang: PageLang, path: string): string {
  const w = WORDS[lang];
  const words = JSON.stringify({ ...w, path }).replace(/</g, '\\u003c');
  return `(() => {
const w = ${words};
const form = document.getElementById('pay');
if (!form) return;
const out = document.getElementById('result');
const fmt = new Intl.NumberFormat(w.locale, { style: 'currency', currency: form.dataset.currency });
const chosen = () => [...form.querySelectorAll('tr[data-item]')].map((tr) => {
  const on = tr.querySelector('input[type=checkbox]').checked;
  const q = Number(tr.querySelector('input[type=number]').value);
  return { id: tr.dataset.item, quantity: String(Math.min(q, Number(tr.dataset.max))), price: Number(tr.dataset.price), on: on && q > 0 };
}).filter((i) => i.on);
const tipPercent = () => Number((form.querySelector('input[name=tip]:checked') || { value: 0 }).value);
const sums = () => {
  const items = chosen();
  const cents = items.reduce((a, i) => a + Math.round(i.price * Number(i.quantity) * 100), 0);
  const tip = Math.round(cents * tipPercent() / 100);
  return { items, cents, tip };
};
const show = () => { const s = sums(); document.getElementById('total').textContent = fmt.format((s.cents + s.tip) / 100); };
form.addEventListener('input', show);
show();
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const mode = e.submitter ? e.submitter.value : 'paid';
  const s = sums();
  out.className = ''; out.removeAttribute('role'); out.textContent = '';
  if (s.items.length === 0) { out.setAttribute('role', 'alert'); out.textContent = w.chooseItem; return; }
  const buttons = [...form.querySelectorAll('button')];
  buttons.forEach((b) => { b.disabled = true; });
  out.setAttribute('role', 'status'); out.textContent = w.working;
  let text = w.failed; let ok = false;
  try {
    const res = await fetch(w.path + '/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({
      idBill: form.dataset.bill, items: s.items.map((i) => ({ id: i.id, quantity: i.quantity })), tip: (s.tip / 100).toFixed(2), mode }) });
    const body = await res.json();
    if (res.ok) { ok = body.outcome !== 'declined' && body.outcome !== 'cancelled'; text = (w[body.outcome] || w.failed).replace('{amount}', fmt.format(Number(body.total))); }
    else text = w[body.code] || w.failed;
  } catch { text = w.failed; }
  out.setAttribute('role', ok ? 'status' : 'alert');
  out.textContent = text;
  if (ok) form.hidden = true; else buttons.forEach((b) => { b.disabled = false; });
  document.getElementById('again').hidden = false;
});
})();`;
}

/** The whole page; `bills` null = the till is not connected, [] = nothing to pay. */
export function guestPageHtml(input: GuestPageInput): string {
  const { lang, path, nonce } = input;
  const w = WORDS[lang];
  const bill = input.bills?.find((b) => b.items.some((i) => Number(i.quantity) > 0));
  const body = input.bills === null ? `<p role="alert">${w.offline}</p>` : bill ? billSection(lang, bill) : `<p>${w.nothing}</p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.restaurantName)}: ${w.title}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>
${langSwitch(lang, path)}
<h1>${escapeHtml(input.restaurantName)}</h1>
<p class="demo">${w.demo}</p>
${body}
<div id="result"></div>
<p><a id="again" href="${escapeHtml(path)}?lang=${lang}" hidden>${w.again}</a></p>
</main>
<script nonce="${nonce}">${script(lang, path)}</script>
</body></html>`;
}

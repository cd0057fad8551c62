// The static first frames of the host's page (scripts/index.html): what it needs at build time.
//
// One document serves every route (as a CDN serving one index.html does). It holds a static
// first frame of the routes a user lands on (/, /quotes, /trade): their real chrome (header,
// title, tab labels, the boxes of their sections as skeletons) where the app's first render puts
// it, painted before any of the app's scripts runs. A small inline script picks the frame by
// `location.pathname` and writes its labels in the user's language (localStorage `lang`, as
// shared/src/i18n) and theme (`mode`, as shared/src/theme). The labels come from the Lingui
// catalogues (locales/<locale>/<package>.po) at build time, never typed here: a label missing in
// one locale fails the build (and scripts/first-frame.test.ts).
//
// The same script watches the start: when one of the host's scripts fails to load (a network
// error, a chunk's 404, a CDN outage) or the app has not started after START_TIMEOUT_MS, a short
// notice in the user's language with a Retry button (a reload) covers the frame, which would
// otherwise stay forever. Its texts come from the catalogues too (MESSAGES: fail*).
//
// The inline script runs under the host's strict CSP (no 'unsafe-inline' for scripts): the static
// server allows it by its sha256 (scriptHashes, read from the served page), as a CDN must.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const LOCALES = ['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es'];
// The `lang` value -> <html lang> (shared/src/i18n HTML_LANG).
const HTML_LANG = { en: 'en', zh: 'zh-CN', hk: 'zh-HK', jp: 'ja', kr: 'ko', de: 'de', es: 'es' };

/**
 * Every label a frame shows: key (data-t in scripts/index.html) -> [catalogue, msgid]. The msgid
 * is the message's explicit id or, without one, its English source (as in the .po files).
 */
const MESSAGES = {
  // The tab bar (host/src/app/routes.ts `tabs`).
  tHome: ['host', 'tab.home'],
  tQuotes: ['host', 'tab.quotes'],
  tTrade: ['host', 'tab.trade'],
  tMining: ['host', 'tab.mining'],
  tMine: ['host', 'tab.mine'],
  // /quotes: route title, market tabs, search, list header (remote-markets MarketsScreen).
  qTitle: ['host', 'route.quotes'],
  qCrypto: ['remote-markets', 'markets.tab.crypto'],
  qMetals: ['remote-markets', 'markets.tab.metals'],
  qFutures: ['remote-markets', 'markets.tab.futures'],
  qSearch: ['remote-markets', 'Search'],
  qPair: ['remote-markets', 'Pair / Vol'],
  qLast: ['remote-markets', 'Last price'],
  qChange: ['remote-markets', 'Change'],
  // /trade?mode=1: route title, mode tabs, the leverage form, the book's header, the order tabs
  // (remote-trading TradeScreen, LeverForm, LeverOrders; @app/shared OrderBook).
  xTitle: ['host', 'route.trade'],
  xLever: ['remote-trading', 'Leverage'],
  xSeconds: ['remote-trading', 'Seconds'],
  xLong: ['remote-trading', 'Long'],
  xShort: ['remote-trading', 'Short'],
  xType: ['remote-trading', 'Order type'],
  xMarket: ['remote-trading', 'Market'],
  xPrice: ['remote-trading', 'Price'],
  xBest: ['remote-trading', 'Best market price'],
  xMultiple: ['remote-trading', 'Multiple'],
  xHands: ['remote-trading', 'Hands'],
  xAvailable: ['remote-trading', 'Available'],
  xValue: ['remote-trading', 'Contract value'],
  xMargin: ['remote-trading', 'Margin'],
  xFee: ['remote-trading', 'Fee'],
  xBuy: ['remote-trading', 'Buy long'],
  xAmount: ['remote-trading', 'Amount'],
  // The contract size under the hands field: its text around a skeleton for the number.
  xHand: ['remote-trading', '1 hand = {hand} USDT'],
  xCurrent: ['remote-trading', 'Current'],
  xHolding: ['remote-trading', 'Holding'],
  xClosed: ['remote-trading', 'Closed'],
  xRevoked: ['remote-trading', 'Revoked'],
  // The notice when the app's scripts do not load (every route; host/src/pageMessages.ts).
  failText: ['host', 'page.failed'],
  failRetry: ['shared', 'Retry'],
};

/**
 * How long the page waits for the app's first render before it says that the app did not load
 * (and offers a reload). Generous: the start-up (~190 KiB of scripts, scripts/budgets.json, then
 * the runtime config and the catalogues) takes a few seconds on a slow 3G phone (~50 KB/s) and
 * about one on 4G; 15 s is several times that, so a slow start is not called a failure. A failed
 * script is reported at once; the notice goes away if the app starts after all.
 */
const START_TIMEOUT_MS = 15000;

/** A .po file as msgid -> msgstr (the strings are C-quoted, which JSON reads). */
function readPo(file) {
  const entries = new Map();
  const join = (raw) =>
    raw
      .trim()
      .split('\n')
      .map((s) => JSON.parse(s))
      .join('');
  for (const block of fs.readFileSync(file, 'utf8').split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (id && str) entries.set(join(id[1]), join(str[1]));
  }
  return entries;
}

/**
 * Every frame label in every locale: { en: { key: text }, zh: ... }. Throws naming the locale,
 * catalogue and message when one is missing or empty.
 */
function frameTable(localesDir = path.join(root, 'locales')) {
  const cache = new Map();
  const po = (locale, catalogue) => {
    const file = path.join(localesDir, locale, `${catalogue}.po`);
    if (!cache.has(file)) cache.set(file, readPo(file));
    return cache.get(file);
  };
  const table = {};
  for (const locale of LOCALES) {
    table[locale] = {};
    for (const [key, [catalogue, id]] of Object.entries(MESSAGES)) {
      const text = po(locale, catalogue).get(id);
      if (!text) throw new Error(`first frame: no ${locale} text for "${id}" in ${catalogue}.po (${key})`);
      const placeholder = /\{(\w+)\}/.exec(id)?.[0];
      if (!placeholder) {
        table[locale][key] = text;
        continue;
      }
      // A message with a value: the text before it (key0) and after it (key1).
      const at = text.indexOf(placeholder);
      if (at < 0 || text.indexOf('{', at + 1) >= 0)
        throw new Error(`first frame: the ${locale} text of "${id}" must hold ${placeholder} once`);
      table[locale][`${key}0`] = text.slice(0, at);
      table[locale][`${key}1`] = text.slice(at + placeholder.length);
    }
  }
  return table;
}

/** The path data of the shell's icons (shared/src/ui/icons.tsx), by export name. */
function iconPaths(file = path.join(root, 'shared/src/ui/icons.tsx')) {
  const source = fs.readFileSync(file, 'utf8');
  const out = {};
  for (const m of source.matchAll(/export const (\w+) = createSvgIcon\(\s*<path d="([^"]+)" \/>/g))
    out[m[1]] = m[2];
  return out;
}

/**
 * The inline script (run as `(pick)(table, htmlLang, startTimeout)` in the page, before its first
 * paint): sets the page's language and theme, watches the start (the notice: `html[data-ff-fail]`,
 * below), picks the frame of the route (html[data-ff]: home, quotes or trade, shown by the page's
 * CSS) and writes the labels. /trade is behind login: without a stored token the app goes to
 * /login, so it gets no frame; nor does the seconds mode (/trade?mode=2), whose form is another.
 * Plain ES5, no app code: it is parsed on every route.
 */
/* global document, location, window, MutationObserver -- pick runs in the page */
function pick(T, H, W) {
  var d = document.documentElement;
  var p = location.pathname;
  var get = function (k) {
    try {
      return localStorage.getItem(k);
    } catch {
      return null;
    }
  };
  var l = get('lang') || get('locale');
  var m = get('mode');
  var q = get('hqtab');
  l = T[l] ? l : 'en';
  d.lang = H[l];
  if (m === 'teal_day') d.setAttribute('data-theme', m);
  var t = T[l];
  // The start: the app has started once its first render is in the root (React replaces the
  // home frame there, or fills the empty root); from then on its own screens report failures.
  // Until then a failed script of the host's (its directory: main.js's; the remotes' are the
  // app's to report) or no start after W ms shows the notice.
  var root = document.getElementById('root');
  var started = function () {
    var c = root && root.firstElementChild;
    return !!c && !c.classList.contains('ff-home');
  };
  var fail = function () {
    if (!started()) d.setAttribute('data-ff-fail', '');
  };
  var failed = function (e) {
    var s = e.target;
    var main = document.querySelector('body > script[src]');
    var base = main ? main.src.slice(0, main.src.lastIndexOf('/') + 1) : '';
    if (s && s.tagName === 'SCRIPT' && base && s.src.indexOf(base) === 0) fail();
  };
  var timer = setTimeout(fail, W);
  window.addEventListener('error', failed, true);
  if (root) {
    var o = new MutationObserver(function () {
      if (!started()) return;
      o.disconnect();
      clearTimeout(timer);
      window.removeEventListener('error', failed, true);
      d.removeAttribute('data-ff-fail');
    });
    o.observe(root, { childList: true });
  }
  var retry = document.getElementById('ff-retry');
  if (retry)
    retry.addEventListener('click', function () {
      location.reload();
    });
  var f =
    p === '/'
      ? 'home'
      : p === '/quotes'
        ? 'quotes'
        : p === '/trade' && get('token') && new URLSearchParams(location.search).get('mode') !== '2'
          ? 'trade'
          : '';
  if (f === 'home') {
    // The carousel's copy of the first banner (the frame inlines it): fetched beside the scripts.
    var k = document.createElement('link');
    k.rel = 'preload';
    k.as = 'image';
    k.href = '/api/assets/banner/1.svg?lang=en';
    k.setAttribute('fetchpriority', 'high');
    document.head.appendChild(k);
  }
  if (f) {
    d.setAttribute('data-ff', f);
    d.setAttribute('data-ff-tab', q === '1' || q === '2' ? q : '0');
  }
  // The pair the trade page opens on (shared/src/market/pair.ts storedPair): BTC/USDT unless a
  // valid one is stored; metals and futures show the bare name.
  var id = get('currentCurrencyID');
  var n = (get('currentCurrency') || '').trim();
  var ok = id && /^\d{1,9}$/.test(id) && id !== '0' && /^[A-Za-z0-9]{1,16}$/.test(n);
  t.pair = !ok ? 'BTC/USDT' : q === '1' || q === '2' ? n : n + '/USDT';
  // Every route's labels (the notice's too: it may show on any route).
  var e = document.querySelectorAll('[data-t]');
  for (var i = 0; i < e.length; i++) e[i].textContent = t[e[i].getAttribute('data-t')];
}

/** The inline script's source, with every label of every locale (frameTable). */
function frameScript(table = frameTable()) {
  // `<` escaped: no label can close the script element.
  const json = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(${pick.toString()})(${json(table)},${json(HTML_LANG)},${START_TIMEOUT_MS});`;
}

/** CSP source of an inline script: 'sha256-<base64>'. */
function scriptHash(source) {
  return `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The CSP sources of the inline scripts of an HTML page (what its script-src must allow). */
function scriptHashes(html) {
  const hashes = [];
  for (const m of String(html).matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi))
    if (!/\ssrc\s*=/i.test(m[1] ?? '') && m[2].trim()) hashes.push(scriptHash(m[2]));
  return hashes;
}

/** What scripts/index.html needs (htmlWebpackPlugin.options.firstFrame): the script, the icons. */
function templateOptions() {
  return {
    script: frameScript(),
    icons: {
      ...iconPaths(),
      ...iconPaths(path.join(root, 'remote-markets/src/ui/icons.tsx')),
      ...iconPaths(path.join(root, 'remote-trading/src/ui/icons.tsx')),
    },
  };
}

module.exports = {
  templateOptions,
  LOCALES,
  MESSAGES,
  START_TIMEOUT_MS,
  frameTable,
  frameScript,
  iconPaths,
  readPo,
  scriptHash,
  scriptHashes,
};

// `node scripts/first-frame.cjs host/dist/index.html`: the script-src sources a CDN's CSP needs.
if (require.main === module) {
  const file = process.argv[2] || path.join(root, 'host/dist/index.html');
  console.log(scriptHashes(fs.readFileSync(file, 'utf8')).join(' '));
}

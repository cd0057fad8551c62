import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import {
  LOCALES,
  MESSAGES,
  START_TIMEOUT_MS,
  frameScript,
  frameTable,
  scriptHashes,
} from '../../../scripts/first-frame.cjs';
import { releaseFirstFrame } from './firstFrame';

const repo = path.resolve(__dirname, '../../..');
const template = fs.readFileSync(path.join(repo, 'scripts/index.html'), 'utf8');

// The id Lingui gives a message without an explicit one (what the compiled catalogues key by),
// from Lingui's own message-utils (a dependency of the catalogues' format, @lingui/format-po).
const load = createRequire(__filename);
const { generateMessageId } = load(
  load.resolve('@lingui/message-utils/generateMessageId', {
    paths: [load.resolve('@lingui/format-po', { paths: [repo] })],
  }),
) as { generateMessageId: (message: string, context?: string) => string };

/** The compiled catalogue (lingui compile) of a locale and package, as the app loads it. */
function compiled(locale: string, catalogue: string): Messages {
  const source = fs.readFileSync(path.join(repo, 'locales', locale, `${catalogue}.ts`), 'utf8');
  const json = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!json) throw new Error(`locales/${locale}/${catalogue}.ts: no compiled messages`);
  return JSON.parse(JSON.parse(json) as string) as Messages;
}

describe('the first frames’ labels (scripts/first-frame.cjs)', () => {
  const table = frameTable();

  test('every label the page uses is in the table of every locale, and no label is unused', () => {
    const used = new Set([...template.matchAll(/data-t="(\w+)"/g)].map((m) => m[1] ?? ''));
    used.delete('pair'); // the stored pair's symbol, written by the script itself
    expect(Object.keys(table).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const labels = table[locale] ?? {};
      for (const key of used)
        expect({ locale, key, text: labels[key] }).toEqual({ locale, key, text: expect.any(String) });
      for (const key of Object.keys(labels)) expect(used).toContain(key);
    }
  });

  test('each label is the text the app renders from the compiled catalogue of its locale', () => {
    for (const locale of LOCALES) {
      for (const [key, [catalogue, id]] of Object.entries(MESSAGES)) {
        const messages = compiled(locale, catalogue);
        const i18n = setupI18n({ locale, messages: { [locale]: messages } });
        const compiledId = messages[id] !== undefined ? id : generateMessageId(id);
        expect(messages[compiledId]).toBeDefined();
        const labels = table[locale] ?? {};
        if (id.includes('{')) {
          const [before, after] = i18n._(compiledId, { hand: '\u0000' }).split('\u0000');
          expect([labels[`${key}0`], labels[`${key}1`]]).toEqual([before, after]);
        } else expect({ locale, key, text: labels[key] }).toEqual({ locale, key, text: i18n._(compiledId) });
      }
    }
  });

  test('a label missing in one locale fails the build, naming it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-'));
    for (const locale of LOCALES)
      fs.cpSync(path.join(repo, 'locales', locale), path.join(dir, locale), { recursive: true });
    const file = path.join(dir, 'kr', 'remote-markets.po');
    fs.writeFileSync(
      file,
      fs.readFileSync(file, 'utf8').replace(/(msgid "Last price"\nmsgstr )".*"/, '$1""'),
    );
    expect(() => frameTable(dir)).toThrow('no kr text for "Last price" in remote-markets.po');
    fs.rmSync(dir, { recursive: true });
  });
});

describe('the inline script', () => {
  // Each run watches the start (a timer, an error listener on the window): both go after each test.
  const listeners: Array<Parameters<typeof window.addEventListener>> = [];
  beforeEach(() => {
    jest.useFakeTimers();
    const add = window.addEventListener.bind(window);
    jest.spyOn(window, 'addEventListener').mockImplementation((...args) => {
      listeners.push(args);
      add(...args);
    });
  });
  afterEach(() => {
    for (const [type, listener, options] of listeners.splice(0))
      window.removeEventListener(type, listener, options);
    jest.restoreAllMocks();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  const body = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const run = (url: string, storage: Record<string, string>) => {
    window.history.replaceState(null, '', url);
    localStorage.clear();
    for (const [k, v] of Object.entries(storage)) localStorage.setItem(k, v);
    const html = document.documentElement;
    for (const name of ['data-ff', 'data-ff-tab', 'data-theme', 'data-ff-fail']) html.removeAttribute(name);
    // The frames' markup as written (the template's tags are build-time values, not needed here).
    document.body.innerHTML = body(template).replace(/<%[\s\S]*?%>/g, '');
    new Function(frameScript())();
    return html;
  };

  test('/quotes in Chinese by day: the quotes frame with its Chinese labels', () => {
    const html = run('/quotes', { lang: 'zh', mode: 'teal_day', hqtab: '2' });
    expect(html).toHaveAttribute('lang', 'zh-CN');
    expect(html).toHaveAttribute('data-theme', 'teal_day');
    expect(html).toHaveAttribute('data-ff', 'quotes');
    expect(html).toHaveAttribute('data-ff-tab', '2');
    const zh = frameTable().zh ?? {};
    expect(document.querySelector('.ff-q h1')).toHaveTextContent(zh.qTitle ?? '?');
    expect(document.querySelector('[data-t="qFutures"]')).toHaveTextContent(zh.qFutures ?? '?');
  });

  test('/trade signed in: the trade frame with the stored pair; a guest or the seconds mode gets none', () => {
    const html = run('/trade?mode=1', {
      token: 't',
      lang: 'de',
      currentCurrency: 'ETH',
      currentCurrencyID: '2',
    });
    expect(html).toHaveAttribute('data-ff', 'trade');
    expect(html).toHaveAttribute('lang', 'de');
    expect(html).not.toHaveAttribute('data-theme');
    expect(document.querySelector('[data-t="pair"]')).toHaveTextContent('ETH/USDT');
    expect(run('/trade?mode=1', { token: 't' }).querySelector('[data-t="pair"]')).toHaveTextContent(
      'BTC/USDT',
    );
    expect(run('/trade?mode=1', {})).not.toHaveAttribute('data-ff');
    expect(run('/trade?mode=2', { token: 't' })).not.toHaveAttribute('data-ff');
    expect(run('/assets', { lang: 'xx' })).toHaveAttribute('lang', 'en');
  });

  describe('the notice when the app does not load', () => {
    /** The host's page as built: its start-up script after the inline one (scripts/index.html). */
    const page = (url: string, storage: Record<string, string> = {}) => {
      const html = run(url, storage);
      const main = document.createElement('script');
      main.src = `${window.location.origin}/main.js`;
      document.body.append(main);
      return { html, main };
    };
    /** A script that did not load (a network error, a 404): its error event. */
    const failLoad = (script: HTMLScriptElement) => script.dispatchEvent(new Event('error'));
    const chunk = (src: string) => {
      const script = document.createElement('script');
      script.src = src;
      document.head.append(script);
      return script;
    };
    const notice = () => document.getElementById('ff-fail');
    /** React's first commit: the app's first render in the root (the home frame replaced). */
    const appStarts = async () => {
      document.getElementById('root')?.replaceChildren(document.createElement('div'));
      await Promise.resolve();
    };

    test("a failed host script shows it at once, with Retry, in the user's language", () => {
      const { html, main } = page('/quotes', { lang: 'kr' });
      expect(html).not.toHaveAttribute('data-ff-fail');
      failLoad(main);
      expect(html).toHaveAttribute('data-ff-fail');
      const kr = frameTable().kr ?? {};
      expect(notice()).toHaveTextContent(kr.failText ?? '?');
      expect(notice()?.querySelector('button')).toHaveTextContent(kr.failRetry ?? '?');
    });

    test('so does a chunk of the host that fails, on any route; a remote script is left to the app', () => {
      const { html } = page('/assets', { lang: 'de' });
      failLoad(chunk('https://remote.example/remoteEntry.js'));
      expect(html).not.toHaveAttribute('data-ff-fail');
      failLoad(chunk(`${window.location.origin}/412.js`));
      expect(html).toHaveAttribute('data-ff-fail');
      expect(notice()).toHaveTextContent(frameTable().de?.failText ?? '?');
    });

    test('no start after START_TIMEOUT_MS shows it; it goes if the app starts after all', async () => {
      const { html } = page('/', { lang: 'es' });
      jest.advanceTimersByTime(START_TIMEOUT_MS - 1);
      expect(html).not.toHaveAttribute('data-ff-fail');
      jest.advanceTimersByTime(1);
      expect(html).toHaveAttribute('data-ff-fail');
      await appStarts();
      expect(html).not.toHaveAttribute('data-ff-fail');
    });

    test('an app that starts never shows it: neither the time nor a later failed script', async () => {
      const { html } = page('/', {});
      await appStarts();
      jest.advanceTimersByTime(START_TIMEOUT_MS * 2);
      failLoad(chunk(`${window.location.origin}/412.js`));
      expect(html).not.toHaveAttribute('data-ff-fail');
    });
  });

  test('its hash is what the CSP allows, and only inline scripts are hashed', () => {
    const source = frameScript();
    const html = `<script src="/main.js"></script><script>${source}</script>`;
    const digest = crypto.createHash('sha256').update(source).digest('base64');
    expect(scriptHashes(html)).toEqual([`'sha256-${digest}'`]);
  });
});

describe('releaseFirstFrame', () => {
  const page = (route: string | null) => {
    document.body.innerHTML = '<div id="ff"></div><div id="root"><div class="ff-home"></div></div>';
    if (route) document.documentElement.dataset.ff = route;
    else delete document.documentElement.dataset.ff;
    window.history.replaceState(null, '', route === 'trade' ? '/trade?mode=1' : '/quotes');
    return document.getElementById('root') as HTMLElement;
  };

  test('the frame stays over the loading app and goes with the commit that shows the page', async () => {
    const root = page('quotes');
    releaseFirstFrame(root);
    root.innerHTML = '<div aria-busy="true"></div>';
    await Promise.resolve();
    expect(document.getElementById('ff')).not.toBeNull();
    root.innerHTML = '<header><h1>Markets</h1></header><main></main>';
    await Promise.resolve();
    expect(document.getElementById('ff')).toBeNull();
  });

  test('it goes as soon as the address changes (a redirect to the login page)', async () => {
    const root = page('trade');
    releaseFirstFrame(root);
    window.history.replaceState(null, '', '/login');
    root.innerHTML = '<div></div>';
    await Promise.resolve();
    expect(document.getElementById('ff')).toBeNull();
  });

  test('on other routes it goes at once, and the home frame is left to React', () => {
    const root = page(null);
    releaseFirstFrame(root);
    expect(document.getElementById('ff')).toBeNull();
    expect(root.querySelector('.ff-home')).not.toBeNull();
  });
});

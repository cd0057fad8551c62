import type { Lang } from '../core/validation';

/** Texts of the support chat page (the server's own page, outside the web app's catalogues). */
const TEXTS: Record<
  Lang,
  Record<
    'title' | 'placeholder' | 'send' | 'login' | 'online' | 'offline' | 'empty' | 'you' | 'agent',
    string
  >
> = {
  en: {
    title: 'Online support',
    placeholder: 'Type your message',
    send: 'Send',
    login: 'Please log in to the app to chat with support.',
    online: 'Connected',
    offline: 'Reconnecting…',
    empty: 'Ask us anything: an agent will answer here.',
    you: 'You',
    agent: 'Support',
  },
  zh: {
    title: '在线客服',
    placeholder: '请输入消息',
    send: '发送',
    login: '请先登录应用再联系客服。',
    online: '已连接',
    offline: '正在重新连接…',
    empty: '有任何问题请留言，客服会在这里回复。',
    you: '我',
    agent: '客服',
  },
  hk: {
    title: '在線客服',
    placeholder: '請輸入訊息',
    send: '發送',
    login: '請先登入應用再聯絡客服。',
    online: '已連線',
    offline: '正在重新連線…',
    empty: '有任何問題請留言，客服會在這裡回覆。',
    you: '我',
    agent: '客服',
  },
  jp: {
    title: 'オンラインサポート',
    placeholder: 'メッセージを入力',
    send: '送信',
    login: 'サポートとチャットするにはアプリにログインしてください。',
    online: '接続済み',
    offline: '再接続中…',
    empty: 'ご質問をどうぞ。担当者がここで回答します。',
    you: 'あなた',
    agent: 'サポート',
  },
  kr: {
    title: '온라인 고객센터',
    placeholder: '메시지를 입력하세요',
    send: '보내기',
    login: '고객센터와 채팅하려면 앱에 로그인하세요.',
    online: '연결됨',
    offline: '다시 연결 중…',
    empty: '무엇이든 물어보세요. 상담원이 여기에서 답변합니다.',
    you: '나',
    agent: '고객센터',
  },
  de: {
    title: 'Online-Support',
    placeholder: 'Nachricht eingeben',
    send: 'Senden',
    login: 'Bitte melden Sie sich in der App an, um mit dem Support zu chatten.',
    online: 'Verbunden',
    offline: 'Verbindung wird wiederhergestellt…',
    empty: 'Fragen Sie uns: Ein Mitarbeiter antwortet hier.',
    you: 'Sie',
    agent: 'Support',
  },
  es: {
    title: 'Soporte en línea',
    placeholder: 'Escribe tu mensaje',
    send: 'Enviar',
    login: 'Inicia sesión en la aplicación para chatear con soporte.',
    online: 'Conectado',
    offline: 'Reconectando…',
    empty: 'Pregúntanos lo que quieras: un agente responderá aquí.',
    you: 'Tú',
    agent: 'Soporte',
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page: no inline script or style (the CSP forbids them); texts go through data attributes. */
export function chatPageHtml(lang: Lang): string {
  const t = TEXTS[lang];
  const attr = (name: string, value: string) => ` data-${name}="${escapeHtml(value)}"`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<link rel="stylesheet" href="/api/support/chat.css">
<script src="/api/support/chat.js" defer></script>
</head>
<body${attr('online', t.online)}${attr('offline', t.offline)}${attr('you', t.you)}${attr('agent', t.agent)}>
<header><h1>${escapeHtml(t.title)}</h1><span id="status" role="status"></span></header>
<main id="log" aria-live="polite" aria-label="${escapeHtml(t.title)}"><p id="empty" class="empty">${escapeHtml(t.empty)}</p></main>
<p id="login" class="login" hidden>${escapeHtml(t.login)}</p>
<form id="form" hidden>
<label for="text" class="sr">${escapeHtml(t.placeholder)}</label>
<textarea id="text" name="text" rows="1" maxlength="1000" placeholder="${escapeHtml(t.placeholder)}"></textarea>
<button type="submit" id="send">${escapeHtml(t.send)}</button>
</form>
</body></html>`;
}

export const CHAT_CSS = `*{box-sizing:border-box}
html,body{height:100%;margin:0}
body{display:flex;flex-direction:column;font-family:system-ui,-apple-system,sans-serif;background:#0b1f24;color:#e6f4f2}
header{display:flex;align-items:center;justify-content:space-between;padding:12px 16px;border-bottom:1px solid #1d3a40}
h1{font-size:1.05rem;margin:0}
#status{font-size:.8rem;color:#9fd8d1}
main{flex:1;overflow-y:auto;padding:12px 16px;display:flex;flex-direction:column;gap:8px}
.empty,.login{color:#9fd8d1;text-align:center;margin:24px 16px}
.msg{max-width:80%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;word-break:break-word}
.msg p{margin:0}
.msg small{display:block;font-size:.7rem;opacity:.7;margin-top:4px}
.msg.user{align-self:flex-end;background:#1f7a70;color:#fff}
.msg.admin{align-self:flex-start;background:#173238}
form{display:flex;gap:8px;padding:8px 12px;border-top:1px solid #1d3a40}
textarea{flex:1;min-height:44px;max-height:120px;resize:none;border-radius:10px;border:1px solid #2b555c;background:#10292f;color:#e6f4f2;padding:10px;font:inherit}
button{min-width:72px;min-height:44px;border:0;border-radius:10px;background:#2bb3a3;color:#04181b;font-weight:600;font:inherit}
button:disabled{opacity:.5}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
[hidden]{display:none!important}
body.day{background:#f3faf9;color:#0b1f24}
body.day header,body.day form{border-color:#cfe7e3}
body.day #status,body.day .empty,body.day .login{color:#2b6f67}
body.day .msg.admin{background:#dff3f0;color:#0b1f24}
body.day textarea{background:#fff;color:#0b1f24;border-color:#a9d6cf}
`;

/**
 * The page's script: loads the history, sends with fetch, and listens on socket.io by speaking the
 * engine.io v4 / socket.io v5 text protocol over a plain WebSocket (no library, no inline code).
 * Messages are rendered with textContent only.
 */
export const CHAT_JS = `(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var token = params.get('t') || '';
  // The token leaves the URL (address bar, history, a copied link) as soon as it is read.
  if (params.has('t')) {
    params.delete('t');
    var rest = params.toString();
    window.history.replaceState(null, '', window.location.pathname + (rest ? '?' + rest : '') + window.location.hash);
  }
  var ended = false;
  var body = document.body;
  if (params.get('theme') === 'day' || params.get('theme') === 'teal_day') body.classList.add('day');
  var log = document.getElementById('log');
  var empty = document.getElementById('empty');
  var form = document.getElementById('form');
  var input = document.getElementById('text');
  var send = document.getElementById('send');
  var status = document.getElementById('status');
  var seen = {};

  function showLogin() {
    ended = true;
    document.getElementById('login').hidden = false;
    form.hidden = true;
    empty.hidden = true;
  }

  function add(m) {
    if (!m || seen[m.id]) return;
    seen[m.id] = true;
    empty.hidden = true;
    var row = document.createElement('div');
    row.className = 'msg ' + (m.from === 'admin' ? 'admin' : 'user');
    row.setAttribute('data-from', m.from);
    var p = document.createElement('p');
    p.textContent = m.text;
    var small = document.createElement('small');
    small.textContent = (m.from === 'admin' ? body.dataset.agent : body.dataset.you) + ' · ' +
      new Date(m.created_at).toLocaleTimeString();
    row.appendChild(p);
    row.appendChild(small);
    log.appendChild(row);
    log.scrollTop = log.scrollHeight;
  }

  function load() {
    return fetch('/api/support/chat/messages?t=' + encodeURIComponent(token), { credentials: 'omit' })
      .then(function (r) { return r.json(); })
      .then(function (a) {
        if (a.type !== 'ok') { showLogin(); return false; }
        form.hidden = false;
        a.message.forEach(add);
        return true;
      });
  }

  var retry = 1000;
  function connect() {
    var proto = window.location.protocol === 'https:' ? 'wss://' : 'ws://';
    var ws = new WebSocket(proto + window.location.host + '/socket.io/?EIO=4&transport=websocket');
    ws.onmessage = function (event) {
      var d = String(event.data);
      if (d === '2') { ws.send('3'); return; }
      if (d.charAt(0) === '0') { ws.send('40'); return; }
      if (d.indexOf('40') === 0) {
        ws.send('42' + JSON.stringify(['chat_login', { t: token }]));
        status.textContent = body.dataset.online;
        retry = 1000;
        load().then(function (okay) { if (!okay) ws.close(); });
        return;
      }
      if (d.indexOf('42') === 0) {
        try {
          var packet = JSON.parse(d.slice(2));
          if (packet[0] === 'support_chat') add(packet[1]);
          if (packet[0] === 'support_chat_ended') { showLogin(); ws.close(); }
        } catch (e) { /* ignore a malformed packet */ }
      }
    };
    ws.onclose = function () {
      if (ended) { status.textContent = ''; return; }
      status.textContent = body.dataset.offline;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    send.disabled = true;
    fetch('/api/support/chat/send', {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t: token, text: text })
    })
      .then(function (r) { return r.json(); })
      .then(function (a) {
        if (a.type === 'ok') { add(a.message); input.value = ''; }
        else if (a.code === 'chat.token_invalid') showLogin();
      })
      .finally(function () { send.disabled = false; input.focus(); });
  });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); form.requestSubmit(); }
  });

  if (!token) { showLogin(); return; }
  load().then(function (okay) { if (okay) connect(); });
})();
`;

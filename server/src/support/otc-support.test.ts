import type { Socket } from 'socket.io-client';
import { registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { reconcile } from '../kernel';
import { adminReply, CHAT_EVENT, chatThreads, type ChatMessage } from './chat';
import { chatCommand, feedbackCommand } from './admin';
import { replyFeedback } from './feedback';

// Real HTTP and SQLite on a shared 2-CPU machine: allow slow starts.
jest.setTimeout(30_000);

let server: TestServer;
let alice: string;
let bob: string;
let aliceId: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  const res = await fetch(`${server.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await res.json()) as { message: string }).message;
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'alice@example.com');
  bob = await registerEmailUser(server, 'bob@example.com');
  aliceId = ((await server.get('/api/user/info', { token: alice })).body.message as { id: number }).id;
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

interface Feedback {
  id: number;
  content: string;
  img: string;
  is_reply: number;
  reply_content: string;
  reply_time: string | null;
  account_number: string;
}

describe('feedback', () => {
  it('files a complaint with text and one image; the reply comes from the admin; owner only', async () => {
    expect((await server.post('/api/feedback/add', { content: '   ' }, { token: alice })).body).toMatchObject(
      {
        code: 'feedback.content_required',
        field: 'content',
      },
    );
    expect(
      (await server.post('/api/feedback/add', { content: 'x'.repeat(2001) }, { token: alice })).body.code,
    ).toBe('feedback.too_long');
    const bobImg = await upload(bob);
    expect(
      (await server.post('/api/feedback/add', { content: 'hi', img: bobImg }, { token: alice })).body.code,
    ).toBe('upload.invalid');

    const hostile = '<img src=x onerror="alert(1)"> deposit missing';
    const img = await upload(alice);
    const added = await server.post('/api/feedback/add', { content: hostile, img }, { token: alice });
    const id = (added.body.message as { id: number }).id;
    const list = (await server.post('/api/feedback/list', { limit: 100, lang: 'en' }, { token: alice })).body
      .message as Feedback[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id,
      content: hostile,
      is_reply: 0,
      reply_content: '',
      reply_time: null,
      account_number: 'alice@example.com',
    });
    expect(list[0]?.img).toMatch(/^\/api\/upload\/upl_.+sig=/);
    const image = await fetch(`${server.baseUrl}${list[0]?.img ?? ''}`);
    expect(image.status).toBe(200);

    // Bob sees nothing of it.
    expect((await server.post('/api/feedback/list', {}, { token: bob })).body.message).toEqual([]);
    expect((await server.post('/api/feedback/detail', { id }, { token: bob })).body.code).toBe(
      'feedback.not_found',
    );
    expect((await server.post('/api/feedback/list', {})).body.type).toBe('999');

    await replyFeedback(server.ctx, id, 'We found your deposit; it is credited now.');
    const detail = (await server.post('/api/feedback/detail', { id }, { token: alice })).body
      .message as Feedback;
    expect(detail).toMatchObject({
      is_reply: 1,
      reply_content: 'We found your deposit; it is credited now.',
    });
    expect(detail.reply_time).not.toBeNull();
  });
});

describe('online service chat', () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get('t') ?? '';

  it('answers the URL template with a signed chat token only for a session', async () => {
    const anon = (await server.get('/api/custorm?terminal=mobile')).body.message as string;
    expect(anon).toContain('uid={id}&name={name}');
    expect(new URL(anon).searchParams.get('t')).toBeNull();
    const url = (await server.get('/api/custorm?terminal=mobile', { token: alice })).body.message as string;
    expect(url).toContain('{id}');
    expect(url).toContain('{name}');
    expect(tokenOf(url)).toMatch(new RegExp(`^${aliceId}\\.\\d+\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
  });

  it('serves a framable page with a strict CSP and no inline code', async () => {
    const url = (await server.get('/api/custorm', { token: alice })).body.message as string;
    const page = await fetch(`${server.baseUrl}/api/support/chat${new URL(url).search}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-ancestors 'self' ${server.config.publicOrigin}`);
    expect(page.headers.get('x-frame-options')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<script src="/api/support/chat.js" defer></script>');
    expect(html).not.toMatch(/<script>|<style>| on[a-z]+=/);
    // Other routes keep helmet's headers.
    expect((await fetch(`${server.baseUrl}/api/cfg/kefu`)).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const js = await fetch(`${server.baseUrl}/api/support/chat.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toContain('textContent');
  });

  it('stores messages, rejects forged tokens, and delivers the admin reply live to that user only', async () => {
    const tA = tokenOf((await server.get('/api/custorm', { token: alice })).body.message as string);
    const tB = tokenOf((await server.get('/api/custorm', { token: bob })).body.message as string);
    const forged = tA.replace(/^\d+/, String(aliceId + 1));
    expect((await server.get(`/api/support/chat/messages?t=${encodeURIComponent(forged)}`)).body.code).toBe(
      'chat.token_invalid',
    );
    expect((await server.post('/api/support/chat/send', { t: forged, text: 'hi' })).status).toBe(401);
    expect((await server.post('/api/support/chat/send', { t: tA, text: '  ' })).body.code).toBe(
      'chat.text_required',
    );

    const sockA: Socket = await server.socket();
    const sockB: Socket = await server.socket();
    const login = (s: Socket, t: string) =>
      new Promise<{ ok: boolean }>((resolve) => s.emit('chat_login', { t }, resolve));
    expect(await login(sockA, tA)).toEqual({ ok: true });
    expect(await login(sockB, tB)).toEqual({ ok: true });
    expect(await login(sockB, forged)).toMatchObject({ ok: false });
    await login(sockB, tB);
    const toB: ChatMessage[] = [];
    sockB.on(CHAT_EVENT, (m: ChatMessage) => toB.push(m));

    const sent = await server.post('/api/support/chat/send', { t: tA, text: '<b>where is my deposit?</b>' });
    expect(sent.body.message).toMatchObject({ from: 'user', text: '<b>where is my deposit?</b>' });
    const received = new Promise<ChatMessage>((resolve) =>
      sockA.on(CHAT_EVENT, (m: ChatMessage) => {
        if (m.from === 'admin') resolve(m);
      }),
    );
    await adminReply(server.ctx, aliceId, 'Checking now.');
    const reply = await received;
    expect(reply).toMatchObject({ from: 'admin', text: 'Checking now.' });
    const history = (await server.get(`/api/support/chat/messages?t=${encodeURIComponent(tA)}`)).body
      .message as ChatMessage[];
    expect(history.map((m) => [m.from, m.text])).toEqual([
      ['user', '<b>where is my deposit?</b>'],
      ['admin', 'Checking now.'],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(toB).toEqual([]);
    expect((await server.get(`/api/support/chat/messages?t=${encodeURIComponent(tB)}`)).body.message).toEqual(
      [],
    );
    expect(await chatThreads(server.ctx)).toEqual([
      expect.objectContaining({
        user_id: aliceId,
        messages: 2,
        last_from: 'admin',
        last_text: 'Checking now.',
      }),
    ]);
  });
});

describe('admin CLI handlers', () => {
  it('lists waiting complaints, replies, and answers a chat by account', async () => {
    const added = await server.post('/api/feedback/add', { content: 'Withdrawal slow' }, { token: bob });
    const id = (added.body.message as { id: number }).id;
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await feedbackCommand(server.ctx, ['list'], out)).toBe(0);
    expect(lines.join('\n')).toContain('Withdrawal slow');
    expect(await feedbackCommand(server.ctx, ['reply', String(id), 'It', 'is', 'sent'], out)).toBe(0);
    const detail = (await server.post('/api/feedback/detail', { id }, { token: bob })).body
      .message as Feedback;
    expect(detail).toMatchObject({ is_reply: 1, reply_content: 'It is sent' });
    expect(await feedbackCommand(server.ctx, ['reply', String(id)], out)).toBe(2);

    expect(await chatCommand(server.ctx, ['reply', 'bob@example.com', 'Hello', 'Bob'], out)).toBe(0);
    expect(await chatCommand(server.ctx, ['reply', 'nobody@example.com', 'x'], out)).toBe(1);
    expect(await chatCommand(server.ctx, ['list'], out)).toBe(0);
    expect(lines.join('\n')).toContain('Hello Bob');
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reviewRealName } from '../accounts/profile';
import { login, registerEmailUser, startTestServer, type TestServer } from '../testing/harness';
import { reconcile } from '../kernel';

let server: TestServer;
let alice: string;
let bob: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

async function upload(
  token: string,
  data: Buffer,
  name = 'photo.png',
  type = 'image/png',
  on: TestServer = server,
) {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), name);
  const res = await fetch(`${on.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { type: string; message: string; code?: string } };
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'manual' });
  alice = await registerEmailUser(server, 'alice@example.com');
  bob = await registerEmailUser(server, 'bob@example.com', 'Passw0rd', { extension_code: 'DEMO01' });
});

afterEach(async () => {
  expect(await reconcile(server.store.q)).toEqual([]);
});

afterAll(async () => {
  await server.stop();
});

describe('POST /api/upload', () => {
  it('stores jpg and png by magic bytes and serves them through signed URLs to the owner only', async () => {
    const res = await upload(alice, PNG, 'a.txt', 'text/plain');
    expect(res.status).toBe(200);
    const id = res.body.message;
    expect(id).toMatch(/^upl_/);
    expect((await upload(alice, JPG, 'b.bin', 'application/octet-stream')).status).toBe(200);

    expect((await server.get(`/api/upload/url?id=${id}`, { token: bob })).status).toBe(404);
    const signed = await server.get(`/api/upload/url?id=${id}`, { token: alice });
    const url = (signed.body.message as { url: string }).url;
    const image = await fetch(`${server.baseUrl}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // The signature's first character changed (to another one: 'A' may be the one it has).
    const tamperedUrl = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const tampered = await fetch(`${server.baseUrl}${tamperedUrl}`);
    expect(tampered.status).toBe(403);
    expect((await fetch(`${server.baseUrl}/api/upload/${id}`)).status).toBe(403);
    server.clock.advanceSeconds(601);
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(403);
  });

  it('refuses a renamed text file, an SVG, a 5 MB image and a missing session', async () => {
    const text = await upload(alice, Buffer.from('hello, not an image'), 'x.png', 'image/png');
    expect(text.body.code).toBe('upload.invalid_type');
    const svg = await upload(
      alice,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    );
    expect(svg.body.code).toBe('upload.invalid_type');
    // Just under 4 MB passes (the 1 MB JSON body limit does not apply to multipart).
    const near = await upload(alice, Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024 - PNG.length - 1)]));
    expect(near.status).toBe(200);
    const big = await upload(alice, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('upload.too_large');
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    const anonymous = await fetch(`${server.baseUrl}/api/upload`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
  });
});

describe('uploads in the database', () => {
  it('keeps the bytes in the row: no file is written, the image survives a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-rows-'));
    const env = {
      MARKET_FEED: 'manual',
      DB_FILE: path.join(dir, 'app.db'),
      UPLOAD_DIR: path.join(dir, 'up'),
    };
    try {
      const first = await startTestServer(env);
      const token = await registerEmailUser(first, 'rows@example.com');
      const id = (await upload(token, JPG, 'x.jpg', 'image/jpeg', first)).body.message;
      await first.stop();
      expect(fs.existsSync(path.join(env.UPLOAD_DIR, id))).toBe(false);

      const second = await startTestServer(env);
      try {
        const again = await login(second, 'rows@example.com', 'Passw0rd');
        const { url } = (await second.get(`/api/upload/url?id=${id}`, { token: again })).body.message as {
          url: string;
        };
        const image = await fetch(`${second.baseUrl}${url}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/jpeg');
        expect(Buffer.from(await image.arrayBuffer()).equals(JPG)).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('imports the files an older build left in UPLOAD_DIR at start-up, only when they match their row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-import-'));
    const env = {
      MARKET_FEED: 'manual',
      DB_FILE: path.join(dir, 'app.db'),
      UPLOAD_DIR: path.join(dir, 'up'),
    };
    const file = (id: string) => path.join(env.UPLOAD_DIR, id);
    const stray = `upl_${crypto.randomBytes(24).toString('base64url')}`;
    try {
      const first = await startTestServer(env);
      const token = await registerEmailUser(first, 'legacy@example.com');
      const legacy = (await upload(token, PNG, 'a.png', 'image/png', first)).body.message;
      const tampered = (await upload(token, JPG, 'b.jpg', 'image/jpeg', first)).body.message;
      const missing = (await upload(token, PNG, 'c.png', 'image/png', first)).body.message;
      // As an older build left them: rows without bytes, the images as files (one changed on
      // disk, one lost), and a file no row names.
      await first.store.q
        .updateTable('uploads')
        .set({ data: null })
        .where('id', 'in', [legacy, tampered, missing])
        .execute();
      await first.stop();
      fs.mkdirSync(env.UPLOAD_DIR, { recursive: true });
      fs.writeFileSync(file(legacy), PNG);
      fs.writeFileSync(file(tampered), Buffer.concat([JPG, Buffer.from([0])]));
      fs.writeFileSync(file(stray), PNG);

      const second = await startTestServer(env);
      try {
        const again = await login(second, 'legacy@example.com', 'Passw0rd');
        const read = async (id: string) => {
          const signed = await second.get(`/api/upload/url?id=${id}`, { token: again });
          expect(signed.status).toBe(200);
          return fetch(`${second.baseUrl}${(signed.body.message as { url: string }).url}`);
        };
        const image = await read(legacy);
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
        expect(fs.existsSync(file(legacy))).toBe(false);
        // A file that does not match its recorded SHA-256 stays on disk, and is not served.
        expect((await read(tampered)).status).toBe(404);
        expect(fs.existsSync(file(tampered))).toBe(true);
        expect((await read(missing)).status).toBe(404);
        expect(fs.existsSync(file(stray))).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/user/real_name', () => {
  it('needs complete data, own uploads and a unique ID number; admin review moves the status', async () => {
    const pics = async (token: string) => ({
      front_pic: (await upload(token, PNG)).body.message,
      reverse_pic: (await upload(token, JPG)).body.message,
      hand_pic: (await upload(token, PNG)).body.message,
    });
    const mine = await pics(alice);
    const base = {
      name: 'Alice Smith',
      card_id: 'X1234567',
      card_type: 'hz',
      countryname: 'US',
      adress: '1 Main St',
      ...mine,
    };
    const submit = (body: Record<string, unknown>, token = alice) =>
      server.post('/api/user/real_name', body, { token });
    expect((await submit({ ...base, adress: '' })).body.code).toBe('kyc.incomplete');
    expect((await submit({ ...base, hand_pic: undefined })).body.code).toBe('kyc.incomplete');
    expect((await submit({ ...base, name: 'Alice 2' })).body.code).toBe('kyc.name_invalid');
    expect((await submit({ ...base, card_id: 'X12中文' })).body.code).toBe('kyc.card_id_invalid');
    const bobsPics = await pics(bob);
    expect((await submit({ ...base, front_pic: bobsPics.front_pic })).body.code).toBe('upload.invalid');
    expect((await submit(base)).body.message).toBe('submitted');
    expect((await server.get('/api/user/center', { token: alice })).body.message).toMatchObject({
      review_status: 1,
    });
    expect((await submit(base)).body.code).toBe('kyc.already_submitted');
    expect((await submit({ ...base, ...bobsPics, card_id: 'x1234567' }, bob)).body.code).toBe(
      'kyc.card_id_used',
    );

    await reviewRealName(server.ctx, 'alice@example.com', 'reject', 'photo unreadable');
    expect((await server.get('/api/user/center', { token: alice })).body.message).toMatchObject({
      review_status: 0,
      review_reason: 'photo unreadable',
    });
    // Once rejected, the number is free again; approval makes it final.
    expect((await submit({ ...base, ...bobsPics }, bob)).body.message).toBe('submitted');
    await reviewRealName(server.ctx, 'bob@example.com', 'approve');
    expect((await server.get('/api/user/center', { token: bob })).body.message).toMatchObject({
      review_status: 2,
    });
    expect((await submit(base)).body.code).toBe('kyc.card_id_used');
  });
});

describe('payout profile', () => {
  it('saves with bank_account and own QR uploads, and reads back only the caller’s', async () => {
    expect((await server.post('/api/user/cash_info', {}, { token: alice })).body.message).toEqual({});
    const qr = (await upload(alice, PNG)).body.message;
    const foreignQr = (await upload(bob, PNG)).body.message;
    const save = (body: Record<string, unknown>) =>
      server.post('/api/user/cash_save', body, { token: alice });
    expect((await save({ bank_name: 'Bank' })).body.code).toBe('cash.bank_account_required');
    expect((await save({ bank_account: '6222', wechat_qr_code: foreignQr })).body.code).toBe(
      'upload.invalid',
    );
    expect((await save({ bank_account: '6222', bank_name: 'Bank', alipay_qr_code: qr })).status).toBe(200);
    expect((await server.post('/api/user/cash_info', {}, { token: alice })).body.message).toMatchObject({
      bank_account: '6222',
      bank_name: 'Bank',
      alipay_qr_code: qr,
      wechat_qr_code: '',
    });
    expect((await server.post('/api/user/cash_info', {}, { token: bob })).body.message).toEqual({});
  });
});

describe('GET /api/user/extension', () => {
  it('lists invited users with masked accounts', async () => {
    const demo = await login(server, 'demo@example.com', 'Demo1234');
    const res = await server.get('/api/user/extension', { token: demo });
    expect(res.body.message).toEqual([{ account: 'b***@example.com', create_date: expect.any(String) }]);
    expect((await server.get('/api/user/extension', { token: alice })).body.message).toEqual([]);
  });
});

describe('POST /api/user/password', () => {
  it('needs the old password, follows the rule and revokes the other sessions', async () => {
    const other = await login(server, 'alice@example.com', 'Passw0rd');
    const change = (body: Record<string, unknown>) =>
      server.post('/api/user/password', body, { token: alice });
    expect(
      (await change({ old_password: 'wrong1', password: 'Newpass1', re_password: 'Newpass1' })).body.code,
    ).toBe('password.wrong_old');
    expect(
      (await change({ old_password: 'Passw0rd', password: 'short', re_password: 'short' })).body.code,
    ).toBe('password.rule');
    expect(
      (await change({ old_password: 'Passw0rd', password: 'Newpass1', re_password: 'Newpass2' })).body.code,
    ).toBe('password.mismatch');
    expect(
      (await change({ old_password: 'Passw0rd', password: 'Newpass1', re_password: 'Newpass1' })).status,
    ).toBe(200);
    expect((await server.get('/api/user/info', { token: other })).body.type).toBe('999');
    expect((await server.get('/api/user/info', { token: alice })).body.type).toBe('ok');
    await login(server, 'alice@example.com', 'Newpass1');
  });
});

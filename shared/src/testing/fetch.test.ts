// The network-edge mock itself: it routes by the contract, records what was sent, and refuses
// fixtures that do not match the contract.
import { call } from '../api/client';
import { uploadImage } from '../uploads/api/upload';
import { apiFailure, mockFetch } from './fetch';

const WALLET = { usdt_totle: '0', balance: [] };
const WALLETS = { change_wallet: WALLET, lever_wallet: WALLET, legal_wallet: WALLET, micro_wallet: WALLET };

describe('mockFetch', () => {
  it('answers a contract route in the envelope and records the request as sent', async () => {
    const net = mockFetch({ 'POST /api/wallet/list': () => WALLETS });
    await expect(call('POST /api/wallet/list')).resolves.toEqual(WALLETS);
    await expect(call('GET /api/legal_buy/detail', { id: 7 })).rejects.toMatchObject({ code: 'not_found' });
    expect(net.calls.map((c) => [c.method, c.path, c.route])).toEqual([
      ['POST', '/api/wallet/list', 'POST /api/wallet/list'],
      ['GET', '/api/legal_buy/detail', 'GET /api/legal_buy/detail'],
    ]);
    expect(net.to('GET /api/legal_buy/detail')[0]?.query).toEqual({ id: '7' });
    expect(() => net.restore()).not.toThrow();
  });

  it('answers a failure at the status of its code', async () => {
    const net = mockFetch({ 'POST /api/wallet/list': () => apiFailure('forbidden') });
    await expect(call('POST /api/wallet/list')).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    net.restore();
  });

  it('fails the test when a fixture does not match the contract', async () => {
    // @ts-expect-error: the fixture lacks three wallets (a compile error, and checked at run time).
    const net = mockFetch({ 'POST /api/wallet/list': () => ({ change_wallet: WALLET }) });
    await expect(call('POST /api/wallet/list')).rejects.toMatchObject({ code: 'answer.malformed' });
    expect(() => net.restore()).toThrow(
      /The fixture of POST \/api\/wallet\/list does not match the contract/,
    );
  });

  it('fails the test when a request goes to a path the contract does not have', async () => {
    const net = mockFetch({});
    await fetch('/api/not/a/route', { method: 'POST' });
    expect(() => net.restore()).toThrow('POST /api/not/a/route is not a route of the contract');
  });

  it('refuses a path that is not a route name (a compile error, and at run time)', () => {
    // @ts-expect-error: routes are named as the contract names them ("POST /api/wallet/list").
    expect(() => mockFetch({ '/api/wallet/list': () => WALLETS })).toThrow(
      'mockFetch: /api/wallet/list is not a route of the contract',
    );
  });

  it('fails the test when the client sends what the contract refuses', async () => {
    const net = mockFetch({ 'GET /api/legal_buy/detail': () => apiFailure('fiat.order_not_found') });
    await call('GET /api/legal_buy/detail', { id: 0 }).catch(() => undefined);
    expect(() => net.restore()).toThrow(
      /GET \/api\/legal_buy\/detail was sent \{"id":"0"\}, which the contract refuses: id: /,
    );
  });

  it('fails the test when the client sends a key the server would drop', async () => {
    const net = mockFetch({ 'POST /api/wallet/list': () => WALLETS });
    await fetch('/api/wallet/list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page: 1 }),
    });
    expect(() => net.restore()).toThrow(
      'POST /api/wallet/list takes no input, but was sent page (the server drops them)',
    );
  });

  it('checks path parameters as the server does', async () => {
    const net = mockFetch({});
    await fetch('/api/legal/code/1/alipay.gif');
    expect(() => net.restore()).toThrow(
      /GET \/api\/legal\/code\/:merchant\/:way was called with path \/api\/legal\/code\/1\/alipay.gif, which the contract refuses: way: /,
    );
  });

  it('answers the upload (XMLHttpRequest) from the same routes', async () => {
    const net = mockFetch({ 'POST /api/upload': () => 'upl_1' });
    const progress: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await expect(uploadImage(file, { onProgress: (p) => progress.push(p) })).resolves.toBe('upl_1');
    expect(progress.at(-1)).toBe(100);
    expect(net.to('POST /api/upload').map((c) => (c.body.file as File).name)).toEqual(['a.png']);
    net.restore();
  });
});

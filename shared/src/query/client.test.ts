import * as ReactQuery from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { ApiError, call } from '../api/client';
import { mockFetch, networkDown, rawAnswer } from '../testing/fetch';
import { socketStatusAtom } from '../socket/socket';
import { sessionAtom } from '../session/session';
import { createAppQueryClient, isRetryable } from './client';

const store = getDefaultStore();

describe('the app QueryClient', () => {
  it('tries a read again after a network failure or a 5xx, never after an answer that says no', () => {
    expect(isRetryable(new ApiError('network', 'x', 0))).toBe(true);
    expect(isRetryable(new ApiError('internal', 'x', 503))).toBe(true);
    expect(isRetryable(new ApiError('wallet.insufficient_balance', 'x', 400))).toBe(false);
    expect(isRetryable(new DOMException('aborted', 'AbortError'))).toBe(false);
    const client = createAppQueryClient(ReactQuery);
    const retry = client.getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, new ApiError('network', 'x', 0))).toBe(true);
    expect(retry(2, new ApiError('network', 'x', 0))).toBe(false);
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it.each([
    ['no answer', networkDown],
    ['a gateway 502', () => rawAnswer(502, 'Bad Gateway')],
  ])('sends a failed action once (%s): one request over the wire', async (_, failure) => {
    const client = createAppQueryClient(ReactQuery);
    const net = mockFetch({ 'POST /api/wallet/transfer': failure });
    try {
      const observer = new ReactQuery.MutationObserver(client, {
        mutationFn: () =>
          call('POST /api/wallet/transfer', {
            currency_id: 3,
            number: '12.5',
            from_field: 'change',
            to_field: 'lever',
          }),
      });
      await expect(observer.mutate()).rejects.toMatchObject({ code: 'network' });
      expect(net.to('POST /api/wallet/transfer')).toHaveLength(1);
    } finally {
      net.restore();
    }
  });

  it('asks again for the stale queries on screen when the socket is back after a drop', async () => {
    const client = createAppQueryClient(ReactQuery);
    client.mount();
    let calls = 0;
    const observer = new ReactQuery.QueryObserver(client, {
      queryKey: ['probe'],
      queryFn: () => ++calls,
      staleTime: 0,
      refetchOnWindowFocus: false,
    });
    const off = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    store.set(socketStatusAtom, 'connected');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(1);
    store.set(socketStatusAtom, 'reconnecting');
    store.set(socketStatusAtom, 'connected');
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(2);
    off();
    client.unmount();
  });

  it('empties the cache when the user logs in or out', () => {
    const client = createAppQueryClient(ReactQuery);
    client.setQueryData(['wallet', 'list'], { total: '1' });
    store.set(sessionAtom, { ...store.get(sessionAtom), token: 'another-user' });
    expect(client.getQueryData(['wallet', 'list'])).toBeUndefined();
  });
});

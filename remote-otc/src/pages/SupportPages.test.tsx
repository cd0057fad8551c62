import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkDown, renderPage, stubNetwork } from '@app/shared/testing';
import type { NewsItem } from '@app/shared';
import HelpPage from './HelpPage';
import OnlineServicePage from './OnlineServicePage';
import { resetAppState } from '../testing/fixtures';

const item = (id: number, title: string): NewsItem => ({
  id,
  sorts: 0,
  thumbnail: '',
  title,
  content: `<p>${title} body</p>`,
  create_time: '2026-01-01T00:00:00.000Z',
  c_id: 21,
  lang: 'en',
});

beforeEach(() => resetAppState());

describe('HelpPage', () => {
  it('merges categories 21, 19 and 3, opens an article and links to support', async () => {
    const articles = [item(1, 'Getting started'), item(2, 'Trading fees'), item(3, 'Security')];
    const net = stubNetwork({
      'POST /api/news/list': ({ c_id }) => ({
        list: c_id === 21 ? [articles[0]!] : c_id === 19 ? [articles[1]!] : [articles[2]!],
      }),
      'POST /api/news/detail': ({ id }) => articles.find((a) => a.id === id) ?? articles[0]!,
    });
    const user = userEvent.setup();
    renderPage(<HelpPage />, { url: '/help', otherRoutes: { '/onlineServer': <p>chat page</p> } });
    // Nothing below the skeleton that the arriving list would push down.
    expect(screen.queryByRole('link', { name: 'Contact customer service' })).not.toBeInTheDocument();
    const help = await screen.findByRole('list', { name: 'Help articles' }, { timeout: 5000 });
    const titles = within(help).getAllByRole('button');
    expect(titles.map((b) => b.textContent?.split('2026-')[0]?.trim())).toEqual([
      'Getting started',
      'Trading fees',
      'Security',
    ]);
    expect(net.to('POST /api/news/list').map((c) => c.body.c_id)).toEqual([21, 19, 3]);
    await user.click(titles[1]!);
    expect(await screen.findByText('Trading fees body', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Contact customer service' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
  });

  it('still offers customer service when the articles cannot be loaded', async () => {
    stubNetwork({ 'POST /api/news/list': () => networkDown() });
    renderPage(<HelpPage />, { url: '/help', otherRoutes: { '/onlineServer': <p>chat page</p> } });
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeInTheDocument();
  });
});

describe('OnlineServicePage', () => {
  it('loads the template, fills {id} and {name} and shows the chat when the frame loads', async () => {
    window.localStorage.setItem('token', 'tok');
    window.localStorage.setItem('user_id', '42');
    window.localStorage.setItem('accountNum', 'ann@example.com');
    const { sessionAtom } = await import('@app/shared');
    const { getDefaultStore } = await import('jotai');
    getDefaultStore().set(sessionAtom, {
      token: 'tok',
      userId: '42',
      accountNum: 'ann@example.com',
      extensionCode: null,
      isSeller: false,
    });
    const net = stubNetwork({
      'GET /api/custorm': () =>
        'http://127.0.0.1/api/support/chat?t=abc&uid={id}&name={name}&terminal=mobile',
    });
    renderPage(<OnlineServicePage />, { url: '/onlineServer' });
    const frame = await screen.findByTitle('Customer service chat');
    expect(net.to('GET /api/custorm').map((c) => c.query)).toEqual([{ terminal: 'mobile' }]);
    expect(frame).toHaveAttribute(
      'src',
      'http://127.0.0.1/api/support/chat?t=abc&uid=42&name=ann%40example.com&terminal=mobile',
    );
    expect(screen.getByText('Connecting to customer service…')).toBeInTheDocument();
    fireEvent.load(frame);
    expect(screen.queryByText('Connecting to customer service…')).not.toBeInTheDocument();
  });

  it('shows a failure with retry', async () => {
    // No answer (the client tries a GET three times before it fails: the failure is the call's).
    let up = false;
    const net = stubNetwork({
      'GET /api/custorm': () => (up ? '/chat?uid={id}&name={name}' : networkDown()),
    });
    const user = userEvent.setup();
    renderPage(<OnlineServicePage />, { url: '/onlineService?terminal=recharge', path: '/onlineService' });
    // Three tries with ky's backoff (0.3 s, 0.6 s) before the failure shows.
    expect(
      await screen.findByText('Network error, please try again', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const tries = net.to('GET /api/custorm').length;
    up = true;
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTitle('Customer service chat')).toHaveAttribute('src', '/chat?uid=&name=');
    expect(
      net
        .to('GET /api/custorm')
        .map((c) => c.query)
        .slice(tries - 1),
    ).toEqual([{ terminal: 'recharge' }, { terminal: 'recharge' }]);
  });
});

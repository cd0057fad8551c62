import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../testing/render';
import { mockFetch, networkDown, type FetchMock } from '../testing/fetch';
import type { NewsItem } from '../types/entities';
import { NewsList, formatNewsDate } from './NewsList';
import { NewsArticle } from './NewsArticle';

const item = (id: number, title: string): NewsItem => ({
  id,
  sorts: id,
  thumbnail: '',
  title,
  content: `<p>${title} body</p>`,
  create_time: '2026-11-20T07:39:49.785Z',
  c_id: 4,
  lang: 'en',
});

let net: FetchMock | undefined;
afterEach(() => net?.restore());

/** Answers the first request with no network (and its GET retries are not made: these are POSTs). */
function failingOnce<T>(answer: () => T) {
  let calls = 0;
  return () => (++calls === 1 ? networkDown() : answer());
}

describe('NewsList', () => {
  it('merges categories in order, without duplicates, and reports the chosen item', async () => {
    net = mockFetch({
      'POST /api/news/list': ({ c_id }) => ({
        list:
          c_id === 21
            ? [item(1, 'Start'), item(2, 'Deposit')]
            : c_id === 19
              ? [item(3, 'Fees'), item(2, 'Deposit')]
              : [item(4, 'Security')],
      }),
    });
    const onSelect = jest.fn();
    const user = userEvent.setup();
    renderPage(<NewsList categories={[21, 19, 3]} onSelect={onSelect} label="Help" />);
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Help' });
    const titles = within(list)
      .getAllByRole('button')
      .map((button) => button.querySelector('.MuiListItemText-primary')?.textContent);
    expect(titles).toEqual(['Start', 'Deposit', 'Fees', 'Security']);
    expect(within(list).getAllByText(/^2026-11-20 \d\d:\d\d UTC\+8$/)).toHaveLength(4);
    await user.click(within(list).getByRole('button', { name: /Fees/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('shows an error with retry, then the list', async () => {
    net = mockFetch({ 'POST /api/news/list': failingOnce(() => ({ list: [item(1, 'Start')] })) });
    const user = userEvent.setup();
    renderPage(<NewsList categories={[4]} onSelect={() => undefined} />);
    await user.click(await within(await screen.findByRole('alert')).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Start')).toBeInTheDocument();
  });

  it('formats dates in the app time policy (Asia/Shanghai, labelled)', () => {
    expect(formatNewsDate('2026-11-20T07:39:49.785Z')).toBe('2026-11-20 15:39 UTC+8');
    expect(formatNewsDate('')).toBe('');
  });
});

describe('NewsArticle', () => {
  it('loads the article by id and shows it with a retry on failure', async () => {
    net = mockFetch({ 'POST /api/news/detail': failingOnce(() => item(9, 'Maintenance')) });
    const user = userEvent.setup();
    renderPage(<NewsArticle id={9} />);
    expect(screen.getByTestId('article-skeleton')).toBeInTheDocument();
    await user.click(await within(await screen.findByRole('alert')).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    expect(await screen.findByText('Maintenance body')).toBeInTheDocument();
  });
});

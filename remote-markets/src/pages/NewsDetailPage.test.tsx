import { screen } from '@testing-library/react';
import { apiFailure, renderPage } from '@app/shared/testing';
import NewsDetailPage from './NewsDetailPage';
import ImgbnPage from './ImgbnPage';
import { BANNERS, NOTICES, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

beforeEach(() => resetMarketsState());

describe('NewsDetailPage', () => {
  it('shows the article of ?id', async () => {
    const net = stubMarketCalls({ 'POST /api/news/detail': () => NOTICES[1]! });
    renderPage(<NewsDetailPage />, { url: '/news?id=6', title: 'Article' });
    expect(await screen.findByRole('heading', { level: 2, name: 'New trading pairs' })).toBeInTheDocument();
    expect(await screen.findByText('New trading pairs text')).toBeInTheDocument();
    expect(net.to('POST /api/news/detail').map((c) => c.body)).toEqual([{ id: 6, lang: 'en' }]);
  });

  it('goes home without an id', async () => {
    stubMarketCalls();
    renderPage(<NewsDetailPage />, { url: '/news', otherRoutes: { '/': <p>Home screen</p> } });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('says so when the article does not exist', async () => {
    stubMarketCalls({ 'POST /api/news/detail': () => apiFailure('news.not_found', 'Article not found') });
    renderPage(<NewsDetailPage />, { url: '/news?id=999' });
    expect(await screen.findByText('This article does not exist.')).toBeInTheDocument();
  });
});

describe('ImgbnPage', () => {
  it('shows the banner image, then its article', async () => {
    const net = stubMarketCalls({ 'POST /api/news/detail': () => BANNERS[0]! });
    renderPage(<ImgbnPage />, { url: '/imgbn?id=1', title: 'Banner' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Trade crypto anytime' }),
    ).toBeInTheDocument();
    expect(document.querySelector('article img')).toHaveAttribute('src', 'http://x/banner/1.svg');
    expect(net.to('POST /api/news/detail').map((c) => c.body.id)).toEqual([1]);
  });

  it('lists the banners without an id', async () => {
    stubMarketCalls();
    renderPage(<ImgbnPage />, { url: '/imgbn' });
    expect(await screen.findByRole('button', { name: /Lock-up mining/ })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { renderPage } from '@app/shared/testing';
import { ApiError, supportApi } from '@app/shared';
import NewsDetailPage from './NewsDetailPage';
import ImgbnPage from './ImgbnPage';
import { BANNERS, NOTICES, resetMarketsState, stubMarketCalls } from '../testing/fixtures';

beforeEach(() => {
  resetMarketsState();
  stubMarketCalls();
});

describe('NewsDetailPage', () => {
  it('shows the article of ?id', async () => {
    const detail = jest.spyOn(supportApi, 'newsDetail').mockResolvedValue(NOTICES[1]!);
    renderPage(<NewsDetailPage />, { url: '/news?id=6', title: 'Article' });
    expect(await screen.findByRole('heading', { level: 2, name: 'New trading pairs' })).toBeInTheDocument();
    expect(await screen.findByText('New trading pairs text')).toBeInTheDocument();
    expect(detail).toHaveBeenCalledWith({ id: 6, lang: 'en' }, expect.any(AbortSignal));
  });

  it('goes home without an id', async () => {
    renderPage(<NewsDetailPage />, { url: '/news', otherRoutes: { '/': <p>Home screen</p> } });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('says so when the article does not exist', async () => {
    jest
      .spyOn(supportApi, 'newsDetail')
      .mockRejectedValue(new ApiError('news.not_found', 'Article not found', 404));
    renderPage(<NewsDetailPage />, { url: '/news?id=999' });
    expect(await screen.findByText('This article does not exist.')).toBeInTheDocument();
  });
});

describe('ImgbnPage', () => {
  it('shows the banner image, then its article', async () => {
    jest.spyOn(supportApi, 'newsDetail').mockResolvedValue(BANNERS[0]!);
    renderPage(<ImgbnPage />, { url: '/imgbn?id=1', title: 'Banner' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Trade crypto anytime' }),
    ).toBeInTheDocument();
    expect(document.querySelector('article img')).toHaveAttribute('src', 'http://x/banner/1.svg');
  });

  it('lists the banners without an id', async () => {
    renderPage(<ImgbnPage />, { url: '/imgbn' });
    expect(await screen.findByRole('button', { name: /Lock-up mining/ })).toBeInTheDocument();
  });
});

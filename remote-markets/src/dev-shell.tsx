// Runs this remote alone (pnpm --filter remote-markets dev) with the host's singletons and providers.
// Dev-only labels; the real titles live in the host's route table.
import { renderDevShell } from '@app/shared';
import HomePage from './pages/HomePage';
import QuotesPage from './pages/QuotesPage';
import KlinePage from './pages/KlinePage';
import NoticePage from './pages/NoticePage';
import NewsDetailPage from './pages/NewsDetailPage';
import ImgbnPage from './pages/ImgbnPage';

void renderDevShell('markets', [
  { path: '/', title: 'Home', Component: HomePage },
  { path: '/quotes', title: 'Markets', Component: QuotesPage },
  { path: '/kline', title: 'Chart', Component: KlinePage },
  { path: '/notice', title: 'Announcements', Component: NoticePage },
  { path: '/news', title: 'Article', Component: NewsDetailPage },
  { path: '/imgbn', title: 'Banner', Component: ImgbnPage },
]);

// Runs this remote alone (pnpm --filter remote-otc dev) with the host's singletons and providers.
// Dev-only labels; the real titles live in the host's route table.
import { renderDevShell } from '@app/shared';
import FiatBuyPage from './pages/FiatBuyPage';
import FiatOrderDetailPage from './pages/FiatOrderDetailPage';
import LaunchListPage from './pages/LaunchListPage';
import LaunchProjectPage from './pages/LaunchProjectPage';
import LockMiningPage from './pages/LockMiningPage';
import LockMiningOrdersPage from './pages/LockMiningOrdersPage';
import FeedbackPage from './pages/FeedbackPage';
import HelpPage from './pages/HelpPage';
import OnlineServicePage from './pages/OnlineServicePage';
import AboutPage from './pages/AboutPage';

void renderDevShell('otc', [
  { path: '/Recharge', title: 'Buy USDT', Component: FiatBuyPage },
  { path: '/Detail', title: 'Order details', Component: FiatOrderDetailPage },
  { path: '/Uplist', title: 'My subscriptions', Component: LaunchListPage },
  { path: '/UpStart', title: 'Launch project', Component: LaunchProjectPage },
  { path: '/zhiya', title: 'Lock-up mining', Component: LockMiningPage },
  { path: '/zhiyaOrder', title: 'Lock-up orders', Component: LockMiningOrdersPage },
  { path: '/feedback', title: 'Complaints', Component: FeedbackPage },
  { path: '/help', title: 'Help centre', Component: HelpPage },
  { path: '/onlineServer', title: 'Customer service', Component: OnlineServicePage },
  { path: '/about', title: 'About', Component: AboutPage },
]);

// Runs this remote alone (pnpm --filter remote-trading dev) with the host's singletons and providers.
// Dev-only labels; the real titles live in the host's route table.
import { renderDevShell } from '@app/shared';
import ExchangePage from './pages/ExchangePage';
import TradePage from './pages/TradePage';

void renderDevShell('trading', [
  { path: '/exchange', title: 'Spot trading', Component: ExchangePage },
  { path: '/trade', title: 'Trade', Component: TradePage },
]);

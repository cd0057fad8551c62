import { useEffect } from 'react';
import { ComingSoon, PageShell, subscribe, withCatalog } from '@app/shared';
import { catalog } from '../catalog';

function TradePage() {
  // The order book of the current pair (the trading slice renders it).
  useEffect(() => subscribe('market_depth', { currency_id: 1, legal_id: 3 }, () => undefined), []);
  return (
    <PageShell hideBack>
      <ComingSoon />
    </PageShell>
  );
}

export default withCatalog(catalog, 'trading/TradePage', TradePage);

// Labels of the market tabs (doc 1 §1: 0 crypto, 1 precious metals, 2 futures).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MarketTab } from '@app/shared';

export const tabLabels: Record<MarketTab, MessageDescriptor> = {
  0: msg({ id: 'markets.tab.crypto', message: 'Crypto' }),
  1: msg({ id: 'markets.tab.metals', message: 'Precious metals' }),
  2: msg({ id: 'markets.tab.futures', message: 'Futures' }),
};

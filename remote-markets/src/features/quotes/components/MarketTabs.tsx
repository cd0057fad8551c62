import { useLingui } from '@lingui/react';
import { MARKET_TABS, type MarketTab } from '@app/shared';
import { LineTabs } from '../../../ui/LineTabs';
import { tabLabels } from '../model/messages';

export interface MarketTabsProps {
  value: MarketTab;
  onChange: (tab: MarketTab) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** id prefix linking each tab to its panel. */
  idPrefix: string;
}

/** Crypto / precious metals / futures. */
export function MarketTabs({ value, onChange, label, idPrefix }: MarketTabsProps) {
  const { i18n } = useLingui();
  return (
    <LineTabs
      value={value}
      onChange={onChange}
      label={label}
      tabs={MARKET_TABS.map((tab) => ({
        value: tab,
        label: i18n._(tabLabels[tab]),
        id: `${idPrefix}-tab-${tab}`,
        controls: `${idPrefix}-panel`,
      }))}
    />
  );
}

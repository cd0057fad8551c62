import { useLingui } from '@lingui/react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { MARKET_TABS, type MarketTab } from '../model/quote';
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
    <Tabs
      value={value}
      onChange={(_, tab: MarketTab) => onChange(tab)}
      variant="fullWidth"
      aria-label={label}
      sx={{ minHeight: 44, borderBottom: 1, borderColor: 'divider' }}
    >
      {MARKET_TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={i18n._(tabLabels[tab])}
          id={`${idPrefix}-tab-${tab}`}
          aria-controls={`${idPrefix}-panel`}
          sx={{ px: 0.5, fontSize: 14, lineHeight: 1.2 }}
        />
      ))}
    </Tabs>
  );
}

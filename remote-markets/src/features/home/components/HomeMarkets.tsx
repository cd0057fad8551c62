import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { type MarketTab, storedTab, storeTab, useMarketQuotes } from '@app/shared';
import { MarketTabs, QuoteListBody, QuoteListHeader, useOpenChart } from '../../quotes';

/** The home quote list: crypto / precious metals / futures (tab kept under hqtab), live, with mini charts. */
export function HomeMarkets() {
  const { t } = useLingui();
  const [tab, setTab] = useState<MarketTab>(storedTab);
  const state = useMarketQuotes(tab);
  const openChart = useOpenChart();
  const changeTab = useCallback((next: MarketTab) => {
    storeTab(next);
    setTab(next);
  }, []);
  return (
    <Box
      component="section"
      sx={{ bgcolor: 'background.paper', mx: -2, borderTopLeftRadius: 16, borderTopRightRadius: 16 }}
    >
      <MarketTabs value={tab} onChange={changeTab} label={t`Markets`} idPrefix="home-markets" />
      <QuoteListHeader />
      <QuoteListBody
        state={state}
        onOpen={openChart}
        miniChart
        label={t`Quotes`}
        panelId="home-markets-panel"
      />
    </Box>
  );
}

import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { type MarketTab, storedTab, storeTab, useMarketQuotes, useQuoteVersion } from '@app/shared';
import { useFavourites } from '../hooks/useFavourites';
import { useOpenChart } from '../hooks/useOpenChart';
import { arrangeQuotes, nextSort, type SortKey, type SortOrder } from '../model/arrange';
import { MarketTabs } from './MarketTabs';
import { QuoteListBody, QuoteListHeader } from './QuoteList';
import { SearchField } from './SearchField';
import { SortButton } from './SortButton';

/** The quotes page: three tabs, search by name, sort by change or volume, favourites first. */
export function MarketsScreen() {
  const { t } = useLingui();
  const [tab, setTab] = useState<MarketTab>(storedTab);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [favourites, toggleFavourite] = useFavourites();
  const state = useMarketQuotes(tab);
  const openChart = useOpenChart('quotes');
  // The order depends on live values only while sorting: only then does the list follow every frame.
  const version = useQuoteVersion(state.store, sort !== null);
  const search = useDeferredValue(query);

  const ids = useMemo(
    () => arrangeQuotes(state.store.all(), { query: search, sort, favourites }),
    // `version` and `state.ids` stand for the store's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.store, state.ids, version, search, sort, favourites],
  );

  const changeTab = useCallback((next: MarketTab) => {
    storeTab(next);
    setTab(next);
  }, []);
  const onSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);

  return (
    <Box sx={{ mx: -2, mt: -2 }}>
      <Box sx={{ position: 'sticky', top: 52, zIndex: 2, bgcolor: 'background.default' }}>
        <MarketTabs value={tab} onChange={changeTab} label={t`Markets`} idPrefix="quotes" />
        <Box sx={{ px: 2, pt: 1.5 }}>
          <SearchField value={query} onChange={setQuery} placeholder={t`Search`} label={t`Search pairs`} />
        </Box>
        <QuoteListHeader
          pair={
            <SortButton sortKey="volume" sort={sort} onSort={onSort} label={t`Sort by volume`}>
              <Trans>Pair / Vol</Trans>
            </SortButton>
          }
          change={
            <SortButton sortKey="change" sort={sort} onSort={onSort} label={t`Sort by change`}>
              <Trans>Change</Trans>
            </SortButton>
          }
        />
      </Box>
      <QuoteListBody
        state={state}
        ids={ids}
        onOpen={openChart}
        favourites={favourites}
        onToggleFavourite={toggleFavourite}
        label={t`Quotes`}
        panelId="quotes-panel"
        empty={query ? <Trans>No pairs match “{query}”.</Trans> : undefined}
      />
    </Box>
  );
}

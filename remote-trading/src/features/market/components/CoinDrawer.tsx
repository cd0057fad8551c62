import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CoinLogo, EmptyState, ErrorState, ListSkeleton, formatChangePercent } from '@app/shared';
import { dec, show, decimalsOf } from '../../../lib/decimal';
import { useQuoteList } from '../hooks/useQuote';
import type { MarketTab } from '../model/pair';
import type { TradeQuote } from '../model/quote';

const Row = memo(function Row({
  quote,
  selected,
  onPick,
}: {
  quote: TradeQuote;
  selected: boolean;
  onPick: (q: TradeQuote) => void;
}) {
  const up = dec(quote.change).gt(0);
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onPick(quote)}
      data-testid={`coin-${quote.symbol}`}
      sx={{ gap: 1.5 }}
    >
      <CoinLogo src={quote.logo} name={quote.name} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {quote.symbol}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {show(quote.price, decimalsOf(quote.price))}
        </Typography>
        <Typography variant="body2" sx={{ color: up ? 'success.main' : 'error.main' }}>
          {formatChangePercent(quote.change)}
        </Typography>
      </Box>
    </ListItemButton>
  );
});

function DrawerList({
  tab,
  selectedId,
  onPick,
}: {
  tab: MarketTab;
  selectedId: number;
  onPick: (q: TradeQuote) => void;
}) {
  const { t } = useLingui();
  const state = useQuoteList(tab, true);
  if (state.status === 'loading') return <ListSkeleton rows={8} height={48} />;
  if (state.status === 'error') return <ErrorState onRetry={state.retry} />;
  if (state.quotes.length === 0) return <EmptyState />;
  return (
    <List aria-label={t`Pairs`} sx={{ overflowY: 'auto' }}>
      {state.quotes.map((q) => (
        <Row key={q.currencyId} quote={q} selected={q.currencyId === selectedId} onPick={onPick} />
      ))}
    </List>
  );
}

/** The coin drawer (doc 1 §2): logo, name, change percent (green above 0, red otherwise), latest price. */
export function CoinDrawer({
  open,
  onClose,
  onPick,
  selectedId,
  initialTab,
  tabs,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (q: TradeQuote) => void;
  selectedId: number;
  initialTab: MarketTab;
  /** Which markets to offer; spot offers the USDT pairs only. */
  tabs: readonly MarketTab[];
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<MarketTab>(tabs.includes(initialTab) ? initialTab : (tabs[0] ?? 0));
  const labels: Record<MarketTab, string> = { 0: t`Crypto`, 1: t`Precious metals`, 2: t`Futures` };
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { role: 'dialog', 'aria-label': t`Choose a pair`, sx: { width: '84vw', maxWidth: 360 } },
      }}
    >
      <Typography component="h2" variant="h2" sx={{ px: 2, py: 1.5 }}>
        <Trans>Choose a pair</Trans>
      </Typography>
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          onChange={(_, v: MarketTab) => setTab(v)}
          variant="fullWidth"
          aria-label={t`Markets`}
        >
          {tabs.map((k) => (
            <Tab key={k} value={k} label={labels[k]} />
          ))}
        </Tabs>
      )}
      {open && <DrawerList tab={tab} selectedId={selectedId} onPick={onPick} />}
    </Drawer>
  );
}

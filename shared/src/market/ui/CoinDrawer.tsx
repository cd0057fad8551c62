// Imported as `@app/shared/CoinDrawer`, not from the package root: the root is the federated
// singleton every route loads at start-up, and this brings MUI code only the market and trade
// pages need. It holds no state of its own (the live data comes from the root's market client),
// so each remote that shows it bundles this module; MUI still comes from the host.
import { memo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  CoinLogo,
  EmptyState,
  ErrorState,
  ListSkeleton,
  formatChangePercent,
  compareDecimals,
  formatPrice,
  useMarketQuotes,
  useQuote,
  type MarketQuote,
  type MarketTab,
  type QuoteStore,
} from '@app/shared';
import { CloseIcon } from './icons';

const Row = memo(function Row({
  store,
  currencyId,
  selected,
  onPick,
}: {
  store: QuoteStore;
  currencyId: number;
  selected: boolean;
  onPick: (q: MarketQuote) => void;
}) {
  // Each row follows its own quote: a tick re-renders the rows whose quote changed.
  const quote = useQuote(store, currencyId);
  if (!quote) return null;
  const up = compareDecimals(quote.change, 0) === 1;
  return (
    <ListItem disablePadding data-testid={`quote-row-${quote.symbol}`}>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onPick(store.get(currencyId) ?? quote)}
        sx={{ gap: 1.5, minHeight: 56 }}
      >
        <CoinLogo src={quote.logo} name={quote.base} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {quote.symbol}
          </Typography>
          {quote.tab !== 0 && quote.title !== quote.symbol && (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {quote.title}
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatPrice(quote.price)}</Typography>
          <Typography variant="body2" sx={{ color: up ? 'success.main' : 'error.main' }}>
            {formatChangePercent(quote.change)}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
});

function DrawerList({
  tab,
  selectedId,
  onPick,
}: {
  tab: MarketTab;
  selectedId: number;
  onPick: (q: MarketQuote) => void;
}) {
  const { t } = useLingui();
  const state = useMarketQuotes(tab);
  if (state.status === 'loading') return <ListSkeleton rows={8} height={48} />;
  if (state.status === 'error') return <ErrorState onRetry={state.retry} />;
  if (state.ids.length === 0) return <EmptyState />;
  return (
    <List aria-label={t`Pairs`} sx={{ overflowY: 'auto' }}>
      {state.ids.map((id) => (
        <Row key={id} store={state.store} currencyId={id} selected={id === selectedId} onPick={onPick} />
      ))}
    </List>
  );
}

export interface CoinDrawerProps {
  open: boolean;
  onClose: () => void;
  onPick: (q: MarketQuote) => void;
  /** The instrument on screen (marked in the list). */
  selectedId: number;
  /** The tab shown when the drawer opens. */
  initialTab: MarketTab;
  /** Which markets to offer; spot offers the USDT pairs only. */
  tabs: readonly MarketTab[];
}

/**
 * The coin drawer (doc 1 §2): pick another instrument of any offered market; each row shows
 * logo, name, latest price and change percent (green above 0, red otherwise), live while open.
 */
export function CoinDrawer({ open, onClose, onPick, selectedId, initialTab, tabs }: CoinDrawerProps) {
  const { t } = useLingui();
  const first = tabs.includes(initialTab) ? initialTab : (tabs[0] ?? 0);
  const [tab, setTab] = useState<MarketTab>(first);
  // Each opening starts on the tab of the instrument on screen.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTab(first);
  }
  const labels: Record<MarketTab, string> = { 0: t`Crypto`, 1: t`Precious metals`, 2: t`Futures` };
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'coin-drawer-title',
          sx: { width: '86vw', maxWidth: 380 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, minHeight: 52 }}>
        <Typography id="coin-drawer-title" component="h2" variant="h2" sx={{ flex: 1 }}>
          <Trans>Choose a pair</Trans>
        </Typography>
        <IconButton aria-label={t`Close`} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
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

import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CloseIcon } from '../../../ui/icons';
import {
  MarketTabs,
  QuoteListBody,
  QuoteListHeader,
  useMarketQuotes,
  type MarketQuote,
  type MarketTab,
} from '../../quotes';

function DrawerList({
  tab,
  selectedId,
  onSelect,
}: {
  tab: MarketTab;
  selectedId: number;
  onSelect: (q: MarketQuote) => void;
}) {
  const { t } = useLingui();
  const state = useMarketQuotes(tab);
  return (
    <QuoteListBody
      state={state}
      onOpen={onSelect}
      selectedId={selectedId}
      label={t`Pairs`}
      panelId="kline-markets-panel"
    />
  );
}

/** The pop-up market list of the chart page: pick another pair of any tab. */
export function MarketDrawer({
  open,
  tab,
  onTabChange,
  selectedId,
  onClose,
  onSelect,
}: {
  open: boolean;
  /** The tab on show in the drawer. */
  tab: MarketTab;
  onTabChange: (tab: MarketTab) => void;
  selectedId: number;
  onClose: () => void;
  onSelect: (quote: MarketQuote) => void;
}) {
  const { t } = useLingui();
  return (
    <Drawer
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': 'kline-markets-title',
          sx: { width: '88vw', maxWidth: 380 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, minHeight: 52 }}>
        <Typography id="kline-markets-title" component="h2" variant="h2" sx={{ flex: 1 }}>
          <Trans>Markets</Trans>
        </Typography>
        <IconButton aria-label={t`Close`} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <MarketTabs value={tab} onChange={onTabChange} label={t`Markets`} idPrefix="kline-markets" />
      <QuoteListHeader />
      {open && <DrawerList tab={tab} selectedId={selectedId} onSelect={onSelect} />}
    </Drawer>
  );
}

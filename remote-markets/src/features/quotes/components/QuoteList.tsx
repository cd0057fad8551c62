import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import {
  apiErrorMessage,
  EmptyState,
  ErrorState,
  ListSkeleton,
  type MarketQuote,
  type MarketQuotesState,
} from '@app/shared';
import { loadCompactFormatter } from '../model/format';
import { QuoteRow } from './QuoteRow';

/** Column titles above a quote list; the quotes page puts its sort buttons in them. */
export function QuoteListHeader({ pair, change }: { pair?: ReactNode; change?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 2,
        minHeight: 36,
        color: 'text.secondary',
        fontSize: 12,
      }}
    >
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center' }}>{pair ?? <Trans>Pair / Vol</Trans>}</Box>
      <Box sx={{ minWidth: 80, textAlign: 'right' }}>
        <Trans>Last price</Trans>
      </Box>
      <Box sx={{ minWidth: 70, display: 'flex', justifyContent: 'flex-end' }}>
        {change ?? <Trans>Change</Trans>}
      </Box>
    </Box>
  );
}

export interface QuoteListBodyProps {
  state: MarketQuotesState;
  /** The ids to show, in order (default: all, the server's order). */
  ids?: readonly number[];
  onOpen: (quote: MarketQuote) => void;
  miniChart?: boolean;
  favourites?: ReadonlySet<string>;
  onToggleFavourite?: (symbol: string) => void;
  selectedId?: number;
  label: string;
  panelId?: string;
  labelledBy?: string;
  empty?: ReactNode;
}

/** Rows in one commit (about a phone screen). */
const ROWS_PER_COMMIT = 8;

/** Skeleton while loading, error with retry, empty state, or the live rows. */
export function QuoteListBody({
  state,
  ids,
  onOpen,
  miniChart,
  favourites,
  onToggleFavourite,
  selectedId,
  label,
  panelId,
  labelledBy,
  empty,
}: QuoteListBodyProps) {
  const { i18n } = useLingui();
  const shown = ids ?? state.ids;
  // Rows are committed a screenful at a time: the first ones at once, the rest in following
  // transitions, so no single commit (DOM, styles, effects of 30 rows) is a long task.
  const [limit, setLimit] = useState(ROWS_PER_COMMIT);
  const more = state.status === 'ready' && shown.length > limit;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => startTransition(() => setLimit((n) => n + ROWS_PER_COMMIT)), 0);
    return () => clearTimeout(timer);
  }, [more, limit]);
  // The volumes' formatter, requested beside the quotes (see loadCompactFormatter).
  useEffect(loadCompactFormatter, []);
  if (state.status === 'loading') return <ListSkeleton rows={8} height={56} />;
  if (state.status === 'error') {
    return <ErrorState message={apiErrorMessage(i18n, state.error)} onRetry={state.retry} />;
  }
  if (shown.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Box
      component="ul"
      id={panelId}
      role="list"
      aria-label={label}
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {shown.slice(0, limit).map((currencyId) => (
        <QuoteRow
          key={currencyId}
          store={state.store}
          currencyId={currencyId}
          onOpen={onOpen}
          miniChart={miniChart}
          favourite={favourites?.has(state.store.get(currencyId)?.symbol ?? '')}
          onToggleFavourite={onToggleFavourite}
          selected={selectedId === currencyId}
        />
      ))}
    </Box>
  );
}

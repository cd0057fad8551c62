// Imported as `@app/shared/OrderBook`, not from the package root: the root is the federated
// singleton every route loads at start-up, and this brings MUI code only the market and trade
// pages need. It holds no state of its own (the live data comes from the root's market client),
// so each remote that shows it bundles this module; MUI still comes from the host.
import { memo, useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import {
  ErrorState,
  ListSkeleton,
  decimalsOf,
  formatPrice,
  marketColors,
  truncate,
  useLiveSelect,
  visuallyHidden,
  type QuoteLive,
} from '@app/shared';
import type { DepthLive, DepthSnapshot } from '@app/shared/market-book';

// The book's shell (header, lists, styles) renders once; on a depth tick the rows of each side
// are written in place (see BookSide) and only the last price re-renders. Of a row's depth bar
// only the transform changes: no style recalculation beyond it, no repaint.
const rowSx = {
  listStyle: 'none',
  position: 'relative',
  '& > button, & > div': {
    position: 'relative',
    width: '100%',
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    boxSizing: 'border-box',
    // Before the sizes below: the shorthand would reset them (a button does not inherit font).
    font: 'inherit',
    px: 1,
    height: 24,
    fontSize: 12,
    fontVariantNumeric: 'tabular-nums',
    border: 0,
    color: 'inherit',
    background: 'none',
    cursor: 'pointer',
    textAlign: 'left',
  },
  '& > div': { cursor: 'default' },
  '& [data-q]': { color: 'text.secondary', position: 'relative' },
  '& [data-p]': { position: 'relative' },
  // Its own layer: a new depth is a compositor transform, no repaint.
  '& [data-bar]': { position: 'absolute', inset: 0, pointerEvents: 'none', willChange: 'transform' },
} as const;
const listSx = { m: 0, p: 0, '& > li': rowSx } as const;
/** Side by side (the chart page): taller rows, a bolder price. */
const splitListSx = {
  m: 0,
  p: 0,
  '& > li': {
    ...rowSx,
    '& > button, & > div': {
      ...rowSx['& > button, & > div'],
      height: 26,
      fontSize: 12.5,
      // A row's size never depends on its text: a tick's new text is laid out inside the row
      // alone, not through the page (no paint containment: focus rings stay whole). Without it
      // the book's ticks made long tasks on the chart page under bench:live. Only side by side:
      // stacked beside the trade form, the rows' text must size the book's column (at 360 px a
      // contained row let long amounts run past the screen's edge).
      contain: 'size layout style',
    },
    '& [data-p]': { position: 'relative', fontWeight: 500 },
  },
} as const;
const headSx = {
  display: 'flex',
  justifyContent: 'space-between',
  px: 1,
  pb: 0.5,
  fontSize: 11,
  color: 'text.secondary',
} as const;
const splitHeadSx = { ...headSx, pb: 0, py: 0.75, fontSize: 12 } as const;
/** The row between the sides (stacked): the last price. */
const midSx = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  px: 1,
  py: 0.75,
  gap: 1,
} as const;
/** A level's height (stacked; rowSx). */
const ROW_HEIGHT = 24;
/** The stacked book's header (11 px text, 4 px under) and last price row (16 px text, 6 px around). */
const BOOK_CHROME = 11 * 1.5 + 4 + 16 * 1.5 + 12;

const visuallyHiddenStyle = visuallyHidden as CSSProperties;

interface RowNodes {
  button: HTMLElement;
  bar: HTMLElement;
  price: HTMLElement;
  amount: HTMLElement;
  /** Hidden text naming the action (rows that can be picked). */
  label: HTMLElement | null;
  /** What the row shows now (a tick writes only what changed). */
  shown: { price: string; amount: string; depth: string; labelOf: string; labelIn: unknown };
}

export type BookLayout = 'stacked' | 'split';

const rowsOf = (snapshot: DepthSnapshot, side: 'bid' | 'ask', levels: number, layout: BookLayout) =>
  side === 'ask' && layout === 'stacked'
    ? snapshot.book.asks.slice(0, levels).reverse()
    : side === 'ask'
      ? snapshot.book.asks.slice(0, levels)
      : snapshot.book.bids.slice(0, levels);

/**
 * One side of the book. React renders the rows only when their number changes; a depth tick
 * writes each row's price, amount, depth bar and label in place (no React render, no
 * reconciliation of 20 rows 10 times a second), and only what changed.
 */
function BookSide({
  depth,
  quote,
  side,
  levels,
  layout,
  decimals,
  label,
  onPick,
}: {
  depth: DepthLive;
  quote?: QuoteLive;
  side: 'bid' | 'ask';
  levels: number;
  layout: BookLayout;
  decimals?: number;
  label: string;
  onPick?: (price: string) => void;
}) {
  const { t } = useLingui();
  const count = useLiveSelect(depth.live, (s) => rowsOf(s, side, levels, layout).length);
  const list = useRef<HTMLUListElement>(null);
  const paint = useRef<() => void>(() => undefined);
  const write = () => {
    const ul = list.current;
    if (!ul) return;
    const rows = rowsOf(depth.live.get(), side, levels, layout);
    const last = quote?.get()?.price;
    const places = decimals ?? (last ? decimalsOf(last) : rows[0] ? decimalsOf(rows[0].price) : 2);
    const items = ul.children;
    for (let i = 0; i < items.length; i += 1) {
      const li = items[i] as HTMLElement & { bookRow?: RowNodes };
      const level = rows[i];
      if (!level) continue;
      let row = li.bookRow;
      if (!row || row.button !== li.firstElementChild) {
        const button = li.firstElementChild as HTMLElement;
        row = {
          button,
          bar: button.querySelector('[data-bar]') as HTMLElement,
          price: button.querySelector('[data-p]') as HTMLElement,
          amount: button.querySelector('[data-q]') as HTMLElement,
          label: button.querySelector('[data-l]'),
          shown: { price: '', amount: '', depth: '', labelOf: '', labelIn: null },
        };
        li.bookRow = row;
      }
      // Beside the trade form (stacked) a row has about 130 px at 360 px wide: the price goes
      // without group separators there, as the form's own fields show it.
      const price = layout === 'split' ? formatPrice(level.price, places) : truncate(level.price, places);
      if (row.shown.price !== price) row.price.textContent = row.shown.price = price;
      if (row.shown.amount !== level.amount) row.amount.textContent = row.shown.amount = level.amount;
      if (row.shown.depth !== level.depth) {
        row.bar.style.transform = `scaleX(${level.depth})`;
        row.shown.depth = level.depth;
      }
      // The label is translated again only for a new price (or language).
      if (onPick && (row.shown.labelOf !== level.price || row.shown.labelIn !== t)) {
        // Hidden text before the visible price and amount: the button's name starts with the
        // action and still contains what is shown (WCAG 2.5.3 Label in Name).
        if (row.label) row.label.textContent = `${t`Use price ${level.price}`} `;
        row.shown.labelOf = level.price;
        row.shown.labelIn = t;
      }
    }
  };
  // After every render (new rows, language, handler) and on every tick of the book or the price.
  useLayoutEffect(() => {
    paint.current = write;
    write();
  });
  useEffect(() => {
    const run = () => paint.current();
    const offDepth = depth.live.subscribe(run);
    const offQuote = quote?.subscribe(run);
    return () => {
      offDepth();
      offQuote?.();
    };
  }, [depth.live, quote]);
  // The bar is a graphic (market colours); the price is text, in the theme's AA ink.
  const { palette } = useTheme();
  const color = side === 'bid' ? palette.success.main : palette.error.main;
  // Stacked, every bar grows from the right; side by side, from the middle outwards.
  const origin = layout === 'split' && side === 'ask' ? 'left center' : 'right center';
  const bar = {
    background: `${side === 'bid' ? marketColors.up : marketColors.down}26`,
    transform: 'scaleX(0)',
    transformOrigin: origin,
  };
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const body = (
      <>
        <i data-bar="" style={bar} />
        {onPick && <span data-l="" style={visuallyHiddenStyle} />}
        {layout === 'split' && side === 'bid' ? (
          <>
            <span data-q="" />
            <span data-p="" style={{ color }} />
          </>
        ) : (
          <>
            <span data-p="" style={{ color }} />
            <span data-q="" />
          </>
        )}
      </>
    );
    rows.push(
      <li key={i}>
        {onPick ? (
          <button
            type="button"
            onClick={() => {
              const level = rowsOf(depth.live.get(), side, levels, layout)[i];
              if (level) onPick(level.price);
            }}
          >
            {body}
          </button>
        ) : (
          <div>{body}</div>
        )}
      </li>,
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={layout === 'split' ? splitListSx : listSx} ref={list}>
      {rows}
    </Box>
  );
}

/** "Market closed", as a small warning pill (no Chip: it would load the forms chunk). */
function ClosedLabel() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: 1,
        borderRadius: 3,
        fontSize: 13,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        whiteSpace: 'nowrap',
      }}
    >
      <Trans>Market closed</Trans>
    </Box>
  );
}

function LastPrice({ quote }: { quote: QuoteLive }) {
  const price = useLiveSelect(quote, (q) => q?.price);
  const up = useLiveSelect(quote, (q) => (q ? !q.change.startsWith('-') : true));
  const { palette } = useTheme();
  return (
    <span style={{ color: up ? palette.success.main : palette.error.main, fontSize: 16, fontWeight: 700 }}>
      {price ? formatPrice(price) : '--'}
    </span>
  );
}

export interface OrderBookProps {
  depth: DepthLive;
  /** Levels a side: as many as the screen asks for and the server published (nothing invented). */
  levels: number;
  /**
   * stacked (trade screens): asks (red, best lowest next to the last price) above the last
   * price, bids (green) below. split (chart screen): bids left, asks right, best at the top.
   */
  layout?: BookLayout;
  /** The live quote: its last price between the sides (stacked) and its precision. */
  quote?: QuoteLive;
  /** Price precision (default: the last price's, else the book's). */
  decimals?: number;
  /** The market is closed: the last snapshot stays on screen, marked closed. */
  closed?: boolean;
  /** Tapping a level hands its price (fills the form's price). */
  onPick?: (price: string) => void;
}

/**
 * The stacked book before it loads: its loading rows in the space of its header, `levels` rows a
 * side and the last price (BOOK_CHROME), so the page around it does not move when it shows (on the
 * spot page the 10-level book replacing a shorter skeleton pushed the order lists down: a layout
 * shift of 0.06).
 */
export function OrderBookSkeleton({ levels }: { levels: number }) {
  return (
    <Box sx={{ height: levels * 2 * ROW_HEIGHT + BOOK_CHROME }}>
      <ListSkeleton rows={Math.min(levels, 6)} height={20} />
    </Box>
  );
}

/** The order book (doc 1 §2), following the live book without re-rendering on a tick. */
export const OrderBook = memo(function OrderBook({
  depth,
  levels,
  layout = 'stacked',
  quote,
  decimals,
  closed = false,
  onPick,
}: OrderBookProps) {
  const { t } = useLingui();
  const status = useLiveSelect(depth.live, (s) => s.status);
  const empty = useLiveSelect(depth.live, (s) => s.book.asks.length === 0 && s.book.bids.length === 0);
  if (status === 'loading')
    return layout === 'stacked' ? (
      <OrderBookSkeleton levels={levels} />
    ) : (
      <ListSkeleton rows={Math.min(levels, 6)} height={20} />
    );
  if (status === 'error') return <ErrorState onRetry={depth.retry} />;
  const side = (which: 'bid' | 'ask') => (
    <BookSide
      depth={depth}
      quote={quote}
      side={which}
      levels={levels}
      layout={layout}
      decimals={decimals}
      label={which === 'bid' ? t`Bids` : t`Asks`}
      onPick={onPick}
    />
  );
  const nothing = empty && (
    <Box sx={{ py: 2, textAlign: 'center', fontSize: 12, color: 'text.secondary' }} role="status">
      <Trans>No orders in the book</Trans>
    </Box>
  );
  if (layout === 'split') {
    const amount = <Trans>Amount</Trans>;
    return (
      <Box data-testid="order-book" aria-label={t`Order book`} role="region" sx={{ contain: 'content' }}>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {/* Bids left (price towards the middle), asks right: best prices meet in the middle. */}
          {(['bid', 'ask'] as const).map((which) => (
            <Box key={which} sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={splitHeadSx}>
                {which === 'bid' ? (
                  <>
                    <span>{amount}</span>
                    <span>
                      <Trans>Bid</Trans>
                    </span>
                  </>
                ) : (
                  <>
                    <span>
                      <Trans>Ask</Trans>
                    </span>
                    <span>{amount}</span>
                  </>
                )}
              </Box>
              {side(which)}
            </Box>
          ))}
        </Box>
        {closed && <ClosedLabel />}
        {nothing}
      </Box>
    );
  }
  return (
    <Box data-testid="order-book" aria-label={t`Order book`} role="region" sx={{ contain: 'content' }}>
      <Box sx={headSx}>
        <span>
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Amount</Trans>
        </span>
      </Box>
      {side('ask')}
      <Box sx={midSx} data-testid="book-last-price">
        {quote ? <LastPrice quote={quote} /> : <span />}
        {closed && <ClosedLabel />}
      </Box>
      {side('bid')}
      {nothing}
    </Box>
  );
});

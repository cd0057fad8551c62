import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EmptyState, ErrorState, ListSkeleton } from '@app/shared';

export interface OrderListTab<K> {
  value: K;
  label: string;
  /** The list's accessible name when it differs from the tab's. */
  listLabel?: string;
}

export interface OrderListProps<K extends string | number, R> {
  /** The accessible name of the tabs. */
  label: string;
  tabs: ReadonlyArray<OrderListTab<K>>;
  tab: K;
  onTabChange: (tab: K) => void;
  /**
   * The tabs share the row's width. Where their labels need more than the row (four tabs at
   * 360 px, longer translations), the row scrolls sideways instead of cutting off the last tab.
   */
  fullWidth?: boolean;
  status: 'loading' | 'error' | 'ready';
  rows: readonly R[];
  /** The error state's retry (none: no retry button). */
  onRetry?: () => void;
  rowKey: (row: R) => string | number;
  /** One `li` per order. */
  renderRow: (row: R) => ReactNode;
  skeletonHeight?: number;
  /** The lists' dialogs (revoke, close, stops). */
  children?: ReactNode;
}

/**
 * Full-width tabs: equal shares of the row, none narrower than its label (a longer one widens
 * its own tab, and the row scrolls once the labels need more than it). The static first frame
 * lays out its order tabs by the same rules (scripts/index.html, `.ff-orders`).
 */
const fillRow = { '& .MuiTab-root': { flex: '1 0 0', minWidth: 'max-content', px: 1.5 } } as const;

/** The tabs' height (MUI Tabs' minimum). */
const TABS_HEIGHT = 48;

/**
 * An order list before it mounts (see Later): the space of its tabs and its loading rows, which
 * its first render shows (the rows load), so the swap moves nothing.
 */
export function OrderListSkeleton({ skeletonHeight }: { skeletonHeight?: number }) {
  return (
    <Box sx={{ mt: 2 }} aria-busy="true">
      <Box sx={{ height: TABS_HEIGHT }} />
      <ListSkeleton rows={3} height={skeletonHeight} />
    </Box>
  );
}

/** The order lists of the trade screens (spot, leveraged, seconds): tabs, then loading, error, empty or rows. */
export function OrderList<K extends string | number, R>({
  label,
  tabs,
  tab,
  onTabChange,
  fullWidth = false,
  status,
  rows,
  onRetry,
  rowKey,
  renderRow,
  skeletonHeight,
  children,
}: OrderListProps<K, R>) {
  const current = tabs.find((t) => t.value === tab);
  return (
    <Box sx={{ mt: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, v: K) => onTabChange(v)}
        // MUI's fullWidth keeps every tab at least 90 px wide and clips the row: at 360 px the
        // fourth tab of the leveraged list was cut ("Revok"). Scrollable tabs that grow to fill
        // the row look the same where they fit and scroll where they do not.
        variant={fullWidth ? 'scrollable' : 'standard'}
        scrollButtons={false}
        sx={fullWidth ? fillRow : undefined}
        aria-label={label}
      >
        {tabs.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      {status === 'loading' ? (
        <ListSkeleton rows={3} height={skeletonHeight} />
      ) : status === 'error' ? (
        <ErrorState onRetry={onRetry} />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Box component="ul" aria-label={current?.listLabel ?? current?.label} sx={{ m: 0, p: 0 }}>
          {rows.map((row) => (
            <Fragment key={rowKey(row)}>{renderRow(row)}</Fragment>
          ))}
        </Box>
      )}
      {children}
    </Box>
  );
}

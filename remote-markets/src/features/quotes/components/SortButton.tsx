import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { visuallyHidden } from '@app/shared';
import { ArrowDownIcon, ArrowUpIcon, UnfoldIcon } from '../../../ui/icons';
import type { SortKey, SortOrder } from '../model/arrange';

/** A column title that sorts: tap for descending, again for ascending, again for off. */
export function SortButton({
  sortKey,
  sort,
  onSort,
  label,
  children,
}: {
  sortKey: SortKey;
  sort: SortOrder | null;
  onSort: (key: SortKey) => void;
  /** Accessible name, e.g. "Sort by change". */
  label: string;
  children: ReactNode;
}) {
  const active = sort?.key === sortKey ? sort.direction : null;
  const Icon = active === 'asc' ? ArrowUpIcon : active === 'desc' ? ArrowDownIcon : UnfoldIcon;
  return (
    <ButtonBase
      onClick={() => onSort(sortKey)}
      aria-pressed={active !== null}
      data-sort={active ?? 'none'}
      sx={{
        minHeight: 44,
        px: 0.5,
        gap: 0.25,

        fontSize: 12,
        borderRadius: 1,
        color: active ? 'primary.main' : 'text.secondary',
      }}
    >
      {children}
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Icon sx={{ fontSize: 14 }} />
    </ButtonBase>
  );
}

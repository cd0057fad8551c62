import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** A label/value list (confirm dialogs, cost figures, row details). */
export function Figures({ items, dense }: { items: Array<[ReactNode, ReactNode]>; dense?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1,
        rowGap: dense ? 0.25 : 0.75,
        fontSize: dense ? 12.5 : 14,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
      }}
    >
      {items.map(([label, value], i) => (
        <Box key={i} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

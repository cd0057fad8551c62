import { memo } from 'react';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { type QuoteColor } from '@app/shared';
import { formatChange } from '../model/format';

const background = { 1: 'success.main', [-1]: 'error.main', 0: 'action.disabledBackground' } as const;

export const pill = {
  display: 'inline-block',
  flex: 'none',
  minWidth: 70,
  px: 1,
  py: 0.75,
  borderRadius: 1,
  textAlign: 'center',
  fontSize: 13.5,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
} as const;

/**
 * The change percent on a green (up), red (down) or grey (flat) pill; outside trading hours a
 * grey "Closed" pill instead.
 */
export const ChangeBadge = memo(function ChangeBadge({
  change,
  color,
  closed,
}: {
  change: string;
  color: QuoteColor;
  closed?: boolean;
}) {
  if (closed) {
    return (
      <Box component="span" sx={{ ...pill, bgcolor: 'action.disabledBackground', color: 'text.secondary' }}>
        <Trans>Closed</Trans>
      </Box>
    );
  }
  return (
    <Box
      component="span"
      sx={{
        ...pill,
        bgcolor: background[color],
        color: color === 0 ? 'text.primary' : color > 0 ? 'success.contrastText' : 'error.contrastText',
      }}
    >
      {formatChange(change)}
    </Box>
  );
});

// The "Closed" mark beside a pair whose market is closed. A file of its own: the chart header
// uses it without bringing the quote rows (and their mini charts) into the chart page's chunks.
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';

export function ClosedLabel() {
  return (
    <Box
      component="span"
      sx={{
        ml: 0.75,
        px: 0.5,
        borderRadius: 0.5,
        fontSize: 11,
        lineHeight: '16px',
        verticalAlign: 'middle',
        color: 'text.secondary',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Trans>Closed</Trans>
    </Box>
  );
}

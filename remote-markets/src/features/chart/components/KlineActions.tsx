import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link } from '@app/shared';
import { LeverageIcon, SpotIcon, TimerIcon } from '../../../ui/icons';

export const ACTIONS_HEIGHT = 72;

/**
 * A shortcut: its icon above its label, on one line. Side by side (icon, then label), the three
 * did not fit at 360 or 390 px in Spanish ("Apalancamiento" alone is 119 px at 14 px) or Japanese.
 */
const shortcut = {
  flexDirection: 'column',
  gap: 0.25,
  py: 0.5,
  px: 0.75,
  whiteSpace: 'nowrap',
  lineHeight: 1.25,
  '& .MuiButton-startIcon': { m: 0 },
} as const;

/**
 * The chart's shortcuts (doc 1 §2): spot (/exchange), leverage (/trade?mode=1), option
 * (/trade?mode=2). Spot trades only crypto pairs against USDT: metals and futures get no spot
 * shortcut, so no shortcut opens a ticket that cannot trade.
 */
export function KlineActions({ spot }: { spot: boolean }) {
  return (
    <Box
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 1100,
        // Equal columns where the labels allow; a longer label widens its own column only.
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: 'minmax(max-content, 1fr)',
        gap: 1,
        px: 2,
        py: 1.25,
        pb: 'calc(10px + env(safe-area-inset-bottom))',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {spot && (
        <Button
          component={Link}
          to="/exchange"
          variant="contained"
          color="success"
          startIcon={<SpotIcon />}
          sx={shortcut}
        >
          <Trans>Spot</Trans>
        </Button>
      )}
      <Button
        component={Link}
        to="/trade?mode=1"
        variant="contained"
        startIcon={<LeverageIcon />}
        sx={shortcut}
      >
        <Trans>Leverage</Trans>
      </Button>
      <Button
        component={Link}
        to="/trade?mode=2"
        variant="contained"
        color="secondary"
        startIcon={<TimerIcon />}
        sx={shortcut}
      >
        <Trans>Options</Trans>
      </Button>
    </Box>
  );
}

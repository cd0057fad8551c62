import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { socketStatusAtom } from '../socket/socket';

/**
 * The "reconnecting" state while the live socket is down: a slim strip in the flow of the page
 * header (under its toolbar), so it never covers the back button, the title, the tab bar or
 * the page; pages keep their last data meanwhile. A polite live region: screen readers hear
 * it once, without moving focus. Nothing is rendered while connected.
 */
export function ConnectionIndicator() {
  const status = useAtomValue(socketStatusAtom);
  const down = status === 'reconnecting';
  return (
    <Box role="status" aria-live="polite" sx={{ display: down ? 'block' : 'none' }}>
      {down && (
        <Box
          data-testid="connection-indicator"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 0.75,
            minHeight: 20,
            px: 1,
            fontSize: 12,
            lineHeight: '20px',
            bgcolor: 'warning.main',
            color: 'warning.contrastText',
          }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'currentColor', flex: 'none' }}
          />
          <Trans>Reconnecting…</Trans>
        </Box>
      )}
    </Box>
  );
}

import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { socketStatusAtom } from '../socket/socket';

/** A visible "reconnecting" state while the live socket is down. */
export function ConnectionIndicator() {
  const status = useAtomValue(socketStatusAtom);
  if (status !== 'reconnecting') return null;
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 1400,
        py: 0.5,
        textAlign: 'center',
        fontSize: 13,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <Trans>Reconnecting…</Trans>
    </Box>
  );
}

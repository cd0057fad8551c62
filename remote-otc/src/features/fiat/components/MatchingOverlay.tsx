import { Trans, useLingui } from '@lingui/react/macro';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export type MatchingPhase = 'matching' | 'matched';

/** Full-screen overlay while the server matches a merchant, then briefly "matched". */
export function MatchingOverlay({ phase }: { phase: MatchingPhase | null }) {
  const { t } = useLingui();
  return (
    <Backdrop open={phase !== null} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {phase !== null && (
        <Box
          role="dialog"
          aria-modal="true"
          aria-label={t`Matching a merchant`}
          sx={{ textAlign: 'center', px: 4 }}
        >
          {phase === 'matched' ? (
            <Typography variant="h6" role="status">
              <Trans>Merchant matched, opening your order…</Trans>
            </Typography>
          ) : (
            <>
              <CircularProgress color="inherit" />
              <Typography variant="h6" sx={{ mt: 2 }} role="status">
                <Trans>Matching a merchant for you…</Trans>
              </Typography>
            </>
          )}
        </Box>
      )}
    </Backdrop>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { feedbackApi } from '../api/feedbackApi';
import { formatDateTime } from '../../common';
import { useQuery, LoadView } from '@app/shared';
import { feedbackKeys } from '../api/keys';

/** One complaint with its reply; texts are rendered as text. */
function FeedbackDetail({ id }: { id: number }) {
  const { t } = useLingui();
  const detail = useQuery({
    queryKey: feedbackKeys.detail(id),
    queryFn: ({ signal }) => feedbackApi.detail(id, signal),
  });
  return (
    <LoadView query={detail} rows={3}>
      {(item) => (
        <Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDateTime(item.create_time)}
          </Typography>
          <Typography
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: 0.5 }}
            data-testid="feedback-content"
          >
            {item.content}
          </Typography>
          {item.img && (
            <Box
              component="img"
              src={item.img}
              alt={t`Attached image`}
              sx={{ maxWidth: '100%', mt: 1, borderRadius: 1 }}
            />
          )}
          <Paper variant="outlined" sx={{ p: 1.5, mt: 2 }} component="section" aria-label={t`Reply`}>
            {item.is_reply === 1 ? (
              <>
                <Typography variant="subtitle2">
                  <Trans>Reply</Trans> · {formatDateTime(item.reply_time)}
                </Typography>
                <Typography
                  sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  data-testid="feedback-reply"
                >
                  {item.reply_content}
                </Typography>
              </>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>
                <Trans>Waiting for a reply</Trans>
              </Typography>
            )}
          </Paper>
        </Box>
      )}
    </LoadView>
  );
}

export function FeedbackDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="feedback-detail-title"
    >
      <DialogTitle id="feedback-detail-title">
        <Trans>Complaint details</Trans>
      </DialogTitle>
      <DialogContent>{id !== null && <FeedbackDetail id={id} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

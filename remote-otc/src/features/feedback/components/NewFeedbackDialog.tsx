import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiErrorMessage, notify } from '@app/shared';
import { ImagePicker } from '@app/shared/ImagePicker';
import { FEEDBACK_MAX_LENGTH, feedbackApi } from '../api/feedbackApi';
import { feedbackProblemMessage, validateFeedback } from '../model/feedback';

/** A new complaint: text (required) and one optional image. */
export function NewFeedbackDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useLingui();
  const [content, setContent] = useState('');
  const [img, setImg] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const problem = validateFeedback(content);
    if (problem) {
      const text = i18n._(feedbackProblemMessage[problem]);
      setError(text);
      notify(text, 'warning');
      return;
    }
    setBusy(true);
    try {
      await feedbackApi.add(img ? { content: content.trim(), img } : { content: content.trim() });
      notify(t`Complaint submitted`, 'success');
      setContent('');
      setImg('');
      onSent();
    } catch (e) {
      notify(apiErrorMessage(i18n, e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-new-title">
      <DialogTitle id="feedback-new-title">
        <Trans>New complaint</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t`Complaint description`}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setError('');
            }}
            multiline
            minRows={4}
            error={error !== ''}
            helperText={error || `${[...content].length}/${FEEDBACK_MAX_LENGTH}`}
          />
          <ImagePicker
            label={t`Add an image`}
            value={img}
            onChange={setImg}
            disabled={busy}
            previewNeedsValue
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy} sx={{ minHeight: 44 }}>
          <Trans>Submit</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { apiErrorMessage, notify } from '@app/shared';
import { ImagePicker } from '@app/shared/ImagePicker';
import { FullScreenDialog } from '../../common';
import { profileApi, type CardType, type RealNameSubmission } from '../api/profileApi';
import { accountMessages, cardTypeLabel, kycProblemMessage } from '../model/messages';
import { validateKyc, type KycField } from '../model/rules';

const EMPTY: RealNameSubmission = {
  name: '',
  card_id: '',
  card_type: 'sfz',
  countryname: '',
  adress: '',
  front_pic: '',
  reverse_pic: '',
  hand_pic: '',
};

/** The real-name form (doc 1 §2, §5): fields, three photos, submit, then the status reloads. */
export function KycDialog({
  open,
  onClose,
  onSubmitted,
}: {
  open: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<RealNameSubmission>(EMPTY);
  const [fault, setFault] = useState<KycField | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: KycField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (fault === field) setFault(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateKyc(form);
    if (problem) {
      setFault(problem.field);
      notify(i18n._(kycProblemMessage[problem.problem]), 'warning');
      return;
    }
    setSubmitting(true);
    try {
      await profileApi.realName({ ...form, name: form.name.trim(), card_id: form.card_id.trim() });
      notify(i18n._(accountMessages.submitted), 'success');
      setForm(EMPTY);
      onSubmitted();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const text = (field: 'name' | 'card_id' | 'countryname' | 'adress', label: string) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={fault === field}
      required
      fullWidth
      disabled={submitting}
    />
  );

  return (
    <FullScreenDialog open={open} title={t`Real-name verification`} onClose={onClose}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <Stack spacing={2}>
          {text('name', t`Name`)}
          <TextField
            select
            label={t`Document type`}
            value={form.card_type}
            onChange={(e) => set('card_type')(e.target.value as CardType)}
            fullWidth
            disabled={submitting}
          >
            {(Object.keys(cardTypeLabel) as CardType[]).map((type) => (
              <MenuItem key={type} value={type} sx={{ minHeight: 44 }}>
                {i18n._(cardTypeLabel[type])}
              </MenuItem>
            ))}
          </TextField>
          {text('card_id', t`ID number`)}
          {text('countryname', t`Country`)}
          {text('adress', t`Address`)}
          <ImagePicker
            label={t`Front of the document`}
            value={form.front_pic}
            onChange={set('front_pic')}
            disabled={submitting}
          />
          <ImagePicker
            label={t`Back of the document`}
            value={form.reverse_pic}
            onChange={set('reverse_pic')}
            disabled={submitting}
          />
          <ImagePicker
            label={t`Holding the document`}
            value={form.hand_pic}
            onChange={set('hand_pic')}
            disabled={submitting}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting}
            sx={{ minHeight: 48 }}
          >
            <Trans>Submit</Trans>
          </Button>
        </Stack>
      </Box>
    </FullScreenDialog>
  );
}

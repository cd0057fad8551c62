import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiErrorMessage, notify, LoadView } from '@app/shared';
import { ImagePicker } from '@app/shared/ImagePicker';
import { useCashInfo } from '../hooks/useAccountQueries';
import { FullScreenDialog } from '../../common';
import { profileApi, type PayoutProfile } from '../api/profileApi';
import { accountMessages } from '../model/messages';
import { canSavePayout } from '../model/rules';

type TextKey = Exclude<
  keyof PayoutProfile,
  'alipay_qr_code' | 'wechat_qr_code' | 'bank_id' | 'account_number'
>;

function PayoutForm({ initial, onSaved }: { initial: Partial<PayoutProfile>; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<Partial<PayoutProfile>>(initial);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof PayoutProfile) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !canSavePayout(form)) return;
    setSaving(true);
    try {
      const saved = await profileApi.cashSave(form);
      setForm(saved);
      notify(i18n._(accountMessages.saved), 'success');
      onSaved();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setSaving(false);
    }
  };

  const field = (key: TextKey, label: string, required = false) => (
    <TextField
      label={label}
      value={form[key] ?? ''}
      onChange={(e) => set(key)(e.target.value)}
      required={required}
      fullWidth
      disabled={saving}
      slotProps={{ htmlInput: { maxLength: 128 } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)}>
      <Stack spacing={2}>
        {field('real_name', t`Real name`)}
        <Typography variant="h2" component="h3">
          <Trans>Bank card</Trans>
        </Typography>
        {field('bank_name', t`Bank name`)}
        {field('bank_branch', t`Bank branch`)}
        {field('bank_account', t`Bank account`, true)}
        <Typography variant="h2" component="h3">
          <Trans>Alipay</Trans>
        </Typography>
        {field('alipay_account', t`Alipay account`)}
        <ImagePicker
          label={t`Alipay QR code`}
          value={form.alipay_qr_code ?? ''}
          onChange={set('alipay_qr_code')}
          disabled={saving}
        />
        <Typography variant="h2" component="h3">
          <Trans>WeChat</Trans>
        </Typography>
        {field('wechat_nickname', t`WeChat nickname`)}
        {field('wechat_account', t`WeChat account`)}
        <ImagePicker
          label={t`WeChat QR code`}
          value={form.wechat_qr_code ?? ''}
          onChange={set('wechat_qr_code')}
          disabled={saving}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={saving || !canSavePayout(form)}
          sx={{ minHeight: 48 }}
        >
          <Trans>Save</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

/** The payout-method form (doc 1 §2, §3, §5): save enabled only when bank_account is set. */
export function PayoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <FullScreenDialog open={open} title={t`Payment methods`} onClose={onClose}>
      {open && <PayoutLoader onSaved={onClose} />}
    </FullScreenDialog>
  );
}

function PayoutLoader({ onSaved }: { onSaved: () => void }) {
  const loaded = useCashInfo();
  return (
    <LoadView query={loaded} rows={6}>
      {(profile) => <PayoutForm initial={profile} onSaved={onSaved} />}
    </LoadView>
  );
}

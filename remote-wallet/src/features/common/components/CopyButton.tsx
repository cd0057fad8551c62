import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { notify } from '@app/shared';
import { copyText } from '../api/clipboard';

/** A copy button with the spec's copy success and failure toasts (doc 1 §8, doc 2 §8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const copy = async () => {
    if (await copyText(text)) notify(t`Copied`, 'success');
    else notify(t`Copy failed, please copy it by hand`, 'error');
  };
  return (
    <Button
      variant="outlined"
      size="small"
      sx={{ minHeight: 44, flexShrink: 0 }}
      aria-label={label}
      onClick={() => void copy()}
    >
      <Trans>Copy</Trans>
    </Button>
  );
}

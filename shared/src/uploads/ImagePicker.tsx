// Imported as `@app/shared/ImagePicker`, not from the package root: the root is one federated
// singleton that every route loads at start-up, and only a few forms (KYC, payout, fiat payment,
// complaints) pick an image (the picker and MUI's LinearProgress were ~3 KiB gzip on every route).
// It holds no state of its own, so each remote that uses it bundles this small module; the
// upload call, the toasts and the catalogue come from the root (one of each).
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { apiErrorMessage, checkImage, imageProblemMessage, notify, uploadImage } from '@app/shared';

export interface ImagePickerProps {
  label: string;
  /** The upload id, or '' when none. */
  value: string;
  onChange: (uploadId: string) => void;
  disabled?: boolean;
  /**
   * Show the preview only while uploading or while `value` is set, so clearing the value from
   * outside (e.g. once a form is sent) hides it. By default the preview stays until the next pick.
   */
  previewNeedsValue?: boolean;
}

/**
 * Picks a jpg/png (≤ 4 MB, checked before sending), previews it and uploads it with progress;
 * the field's value becomes the upload id.
 */
export function ImagePicker({ label, value, onChange, disabled, previewNeedsValue }: ImagePickerProps) {
  const { i18n } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      notify(i18n._(imageProblemMessage[problem]), 'error');
      return;
    }
    if (typeof URL.createObjectURL === 'function') setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const id = await uploadImage(file, { onProgress: setProgress });
      onChange(id);
    } catch (error) {
      setPreview(null);
      onChange('');
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Box>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        aria-label={label}
        disabled={disabled || busy}
        onChange={(e) => void pick(e)}
      />
      <ButtonBase
        onClick={() => inputRef.current?.click()}
        disabled={disabled || busy}
        aria-describedby={`${inputId}-state`}
        sx={{
          width: '100%',
          minHeight: 120,
          border: 1,
          borderStyle: 'dashed',
          borderColor: value ? 'primary.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          flexDirection: 'column',
          bgcolor: 'background.paper',
        }}
      >
        {preview && (!previewNeedsValue || value || busy) ? (
          <Box component="img" src={preview} alt={label} sx={{ maxWidth: '100%', maxHeight: 160 }} />
        ) : (
          <Typography sx={{ color: 'text.secondary', p: 2 }}>{label}</Typography>
        )}
      </ButtonBase>
      <Typography id={`${inputId}-state`} variant="caption" sx={{ color: 'text.secondary' }} role="status">
        {busy ? (
          <Trans>Uploading {progress}%</Trans>
        ) : value ? (
          <Trans>Uploaded</Trans>
        ) : (
          <Trans>jpg or png, at most 4 MB</Trans>
        )}
      </Typography>
      {busy && <LinearProgress variant="determinate" value={progress ?? 0} aria-label={label} />}
    </Box>
  );
}

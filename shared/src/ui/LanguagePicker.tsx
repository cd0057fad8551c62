import { Suspense, lazy, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import IconButton from '@mui/material/IconButton';
import { LOCALE_LABELS, type Locale } from '../i18n/i18n';
import { LanguageIcon } from './icons';
import { LazyButton } from './LazyButton';

const LanguageDialogView = lazy(() => import('./LanguageDialogView'));

/** The list of languages in a dialog; its code loads the first time it opens. */
export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LanguageDialogView open={open} onClose={onClose} />
    </Suspense>
  );
}

/** The language picker: an icon button (or a labelled button) that opens the list of languages. */
export function LanguagePicker({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const [open, setOpen] = useState(false);
  const { t, i18n } = useLingui();
  return (
    <>
      {variant === 'icon' ? (
        <IconButton aria-label={t`Language`} onClick={() => setOpen(true)}>
          <LanguageIcon />
        </IconButton>
      ) : (
        <LazyButton startIcon={<LanguageIcon />} onClick={() => setOpen(true)}>
          {LOCALE_LABELS[i18n.locale as Locale] ?? t`Language`}
        </LazyButton>
      )}
      <LanguageDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

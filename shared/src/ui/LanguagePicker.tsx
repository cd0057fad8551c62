import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import IconButton from '@mui/material/IconButton';
import { LOCALES, LOCALE_LABELS, activateLocale, type Locale } from '../i18n/i18n';
import { LanguageIcon } from './icons';

export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const choose = (locale: Locale) => {
    onClose();
    void activateLocale(locale);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t`Language`}</DialogTitle>
      <List>
        {LOCALES.map((locale) => (
          <ListItemButton
            key={locale}
            selected={i18n.locale === locale}
            onClick={() => choose(locale)}
            lang={locale}
          >
            <ListItemText primary={LOCALE_LABELS[locale]} />
          </ListItemButton>
        ))}
      </List>
    </Dialog>
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
        <Button startIcon={<LanguageIcon />} onClick={() => setOpen(true)}>
          {LOCALE_LABELS[i18n.locale as Locale] ?? t`Language`}
        </Button>
      )}
      <LanguageDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

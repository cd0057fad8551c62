import { useLingui } from '@lingui/react/macro';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { LOCALES, LOCALE_LABELS, activateLocale, type Locale } from '../i18n/i18n';

export default function LanguageDialogView({ open, onClose }: { open: boolean; onClose: () => void }) {
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

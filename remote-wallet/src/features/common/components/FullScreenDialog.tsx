import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { CloseIcon } from './icons';

/** The account centre's full-screen dialogs (doc 1 §2). */
export function FullScreenDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ minHeight: 52, px: 0.5 }}>
          <IconButton aria-label={t`Close`} onClick={onClose} edge="start" sx={{ width: 48, height: 48 }}>
            <CloseIcon />
          </IconButton>
          <Typography
            id={titleId}
            component="h2"
            variant="h1"
            sx={{ flex: 1, textAlign: 'center', pr: 6 }}
            noWrap
          >
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2 }}>{children}</Box>
    </Dialog>
  );
}

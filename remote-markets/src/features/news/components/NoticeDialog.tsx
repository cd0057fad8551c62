import { Trans, useLingui } from '@lingui/react/macro';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NewsArticle, type NewsItem } from '@app/shared';
import { CloseIcon } from '../../../ui/icons';

/** An announcement in a full-screen dialog (doc 2 §2 Notice list). */
export function NoticeDialog({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog fullScreen open={item !== null} onClose={onClose} aria-labelledby="notice-dialog-title">
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar variant="dense" sx={{ minHeight: 52, px: 0.5 }}>
          <IconButton edge="start" aria-label={t`Close`} onClick={onClose}>
            <CloseIcon />
          </IconButton>
          <Typography
            id="notice-dialog-title"
            component="h1"
            variant="h1"
            sx={{ flex: 1, textAlign: 'center', mr: 6 }}
            noWrap
          >
            <Trans>Announcement</Trans>
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2 }}>{item && <NewsArticle key={item.id} id={item.id} item={item} />}</Box>
    </Dialog>
  );
}

import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ArrowBackIcon } from './icons';
import { useRouteMeta } from '../routing/routeMeta';
import { ConnectionIndicator } from './ConnectionIndicator';

export interface PageShellProps {
  children?: ReactNode;
  /** Overrides the route table's title. */
  title?: string;
  /** Where back goes; default: history back, or home when there is no history. */
  backTo?: string;
  hideBack?: boolean;
  actions?: ReactNode;
}

/** The header every page shares: back button and the translated title of its route. */
export function PageShell({ children, title, backTo, hideBack, actions }: PageShellProps) {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const { t } = useLingui();
  const goBack = () => {
    if (backTo) navigate(backTo);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <Box sx={{ minHeight: '100%', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ minHeight: 52, px: 0.5 }} variant="dense">
          <Box sx={{ width: 48 }}>
            {!hideBack && (
              <IconButton aria-label={t`Back`} onClick={goBack} edge="start">
                <ArrowBackIcon />
              </IconButton>
            )}
          </Box>
          <Typography component="h1" variant="h1" sx={{ flex: 1, textAlign: 'center' }} noWrap>
            {title ?? meta.title}
          </Typography>
          <Box sx={{ minWidth: 48, display: 'flex', justifyContent: 'flex-end' }}>{actions}</Box>
        </Toolbar>
        <ConnectionIndicator />
      </AppBar>
      <Box component="main" sx={{ flex: 1, p: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

import type { ReactNode } from 'react';
import { useNavigate } from '../routing/navigate';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
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

const headerSx = {
  position: 'sticky',
  top: 0,
  left: 'auto',
  right: 0,
  zIndex: 1100,
  display: 'flex',
  flexDirection: 'column',
  flexShrink: 0,
  boxSizing: 'border-box',
  width: '100%',
  bgcolor: 'background.paper',
  color: 'inherit',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

const toolbarSx = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  minHeight: 52,
  px: 0.5,
} as const;

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
      {/* MUI's AppBar (position sticky, colour inherit, elevation 0) and dense Toolbar in plain
          elements: the header is on every page, and those two were ~2 KiB gzip of the start-up. */}
      <Box component="header" sx={headerSx}>
        <Box sx={toolbarSx}>
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
        </Box>
        <ConnectionIndicator />
      </Box>
      <Box component="main" sx={{ flex: 1, p: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

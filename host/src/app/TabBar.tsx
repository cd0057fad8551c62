import { useLingui } from '@lingui/react/macro';
import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useLocation, useNavigate } from '@app/shared';
import { HomeIcon, MiningIcon, PersonIcon, QuotesIcon, TradeIcon } from '@app/shared';
import { tabs, type TabKey } from './routes';

const icons: Record<TabKey, ReactElement> = {
  home: <HomeIcon />,
  quotes: <QuotesIcon />,
  trade: <TradeIcon />,
  mining: <MiningIcon />,
  mine: <PersonIcon />,
};

export const TAB_BAR_HEIGHT = 60;

// The look of MUI's Paper (elevation 8) with BottomNavigation and its actions, in plain elements
// styled by `sx`: the bar is on every tab route's start-up, and those components (with
// ButtonBase's ripple and its transitions) were ~5 KiB gzip of it. The white overlay is the one
// Paper lays on an elevated surface in the dark theme (MUI's getOverlayAlpha(8)).
const barSx = {
  position: 'fixed',
  bottom: 0,
  left: 0,
  right: 0,
  zIndex: 1100,
  pb: 'env(safe-area-inset-bottom)',
  bgcolor: 'background.paper',
  color: 'text.primary',
  borderRadius: 1,
  boxShadow: 8,
  backgroundImage: (theme: Theme) =>
    theme.palette.mode === 'dark'
      ? 'linear-gradient(rgba(255, 255, 255, 0.119), rgba(255, 255, 255, 0.119))'
      : undefined,
} as const;

const listSx = {
  display: 'flex',
  justifyContent: 'center',
  height: TAB_BAR_HEIGHT,
  bgcolor: 'background.paper',
} as const;

const tabSx = {
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  flex: '1',
  minWidth: 0,
  maxWidth: 168,
  m: 0,
  px: 0.5,
  py: 0,
  border: 0,
  borderRadius: 0,
  outline: 0,
  bgcolor: 'transparent',
  color: 'text.secondary',
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  WebkitAppearance: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: (theme: Theme) =>
    theme.transitions.create(['color', 'padding-top'], { duration: theme.transitions.duration.short }),
  '&::-moz-focus-inner': { borderStyle: 'none' },
  // MUI showed keyboard focus with a ripple; an inset ring here.
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '&[aria-current="page"]': { color: 'primary.main' },
  '& > span': {
    fontFamily: 'fontFamily',
    fontSize: '0.75rem',
    transition: 'font-size 0.2s ease 0.1s, opacity 0.2s ease 0.1s',
  },
  '&[aria-current="page"] > span': { fontSize: '0.875rem' },
  '@media (prefers-reduced-motion: reduce)': { '&, & > span': { transition: 'none' } },
} as const;

export function TabBar({ active }: { active: TabKey }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Box component="nav" aria-label={t({ id: 'tab.nav', message: 'Main' })} sx={barSx}>
      <Box sx={listSx}>
        {tabs.map((tab) => (
          <Box
            component="button"
            type="button"
            key={tab.key}
            aria-current={tab.key === active ? 'page' : undefined}
            onClick={() => {
              if (location.pathname + location.search !== tab.path) navigate(tab.path);
            }}
            sx={tabSx}
          >
            {icons[tab.key]}
            <span>{i18n._(tab.label)}</span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { ReactElement } from 'react';
import { useLocation, useNavigate } from '@app/shared';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
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

export function TabBar({ active }: { active: TabKey }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Paper
      component="nav"
      aria-label={t({ id: 'tab.nav', message: 'Main' })}
      elevation={8}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: 1100,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        showLabels
        value={active}
        sx={{ height: TAB_BAR_HEIGHT }}
        onChange={(_, key: TabKey) => {
          const tab = tabs.find((t) => t.key === key);
          if (tab && location.pathname + location.search !== tab.path) navigate(tab.path);
        }}
      >
        {tabs.map((tab) => (
          <BottomNavigationAction
            key={tab.key}
            value={tab.key}
            label={i18n._(tab.label)}
            icon={icons[tab.key]}
            aria-current={tab.key === active ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

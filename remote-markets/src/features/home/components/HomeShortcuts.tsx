import type { ReactElement } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link } from '@app/shared';
import { CardIcon, ChevronRightIcon, HeadsetIcon, HelpIcon, LockIcon } from '../../../ui/icons';

function Shortcut({ to, icon, label }: { to: string; icon: ReactElement; label: string }) {
  return (
    <ButtonBase
      component={Link}
      to={to}
      sx={{
        flex: 1,
        minWidth: 0,
        minHeight: 72,
        flexDirection: 'column',
        gap: 0.5,
        borderRadius: 2,
        color: 'text.primary',
      }}
    >
      <Box
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Typography variant="caption" sx={{ textAlign: 'center', lineHeight: 1.25, px: 0.5 }}>
        {label}
      </Typography>
    </ButtonBase>
  );
}

/** Lock-up mining entry (/zhiya) and the shortcuts: help, fast recharge, customer service (doc 1 §2 Home). */
export function HomeShortcuts() {
  const { t } = useLingui();
  return (
    <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, p: 1 }}>
      <ButtonBase
        component={Link}
        to="/zhiya"
        sx={{
          width: '100%',
          minHeight: 56,
          px: 1,
          gap: 1.5,
          borderRadius: 1.5,
          justifyContent: 'flex-start',
          textAlign: 'left',
          color: 'text.primary',
          background: (theme) => `linear-gradient(90deg, ${theme.palette.action.selected}, transparent)`,
        }}
      >
        <Box
          sx={{
            width: 40,
            height: 40,
            flex: 'none',
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'secondary.main',
            color: 'background.paper',
          }}
        >
          <LockIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            <Trans>Lock-up mining</Trans>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            <Trans>Lock coins and earn daily interest</Trans>
          </Typography>
        </Box>
        <ChevronRightIcon sx={{ color: 'text.secondary' }} />
      </ButtonBase>
      <Box role="group" aria-label={t`Shortcuts`} sx={{ display: 'flex', mt: 1 }}>
        <Shortcut to="/help" icon={<HelpIcon fontSize="small" />} label={t`Help`} />
        <Shortcut to="/Recharge" icon={<CardIcon fontSize="small" />} label={t`Fast recharge`} />
        <Shortcut to="/onlineServer" icon={<HeadsetIcon fontSize="small" />} label={t`Customer service`} />
      </Box>
    </Box>
  );
}

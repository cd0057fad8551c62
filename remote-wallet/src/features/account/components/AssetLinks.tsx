import { useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Link } from '@app/shared';
import { useUserCenter } from '../hooks/useAccountQueries';
import { ChevronIcon } from '../../common';
import { LogoutButton } from './LogoutButton';

/** The asset centre's entries (doc 1 §2): records, the shop for sellers, customer service, logout. */
export function AssetLinks() {
  const { t } = useLingui();
  const center = useUserCenter();
  const isSeller = center.status === 'success' && center.data.is_seller;
  const entries = [
    { to: '/deposit_record', label: t`Deposit records` },
    { to: '/withdrawal_record', label: t`Withdrawal records` },
    ...(isSeller ? [{ to: '/buy', label: t`My shop` }] : []),
    { to: '/onlineServer', label: t`Customer service` },
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <List disablePadding aria-label={t`Records and services`}>
          {entries.map((e) => (
            <ListItem key={e.to} disablePadding>
              <ListItemButton component={Link} to={e.to} sx={{ minHeight: 48 }}>
                <ListItemText primary={e.label} />
                <ChevronIcon sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <LogoutButton />
    </Stack>
  );
}

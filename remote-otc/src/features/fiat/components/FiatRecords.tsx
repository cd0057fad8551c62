import { Trans, useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { EmptyState, truncate, useNavigate, useQuery, LoadView } from '@app/shared';
import { fiatRecords } from '../api/fiatApi';
import { fiatKeys } from '../api/keys';
import { orderStatusLabel, payWayLabel } from '../model/messages';
import { FIAT_NAME } from '../model/fiat';
import { formatDateTime } from '../../common';

/** The user's buy records (GET /api/legal_buy/log), each opening its order detail. */
export function FiatRecords() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const records = useQuery({ queryKey: fiatKeys.records(), queryFn: ({ signal }) => fiatRecords(signal) });
  return (
    <section aria-label={t`My orders`}>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        <Trans>My orders</Trans>
      </Typography>
      <LoadView query={records} rows={3}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState />
          ) : (
            <List disablePadding>
              {list.map((r) => {
                const usdt = truncate(r.usdt_amount, 2);
                const way = i18n._(payWayLabel[r.pay_way]);
                return (
                  <ListItem key={r.id} disablePadding>
                    <ListItemButton divider onClick={() => navigate(`/Detail?id=${r.id}`)}>
                      <ListItemText
                        primary={t`${usdt} USDT · ${`${r.amount} ${FIAT_NAME}`} · ${way}`}
                        secondary={`${i18n._(orderStatusLabel[r.status])} · ${formatDateTime(r.created_at)}`}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )
        }
      </LoadView>
    </section>
  );
}

import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { EmptyState, PageShell, withCatalog, useQuery, useQueryClient, LoadView } from '@app/shared';
import { catalog } from '../catalog';
import { feedbackApi } from '../features/feedback/api/feedbackApi';
import { feedbackKeys } from '../features/feedback/api/keys';
import { FeedbackDetailDialog } from '../features/feedback/components/FeedbackDetailDialog';
import { NewFeedbackDialog } from '../features/feedback/components/NewFeedbackDialog';
import { formatDateTime } from '../features/common/model/format';

/** Complaints (/feedback): the list, each with its reply, and a new complaint. */
function FeedbackPage() {
  const { t } = useLingui();
  const list = useQuery({ queryKey: feedbackKeys.list(), queryFn: ({ signal }) => feedbackApi.list(signal) });
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const [writing, setWriting] = useState(false);
  return (
    <PageShell
      actions={
        <Button onClick={() => setWriting(true)} size="small" sx={{ minHeight: 44 }}>
          <Trans>New</Trans>
        </Button>
      }
    >
      <LoadView query={list} rows={4} height={64}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState>
              <Trans>No complaints yet</Trans>
            </EmptyState>
          ) : (
            <List disablePadding aria-label={t`My complaints`}>
              {items.map((item) => (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton divider onClick={() => setOpenId(item.id)} sx={{ gap: 1 }}>
                    <ListItemText
                      primary={item.content}
                      secondary={formatDateTime(item.create_time)}
                      slotProps={{ primary: { noWrap: true } }}
                    />
                    <Chip
                      size="small"
                      color={item.is_reply === 1 ? 'success' : 'default'}
                      label={item.is_reply === 1 ? t`Replied` : t`Waiting`}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )
        }
      </LoadView>
      <FeedbackDetailDialog id={openId} onClose={() => setOpenId(null)} />
      <NewFeedbackDialog
        open={writing}
        onClose={() => setWriting(false)}
        onSent={() => {
          setWriting(false);
          void queryClient.invalidateQueries({ queryKey: feedbackKeys.list() });
        }}
      />
    </PageShell>
  );
}

export default withCatalog(catalog, 'otc/FeedbackPage', FeedbackPage);

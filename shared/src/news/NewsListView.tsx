// The news list's view (loaded on demand, see NewsList).
import { memo } from 'react';
import { useLingui } from '@lingui/react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { apiErrorMessage } from '../api/errors';
import type { NewsItem } from '../types/entities';
import { EmptyState, ErrorState, ListSkeleton } from '../ui/states';
import { formatNewsDate, useNewsList, type NewsListProps } from './NewsList';

const NewsRow = memo(function NewsRow({
  item,
  onSelect,
}: {
  item: NewsItem;
  onSelect: (item: NewsItem) => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton divider onClick={() => onSelect(item)} sx={{ alignItems: 'flex-start', py: 1.25 }}>
        <ListItemText
          primary={item.title}
          secondary={formatNewsDate(item.create_time)}
          slotProps={{
            primary: {
              sx: {
                fontWeight: 500,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              },
            },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
});

export default function NewsListView({ categories, onSelect, label }: NewsListProps) {
  const { i18n } = useLingui();
  const state = useNewsList(categories);
  if (state.status === 'loading' && state.items.length === 0) return <ListSkeleton rows={5} height={64} />;
  if (state.status === 'error' && state.items.length === 0) {
    return <ErrorState message={apiErrorMessage(i18n, state.error)} onRetry={state.retry} />;
  }
  if (state.items.length === 0) return <EmptyState />;
  return (
    <List disablePadding aria-label={label}>
      {state.items.map((item) => (
        <NewsRow key={item.id} item={item} onSelect={onSelect} />
      ))}
    </List>
  );
}

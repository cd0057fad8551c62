import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import { Link, NewsCategory, useNewsList } from '@app/shared';
import { CampaignIcon, ChevronRightIcon } from '../../../ui/icons';

/** The ticker shows the next announcement every 5 s (doc 1 §2 Home, §9). */
export const TICKER_INTERVAL_MS = 5000;

const NOTICES = [NewsCategory.notice];

/** Announcement titles (news category 4) rotating every 5 s; tap opens /notice. */
export function AnnouncementTicker() {
  const { t } = useLingui();
  const state = useNewsList(NOTICES);
  const count = state.items.length;
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TICKER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);

  const item = count > 0 ? state.items[index % count] : undefined;
  return (
    <ButtonBase
      component={Link}
      to="/notice"
      aria-label={item ? t`Announcements: ${item.title}` : t`Announcements`}
      sx={{
        width: '100%',
        minHeight: 44,
        px: 1.5,
        gap: 1,
        borderRadius: 2,
        bgcolor: 'background.paper',
        justifyContent: 'flex-start',
        color: 'text.primary',
      }}
    >
      <CampaignIcon fontSize="small" sx={{ color: 'primary.main', flex: 'none' }} />
      <Box
        sx={{ flex: 1, minWidth: 0, height: 22, overflow: 'hidden', position: 'relative' }}
        aria-live="off"
      >
        {state.status === 'loading' && !item ? (
          <Skeleton variant="text" width="70%" />
        ) : (
          <Box
            key={item?.id ?? 'none'}
            data-testid="ticker-title"
            sx={{
              fontSize: 14,
              lineHeight: '22px',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              textAlign: 'left',
              '@keyframes tickerIn': {
                from: { transform: 'translateY(100%)', opacity: 0 },
                to: { transform: 'translateY(0)', opacity: 1 },
              },
              animation: 'tickerIn 400ms ease-out',
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            {item ? item.title : <Trans>Announcements</Trans>}
          </Box>
        )}
      </Box>
      <ChevronRightIcon fontSize="small" sx={{ color: 'text.secondary', flex: 'none' }} />
    </ButtonBase>
  );
}

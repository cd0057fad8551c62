import { memo } from 'react';
import { useLingui } from '@lingui/react';
import { useLingui as useMacroLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { visuallyHidden } from '@app/shared';
import { periodLabels, periodNames } from '../model/messages';
import { CHART_PERIODS, type ChartPeriod } from '../model/periods';

/** Realtime, 1, 5, 15, 30, 60 minutes, 1 day, 1 week, 1 month. */
export const PeriodBar = memo(function PeriodBar({
  value,
  onChange,
}: {
  value: ChartPeriod;
  onChange: (period: ChartPeriod) => void;
}) {
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  return (
    <Box
      role="group"
      aria-label={t`Chart period`}
      sx={{
        display: 'flex',
        overflowX: 'auto',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        px: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {CHART_PERIODS.map((period) => {
        const active = period === value;
        return (
          <ButtonBase
            key={period}
            aria-pressed={active}
            onClick={(event) => {
              // The row scrolls at 390 px: keep the chosen period in view.
              event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
              onChange(period);
            }}
            // Nine periods share the width (about 38 px each at 360 px): "1小时" and "月线" fit
            // without scrolling; longer labels (de, es) still scroll rather than overlap.
            sx={{
              flex: '1 0 auto',
              minWidth: 36,
              minHeight: 44,
              px: 0.25,
              fontSize: 12.5,
              fontWeight: active ? 700 : 500,
              color: active ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: active ? 'primary.main' : 'transparent',
              whiteSpace: 'nowrap',
            }}
          >
            {i18n._(periodLabels[period])}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {i18n._(periodNames[period])}
            </Box>
          </ButtonBase>
        );
      })}
    </Box>
  );
});

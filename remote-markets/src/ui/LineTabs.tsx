import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

export interface LineTab<T> {
  value: T;
  label: string;
  id?: string;
  controls?: string;
}

const listStyle = {
  display: 'flex',
  minHeight: 44,
  borderBottom: 1,
  borderColor: 'divider',
  '& > [role="tab"]': {
    flex: 1,
    minHeight: 44,
    px: 0.5,
    fontSize: 14,
    lineHeight: 1.2,
    fontWeight: 500,
    color: 'text.secondary',
    position: 'relative',
  },
  '& > [aria-selected="true"]': { color: 'primary.main' },
  '& > [aria-selected="true"]::after': {
    content: '""',
    position: 'absolute',
    left: '20%',
    right: '20%',
    bottom: 0,
    height: 2,
    borderRadius: 1,
    bgcolor: 'primary.main',
  },
} as const;

/**
 * Full-width tabs with an underline drawn by CSS: no measuring of the layout (MUI Tabs measures
 * every tab to place its indicator, a forced layout of the page at start and on every change).
 * Arrow keys, Home and End move to and select another tab (WAI-ARIA tabs pattern).
 */
export function LineTabs<T extends string | number>({
  value,
  tabs,
  onChange,
  label,
  sx,
}: {
  value: T;
  tabs: readonly LineTab<T>[];
  onChange: (value: T) => void;
  label: string;
  sx?: object;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <Box
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      sx={sx ? { ...listStyle, ...sx } : listStyle}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={String(tab.value)}
            role="tab"
            id={tab.id}
            aria-selected={selected}
            aria-controls={tab.controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import { SIDE_DOWN, SIDE_UP, sideColours } from '../model/sideColours';

export interface SideChoice<V extends string | number> {
  value: V;
  label: ReactNode;
}

export interface SideToggleProps<V extends string | number> {
  /** The group's accessible name ("Direction", "Side"). */
  label: string;
  value: V;
  /** The rising side (buy, long, up: green when selected), then the falling one (red). */
  up: SideChoice<V>;
  down: SideChoice<V>;
  /** A side was chosen (pressing the selected one again changes nothing). */
  onChange: (value: V) => void;
}

/** The two side buttons of the order forms (long/short, buy/sell, up/down), full width. */
export function SideToggle<V extends string | number>({
  label,
  value,
  up,
  down,
  onChange,
}: SideToggleProps<V>) {
  return (
    <ToggleButtonGroup
      exclusive
      sx={sideColours}
      fullWidth
      size="small"
      value={value}
      aria-label={label}
      onChange={(_, chosen: V | null) => {
        if (chosen !== null) onChange(chosen);
      }}
    >
      <ToggleButton value={up.value} className={SIDE_UP}>
        {up.label}
      </ToggleButton>
      <ToggleButton value={down.value} className={SIDE_DOWN}>
        {down.label}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

import Chip from '@mui/material/Chip';

export type StatusTone = 'default' | 'info' | 'success' | 'error' | 'warning';

/** A small status label of a record row. */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  return <Chip size="small" label={label} color={tone} variant="outlined" />;
}

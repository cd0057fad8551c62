import { Trans, useLingui } from '@lingui/react/macro';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface OrderTypeSelectProps<M extends number> {
  value: M;
  /** The API's codes of the two order types (spot: 1 and 2; lever: 1 and 0). */
  market: M;
  limit: M;
  onChange: (mode: M) => void;
}

/** The order forms' "Order type" select: market or limit. */
export function OrderTypeSelect<M extends number>({
  value,
  market,
  limit,
  onChange,
}: OrderTypeSelectProps<M>) {
  const { t } = useLingui();
  return (
    <TextField
      select
      size="small"
      label={t`Order type`}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) === limit ? limit : market)}
    >
      <MenuItem value={market}>
        <Trans>Market</Trans>
      </MenuItem>
      <MenuItem value={limit}>
        <Trans>Limit</Trans>
      </MenuItem>
    </TextField>
  );
}

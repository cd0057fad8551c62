import { useLingui } from '@lingui/react/macro';
import TextField from '@mui/material/TextField';

export interface CoinOption {
  id: number;
  name: string;
}

/** The coin picker of the wallet screens (a native select: the phone's own picker). */
export function CoinSelect({
  coins,
  value,
  onChange,
}: {
  coins: CoinOption[];
  value: number;
  onChange: (currencyId: number) => void;
}) {
  const { t } = useLingui();
  return (
    <TextField
      select
      label={t`Coin`}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      slotProps={{ select: { native: true } }}
      fullWidth
    >
      {coins.map((coin) => (
        <option key={coin.id} value={coin.id}>
          {coin.name}
        </option>
      ))}
    </TextField>
  );
}

import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { CountryChoice } from '../hooks/useCountries';
import { DEFAULT_AREA_CODE, countryLabel } from '../model/rules';

/**
 * The area-code select of phone mode: "name +area_code", names in Chinese for zh and hk,
 * default +1. A native select: the phone's own picker suits a list of ~120 countries.
 */
export function CountrySelect({ choice, disabled }: { choice: CountryChoice; disabled?: boolean }) {
  const { t, i18n } = useLingui();
  const { countries, status, country, choose, retry } = choice;
  const empty = countries.length === 0;
  return (
    <Box>
      <TextField
        select
        label={t`Country or region`}
        value={country ? String(country.country_id) : ''}
        onChange={(e) => choose(Number(e.target.value))}
        disabled={disabled || empty}
        error={status === 'error'}
        helperText={status === 'error' ? t`The country list could not be loaded, +1 is used.` : undefined}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {empty ? (
          <option value="">{status === 'loading' ? t`Loading…` : `+${DEFAULT_AREA_CODE}`}</option>
        ) : (
          countries.map((c) => (
            <option key={c.country_id} value={c.country_id}>
              {countryLabel(c, i18n.locale)}
            </option>
          ))
        )}
      </TextField>
      {status === 'error' && (
        <Button size="small" onClick={retry}>
          {t`Load the country list again`}
        </Button>
      )}
    </Box>
  );
}

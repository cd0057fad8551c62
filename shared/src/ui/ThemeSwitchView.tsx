import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { setThemeMode, themeModeAtom } from '../theme/theme';

/** Night (teal_night, default) or day (teal_day): the control, loaded when first shown. */
export default function ThemeSwitchView() {
  const mode = useAtomValue(themeModeAtom);
  const { t } = useLingui();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={mode === 'teal_night'}
          onChange={(e) => setThemeMode(e.target.checked ? 'teal_night' : 'teal_day')}
        />
      }
      label={t`Night mode`}
    />
  );
}

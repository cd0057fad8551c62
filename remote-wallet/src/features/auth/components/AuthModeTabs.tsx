import { useLingui } from '@lingui/react/macro';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { AuthMode } from '../model/rules';

/** E-mail (mode 1) or phone with an area code (mode 2). */
export function AuthModeTabs({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  const { t } = useLingui();
  return (
    <Tabs
      value={mode}
      onChange={(_, value: AuthMode) => onChange(value)}
      variant="fullWidth"
      aria-label={t`Account type`}
      sx={{ mb: 1 }}
    >
      <Tab value="email" label={t`E-mail`} />
      <Tab value="phone" label={t`Phone`} />
    </Tabs>
  );
}

import { Suspense, lazy } from 'react';
import Box from '@mui/material/Box';

// The switch and its label load with the first screen that shows them (the account centre), not
// with every route: @app/shared is part of every start-up.
const ThemeSwitchView = lazy(() => import('./ThemeSwitchView'));

/** Night (teal_night, default) or day (teal_day). */
export function ThemeSwitch() {
  return (
    <Suspense fallback={<Box sx={{ height: 42 }} aria-hidden />}>
      <ThemeSwitchView />
    </Suspense>
  );
}

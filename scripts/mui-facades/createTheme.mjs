// MUI's createTheme for a theme without CSS variables or colour schemes, in place of
// @mui/material/styles/createTheme.mjs for every importer (scripts/webpack.config.cjs,
// NormalModuleReplacementPlugin). Box and the default theme call it without options at load
// time, so importing the real one put the whole CSS-variables theme machinery
// (createThemeWithVars, @mui/system/cssVars) in every route's start-up. For such options MUI's
// createTheme returns `createThemeNoVars(options, ...args)`: the same call here. The app uses
// neither option (shared/src/theme/theme.ts): asking for one fails loudly instead of silently
// building a different theme.
import createThemeNoVars from 'mui-internals/styles/createThemeNoVars.mjs';

export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options)
    throw new Error(
      'createTheme: CSS variables and colour schemes are not built in (scripts/mui-facades/createTheme.mjs)',
    );
  return createThemeNoVars(options, ...args);
}

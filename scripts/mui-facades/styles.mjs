// What the app uses of '@mui/material/styles', provided by the host in place of the barrel.
// A shared module is never tree-shaken: the barrel shipped whole (createThemeWithVars, cssVars,
// Grid, colour manipulators...) on every route. `mui-internals` is an alias of the package folder
// (scripts/webpack.config.cjs), so these requests are not themselves shared and resolve to the same
// files MUI's components import. A name used in the sources but missing here fails the build
// (scripts/federation.cjs, checkMuiFacades).
// createTheme and ThemeProvider without CSS variables or colour schemes (the app uses neither:
// for such options MUI's own createTheme and ThemeProvider take these same paths), which leaves out
// the CSS-variables theme machinery.
export { default as createTheme } from 'mui-internals/styles/createThemeNoVars.mjs';
export { default as ThemeProvider } from 'mui-internals/styles/ThemeProviderNoVars.mjs';
export { default as useTheme } from 'mui-internals/styles/useTheme.mjs';

// MUI's fallback theme (styled, useTheme, useThemeProps and GlobalStyles read it when no
// ThemeProvider is above), in place of @mui/material/styles/defaultTheme.mjs: MUI's own is
// `createTheme()`, here with the createTheme of ./createTheme.mjs (see there).
import createTheme from './createTheme.mjs';

const defaultTheme = createTheme();
export default defaultTheme;

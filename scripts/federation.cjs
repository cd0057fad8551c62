// The one Module Federation shared-config factory. Host and remotes all build
// their `shared` map here so singletons and versions can never drift apart.
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const fromShared = (request) => require.resolve(request, { paths: [path.join(root, 'shared')] });
const versionOf = (pkg) => require(fromShared(`${pkg}/package.json`)).version;

// Every MUI component the remotes may import (deep imports only, see eslint.config.mjs).
// The host provides each of them, so a remote never runs its own copy of MUI
// (a second copy would ignore the host's theme defaults).
const MUI_MODULES = [
  'styles',
  'utils',
  'colors',
  'useMediaQuery',
  'Alert',
  'AppBar',
  'Avatar',
  'Badge',
  'BottomNavigation',
  'BottomNavigationAction',
  'Box',
  'Button',
  'ButtonBase',
  'Card',
  'CardActionArea',
  'CardContent',
  'Checkbox',
  'Chip',
  'CircularProgress',
  'Collapse',
  'CssBaseline',
  'Dialog',
  'DialogActions',
  'DialogContent',
  'DialogContentText',
  'DialogTitle',
  'Divider',
  'Drawer',
  'Fab',
  'FormControl',
  'FormControlLabel',
  'FormHelperText',
  'IconButton',
  'InputAdornment',
  'InputLabel',
  'LinearProgress',
  'Link',
  'List',
  'ListItem',
  'ListItemAvatar',
  'ListItemButton',
  'ListItemIcon',
  'ListItemText',
  'Menu',
  'MenuItem',
  'Paper',
  'Radio',
  'RadioGroup',
  'Select',
  'Skeleton',
  'Slide',
  'Slider',
  'Snackbar',
  'Stack',
  'Step',
  'StepLabel',
  'Stepper',
  'Switch',
  'Tab',
  'Table',
  'TableBody',
  'TableCell',
  'TableHead',
  'TableRow',
  'Tabs',
  'TextField',
  'ToggleButton',
  'ToggleButtonGroup',
  'Toolbar',
  'Tooltip',
  'Typography',
  'Autocomplete',
  'Container',
  'Grid',
];

const APP_SHARED_VERSION = require(path.join(root, 'shared/package.json')).version;

function sharedConfig({ isHost }) {
  const singleton = (pkg, extra = {}) => ({
    singleton: true,
    version: versionOf(pkg),
    requiredVersion: `^${versionOf(pkg)}`,
    ...extra,
  });
  const shared = {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react/jsx-dev-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    // react-router is not shared by itself: @app/shared re-exports the parts the app uses, so
    // it ships once, tree-shaken, inside the @app/shared singleton (see shared/src/routing/router.ts).
    jotai: singleton('jotai'),
    'jotai/': singleton('jotai'),
    '@lingui/core': singleton('@lingui/core'),
    '@lingui/react': singleton('@lingui/react'),
    '@emotion/react': singleton('@emotion/react'),
    '@emotion/styled': singleton('@emotion/styled'),
    '@mui/material/': singleton('@mui/material'),
    'socket.io-client': singleton('socket.io-client'),
    'bignumber.js': singleton('bignumber.js'),
    '@app/shared': {
      singleton: true,
      version: APP_SHARED_VERSION,
      requiredVersion: `^${APP_SHARED_VERSION}`,
      import: path.join(root, 'shared/src/index.ts'),
    },
  };
  if (isHost) {
    for (const m of MUI_MODULES) {
      shared[`@mui/material/${m}`] = singleton('@mui/material', { import: fromShared(`@mui/material/${m}`) });
    }
  }
  return shared;
}

module.exports = { sharedConfig, MUI_MODULES };

// The MUI controls the trading screens' first render uses (the host provides them): loaded and
// evaluated a task before the screen's own modules (screenLoader's `before`), so that the
// evaluation of MUI's component modules and the screen's are not one long task under a phone's
// CPU. Re-exported, so that the bundler keeps them (MUI's modules are free of side effects).
export { default as Autocomplete } from '@mui/material/Autocomplete';
export { default as TextField } from '@mui/material/TextField';
export { default as ToggleButton } from '@mui/material/ToggleButton';
export { default as ToggleButtonGroup } from '@mui/material/ToggleButtonGroup';
export { default as MenuItem } from '@mui/material/MenuItem';
export { default as Slider } from '@mui/material/Slider';
export { default as Alert } from '@mui/material/Alert';
export { default as Tabs } from '@mui/material/Tabs';
export { default as Tab } from '@mui/material/Tab';

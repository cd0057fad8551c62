// What the app uses of '@mui/material/utils' (see styles.mjs).
export { default as createSvgIcon } from 'mui-internals/utils/createSvgIcon.mjs';

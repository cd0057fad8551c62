/**
 * The colours of the forms' two side buttons (long/short, buy/sell, up/down) when selected, as
 * one static style of their ToggleButtonGroup: `sx` on each button gave every button a class of
 * its own, MUI's ~10 ToggleButton rules copied twice per button (the first commit of a form
 * inserted 26 rules for them instead of 13). `button:where(...)` keeps the precedence the
 * per-button style had: above the selected button's own colours (0,2,0), below its hover ones
 * (0,3,0).
 */
export const SIDE_UP = 'side-up';
export const SIDE_DOWN = 'side-down';
export const sideColours = {
  [`& > button:where(.${SIDE_UP}).Mui-selected`]: { bgcolor: 'success.main', color: 'success.contrastText' },
  [`& > button:where(.${SIDE_DOWN}).Mui-selected`]: { bgcolor: 'error.main', color: 'error.contrastText' },
} as const;

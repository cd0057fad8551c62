/**
 * Styles of text read by assistive technology but not shown: used to complete an accessible
 * name that must begin with (contain) the visible label (WCAG 2.5.3 Label in Name), e.g. a
 * period button showing "5m" named "5m 5 minutes".
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Text for screen readers only (a badge's word, a chart's table). In pixels: in MUI's `sx` a bare 1
 * means 100%, which once made such a word as wide as its container and the page scroll sideways at 375 px.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

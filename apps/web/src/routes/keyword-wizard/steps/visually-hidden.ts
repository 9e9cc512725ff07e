/**
 * Text for assistive technology only (a table's actions column header, for example).
 * Lengths are strings: in MUI `sx` a number up to 1 is a fraction (`width: 1` is 100 %).
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

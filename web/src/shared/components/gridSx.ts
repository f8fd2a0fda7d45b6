import type { ResponsiveStyleValue } from '@mui/system';

/**
 * The sx of a CSS grid: its columns per breakpoint, the gap between cells and how cells align in
 * their row. A CSS grid rather than MUI's Grid, whose code would count against each page's budget.
 */
export const gridSx = (gridTemplateColumns: ResponsiveStyleValue<string>, gap = 2, alignItems: 'start' | 'center' = 'start') =>
  ({ display: 'grid', gap, gridTemplateColumns, alignItems }) as const;

import { keyframes } from '@mui/material/styles';
import Box from '@mui/material/Box';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * Thin indeterminate bar (instead of MUI's LinearProgress, to keep the shell's JavaScript small).
 * Decorative: pair it with a text status where a screen reader should hear about the wait.
 */
export function ProgressBar() {
  return (
    <Box aria-hidden sx={{ height: 4, overflow: 'hidden', bgcolor: 'primary.light', opacity: 0.9 }}>
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}

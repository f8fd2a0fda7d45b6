import Box from '@mui/material/Box';
import { ProgressBar } from './ProgressBar';

/** Shown while a page's code or an access check is pending; the text is what screen readers hear. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box>
      <ProgressBar />
      <Box role="status" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        {label}
      </Box>
    </Box>
  );
}

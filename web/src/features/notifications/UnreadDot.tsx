import Box from '@mui/material/Box';
import { visuallyHidden } from '#shared/lib/visuallyHidden';

/** The unread mark: a dot for the eye, the word for screen readers; read notices keep the space, so titles line up. */
export function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <Box component="span" sx={{ position: 'relative', flexShrink: 0, width: 8, height: 8, mt: '0.45em', borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}>
      {unread && (
        <Box component="span" sx={visuallyHidden}>
          Unread:
        </Box>
      )}
    </Box>
  );
}

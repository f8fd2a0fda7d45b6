import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { DRAWER_WIDTH } from './adminViews';

/**
 * The panel's two drawers, built from Paper and Modal. MUI's Drawer would do the same, but its
 * Slide transition pulls code into the start-up bundle every visitor downloads (about 230 bytes
 * gzipped, beyond what the 170 KB budget leaves; see web/README.md "Size budget").
 */

/** Wide screens: a 240-wide column that is always there. */
export function PermanentDrawer({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ width: DRAWER_WIDTH, flexShrink: 0, boxSizing: 'border-box' }}>
      {children}
    </Paper>
  );
}

/** Small screens: a modal panel from the left edge; Escape, the backdrop or a choice closes it. */
export function TemporaryDrawer({ id, open, onClose, children }: { id: string; open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} onClose={onClose}>
      <Paper id={id} elevation={16} square sx={temporaryPaper}>
        {children}
      </Paper>
    </Modal>
  );
}

const temporaryPaper = {
  position: 'fixed',
  top: 0,
  left: 0,
  height: '100%',
  width: DRAWER_WIDTH,
  overflowY: 'auto',
  outline: 0,
  '@keyframes admin-drawer-in': { from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } },
  animation: 'admin-drawer-in 225ms ease-out',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

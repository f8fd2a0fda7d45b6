import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * A modal panel sliding in from one edge: Escape, the backdrop or a choice closes it. Built from Modal and
 * Paper rather than MUI's Drawer, whose Slide transition pulls code into the shell every visitor downloads
 * (about 230 bytes gzipped; web/README.md "Size budget"). `inPlace` renders it where it is written (no portal),
 * so links inside the header stay in its landmark.
 */
export function SideSheet({
  id,
  open,
  onClose,
  side,
  width,
  inPlace = false,
  children,
}: {
  id?: string;
  open: boolean;
  onClose: () => void;
  side: 'left' | 'right';
  width: number | string;
  inPlace?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} disablePortal={inPlace}>
      <Paper id={id} elevation={16} square sx={{ ...sheet, [side]: 0, width, maxWidth: '85vw', '--side-sheet-from': side === 'left' ? '-100%' : '100%' }}>
        {children}
      </Paper>
    </Modal>
  );
}

const sheet = {
  position: 'fixed',
  top: 0,
  height: '100%',
  overflowY: 'auto',
  outline: 0,
  '@keyframes side-sheet-in': { from: { transform: 'translateX(var(--side-sheet-from))' }, to: { transform: 'none' } },
  animation: 'side-sheet-in 225ms ease-out',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

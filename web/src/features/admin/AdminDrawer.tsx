import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { SideSheet } from '#shared/components/SideSheet';
import { DRAWER_WIDTH } from './adminViews';

// The panel's two drawers: a column on wide screens, the shared side sheet on small ones.

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
    <SideSheet id={id} open={open} onClose={onClose} side="left" width={DRAWER_WIDTH}>
      {children}
    </SideSheet>
  );
}

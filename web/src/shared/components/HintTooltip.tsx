import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';

/**
 * A small CSS tooltip for the always-visible header. MUI's Tooltip needs Popper (about 12 KB
 * gzipped) on every page; this shows the same text on hover and keyboard focus, stays open while
 * hovered, and Escape dismisses it (WCAG 1.4.13). The trigger must carry the text as its
 * accessible name (aria-label or its own hidden text), so the visual hint is hidden from assistive technology.
 */
export function HintTooltip({ title, children }: { title: string; children: ReactNode }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Box
      component="span"
      onKeyDown={(event) => event.key === 'Escape' && setDismissed(true)}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
      data-dismissed={dismissed || undefined}
      sx={{
        position: 'relative',
        display: 'inline-flex',
        '&:hover > [role=tooltip], &:focus-within > [role=tooltip]': { visibility: 'visible', opacity: 1 },
        '&[data-dismissed] > [role=tooltip]': { visibility: 'hidden', opacity: 0 },
      }}
    >
      {children}
      <Box
        component="span"
        role="tooltip"
        aria-hidden
        sx={(theme) => ({
          position: 'absolute',
          top: '100%',
          right: 0,
          mt: 0.5,
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'grey.800',
          color: 'common.white',
          ...theme.typography.caption,
          whiteSpace: 'nowrap',
          zIndex: theme.zIndex.tooltip,
          visibility: 'hidden',
          opacity: 0,
          transition: 'opacity 150ms',
        })}
      >
        {title}
      </Box>
    </Box>
  );
}

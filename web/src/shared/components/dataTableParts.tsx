import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';

/** The open button, first of a row's actions. */
export function OpenRowButton<Row>({ row, onRowOpen, openLabel }: { row: Row; onRowOpen: (row: Row) => void; openLabel?: (row: Row) => string }) {
  return (
    <IconButton size="small" color="primary" aria-label={openLabel?.(row) ?? 'Open'} onClick={() => onRowOpen(row)}>
      <ChevronRightIcon fontSize="small" />
    </IconButton>
  );
}

/** Scrolls the highlighted row into view when it changes (a fresh upload may be far down). */
export function useScrollIntoView(highlightedKey: string | null | undefined) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlightedKey) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [highlightedKey]);
  return ref;
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AuditEntrySummary } from '#contract/audit';
import { useNarrowScreen } from '#shared/components/useScreenWidth';
import { formatDateTime } from '#shared/lib/dates';
import { ColumnHeads } from '#shared/components/ColumnHeads';
import { compareSnapshots, type FieldChange } from './auditCompare';
import { subjectOf } from './auditQuery';

/**
 * One audit entry opened from the log: who, when, what and about which record, then the
 * record's fields before and after side by side with the changed ones marked; stacked on phones.
 */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntrySummary; onClose: () => void }) {
  const narrow = useNarrowScreen();
  const changes = compareSnapshots(entry.before, entry.after);
  const changedCount = changes.filter((c) => c.changed).length;
  return (
    <Dialog open onClose={onClose} aria-labelledby="audit-entry-title" fullWidth maxWidth="md" fullScreen={narrow}>
      <DialogTitle id="audit-entry-title">Audit entry</DialogTitle>
      {/* focusable: on a phone the entry scrolls, and keyboard users must be able to scroll it */}
      <DialogContent tabIndex={0} role="region" aria-label="Entry details">
        <Box component="dl" sx={summaryGrid}>
          <Term label="Subject">{subjectOf(entry)}</Term>
          <Term label="Action">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {entry.action}
            </Box>
          </Term>
          <Term label="User">{entry.actor}</Term>
          <Term label="Time">
            <span title={entry.at}>{formatDateTime(entry.at)}</span> ({entry.at})
          </Term>
          <Term label="Record">{`${entry.entity_type} ${entry.entity_id}`}</Term>
        </Box>
        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          Before and after
        </Typography>
        {changes.length === 0 ? (
          <Typography color="text.secondary">This entry records no before or after (a read, or a change with nothing to compare).</Typography>
        ) : (
          <>
            {changedCount > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {changedCount === 1 ? '1 field changed.' : `${changedCount} fields changed.`} Changed fields are marked.
              </Typography>
            )}
            {narrow ? <StackedChanges changes={changes} /> : <SideBySide changes={changes} />}
          </>
        )}
        {entry.detail !== undefined && (
          <>
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              Details
            </Typography>
            <Box component="pre" sx={preStyle} tabIndex={0} aria-label="Details">
              {JSON.stringify(entry.detail, null, 2)}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A marker that is text, not only colour, so it is read out and seen without colour. */
function ChangedMark() {
  return (
    <Box component="span" sx={{ ml: 1, px: 0.75, borderRadius: 1, bgcolor: 'warning.light', color: 'text.primary', typography: 'caption', fontWeight: 600 }}>
      Changed
    </Box>
  );
}

const changedRow = { bgcolor: 'rgba(237, 108, 2, 0.08)' } as const;

/** Wide screens: a three-column grid table, field | before | after. */
function SideBySide({ changes }: { changes: FieldChange[] }) {
  return (
    <Box component="table" aria-label="Before and after" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', '& th, & td': cellStyle }}>
      <colgroup>
        <col style={{ width: '24%' }} />
        <col style={{ width: '38%' }} />
        <col style={{ width: '38%' }} />
      </colgroup>
      <ColumnHeads names={['Field', 'Before', 'After']} />
      <tbody>
        {changes.map((c) => (
          <Box component="tr" key={c.field} data-changed={c.changed || undefined} sx={c.changed ? changedRow : undefined}>
            <th scope="row">
              {c.field}
              {c.changed && <ChangedMark />}
            </th>
            <td>{c.before}</td>
            <td>{c.after}</td>
          </Box>
        ))}
      </tbody>
    </Box>
  );
}

/** Phones: each field with its before above its after. */
function StackedChanges({ changes }: { changes: FieldChange[] }) {
  return (
    <Box component="ul" aria-label="Before and after" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {changes.map((c) => (
        <Box component="li" key={c.field} data-changed={c.changed || undefined} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, ...(c.changed ? changedRow : {}) }}>
          <Typography component="h4" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
            {c.field}
            {c.changed && <ChangedMark />}
          </Typography>
          <Box component="dl" sx={{ ...summaryGrid, mt: 0.5 }}>
            <Term label="Before">{c.before}</Term>
            <Term label="After">{c.after}</Term>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const summaryGrid = { display: 'grid', gridTemplateColumns: 'minmax(4.5rem, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 } as const;
const cellStyle = { textAlign: 'left', verticalAlign: 'top', p: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere', typography: 'body2' } as const;
const preStyle = {
  m: 0,
  p: 1,
  bgcolor: 'action.hover',
  borderRadius: 1,
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 240,
  overflow: 'auto',
} as const;

import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentDto, DocumentRecordDto } from '#contract/documents';
import { scopeText } from './documentFormat';

/**
 * The title: a link that opens the file in a new tab through the download endpoint when the record
 * has a storage key. Spec badges: "No S3 URL" (warning) when the key's file cannot be found, "No S3"
 * (error) when there is no storage information at all.
 */
export function TitleCell({ doc, fileMissing, onOpen }: { doc: DocumentDto; fileMissing: boolean; onOpen: () => void }) {
  if (!doc.s3_key) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{doc.title}</span>
        <Chip size="small" color="error" label="No S3" />
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Link component="button" type="button" onClick={onOpen} sx={{ textAlign: 'left' }} title="Opens in a new tab">
        {doc.title}
      </Link>
      {fileMissing && <Chip size="small" color="warning" label="No S3 URL" />}
    </Stack>
  );
}

/**
 * Cohort/Assigned To: the scope's label (cohort, "Program-wide", "All Programs" or "N/A"); individual
 * documents list their students as chips (under their cohort), or "No students assigned yet".
 */
export function AudienceCell({ doc }: { doc: DocumentRecordDto }) {
  if (doc.scope !== 'individual') return <>{scopeText(doc)}</>;
  return (
    <Stack spacing={0.5}>
      {doc.cohort_details && <Typography variant="caption">{scopeText(doc)}</Typography>}
      {doc.assigned_students.length === 0 ? (
        <Typography variant="body2">No students assigned yet</Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {doc.assigned_students.map((student) => (
            <Chip key={student.username} size="small" label={student.full_name || student.username} title={student.username} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Status: Public or Private, plus a Mandatory badge. */
export function StatusCell({ doc }: { doc: DocumentRecordDto }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <Chip size="small" color={doc.is_public ? 'success' : 'default'} label={doc.is_public ? 'Public' : 'Private'} />
      {doc.is_mandatory && <Chip size="small" color="warning" label="Mandatory" />}
    </Stack>
  );
}

/** Preview and Download, the first actions of every document row (staff's and students' lists alike). */
export function FileButtons<D extends DocumentDto>({ doc, onPreview, onDownload }: { doc: D; onPreview: (doc: D) => void; onDownload: (doc: D) => void }) {
  return (
    <>
      <IconButton size="small" aria-label={`Preview ${doc.title}`} onClick={() => onPreview(doc)}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Download ${doc.title}`} onClick={() => onDownload(doc)}>
        <DownloadIcon fontSize="small" />
      </IconButton>
    </>
  );
}

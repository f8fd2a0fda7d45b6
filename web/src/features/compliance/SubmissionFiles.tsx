import DownloadIcon from '@mui/icons-material/Download';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ComplianceSubmission } from '#contract/compliance';
import { useGetComplianceFileUrlMutation } from './complianceApi';
import { PREVIEW_FAILED, problemOf } from './complianceMessages';

const ZOOM = { min: 50, max: 200, step: 25, initial: 100 } as const;
type Kind = 'image' | 'pdf' | 'other';
const kindOf = (name: string, type: string): Kind => {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (type.startsWith('image/') || ['png', 'jpg', 'jpeg'].includes(ext)) return 'image';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  return 'other';
};

type Preview = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

/**
 * A submission's files, one at a time, as the documents' preview dialog shows a file: an image or a PDF in
 * the page with zoom (50-200 %), anything else as a download. Each file comes through a fresh inline link
 * (GET /api/compliance/submissions/{id}/files/{index}/), the bucket being private.
 */
export function SubmissionFiles({ submission }: { submission: ComplianceSubmission }) {
  const [getUrl] = useGetComplianceFileUrlMutation();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number>(ZOOM.initial);
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  const file = submission.files[index];

  useEffect(() => {
    if (!file) return;
    let current = true;
    setPreview({ state: 'loading' });
    getUrl({ id: submission.id, index, disposition: 'inline' })
      .unwrap()
      .then((answer) => current && setPreview({ state: 'ready', url: answer.download_url }))
      .catch((error: unknown) => current && setPreview({ state: 'failed', message: problemOf(error, PREVIEW_FAILED) }));
    return () => {
      current = false;
    };
  }, [submission.id, index, file, getUrl]);

  if (!file) return <Typography color="text.secondary">No files were handed in with this item.</Typography>;
  const kind = kindOf(file.name, file.content_type);
  return (
    <Stack spacing={1}>
      {submission.files.length > 1 && (
        <Tabs value={index} onChange={(_e, value: number) => setIndex(value)} variant="scrollable" aria-label="Files">
          {submission.files.map((f, i) => (
            <Tab key={f.key} value={i} label={f.name} />
          ))}
        </Tabs>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>{file.name}</Typography>
        <IconButton aria-label="Zoom out" disabled={zoom <= ZOOM.min} onClick={() => setZoom((z) => Math.max(ZOOM.min, z - ZOOM.step))}>
          <ZoomOutIcon />
        </IconButton>
        <Typography component="span" aria-live="polite">
          {zoom}%
        </Typography>
        <IconButton aria-label="Zoom in" disabled={zoom >= ZOOM.max} onClick={() => setZoom((z) => Math.min(ZOOM.max, z + ZOOM.step))}>
          <ZoomInIcon />
        </IconButton>
        {preview.state === 'ready' && (
          <Button startIcon={<DownloadIcon />} href={preview.url} download={file.name} target="_blank" rel="noopener">
            Download
          </Button>
        )}
      </Stack>
      {preview.state === 'loading' && <Typography role="status">Loading the file...</Typography>}
      {preview.state === 'failed' && <Alert severity="error">{preview.message}</Alert>}
      {preview.state === 'ready' && kind === 'image' && (
        <Box sx={{ overflow: 'auto', textAlign: 'center', maxHeight: '60vh' }}>
          <img src={preview.url} alt={file.name} style={{ width: `${zoom}%`, maxWidth: 'none' }} />
        </Box>
      )}
      {preview.state === 'ready' && kind === 'pdf' && (
        <iframe key={zoom} src={`${preview.url}#zoom=${zoom}`} title={`${file.name} (PDF preview)`} style={{ width: '100%', height: '60vh', border: 0 }} />
      )}
      {preview.state === 'ready' && kind === 'other' && <Typography>This file cannot be shown here. Use Download to open it.</Typography>}
    </Stack>
  );
}

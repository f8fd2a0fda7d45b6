import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { ComplianceSubmission, RequirementStatus } from '#contract/compliance';
import { Facts } from '#shared/components/Facts';
import { PageHeading } from '#shared/components/PageHeading';
import { formatDateTime } from '#shared/lib/dates';
import { useSignedInUser } from '#shared/session/currentUser';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useGetStudentComplianceQuery } from './complianceApi';
import { categoryLabel, dayText, SUBMISSION_STATUS_LABELS, submissionKindText, validityText } from './complianceFormat';
import { LoadState } from './LoadState';
import { ComplianceStatusChip } from './ComplianceStatusChip';
import { FilePreviewDialog } from './FilePreviewDialog';
import { UploadEvidenceDialog } from './UploadEvidenceDialog';

/** One submission of the history: what, when, how it was decided, and its files. */
function HistoryItem({ item, row, onPreview }: { item: ComplianceSubmission; row: RequirementStatus; onPreview: (s: ComplianceSubmission) => void }) {
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Typography variant="body2">
        {submissionKindText(item, row.requirement)} · submitted {formatDateTime(item.submitted_at)} · {SUBMISSION_STATUS_LABELS[item.status]}
        {item.completed_on ? ` · completed ${dayText(item.completed_on)}` : ''}
        {item.expires_on ? ` · expires ${dayText(item.expires_on)}` : ''}
      </Typography>
      {item.reason && <Typography variant="body2">Reason: {item.reason}</Typography>}
      {item.files.length > 0 && (
        <Button size="small" onClick={() => onPreview(item)}>
          Preview {item.files.length === 1 ? 'file' : `${item.files.length} files`}
        </Button>
      )}
    </ListItem>
  );
}

function RequirementCard({ row, onUpload, onPreview }: { row: RequirementStatus; onUpload: () => void; onPreview: (s: ComplianceSubmission) => void }) {
  const { requirement } = row;
  const headingId = `requirement-${requirement.id}`;
  const facts: Array<[string, ReactNode]> = [
    ['Category', categoryLabel(requirement.category)],
    ['Status', <ComplianceStatusChip key="status" status={row.status} />],
    ['Expires', dayText(row.expires_on)],
    ['Due', dayText(row.due_on)],
    ['Validity', validityText(requirement.validity)],
  ];
  if (requirement.alternatives.length > 0) facts.push(['Alternatives', requirement.alternatives.join('; ')]);
  if (requirement.exemption_allowed) facts.push(['Exemption', 'You may ask for an exemption; staff must approve it.']);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {requirement.name}
          </Typography>
          <Button variant="contained" onClick={onUpload} disabled={row.status === 'pending'} aria-label={`Upload for ${requirement.name}`}>
            Upload
          </Button>
        </Stack>
        {row.status === 'not_approved' && row.reason && (
          <Alert severity="error" sx={{ mb: 1 }}>
            Not approved: {row.reason}
          </Alert>
        )}
        <Facts facts={facts} />
        {requirement.guidelines && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            {requirement.guidelines}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          History
        </Typography>
        {row.history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing handed in yet.
          </Typography>
        ) : (
          <List dense aria-label={`History of ${requirement.name}`}>
            {row.history.map((item) => (
              <HistoryItem key={item.id} item={item} row={row} onPreview={onPreview} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** "My Compliance": the student's clinical requirements, their statuses, uploads and history. */
export default function MyCompliancePage() {
  const user = useSignedInUser();
  const toast = useToast(TOAST_MS);
  const { data, error, isLoading, refetch } = useGetStudentComplianceQuery(user.username);
  const [uploading, setUploading] = useState<RequirementStatus | null>(null);
  const [preview, setPreview] = useState<{ title: string; submission: ComplianceSubmission } | null>(null);
  const rows = data?.requirements ?? [];

  return (
    <Stack spacing={2}>
      <PageHeading title="My Compliance" subtitle="Your clinical requirements: what is on file, what is missing and what expires soon." />
      <LoadState isLoading={isLoading} error={error} retry={refetch} loading="Loading your requirements..." />
      {data && (
        <Alert severity={data.cleared ? 'success' : 'warning'}>
          {data.cleared ? 'You are cleared for clinicals.' : 'You are not cleared for clinicals yet.'}
          {!data.cleared && data.reasons.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {data.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {data && rows.length === 0 && <Typography>No clinical requirements apply to you yet.</Typography>}
      {rows.map((row) => (
        <RequirementCard
          key={row.requirement.id}
          row={row}
          onUpload={() => setUploading(row)}
          onPreview={(submission) => setPreview({ title: row.requirement.name, submission })}
        />
      ))}
      {uploading && (
        <UploadEvidenceDialog
          requirement={uploading.requirement}
          onClose={() => setUploading(null)}
          onSubmitted={() => {
            setUploading(null);
            toast('Handed in for review.', 'success');
          }}
        />
      )}
      {preview && <FilePreviewDialog title={preview.title} submission={preview.submission} onClose={() => setPreview(null)} />}
    </Stack>
  );
}

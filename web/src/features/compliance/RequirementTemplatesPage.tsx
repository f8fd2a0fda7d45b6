import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PROGRAM_TYPE_LABEL } from '#shared/lib/programs';
import type { RequirementInput } from '#contract/compliance';
import { ProblemAlert } from '#shared/components/ProblemAlert';
import { PageHeading } from '#shared/components/PageHeading';
import { ScrollTable } from '#shared/components/ScrollTable';
import { isConflict } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { useGetRequirementsQuery, useListComplianceCohortsQuery, usePutRequirementsMutation } from './complianceApi';
import { categoryLabel, EVIDENCE_LABELS, validityText } from './complianceFormat';
import { problemOf, SAVE_FAILED } from './complianceMessages';
import { LoadState } from './LoadState';
import { RequirementEditorDialog } from './RequirementEditorDialog';
import { emptyForm, formOf, type RequirementForm } from './requirementForm';

const COLUMNS = ['Name', 'Category', 'Evidence', 'Validity', 'Applies to', 'Due', 'Alternatives', 'Exemption', 'Actions'];

const appliesText = (r: RequirementInput) =>
  r.applies_to.kind === 'program_type'
    ? `Program: ${PROGRAM_TYPE_LABEL[r.applies_to.program_type]}`
    : r.applies_to.kind === 'cohort'
      ? `Cohort: ${r.applies_to.cohort_id}`
      : 'Clinical sites that ask for it';
const dueText = (days: number | null) => (days === null ? '—' : days < 0 ? `${-days} days before start` : `${days} days after start`);

/** Requirement templates (admin): the whole set edited here and saved with one PUT (a template left out is retired). */
export default function RequirementTemplatesPage() {
  const toast = useToast(TOAST_MS);
  const { data, error, isLoading, refetch } = useGetRequirementsQuery();
  const cohorts = useListComplianceCohortsQuery();
  const [save, { isLoading: saving }] = usePutRequirementsMutation();
  const [drafts, setDrafts] = useState<RequirementInput[] | null>(null);
  // the set's version the drafts start from: a save names it, and is refused if another admin saved since
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ index: number; form: RequirementForm } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [staleSet, setStaleSet] = useState(false);
  const [dirty, setDirty] = useState(false);

  // the set as read, unless it is older than what this page last saved (the refetch after a save is still on its way)
  useEffect(() => {
    if (data && !dirty && data.version >= version) {
      setDrafts(data.requirements);
      setVersion(data.version);
    }
  }, [data, dirty, version]);

  const change = (next: RequirementInput[]) => {
    setDrafts(next);
    setDirty(true);
  };

  const saveAll = async () => {
    if (!drafts) return;
    setProblem(null);
    setStaleSet(false);
    try {
      const saved = await save({ requirements: drafts, version }).unwrap();
      setDrafts(saved.requirements);
      setVersion(saved.version);
      setDirty(false);
      toast('Requirements saved.', 'success');
    } catch (failure) {
      setProblem(problemOf(failure, SAVE_FAILED));
      setStaleSet(isConflict(failure));
    }
  };

  /** After a refused save: the set as it is now, the unsaved changes dropped. */
  const reloadSet = () => {
    setProblem(null);
    setStaleSet(false);
    setDirty(false);
    void refetch();
  };

  return (
    <Stack spacing={2}>
      <PageHeading title="Compliance Requirements" subtitle="The clinical requirements students must meet, per program type or cohort." />
      <LoadState isLoading={isLoading} error={error} retry={refetch} loading="Loading the requirements..." />
      {drafts && (
        <>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => setEditing({ index: -1, form: emptyForm() })}>
              Add requirement
            </Button>
            <Button variant="contained" disabled={!dirty || saving} onClick={() => void saveAll()}>
              {saving ? 'Saving...' : 'Save requirements'}
            </Button>
            {dirty && <Typography color="warning.main">Unsaved changes</Typography>}
          </Stack>
          <ProblemAlert problem={problem} />
          {staleSet && (
            <Stack direction="row">
              <Button variant="outlined" onClick={reloadSet}>
                Reload the requirements
              </Button>
            </Stack>
          )}
          {drafts.length === 0 ? (
            <Typography>No requirements yet. Add the first one.</Typography>
          ) : (
            <ScrollTable
              label="Requirements"
              tableSx={{ minWidth: 900 }}
              head={COLUMNS.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            >
              {drafts.map((r, index) => (
                <TableRow key={r.id ?? `new-${index}`}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{categoryLabel(r.category)}</TableCell>
                  <TableCell>{EVIDENCE_LABELS[r.evidence]}</TableCell>
                  <TableCell>{validityText(r.validity)}</TableCell>
                  <TableCell>{appliesText(r)}</TableCell>
                  <TableCell>{dueText(r.due_days_from_cohort_start)}</TableCell>
                  <TableCell>{r.alternatives.join('; ') || '—'}</TableCell>
                  <TableCell>{r.exemption_allowed ? 'Allowed' : 'No'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" aria-label={`Edit ${r.name}`} onClick={() => setEditing({ index, form: formOf(r) })}>
                      Edit
                    </Button>
                    <Button size="small" color="error" aria-label={`Retire ${r.name}`} onClick={() => change(drafts.filter((_, i) => i !== index))}>
                      Retire
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          )}
        </>
      )}
      {editing && drafts && (
        <RequirementEditorDialog
          initial={editing.form}
          cohorts={cohorts.data ?? []}
          onClose={() => setEditing(null)}
          onDone={(input) => {
            change(editing.index < 0 ? [...drafts, input] : drafts.map((r, i) => (i === editing.index ? input : r)));
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}

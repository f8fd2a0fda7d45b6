import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ClinicalSite } from '#contract/clinical';
import { DataTable } from '#shared/components/DataTable';
import type { DataColumn } from '#shared/components/dataTableColumns';
import { LoadFailure } from '#shared/components/PagedList';
import { useDeleteSiteMutation, useGetAgreementUrlMutation, useListSitesQuery } from './clinicalApi';
import { agreementWarning, dateRange } from './clinicalFormat';
import { DOWNLOAD_FAILED, problemOf } from './clinicalMessages';
import { SiteFormDialog } from './SiteFormDialog';
import { ListPageHeading } from './ListPageHeading';
import { useConfirmedDelete } from './useConfirmedDelete';

function AgreementCell({ site }: { site: ClinicalSite }) {
  const warning = agreementWarning(site.agreement);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {site.agreement && <span>{dateRange(site.agreement.starts_on, site.agreement.ends_on)}</span>}
      {warning && <Chip size="small" color={warning === 'Ends soon' ? 'warning' : 'error'} label={warning} />}
    </Stack>
  );
}

const COLUMNS: DataColumn<ClinicalSite>[] = [
  { header: 'Site', priority: 'title', render: (s) => s.name },
  { header: 'Units', render: (s) => s.units.join(', ') },
  { header: 'Agreement', render: (s) => <AgreementCell site={s} /> },
  { header: 'Rotations', align: 'right', nowrap: true, render: (s) => s.rotations },
];

/** Clinical sites (admins): where students go, the units there, whom to call, what a site asks for, and its agreement. */
export default function ClinicalSitesPage() {
  const sites = useListSitesQuery();
  const [deleteSite] = useDeleteSiteMutation();
  const [getAgreementUrl] = useGetAgreementUrlMutation();
  const [editing, setEditing] = useState<{ site?: ClinicalSite } | null>(null);
  const deletion = useConfirmedDelete<ClinicalSite>({
    title: 'Delete this site?',
    question: (s) => `${s.name} and its agreement file will be deleted. A site with rotations cannot be deleted.`,
    remove: (s) => deleteSite(s.id).unwrap(),
    done: (s) => `${s.name} deleted.`,
    failed: 'The site could not be deleted. Please try again.',
  });
  const { problem, setProblem } = deletion;
  const download = async (site: ClinicalSite) => {
    setProblem(null);
    try {
      // a 5-minute URL answering with the file as an attachment: the browser saves it, this page stays
      const answer = await getAgreementUrl(site.id).unwrap();
      window.open(answer.download_url, '_blank', 'noopener');
    } catch (error) {
      setProblem(problemOf(error, DOWNLOAD_FAILED));
    }
  };

  return (
    <Stack spacing={2}>
      <ListPageHeading
        title="Clinical Sites"
        subtitle="The hospitals and agencies students go to, their units, contacts and affiliation agreements."
        addLabel="Add site"
        onAdd={() => setEditing({})}
        problem={problem}
      />
      {sites.isError ? (
        <LoadFailure message="Unable to load the clinical sites" error={sites.error} />
      ) : (
        <DataTable
          label="Clinical sites"
          columns={COLUMNS}
          rows={sites.data ?? []}
          rowKey={(s) => s.id}
          loading={sites.isLoading}
          loadingMessage="Loading the sites..."
          empty={<Typography>No clinical sites yet. Add the first one.</Typography>}
          actions={{
            render: (site) => (
              <>
                <Button size="small" aria-label={`Edit ${site.name}`} onClick={() => setEditing({ site })}>
                  Edit
                </Button>
                {site.agreement?.file && (
                  <Button size="small" aria-label={`Download agreement of ${site.name}`} onClick={() => void download(site)}>
                    Download agreement
                  </Button>
                )}
                <Button size="small" color="error" aria-label={`Delete ${site.name}`} onClick={() => deletion.ask(site)}>
                  Delete
                </Button>
              </>
            ),
          }}
        />
      )}
      {editing && <SiteFormDialog site={editing.site} onClose={() => setEditing(null)} />}
      {deletion.dialog}
    </Stack>
  );
}

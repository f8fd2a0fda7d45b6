import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AnnouncementSummary } from '#contract/notifications';
import { cohortToComposeFor } from '#shared/announcementLinks';
import { PageHeading } from '#shared/components/PageHeading';
import { PagedQueryList } from '#shared/components/PagedList';
import { paths } from '#shared/paths';
import { HeadingRow } from '#shared/components/HeadingRow';
import { AnnouncementComposer } from './AnnouncementComposer';
import { AnnouncementDetailsDialog } from './AnnouncementDetailsDialog';
import { ANNOUNCEMENTS_FAILED, NO_ANNOUNCEMENTS } from './announcementMessages';
import { useListAnnouncementCohortsQuery, useListAnnouncementsInfiniteQuery } from './announcementsApi';
import { AnnouncementsTable } from './AnnouncementsTable';
import { StudentMessagesSection } from './StudentMessagesSection';

/** The composer's opening: remounted (`key`) each time, preset to a cohort when a link asked for one. */
type Composing = { key: number; cohortId: string | null } | null;

/**
 * /admin/announcements (staff and admins): the sent and scheduled announcements, New Announcement, and the
 * emails sent to a student.
 * A cohort's Email All links here with `?compose=cohort&cohort_id=...`, which opens the composer preset
 * (shared/announcementLinks.ts); closing it drops the query, so a reload does not open it again.
 */
export default function AnnouncementsPage() {
  // useLocation rather than useSearchParams, whose code would join the start-up bundle (web/README.md).
  const { search } = useLocation();
  const navigate = useNavigate();
  const preset = cohortToComposeFor(search);
  const [composing, setComposing] = useState<Composing>(preset ? { key: 0, cohortId: preset } : null);
  const [opened, setOpened] = useState<AnnouncementSummary | null>(null);
  const list = useListAnnouncementsInfiniteQuery();
  const cohorts = useListAnnouncementCohortsQuery();
  const announcements = list.data?.pages.flatMap((page) => page.results) ?? [];

  const closeComposer = () => {
    setComposing(null);
    if (search) navigate(paths.announcements, { replace: true });
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="page-title">
      <HeadingRow>
        <PageHeading title="Announcements" subtitle="Notices to students in the portal and by email, sent now or at a time you choose." />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setComposing({ key: Date.now(), cohortId: null })}>
          New Announcement
        </Button>
      </HeadingRow>
      <PagedQueryList query={list} loadingText="Loading announcements..." failureText={ANNOUNCEMENTS_FAILED} empty={announcements.length === 0 && NO_ANNOUNCEMENTS}>
        <AnnouncementsTable announcements={announcements} cohorts={cohorts.data ?? []} onOpen={setOpened} />
      </PagedQueryList>
      <StudentMessagesSection />
      {composing && <AnnouncementComposer key={composing.key} cohortId={composing.cohortId} onClose={closeComposer} />}
      {opened && <AnnouncementDetailsDialog announcement={opened} cohorts={cohorts.data ?? []} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

import type { ClinicalSite, RosterEntry, Rotation, RotationRoster, SharedRoster } from '#contract/clinical';
import { sampleUser, signedIn } from '../../testing/test-utils';
import { withDefaults } from '../../testing/withDefaults';

export const asCoordinator = () => signedIn({ ...sampleUser({ username: 'cora', first_name: 'Cora' }), is_compliance: true } as ReturnType<typeof sampleUser>);

/** A day `days` from today (YYYY-MM-DD, UTC), for agreements near their end. */
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const site = withDefaults<ClinicalSite>({
  id: 'site-1',
  name: 'Mercy General',
  address: '1 Main St',
  units: ['ICU', 'Med-Surg'],
  contacts: [{ name: 'Pat Lee', title: 'Educator', email: 'pat@mercy.test', phone: '' }],
  requirement_ids: [],
  agreement: { starts_on: '2025-01-01', ends_on: '2030-12-31', file: { name: 'agreement.pdf', size: 100, content_type: 'application/pdf' } },
  rotations: 2,
  updated_at: '2026-11-01T00:00:00.000Z',
});

export const rotation = withDefaults<Rotation>({
  id: 'rot-1',
  site_id: 'site-1',
  site_name: 'Mercy General',
  unit: 'ICU',
  course_id: 'course-1',
  course_name: 'Adult Health I',
  instructor: 'Dana Cruz',
  instructor_email: 'dana@school.test',
  starts_on: '2027-01-10',
  ends_on: '2027-03-01',
  capacity: 8,
  assigned: 2,
  updated_at: '2026-11-01T00:00:00.000Z',
});

export const entry = withDefaults<RosterEntry>({ username: 'jdoe', first_name: 'Jane', last_name: 'Doe', cohort_id: 'c-1', cleared: true, reasons: [] });
export const blockedEntry = entry({
  username: 'bsmith',
  first_name: 'Bob',
  last_name: 'Smith',
  cleared: false,
  reasons: ['BLS card expires Feb 1, 2027, before the rotation ends'],
});

export const roster = (students: RosterEntry[] = [entry(), blockedEntry]): RotationRoster => ({
  rotation: rotation({ assigned: students.length }),
  students,
  all_cleared: students.every((s) => s.cleared),
});

export const sharedRoster: SharedRoster = {
  site_name: 'Mercy General',
  unit: 'ICU',
  course_name: 'Adult Health I',
  instructor: 'Dana Cruz',
  starts_on: '2027-01-10',
  ends_on: '2027-03-01',
  shared_at: '2026-11-20T15:00:00.000Z',
  expires_at: '2026-11-27T15:00:00.000Z',
  students: [
    {
      first_name: 'Jane',
      last_name: 'Doe',
      cleared: true,
      requirements: [
        { name: 'BLS card', status_label: 'Approved', expires_on: '2028-10-01' },
        { name: 'Flu shot', status_label: 'Approved', expires_on: null },
      ],
    },
  ],
};

/** The presigned PUT's stand-in: every upload reports its progress and succeeds; `sent` holds the URLs put to. */
export class UploadXhr {
  static sent: string[] = [];
  upload = { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 200;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    UploadXhr.sent.push(this.url);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
    setTimeout(() => this.onload?.(), 0);
  }
}

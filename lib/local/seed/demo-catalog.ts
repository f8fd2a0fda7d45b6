/** Demo courses (every course name the spec fixes), cohorts and document categories. */
import type { CohortRecord } from '../../../lambdas/store/cohort.js';
import type { DocumentCategoryRecord } from '../../../lambdas/store/document.js';
import type { CourseRecord } from '../../../lambdas/store/course.js';

type C = [name: string, crn: string, credits: number, application: number | null, tuition: number | null, certificate: boolean];
const COURSES: C[] = [
  ['Nursing Assistant', '10101', 6, 50, 1450, true],
  ['EKG Technician', '10102', 4, 50, 1200, true],
  ['Phlebotomy', '10103', 4, 50, 1500, true],
  ['Ultrasound Program', '20101', 12, 75, 8900, false],
  ['MA', '10104', 8, 50, 3200, true],
  ['MA(associates)', '30101', 16, 75, 9800, false],
  ['Patient Care Technician', '20102', 10, 75, 5200, false],
  ['Algebra', '40101', 3, null, 450, false],
  ['Ultrasound', '20103', 6, 50, 2600, false],
  ['Nurse Ethics', '40102', 2, null, 300, false],
  ['Nurse Ethics', '40103', 3, null, 450, true],
  ['Physics', '40104', 4, null, 600, false],
  ['Biology', '40105', 4, null, 600, false],
  ['English', '40106', 3, null, 450, false],
  ['Medical Terminology for Allied Health Sciences', '40107', 3, 25, 480, true],
];

export const demoCourses: CourseRecord[] = COURSES.map(([name, crn, creditHours, app, tuition, isCertificateCourse], i) => ({
  id: `course-${String(i + 1).padStart(2, '0')}`,
  name,
  crn,
  creditHours,
  applicationPriceCents: app === null ? null : app * 100,
  tuitionPriceCents: tuition === null ? null : tuition * 100,
  isCertificateCourse,
}));

/** Member counts are derived from the demo students when seeding. */
export const demoCohorts: Array<Omit<CohortRecord, 'studentCount'>> = [
  {
    id: 'cohort-2025-cert-1',
    academicYear: '2025-2026',
    cohortNumber: 1,
    programType: 'certificate',
    programName: 'Nursing Assistant',
    isActive: true,
    startDate: '2025-09-02',
    endDate: '2026-06-12',
  },
  {
    id: 'cohort-2025-dipl-1',
    academicYear: '2025-2026',
    cohortNumber: 1,
    programType: 'diploma',
    programName: 'Patient Care Technician',
    isActive: true,
    startDate: '2025-09-02',
    endDate: null,
  },
  {
    id: 'cohort-2025-assoc-1',
    academicYear: '2025-2026',
    cohortNumber: 1,
    programType: 'associates',
    programName: 'MA(associates)',
    isActive: true,
    startDate: '2025-08-25',
    endDate: '2027-05-14',
  },
  {
    id: 'cohort-2026-cert-2',
    academicYear: '2026-2027',
    cohortNumber: 2,
    programType: 'certificate',
    programName: 'Phlebotomy',
    isActive: true,
    startDate: '2026-09-08',
    endDate: null,
  },
  {
    id: 'cohort-2026-dipl-2',
    academicYear: '2026-2027',
    cohortNumber: 2,
    programType: 'diploma',
    programName: 'Ultrasound Program',
    isActive: true,
    startDate: null,
    endDate: null,
  },
  {
    id: 'cohort-2024-cert-3',
    academicYear: '2024-2025',
    cohortNumber: 3,
    programType: 'certificate',
    programName: 'EKG Technician',
    isActive: false,
    startDate: '2024-09-03',
    endDate: '2025-05-30',
  },
];

export const demoDocumentCategories: DocumentCategoryRecord[] = ['Syllabus', 'Handbook', 'Financial Aid', 'Clinical Forms', 'Policies', 'Schedules', 'Transcripts'].map(
  (name, i) => ({ id: `doccat-${i + 1}`, name }),
);

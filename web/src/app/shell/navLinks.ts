import { paths } from '#shared/paths';
import type { UserInfo } from '#contract/users';
import { isStudentUser } from '#shared/session/currentUser';
import { canReviewCompliance } from '#shared/session/complianceAccess';

export interface NavLinkDef {
  label: string;
  to: string;
  /** Outlined: the role's own screens (the spec's admin buttons are outlined). */
  outlined?: boolean;
  /** Active on this path only, not below it (/admin is not active on /admin/announcements). */
  end?: boolean;
}

/** The extra buttons admins see, in the spec's order. */
const adminLinks: NavLinkDef[] = [
  { label: 'Course Manager', to: paths.courseManager, outlined: true },
  { label: 'Cohort Management', to: paths.cohortManagement, outlined: true },
  { label: 'Admin Panel', to: paths.admin, outlined: true, end: true },
  { label: 'Dashboard', to: paths.dashboard, outlined: true },
  { label: 'Announcements', to: paths.announcements, outlined: true },
];

/** Staff (not admins) reach their two screens from the header, not only from a dashboard chip. */
const staffLinks: NavLinkDef[] = [
  { label: 'Document Management', to: paths.documents, outlined: true },
  { label: 'Course Manager', to: paths.courseManager, outlined: true },
  { label: 'Announcements', to: paths.announcements, outlined: true },
];

/** Beyond the spec: a student's payments and documents. */
const studentLinks: NavLinkDef[] = [
  { label: 'Payment History', to: paths.payments },
  { label: 'My Documents', to: paths.documents },
  { label: 'My Compliance', to: paths.myCompliance, end: true },
];

/** The header's links for `user` (anonymous visitors: the catalog only), in display order. */
export function navLinksFor(user: UserInfo | null): NavLinkDef[] {
  const links: NavLinkDef[] = [{ label: 'Course Catalog', to: paths.courses }];
  if (user?.isAdmin) links.push(...adminLinks);
  else if (user?.is_staff) links.push(...staffLinks);
  if (user?.is_finance || user?.isAdmin) {
    // end: the ledger is not active on /finance/payment-plans
    links.push({ label: 'Finance Ledger', to: paths.finance, outlined: true, end: true }, { label: 'Payment Plans', to: paths.paymentPlans, outlined: true });
  }
  // the compliance group and admins: the review queue (admins reach the requirement templates from it)
  if (canReviewCompliance(user)) links.push({ label: 'Compliance Review', to: paths.complianceReview, outlined: true });
  // clinical placements: the rotations for the same people, the sites they go to for admins
  if (canReviewCompliance(user)) links.push({ label: 'Clinical Rotations', to: paths.rotations, outlined: true });
  if (user?.isAdmin) links.push({ label: 'Clinical Sites', to: paths.clinicalSites, outlined: true });
  if (isStudentUser(user)) links.push(...studentLinks);
  return links;
}

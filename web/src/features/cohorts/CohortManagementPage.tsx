import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Cohort Management (admin only): built in issue 7. */
export default function CohortManagementPage() {
  return <PagePlaceholder title="Cohort Management" />;
}

import { brand } from '../../app/brand';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Admin panel (admin only), titled as the college's admin dashboard: built in issue 6. */
export default function AdminPanelPage() {
  return <PagePlaceholder title={`${brand.collegeName} Admin Dashboard`} />;
}

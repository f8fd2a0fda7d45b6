import { brand } from '../../app/brand';
import { useSignedInUser } from '../../components/RequireAuth';
import DocumentManagementPage from './DocumentManagementPage';
import MyDocumentsPage from './MyDocumentsPage';

/**
 * /documents (under RequireAuth): Document Management for staff and admins (admins also have it in
 * the admin panel), My Documents for everyone else. The server decides what each may list.
 */
export default function DocumentsPage() {
  const user = useSignedInUser();
  if (!user.is_staff && !user.isAdmin) return <MyDocumentsPage />;
  return (
    <>
      <title>{`Document Management · ${brand.productName}`}</title>
      <DocumentManagementPage headingLevel="h1" />
    </>
  );
}

import { brand } from '#shared/brand';
import { useSignedInUser } from '#shared/session/currentUser';
import DocumentManagementPage from './DocumentManagementPage';
import MyDocumentsPage from './MyDocumentsPage';

/**
 * /documents (under RequireAuth): Document Management for staff and admins (admins also have it in
 * the admin panel) and, to read, for finance (they have no documents of their own to
 * acknowledge); My Documents for students. The server decides what each may list and change.
 */
export default function DocumentsPage() {
  const user = useSignedInUser();
  if (!user.is_staff && !user.isAdmin && !user.is_finance) return <MyDocumentsPage />;
  return (
    <>
      <title>{`Document Management · ${brand.productName}`}</title>
      <DocumentManagementPage headingLevel="h1" />
    </>
  );
}

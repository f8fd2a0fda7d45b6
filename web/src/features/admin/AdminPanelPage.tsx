import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { brand } from '#shared/brand';
import { PageLoading } from '#shared/components/PageLoading';
import { PermanentDrawer, TemporaryDrawer } from './AdminDrawer';
import { AdminMenu } from './AdminMenu';
import { AdminViewContent } from './AdminViewContent';
import { VIEW_LABEL, viewOf, type AdminView } from './adminViews';
import { useWideScreen } from '#shared/components/useScreenWidth';

export const ADMIN_PANEL_TITLE = `${brand.collegeName} Admin Dashboard`;

interface Props {
  /** The Documents, Cohorts, Students and Audit log views belong to other features; app/AdminPanelRoute passes them in. */
  documents: ReactNode;
  cohorts: ReactNode;
  students: ReactNode;
  audit: ReactNode;
}

/**
 * Admin panel at /admin (admin only): a left menu in a 240-wide permanent drawer
 * on wide screens, a temporary drawer behind a menu button on small ones. The view is kept in
 * the URL (?view=cohorts) so it survives a reload and the back button.
 */
export default function AdminPanelPage({ documents, cohorts, students, audit }: Props) {
  const wide = useWideScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  // useLocation/useNavigate rather than useSearchParams, whose code would join the start-up bundle.
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = viewOf(new URLSearchParams(search).get('view'));

  const select = (next: AdminView) => {
    setMenuOpen(false);
    navigate({ search: `?view=${next}` });
  };
  const menu = <AdminMenu current={view} onSelect={select} />;

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 3 }}>
      <title>{`${VIEW_LABEL[view]} · ${ADMIN_PANEL_TITLE}`}</title>
      {wide ? (
        <PermanentDrawer>{menu}</PermanentDrawer>
      ) : (
        <TemporaryDrawer id="admin-menu" open={menuOpen} onClose={() => setMenuOpen(false)}>
          {menu}
        </TemporaryDrawer>
      )}
      <Box component="section" aria-labelledby="page-title" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
          {!wide && (
            <IconButton aria-label="Open admin menu" aria-controls={menuOpen ? 'admin-menu' : undefined} aria-expanded={menuOpen} edge="start" onClick={() => setMenuOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography id="page-title" variant="h4" component="h1">
            {ADMIN_PANEL_TITLE}
          </Typography>
        </Box>
        <Suspense fallback={<PageLoading />}>
          <AdminViewContent view={view} documents={documents} cohorts={cohorts} students={students} audit={audit} />
        </Suspense>
      </Box>
    </Box>
  );
}

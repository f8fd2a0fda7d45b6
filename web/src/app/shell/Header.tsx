import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router';
import { brand } from '#shared/brand';
import { useAppDispatch, useAppSelector } from '#shared/store/hooks';
import { paths } from '#shared/paths';
import { loggedOut, selectUserInfo } from '#shared/session/authSlice';
import { revokeRefreshToken } from '#shared/session/sessionTokens';
import { TwoStepSignInButton } from '../../features/auth/TwoStepSignInButton';
import { CartButton } from '../../features/cart/CartButton';
import type { UserInfo } from '#contract/users';
import { isStudentUser } from '#shared/session/currentUser';
import { navLinksFor } from './navLinks';

// The phone menu's drawer loads on first use, not with every route
const NavMenuDrawer = lazy(() => import('./NavMenuDrawer'));
// The bell, its API and its menu load once someone is signed in: the login and every route's shell stay as they were
const NotificationBell = lazy(() => import('../../features/notifications/NotificationBell'));
const MENU_ID = 'header-menu';

function displayName(user: UserInfo): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

export function Header() {
  const user = useAppSelector(selectUserInfo);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = () => {
    // Signed out here at once; revoking the refresh token at Cognito follows in the background.
    revokeRefreshToken(user?.refresh);
    dispatch(loggedOut());
    navigate(paths.home);
  };
  const links = navLinksFor(user);
  // A student's own TOTP (admin, finance and staff accounts must have it and set it up at sign-in)
  const student = isStudentUser(user);

  return (
    // printed pages (a shared roster) go without the header
    <AppBar position="static" color="primary" sx={{ displayPrint: 'none' }}>
      <Toolbar sx={toolbarStyle}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component={RouterLink} to={user ? paths.dashboard : paths.home} sx={brandStyle}>
            <LocalHospitalIcon aria-hidden />
            <Box component="span" sx={ellipsis}>
              {brand.productName}
            </Box>
          </Typography>
          <Typography variant="body2" sx={ellipsis}>
            {user ? `Signed in as ${displayName(user)}` : 'Please log in to view your dashboard'}
          </Typography>
        </Box>
        <Box component="nav" aria-label="Main" sx={navStyle}>
          {/* wide screens: every link in the bar; phones: the same links behind the menu button */}
          <Box sx={wideOnly}>
            {links.map((link) => (
              <Button key={link.to + link.label} color="inherit" variant={link.outlined ? 'outlined' : 'text'} component={NavLink} to={link.to} end={link.end}>
                {link.label}
              </Button>
            ))}
          </Box>
          {user && (
            // its slot is kept while it loads, so the header does not shift
            <Suspense fallback={<Box sx={bellSlot} />}>
              <NotificationBell />
            </Suspense>
          )}
          <CartButton />
          {student && (
            <Box sx={wideOnly}>
              <TwoStepSignInButton />
            </Box>
          )}
          <IconButton
            color="inherit"
            aria-label="Menu"
            aria-haspopup="true"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MENU_ID : undefined}
            onClick={() => setMenuOpen(true)}
            sx={phoneOnly}
          >
            <MenuIcon />
          </IconButton>
          {user && (
            // on phones the icon alone; its name stays "Logout"
            <Button color="inherit" aria-label="Logout" startIcon={<LogoutIcon aria-hidden />} onClick={logout} sx={logoutStyle}>
              <Box component="span" sx={wideInline}>
                Logout
              </Box>
            </Button>
          )}
        </Box>
        {menuOpen && (
          <Suspense fallback={null}>
            <NavMenuDrawer id={MENU_ID} links={links} extra={student ? <TwoStepSignInButton /> : undefined} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}

/** Below 600 px (MUI's `sm`): the header collapses to one row with the menu button. */
const PHONE = '@media (max-width: 599.95px)';

const toolbarStyle = { flexWrap: 'wrap', columnGap: 2, rowGap: 1, py: 1, [PHONE]: { flexWrap: 'nowrap', columnGap: 1 } } as const;
const brandStyle = { color: 'inherit', textDecoration: 'none', display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' } as const;
const ellipsis = { [PHONE]: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } } as const;
const wideOnly = { display: 'contents', [PHONE]: { display: 'none' } } as const;
const wideInline = { [PHONE]: { display: 'none' } } as const;
const phoneOnly = { display: 'none', [PHONE]: { display: 'inline-flex' } } as const;
const bellSlot = { width: 40, height: 40, flexShrink: 0 } as const;
const logoutStyle = { [PHONE]: { minWidth: 40, px: 1, '& .MuiButton-startIcon': { m: 0 } } } as const;

const navStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 1,
  [PHONE]: { flexWrap: 'nowrap', gap: 0, flexShrink: 0 },
  // NavLink marks the current page (aria-current="page" and the "active" class).
  '& a.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' },
} as const;

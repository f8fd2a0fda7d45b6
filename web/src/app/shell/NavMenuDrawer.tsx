import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NavLink } from 'react-router';
import type { ReactNode } from 'react';
import type { NavLinkDef } from './navLinks';
import { SideSheet } from '#shared/components/SideSheet';

/**
 * The phone header's menu: the same links as the wide header, in a drawer. Loaded when the
 * menu button is first pressed, so the drawer's code is not in every route's shell. Rendered inside
 * the header (no portal), so the links stay in the banner landmark; a link closes it.
 */
export default function NavMenuDrawer({ id, links, extra, onClose }: { id: string; links: NavLinkDef[]; extra?: ReactNode; onClose: () => void }) {
  return (
    <SideSheet open onClose={onClose} side="right" width={260} inPlace>
      <Box component="nav" id={id} aria-label="Main menu" sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 2 }}>
        {links.map((link) => (
          <Button key={link.to + link.label} component={NavLink} to={link.to} end={link.end} onClick={onClose} sx={linkStyle}>
            {link.label}
          </Button>
        ))}
        {extra}
      </Box>
    </SideSheet>
  );
}

const linkStyle = { justifyContent: 'flex-start', '&.active': { bgcolor: 'action.selected' } } as const;

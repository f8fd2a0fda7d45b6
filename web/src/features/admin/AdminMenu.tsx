import AnalyticsIcon from '@mui/icons-material/Analytics';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import BadgeIcon from '@mui/icons-material/Badge';
import SettingsIcon from '@mui/icons-material/Settings';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement } from 'react';
import { ADMIN_VIEWS, VIEW_LABEL, type AdminView } from './adminViews';

const ICON: Record<AdminView, ReactElement> = {
  overview: <DashboardIcon />,
  documents: <DescriptionIcon />,
  cohorts: <GroupsIcon />,
  students: <BadgeIcon />,
  audit: <HistoryIcon />,
  categories: <CategoryIcon />,
  analytics: <AnalyticsIcon />,
  settings: <SettingsIcon />,
};

/** The panel's left menu; the current view is marked for screen readers too (aria-current). */
export function AdminMenu({ current, onSelect }: { current: AdminView; onSelect: (view: AdminView) => void }) {
  return (
    <List component="nav" aria-label="Admin menu">
      {ADMIN_VIEWS.map((view) => (
        <ListItemButton key={view} selected={view === current} aria-current={view === current ? 'page' : undefined} onClick={() => onSelect(view)}>
          <ListItemIcon>{ICON[view]}</ListItemIcon>
          <ListItemText primary={VIEW_LABEL[view]} />
        </ListItemButton>
      ))}
    </List>
  );
}

import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import type { NotificationItem } from '#contract/notifications';
import { RichText } from '#shared/components/RichText';
import { formatDateTime } from '#shared/lib/dates';
import { CATEGORY_NAME } from '#shared/lib/notificationCategory';
import { UnreadDot } from './UnreadDot';

// A click on the body's own links follows that link only; anywhere else on the entry opens the notice.
const fromLink = (event: MouseEvent) => (event.target as Element).closest('a, button') !== null;

/**
 * One notice of the inbox: category, date, title, body, unread dot. The title is the entry's button
 * (for the keyboard); a click anywhere else on it opens it too, except on the body's own links.
 */
export function NotificationEntry({ notice, onOpen }: { notice: NotificationItem; onOpen: (notice: NotificationItem) => void }) {
  return (
    <Box
      component="li"
      onClick={(event) => !fromLink(event) && onOpen(notice)}
      sx={{ listStyle: 'none', display: 'flex', gap: 1.5, p: 2, cursor: 'pointer', bgcolor: notice.read ? undefined : 'action.hover', '&:hover': { bgcolor: 'action.selected' } }}
    >
      <UnreadDot unread={!notice.read} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
          <Chip size="small" variant="outlined" label={CATEGORY_NAME[notice.category] ?? notice.category} />
          <Typography variant="caption" color="text.secondary" component="span">
            {formatDateTime(notice.created_at)}
          </Typography>
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: notice.read ? 400 : 600, overflowWrap: 'anywhere' }}>
          <ButtonBase
            onClick={(event) => {
              event.stopPropagation(); // the entry's own click would open it a second time
              onOpen(notice);
            }}
            sx={titleButton}
          >
            {notice.title}
          </ButtonBase>
        </Typography>
        <RichText source={notice.body} />
      </Box>
    </Box>
  );
}

const titleButton = { textAlign: 'left', font: 'inherit', borderRadius: 0.5, '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' } } as const;

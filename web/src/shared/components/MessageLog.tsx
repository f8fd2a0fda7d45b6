import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MessageLogItem } from '#contract/notifications';
import { useListStudentMessagesInfiniteQuery } from '../api/studentMessages';
import { formatDateTime } from '../lib/dates';
import { CATEGORY_NAME } from '../lib/notificationCategory';
import { DataTable } from './DataTable';
import type { DataColumn } from './dataTableColumns';
import { MessageStatusChip } from './MessageStatusChip';
import { LoadFailure, LoadMoreButton } from './PagedList';

const MESSAGES_FAILED = 'Failed to load messages';

const COLUMNS: DataColumn<MessageLogItem>[] = [
  { header: 'Date', render: (message) => formatDateTime(message.created_at), nowrap: true },
  { header: 'Category', render: (message) => CATEGORY_NAME[message.category] ?? message.category, priority: 'secondary' },
  { header: 'Subject', render: (message) => message.subject },
  { header: 'Status', render: (message) => <MessageStatusChip status={message.status} /> },
];

/**
 * The emails sent to a student (subjects only: emails carry no record contents), newest first, a page at a
 * time as the API pages them, with where each stands.
 */
export function MessageLog({ username }: { username: string }) {
  const messages = useListStudentMessagesInfiniteQuery(username);
  const items = messages.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Emails sent to the student, newest first. Every notice is also in their portal inbox.
      </Typography>
      {messages.isError ? (
        <LoadFailure message={MESSAGES_FAILED} error={messages.error} />
      ) : (
        <>
          <DataTable
            label="Message log"
            outlined={false}
            columns={COLUMNS}
            rows={items}
            rowKey={(message) => message.id}
            loading={messages.isLoading}
            empty="No emails sent to this student yet"
          />
          <Box sx={{ mt: 1 }}>
            <LoadMoreButton query={messages} />
          </Box>
        </>
      )}
    </>
  );
}

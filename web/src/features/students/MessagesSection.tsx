import { MessageLog } from '#shared/components/MessageLog';
import { RecordSection } from './RecordSection';

/** The record's emails sent to the student (the log staff also reach from the announcements page). */
export function MessagesSection({ username }: { username: string }) {
  return (
    <RecordSection title="Messages">
      <MessageLog username={username} />
    </RecordSection>
  );
}

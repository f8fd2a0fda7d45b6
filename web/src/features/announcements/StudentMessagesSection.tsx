import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MessageLog } from '#shared/components/MessageLog';
import { SectionCard } from '#shared/components/SectionCard';
import { StudentPicker } from './StudentPicker';

/**
 * The emails sent to one student and where each stands, for staff as well: the student record that also
 * shows them is for admins only.
 */
export function StudentMessagesSection() {
  const [username, setUsername] = useState<string | null>(null);
  return (
    <SectionCard id="student-messages-title" title="Messages to a student">
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <StudentPicker id="student-messages-student" label="Student" value={username} onChange={setUsername} />
      </Box>
      {username ? <MessageLog username={username} /> : <Typography color="text.secondary">Choose a student to see the emails sent to them.</Typography>}
    </SectionCard>
  );
}

import Alert from '@mui/material/Alert';
import type { RedirectNotice } from './redirectNotice';

export default function NoticeAlert({ notice, onClose }: { notice: RedirectNotice; onClose: () => void }) {
  return (
    <Alert severity={notice.severity} onClose={onClose} sx={{ mb: 3 }}>
      {notice.message}
    </Alert>
  );
}

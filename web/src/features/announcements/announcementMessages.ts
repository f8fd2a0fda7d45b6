import { formatSchoolTime } from './schoolTime';

/** The announcement screens' texts. */
export const ANNOUNCEMENT_SENT = 'Announcement sent';
export const announcementScheduled = (sendAt: string) => `Announcement scheduled for ${formatSchoolTime(sendAt)}`;
export const SEND_FAILED = 'The announcement could not be sent. Please try again.';
export const ANNOUNCEMENTS_FAILED = 'Unable to load announcements';
export const NO_ANNOUNCEMENTS = 'No announcements yet. Press New Announcement to send the first.';
export const FORMAT_HINT = 'Blank line between paragraphs, "- " for a bullet, **bold**, *italic*, links as https://…';

/** "3 recipients' addresses no longer take email; they got the notice in-app." */
export const flaggedSummary = (count: number) =>
  count === 1 ? "1 recipient's address no longer takes email; they got the notice in-app." : `${count} recipients' addresses no longer take email; they got the notice in-app.`;

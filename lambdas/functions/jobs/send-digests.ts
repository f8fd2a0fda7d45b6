/** Scheduled (jobs table: notifications-digest, each morning): the emails the one-a-day rule held back, one digest per person and category. */
import { job } from '../../schedule/job.js';
import { sendDigests } from '../../notify/digest.js';

export const handler = job('notifications-digest', () => sendDigests());

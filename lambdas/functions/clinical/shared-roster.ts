/**
 * GET /api/shared-rosters/{token}/ (public: the clinical site has no account) — the roster as it was shared, until
 * the link expires (410 after). Each opening is in the audit log beside the share itself, with where it came from.
 */
import { ShareTokenParams, type SharedRoster } from '../../contract/clinical.js';
import { now } from '../../domain/clock.js';
import { AppError, NotFound } from '../../domain/errors.js';
import { route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { recordRead } from '../../store/audit.js';
import { getShare } from '../../store/rotation.js';

export const handler = route('shared-roster', async (req) => {
  const { token } = parseParams(req, ShareTokenParams);
  const share = await getShare(token);
  if (!share) throw new NotFound('This link is not valid');
  const expired = share.expires_at <= now().toISOString();
  await recordRead({
    actor: `shared-link:${share.id}`,
    action: 'rotation.roster.share.read',
    entityType: 'rotation',
    entityId: share.rotation_id,
    subject: `shared roster for ${share.recipient}`,
    detail: { share: share.id, recipient: share.recipient, expired, source_ip: req.event.requestContext.http.sourceIp, user_agent: req.headers['user-agent'] ?? null },
  });
  if (expired) throw new AppError(410, 'This link has expired; ask the school for a new one');
  const body: SharedRoster = { ...share.roster, shared_at: share.shared_at, expires_at: share.expires_at };
  return { body };
});

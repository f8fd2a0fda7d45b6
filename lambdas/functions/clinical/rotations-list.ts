/**
 * GET /api/rotations/ (compliance, admin) — rotations that end on or after `from` (default: the school's today), by
 * last day, all or one site's: one Query of an index a page.
 */
import { RotationListQuery, type Rotation } from '../../contract/clinical.js';
import type { Page } from '../../contract/page.js';
import { now, schoolDay } from '../../domain/clock.js';
import { decodeCursor, encodeCursor } from '../../http/cursor.js';
import { route } from '../../http/route.js';
import { parseQuery } from '../../http/validate.js';
import { presentRotation } from '../../presenters/clinical.js';
import { listRotationsPage } from '../../store/rotation.js';

export const handler = route('rotations-list', async (req) => {
  const q = parseQuery(req, RotationListQuery);
  const page = await listRotationsPage({ from: q.from ?? schoolDay(now()), siteId: q.site_id }, q.limit ?? 50, decodeCursor(q.cursor));
  const results = page.rotations.map(presentRotation);
  const body: Page<Rotation> = { results, count: results.length, next: encodeCursor(page.lastKey) };
  return { body };
});

/** DELETE /api/clinical-sites/{id}/ (admin) — removes a site with no rotations (409 otherwise), and its agreement file. */
import { RecordIdParams } from '../../contract/params.js';
import { nowIso } from '../../domain/clock.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { deleteSite, requireSite, siteSubject } from '../../store/clinical-site.js';
import { deleteFileQuietly } from '../../store/document-files.js';

export const handler = route('clinical-sites-delete', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const site = await requireSite(id);
  await deleteSite(
    site,
    { actor: callerOf(req).username, action: 'clinical-site.delete', entityType: 'clinical-site', entityId: id, subject: siteSubject(site), before: { name: site.name } },
    nowIso(),
  );
  if (site.agreement?.file) await deleteFileQuietly(site.agreement.file.key);
  return { body: { message: 'Clinical site deleted' } };
});

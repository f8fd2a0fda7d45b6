/** POST /api/clinical-sites/ (admin) — a new clinical site, with its units, contacts, extra requirements and agreement. */
import { SiteRequest, type ClinicalSite } from '../../contract/clinical.js';
import { siteFromInput } from '../../clinical/site-input.js';
import { nowIso } from '../../domain/clock.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { presentSite } from '../../presenters/clinical.js';
import { newSiteId, saveSite, siteSubject } from '../../store/clinical-site.js';
import { deleteFileQuietly } from '../../store/document-files.js';

export const handler = route('clinical-sites-create', async (req) => {
  const input = parseJsonBody(req, SiteRequest);
  const caller = callerOf(req).username;
  const { record, adopted } = await siteFromInput(input, newSiteId(), null, caller, nowIso());
  try {
    await saveSite(record, null, {
      actor: caller,
      action: 'clinical-site.create',
      entityType: 'clinical-site',
      entityId: record.id,
      subject: siteSubject(record),
      after: { name: record.name },
    });
  } catch (error) {
    if (adopted) await deleteFileQuietly(adopted.file);
    throw error;
  }
  if (adopted) await deleteFileQuietly(adopted.upload);
  const body: ClinicalSite = presentSite(record);
  return { status: 201, body };
});

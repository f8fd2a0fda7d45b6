/**
 * PUT /api/clinical-sites/{id}/ (admin) — replaces a site's details. An agreement without `upload_key` keeps the
 * file on file; a new upload replaces it (the old file is deleted once the change is stored).
 */
import { SiteRequest, type ClinicalSite } from '../../contract/clinical.js';
import { RecordIdParams } from '../../contract/params.js';
import { siteFromInput } from '../../clinical/site-input.js';
import { now, nowIso, schoolDay } from '../../domain/clock.js';
import { Conflict } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody, parseParams } from '../../http/validate.js';
import { presentSite } from '../../presenters/clinical.js';
import { requireSite, saveSite, siteSubject } from '../../store/clinical-site.js';
import { deleteFileQuietly } from '../../store/document-files.js';
import { rotationsEndingFrom } from '../../store/rotation.js';

export const handler = route('clinical-sites-update', async (req) => {
  const { id } = parseParams(req, RecordIdParams);
  const input = parseJsonBody(req, SiteRequest);
  const caller = callerOf(req).username;
  const previous = await requireSite(id);
  // a unit that rotations still to run are at stays: they would name a unit the site no longer has
  const dropped = previous.units.filter((u) => !input.units.some((kept) => kept.toLowerCase() === u.toLowerCase()));
  if (dropped.length) {
    const using = (await rotationsEndingFrom(schoolDay(now()), id)).filter((r) => dropped.includes(r.unit));
    if (using[0])
      throw new Conflict(`units: ${using[0].unit} is the unit of ${using.length === 1 ? 'a rotation' : `${using.length} rotations`} that has not ended; keep it until then`);
  }
  const { record, adopted } = await siteFromInput(input, id, previous, caller, nowIso());
  try {
    await saveSite(record, previous, {
      actor: caller,
      action: 'clinical-site.update',
      entityType: 'clinical-site',
      entityId: id,
      subject: siteSubject(record),
      before: { name: previous.name, agreement_ends_on: previous.agreement?.ends_on ?? null },
      after: { name: record.name, agreement_ends_on: record.agreement?.ends_on ?? null },
    });
  } catch (error) {
    if (adopted) await deleteFileQuietly(adopted.file);
    throw error;
  }
  const replaced = previous.agreement?.file?.key;
  await Promise.all([adopted && deleteFileQuietly(adopted.upload), replaced && replaced !== record.agreement?.file?.key && deleteFileQuietly(replaced)]);
  const body: ClinicalSite = presentSite(record);
  return { body };
});

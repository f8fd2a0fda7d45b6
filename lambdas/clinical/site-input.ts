/**
 * A site as POST and PUT /api/clinical-sites/ store it: its requirement ids must name templates that exist, and
 * a new agreement file is one of the caller's presigned uploads (POST /api/compliance/upload-url/), checked and
 * copied to the site's own key before the record is written. The caller deletes what it adopted once stored.
 */
import type { SiteInput } from '../contract/clinical.js';
import { checkUpload, displayFileName } from '../domain/uploads.js';
import { AppError, Invalid } from '../domain/errors.js';
import { siteKeys, type SiteRecord } from '../store/clinical-site.js';
import { activeRequirementIds } from '../store/compliance-keys.js';
import { copyFile, fileSize, ownsUpload, readFile } from '../store/document-files.js';

export interface SiteDraft {
  record: SiteRecord;
  /** The upload adopted as the agreement file (to delete once the site is stored), and the file key it became. */
  adopted: { upload: string; file: string } | null;
}

export async function siteFromInput(input: SiteInput, id: string, previous: SiteRecord | null, caller: string, at: string): Promise<SiteDraft> {
  const wanted = input.requirement_ids ?? [];
  if (wanted.length) {
    const known = await activeRequirementIds();
    const unknown = wanted.findIndex((r) => !known.has(r));
    if (unknown >= 0) throw new Invalid(`requirement_ids.${unknown}: is not a requirement template`);
  }
  let adopted: SiteDraft['adopted'] = null;
  let agreement: SiteRecord['agreement'] = null;
  if (input.agreement) {
    const { starts_on, ends_on, upload_key } = input.agreement;
    let file = previous?.agreement?.file ?? null;
    if (upload_key !== undefined && upload_key !== file?.key) {
      if (!ownsUpload(upload_key, caller)) throw new Invalid('agreement.upload_key: must be an upload of yours (POST /api/compliance/upload-url/)');
      if ((await fileSize(upload_key)) === null) throw new Invalid('agreement.upload_key: no such upload (it may have expired)');
      const stored = upload_key.slice(upload_key.lastIndexOf('/') + 1);
      const name = displayFileName(stored);
      let checked;
      try {
        checked = checkUpload(name, await readFile(upload_key));
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.status, error.message.replace(/^file(?=:)/, 'agreement.upload_key'), error.extra);
        throw error;
      }
      const key = siteKeys.agreementFile(id, `${at.replace(/[:.]/g, '-')}-${stored}`);
      await copyFile(upload_key, key, checked.contentType);
      file = { key, name, size: checked.size, content_type: checked.contentType };
      adopted = { upload: upload_key, file: key };
    }
    agreement = { starts_on, ends_on, file };
  }
  return {
    record: {
      id,
      name: input.name,
      address: input.address ?? '',
      units: input.units,
      contacts: (input.contacts ?? []).map((c) => ({ name: c.name, title: c.title ?? '', email: c.email ?? '', phone: c.phone ?? '' })),
      requirement_ids: wanted,
      agreement,
      rotations: previous?.rotations ?? 0,
      updated_at: at,
    },
    adopted,
  };
}

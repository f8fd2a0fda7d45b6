/** Clinical sites and rotations as the API shows them: never a bucket key. */
import type { ClinicalSite, Rotation } from '../contract/clinical.js';
import type { SiteRecord } from '../store/clinical-site.js';
import type { RotationRecord } from '../store/rotation.js';

export function presentSite(s: SiteRecord): ClinicalSite {
  return {
    id: s.id,
    name: s.name,
    address: s.address,
    units: s.units,
    contacts: s.contacts,
    requirement_ids: s.requirement_ids,
    agreement: s.agreement && {
      starts_on: s.agreement.starts_on,
      ends_on: s.agreement.ends_on,
      file: s.agreement.file && { name: s.agreement.file.name, size: s.agreement.file.size, content_type: s.agreement.file.content_type },
    },
    rotations: s.rotations,
    updated_at: s.updated_at,
  };
}

export const presentRotation = (r: RotationRecord): Rotation => ({ ...r });

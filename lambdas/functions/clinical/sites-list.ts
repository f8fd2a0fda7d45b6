/** GET /api/clinical-sites/ (compliance, admin) — every clinical site, by name: one Query. */
import type { ClinicalSite } from '../../contract/clinical.js';
import { route } from '../../http/route.js';
import { presentSite } from '../../presenters/clinical.js';
import { listSites } from '../../store/clinical-site.js';

export const handler = route('clinical-sites-list', async () => {
  const body: ClinicalSite[] = (await listSites()).map(presentSite);
  return { body };
});

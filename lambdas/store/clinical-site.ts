/**
 * The Clinical site: its keys, its item layout, its reads and its writes. Every site is in one partition
 * (CLINICAL_SITES, a school has tens), so the list and the agreement sweep are one Query. A site counts its
 * rotations, kept in the transaction of each rotation's create and delete (store/rotation.ts), so a site with
 * rotations cannot be deleted without a read that could race them. Every change carries its audit entry.
 */
import { randomUUID } from 'node:crypto';
import * as z from '../contract/zod.js';
import { Conflict, NotFound } from '../domain/errors.js';
import { auditPut, type AuditEntry } from './audit.js';
import { entity, getItem, queryAll, TABLE_NAME, transactWrite, type RecordOf } from './dynamo.js';

export const siteKeys = {
  all: 'CLINICAL_SITES',
  site: (id: string) => ({ pk: 'CLINICAL_SITES', sk: `SITE#${id}` }),
  /** Where a site's agreement file is kept in the bucket. */
  agreementFile: (id: string, name: string) => `clinical-sites/${id}/agreement/${name}`,
} as const;

export const Site = entity(
  'clinical-site',
  () =>
    z.object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      units: z.array(z.string()),
      contacts: z.array(z.object({ name: z.string(), title: z.optional(z.string()), email: z.optional(z.string()), phone: z.optional(z.string()) })),
      requirement_ids: z.array(z.string()),
      agreement: z.nullable(
        z.object({
          starts_on: z.string(),
          ends_on: z.string(),
          file: z.nullable(z.object({ key: z.string(), name: z.string(), size: z.number(), content_type: z.string() })),
        }),
      ),
      rotations: z._default(z.number(), 0),
      updated_at: z.string(),
    }),
  (s) => siteKeys.site(s.id),
);
export type SiteRecord = RecordOf<typeof Site>;

export const siteSubject = (s: Pick<SiteRecord, 'name'>) => `clinical-site ${s.name}`;

/** Every site, by name: one Query. */
export async function listSites(): Promise<SiteRecord[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': siteKeys.all } });
  return items.map(Site.fromItem).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getSite(id: string, options: { consistent?: boolean } = {}): Promise<SiteRecord | null> {
  const item = await getItem(siteKeys.site(id), options);
  return item ? Site.fromItem(item) : null;
}

export const newSiteId = () => randomUUID();

const sameName = (name: string) => new Conflict(`name: a clinical site named ${name} already exists`);

/**
 * Creates or replaces a site with its audit entry. A replace is conditioned on what was read (its `updated_at`
 * and rotation count), so neither another admin's edit nor a rotation made meanwhile is overwritten unseen (409).
 */
export async function saveSite(site: SiteRecord, previous: SiteRecord | null, entry: AuditEntry): Promise<void> {
  const existing = await listSites();
  if (existing.some((s) => s.id !== site.id && s.name.toLowerCase() === site.name.toLowerCase())) throw sameName(site.name);
  const put = previous
    ? {
        Item: Site.item({ ...site, rotations: previous.rotations }),
        ConditionExpression: 'updated_at = :was AND (attribute_not_exists(rotations) OR rotations = :count)',
        ExpressionAttributeValues: { ':was': previous.updated_at, ':count': previous.rotations },
      }
    : { Item: Site.item({ ...site, rotations: 0 }), ConditionExpression: 'attribute_not_exists(pk)' };
  await transactWrite([{ Put: { TableName: TABLE_NAME, ...put } }, auditPut(entry, site.updated_at)], () => {
    throw new Conflict('This clinical site was changed meanwhile; reload it and try again');
  });
}

/** Deletes a site that has no rotations (409 otherwise), with its audit entry. */
export async function deleteSite(site: SiteRecord, entry: AuditEntry, at: string): Promise<void> {
  await transactWrite(
    [
      {
        Delete: {
          TableName: TABLE_NAME,
          Key: siteKeys.site(site.id),
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(rotations) OR rotations = :none)',
          ExpressionAttributeValues: { ':none': 0 },
        },
      },
      auditPut(entry, at),
    ],
    () => {
      throw new Conflict(`${site.name} has rotations; delete them first`);
    },
  );
}

/** The site a route names, or 404. */
export async function requireSite(id: string): Promise<SiteRecord> {
  const site = await getSite(id);
  if (!site) throw new NotFound('Clinical site not found');
  return site;
}

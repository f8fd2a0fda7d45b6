/**
 * Clinical sites against DynamoDB Local and s3rver: create, list, update and delete, with the
 * affiliation agreement uploaded as the browser does it (POST /api/compliance/upload-url/, then the presigned PUT)
 * and adopted into the site's own key; a site with rotations cannot be deleted; a rotation names a unit the site has.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSite } from '../../lambdas/store/clinical-site.js';
import { uploadEvidence } from './support/compliance.js';
import { call, clinicalStaff, createCourse, createRotation, createSite, ok, rotationBody, siteBody } from './support/clinical.js';
import { keysContaining, objectExists, readObject } from './support/documents.js';

const { admin, coordinator } = clinicalStaff();
const pdf = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`));
let course: string;

beforeAll(async () => {
  course = await createCourse(admin);
});

describe('POST /api/clinical-sites/ and GET /api/clinical-sites/', () => {
  it('creates a site with its agreement file adopted from the admin’s upload, and lists it without any bucket key', async () => {
    const bytes = pdf(`agreement ${randomUUID()}`);
    const upload = await uploadEvidence(admin, 'Affiliation agreement.pdf', bytes);
    const created = await call('clinical-sites-create', admin, {
      body: siteBody({ requirement_ids: [], agreement: { starts_on: '2026-01-01', ends_on: '2028-12-31', upload_key: upload } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      units: ['Med-Surg', 'ICU'],
      rotations: 0,
      agreement: { starts_on: '2026-01-01', ends_on: '2028-12-31', file: { name: 'Affiliation_agreement.pdf', size: bytes.byteLength, content_type: 'application/pdf' } },
    });
    const id = created.body.id as string;

    // copied to the site's own key; the upload is gone
    const stored = await getSite(id);
    expect(stored!.agreement!.file!.key).toMatch(new RegExp(`^clinical-sites/${id}/agreement/`));
    expect(new Uint8Array(await readObject(stored!.agreement!.file!.key))).toEqual(bytes);
    expect(await objectExists(upload)).toBe(false);

    const list = await ok('clinical-sites-list', coordinator, {});
    expect((list as Array<{ id: string }>).find((s) => s.id === id)).toEqual(created.body);
    expect(JSON.stringify(list)).not.toContain('clinical-sites/');

    const download = await ok('clinical-sites-agreement', coordinator, { pathParameters: { id }, query: { disposition: 'inline' } });
    expect(download).toMatchObject({ download_url: expect.any(String), file_name: 'Affiliation_agreement.pdf', file_type: 'pdf', expires_in: expect.any(Number) });
  });

  it('a site without an agreement has no file to download (404)', async () => {
    const site = await createSite(admin);
    expect(site.agreement).toBeNull();
    const res = await call('clinical-sites-agreement', coordinator, { pathParameters: { id: site.id } });
    expect(res.status).toBe(404);
  });

  it.each([
    ['a unit listed twice', { units: ['ICU', 'icu'] }, /^units: must not list a unit twice$/],
    ['no units', { units: [] }, /^units: must name at least one unit$/],
    ['a requirement template that does not exist', { requirement_ids: ['no-such-template'] }, /^requirement_ids\.0: is not a requirement template$/],
    ['an agreement that ends before it starts', { agreement: { starts_on: '2027-01-01', ends_on: '2026-01-01' } }, /^agreement\.ends_on: must be after the start date$/],
    [
      'an upload that is not the caller’s',
      { agreement: { starts_on: '2026-01-01', ends_on: '2027-01-01', upload_key: 'uploads/someone-else/x/a.pdf' } },
      /^agreement\.upload_key: must be an upload of yours/,
    ],
    ['a blank name', { name: '  ' }, /^name: is required$/],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, over, message) => {
    const body = siteBody(over);
    const res = await call('clinical-sites-create', admin, { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    const list = (await ok('clinical-sites-list', admin, {})) as Array<{ name: string }>;
    expect(list.map((s) => s.name)).not.toContain(body.name);
  });

  it('refuses a second site of the same name, in any case (409)', async () => {
    const site = await createSite(admin);
    const res = await call('clinical-sites-create', admin, { body: siteBody({ name: site.name.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^name: /);
  });

  it('is the admins’ to change: a coordinator may list but not create (403)', async () => {
    expect((await call('clinical-sites-create', coordinator, { body: siteBody() })).status).toBe(403);
  });
});

describe('PUT /api/clinical-sites/{id}/', () => {
  it('changes the details, keeps the agreement file when no new upload is named, and replaces (and deletes) it when one is', async () => {
    const first = await uploadEvidence(admin, 'first.pdf', pdf('first'));
    const site = await createSite(admin, { agreement: { starts_on: '2026-01-01', ends_on: '2027-12-31', upload_key: first } });
    const firstKey = (await getSite(site.id))!.agreement!.file!.key;

    const kept = await ok('clinical-sites-update', admin, {
      pathParameters: { id: site.id },
      body: siteBody({ name: `${site.name} North`, units: ['Med-Surg', 'ICU', 'ED'], agreement: { starts_on: '2026-01-01', ends_on: '2029-12-31' } }),
    });
    expect(kept).toMatchObject({ name: `${site.name} North`, units: ['Med-Surg', 'ICU', 'ED'], agreement: { ends_on: '2029-12-31', file: { name: 'first.pdf' } } });
    expect(await objectExists(firstKey)).toBe(true);

    const second = await uploadEvidence(admin, 'second.pdf', pdf('second'));
    const replaced = await ok('clinical-sites-update', admin, {
      pathParameters: { id: site.id },
      body: siteBody({ name: `${site.name} North`, agreement: { starts_on: '2026-01-01', ends_on: '2029-12-31', upload_key: second } }),
    });
    expect(replaced.agreement.file.name).toBe('second.pdf');
    expect(await objectExists(firstKey)).toBe(false);
    expect(await keysContaining(`clinical-sites/${site.id}/agreement/`, '')).toEqual([(await getSite(site.id))!.agreement!.file!.key]);
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await call('clinical-sites-update', admin, { pathParameters: { id: randomUUID() }, body: siteBody() })).status).toBe(404);
  });
});

describe('DELETE /api/clinical-sites/{id}/', () => {
  it('refuses to delete a site with rotations (409), and deletes it (and its agreement file) once they are gone', async () => {
    const upload = await uploadEvidence(admin, 'agreement.pdf', pdf('to delete'));
    const site = await createSite(admin, { agreement: { starts_on: '2026-01-01', ends_on: '2027-12-31', upload_key: upload } });
    const fileKey = (await getSite(site.id))!.agreement!.file!.key;
    const rotation = await createRotation(coordinator, site.id, course);
    expect((await getSite(site.id))!.rotations).toBe(1);

    const refused = await call('clinical-sites-delete', admin, { pathParameters: { id: site.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/has rotations/);
    expect(await getSite(site.id)).not.toBeNull();

    await ok('rotations-delete', coordinator, { pathParameters: { id: rotation.id } });
    expect((await getSite(site.id))!.rotations).toBe(0);
    await ok('clinical-sites-delete', admin, { pathParameters: { id: site.id } });
    expect(await getSite(site.id)).toBeNull();
    expect(await objectExists(fileKey)).toBe(false);
    expect((await call('clinical-sites-delete', admin, { pathParameters: { id: site.id } })).status).toBe(404);
  });
});

describe('a rotation names a unit of its site', () => {
  it('refuses a unit the site does not have (400 naming unit), and takes one it has in any case, as the site spells it', async () => {
    const site = await createSite(admin);
    const res = await call('rotations-create', coordinator, { body: rotationBody(site.id, course, { unit: 'Oncology' }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^unit: .* has no unit Oncology$/);
    expect((await getSite(site.id))!.rotations).toBe(0);
    const made = await createRotation(coordinator, site.id, course, { unit: 'icu' });
    expect(made).toMatchObject({ unit: 'ICU', site_name: site.name, capacity: 4, assigned: 0 });
  });

  it('keeps a unit a rotation still to run is at (409), and lets it go once no such rotation is left', async () => {
    const site = await createSite(admin);
    const made = await createRotation(coordinator, site.id, course, { unit: 'ICU' });
    const withoutIcu = { ...siteBody({ name: site.name }), units: siteBody().units.filter((u: string) => u !== 'ICU') };
    const refused = await call('clinical-sites-update', admin, { pathParameters: { id: site.id }, body: withoutIcu });
    expect(refused).toMatchObject({ status: 409, body: { error: 'units: ICU is the unit of a rotation that has not ended; keep it until then' } });
    await ok('rotations-delete', coordinator, { pathParameters: { id: made.id } });
    expect((await ok('clinical-sites-update', admin, { pathParameters: { id: site.id }, body: withoutIcu })).units).not.toContain('ICU');
  });
});

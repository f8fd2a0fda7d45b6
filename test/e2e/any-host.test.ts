/**
 * The portal opened at http://127.0.0.1:<port> instead of localhost: presigned document URLs follow
 * the host the request came in on, so the upload's PUT, the image preview and the PDF preview stay
 * same-origin under the unchanged CSP. Every storage request goes to 127.0.0.1 and none is blocked.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, freshPagePerTest } from './support/browser.js';
import { makePdf, makePng } from '../../lib/local/seed/sample-files.js';

const session = freshPagePerTest();
let page: Page;
/** "METHOD host status content-type" of every request to the document bucket. */
let storage: string[];
let cspViolations: string[];
const origin = () => baseUrl().replace('//localhost:', '//127.0.0.1:');

beforeEach(() => {
  page = session.page;
  storage = [];
  cspViolations = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/local/s3/')) storage.push(`${res.request().method()} ${url.host} ${res.status()} ${res.headers()['content-type'] ?? ''}`);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

const row = (title: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Preview ${title}`, exact: true }) });

async function upload(title: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Cohort').selectOption({ label: '2025-2026 Cohort 1 - Nursing Assistant' });
  await dialog.getByLabel('Category').selectOption({ index: 1 });
  await dialog.getByLabel('Choose File').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.locator('.MuiSnackbar-root').getByText('Document uploaded successfully', { exact: true }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

async function remove(title: string) {
  await row(title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
  await row(title).waitFor({ state: 'detached' });
}

describe('the portal at 127.0.0.1', () => {
  it('uploads, previews an image and a PDF, all through the same origin', async () => {
    const host = new URL(origin()).host;
    const stamp = Date.now().toString(36);
    const pdfTitle = `Any-host PDF ${stamp}`;
    const imageTitle = `Any-host image ${stamp}`;

    await page.goto(`${origin()}/`);
    await page.getByLabel('Username').fill('staff');
    await page.getByLabel('Password').fill('Staff!2345');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${origin()}/Dashboard`);
    await page.goto(`${origin()}/documents`);
    await page.getByRole('heading', { level: 1, name: 'Document Management' }).waitFor();

    await upload(pdfTitle, { name: `any-host-${stamp}.pdf`, mimeType: 'application/pdf', buffer: makePdf('Any host') });
    await upload(imageTitle, { name: `any-host-${stamp}.png`, mimeType: 'image/png', buffer: makePng() });
    const puts = storage.filter((s) => s.startsWith('PUT '));
    expect(puts.map((s) => s.split(' ').slice(0, 3).join(' '))).toEqual([`PUT ${host} 200`, `PUT ${host} 200`]);

    await page.getByRole('tab', { name: /^Cohort Documents/ }).click();

    // the image preview loads and decodes
    await row(imageTitle)
      .getByRole('button', { name: `Preview ${imageTitle}` })
      .click();
    const imagePreview = page.getByRole('dialog', { name: new RegExp(imageTitle) });
    const image = imagePreview.getByRole('img', { name: imageTitle });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await imagePreview.getByRole('button', { name: 'Close' }).click();

    // the PDF preview's frame gets the PDF from this origin
    const pdfServed = page.waitForResponse((res) => res.url().includes('/local/s3/') && res.request().method() === 'GET' && res.status() === 200);
    await row(pdfTitle)
      .getByRole('button', { name: `Preview ${pdfTitle}` })
      .click();
    const pdfPreview = page.getByRole('dialog', { name: new RegExp(pdfTitle) });
    const frame = pdfPreview.getByTitle(`${pdfTitle} (PDF preview)`);
    await frame.waitFor();
    expect(new URL((await frame.getAttribute('src'))!).host).toBe(host);
    const served = await pdfServed;
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(new URL(served.url()).host).toBe(host);
    await pdfPreview.getByRole('button', { name: 'Close' }).click();

    expect(
      storage.every((s) => s.split(' ')[1] === host),
      storage.join('\n'),
    ).toBe(true);
    expect(cspViolations).toEqual([]);

    await remove(pdfTitle);
    await remove(imageTitle);
  });
});

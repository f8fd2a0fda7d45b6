/**
 * Clinical compliance (issue 24), one journey at both widths: a student with nothing on file hands in a BLS card
 * (two files, with the upload's progress) on My Compliance at 1280 px, an admin approves it from the review queue
 * with the expiry the validity rule suggests, and the student, now at 375 px, sees it Approved and previews the
 * files without the page scrolling sideways. maya.singh's record starts with every item Missing (seed:
 * demo-compliance.ts), and only her BLS card changes, so the other browser tests' records stay as seeded.
 */
import { describe, it } from 'vitest';
import { addMonths } from '../../lambdas/domain/compliance.js';
import { makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';
import { expectToast } from './support/toasts.js';

const file = browserPerFile();
const BLS = 'BLS / CPR card';
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('Clinical compliance', () => {
  it('a student hands in a BLS card at 1280 px, an admin approves it, and the student sees it Approved at 375 px', async ({ expect, onTestFinished }) => {
    const completed = day(new Date(Date.now() - 10 * 86_400_000));

    // the student, at 1280 px
    const student = await file.newPageFor(onTestFinished, { viewport: { width: 1280, height: 900 } });
    await signInToDashboard(student, 'maya.singh', 'Student!2345');
    await student.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Compliance' }).click();
    await student.getByRole('heading', { level: 1, name: 'My Compliance' }).waitFor();
    const card = student.getByRole('region', { name: BLS });
    // the card is there before the record has loaded: wait for its status
    await card.getByText('Missing', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Upload for ${BLS}` }).click();
    const upload = student.getByRole('dialog', { name: `Upload: ${BLS}` });
    await upload.getByLabel('Files').setInputFiles([
      { name: 'bls-front.pdf', mimeType: 'application/pdf', buffer: makePdf('BLS Provider card, front') },
      { name: 'bls-back.png', mimeType: 'image/png', buffer: makePng() },
    ]);
    await upload.getByText('bls-back.png').waitFor();
    await upload.getByLabel('Completion date').fill(completed);
    await upload.getByRole('button', { name: 'Submit' }).click();
    await expectToast(student, 'Handed in for review.');
    await card.getByText('Pending review', { exact: true }).first().waitFor();

    // an admin, at 1280 px: the queue, filtered to the BLS card of Maya's program
    const admin = await file.newPageFor(onTestFinished, { viewport: { width: 1280, height: 900 } });
    await signInToDashboard(admin, 'admin', 'Admin!2345');
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compliance Review' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Compliance Review' }).waitFor();
    await admin.getByLabel('Requirement').selectOption('bls-certificate');
    await admin.getByRole('button', { name: `Review Maya Singh, ${BLS}` }).click();
    const review = admin.getByRole('dialog', { name: `${BLS}: Maya Singh` });
    await review.getByTitle('bls-front.pdf (PDF preview)').waitFor();
    await review.getByRole('tab', { name: 'bls-back.png' }).click();
    await review.getByRole('img', { name: 'bls-back.png' }).waitFor();
    await expect(review.getByLabel('Completion date').inputValue()).resolves.toBe(completed);
    // valid 24 months after completion
    await expect(review.getByLabel('Expiry date').inputValue()).resolves.toBe(addMonths(completed, 24));
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(admin, 'Approved.');

    // the student again, at 375 px
    await student.setViewportSize({ width: 375, height: 800 });
    await student.goto(`${baseUrl()}/compliance`);
    await card.getByText('Approved', { exact: true }).first().waitFor();
    await card.getByRole('button', { name: 'Preview 2 files' }).click();
    const preview = student.getByRole('dialog', { name: BLS });
    await preview.getByTitle('bls-front.pdf (PDF preview)').waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();
    const overflow = await student.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

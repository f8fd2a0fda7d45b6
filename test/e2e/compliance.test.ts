/**
 * Clinical compliance, one journey at both widths: a student with nothing on file hands in a BLS card
 * (two files, with the upload's progress) on My Compliance at 1280 px, an admin approves it from the review queue
 * with the expiry the validity rule suggests, and the student, now at 375 px, sees it Approved and previews the
 * files without the page scrolling sideways. Then the clock moves 23 months for the reminder sweep: the "expires
 * soon" email reaches the student, and on a rotation that runs past the expiry they are not cleared, saying why.
 * maya.singh's record starts with every item Missing (seed: demo-compliance.ts), and only her BLS card and her own
 * rotation change, so the other browser tests' records stay as seeded.
 */
import { describe, it } from 'vitest';
import { addDays, addMonths } from '../../lambdas/domain/compliance.js';
import { longDate } from '../../lambdas/domain/clearance.js';
import { makePdf, makePng } from '../../lib/local/seed/sample-files.js';
import { baseUrl, browserPerFile, signInToDashboard } from './support/browser.js';
import { callApi, login } from './support/api.js';
import { expectToast } from './support/toasts.js';

const file = browserPerFile();
const BLS = 'BLS / CPR card';
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('Clinical compliance', () => {
  it(
    'a student hands in a BLS card at 1280 px, an admin approves it, the student sees it Approved at 375 px; 23 months on it is expiring',
    { timeout: 150_000 },
    async ({ expect, onTestFinished }) => {
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
      // the filtered list replaces the rows under the pointer: a click while it lands can open another row's item
      const filtered = admin.waitForResponse((res) => {
        const url = new URL(res.url());
        return url.pathname === '/api/compliance/queue/' && url.searchParams.get('requirement_id') === 'bls-certificate';
      });
      await admin.getByLabel('Requirement').selectOption('bls-certificate');
      expect((await filtered).status()).toBe(200);
      await admin
        .getByRole('row')
        .filter({ hasNotText: BLS })
        .filter({ has: admin.getByRole('button', { name: /^Review / }) })
        .first()
        .waitFor({ state: 'detached' });
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

      // a rotation at the demo's Lakeside site that runs two weeks past the card's expiry, with Maya on it
      const expires = addMonths(completed, 24);
      const { token } = await login('compliance', 'Compliance!2345');
      const rotation = await callApi(token, 'POST', '/api/rotations/', {
        site_id: 'site-lakeside-senior-living',
        unit: 'Long-term care',
        course_id: 'course-01',
        instructor: 'Sam Ortiz, RN',
        starts_on: addDays(expires, -14),
        ends_on: addDays(expires, 14),
        capacity: 4,
      });
      expect(rotation.status, JSON.stringify(rotation.body)).toBe(201);
      expect((await callApi(token, 'POST', `/api/rotations/${rotation.body.id}/students/`, { usernames: ['maya.singh'] })).status).toBe(200);

      // 23 months on, the morning sweep: the card expires within 30 days, and the email says so (naming no record)
      const sweep = await fetch(`${baseUrl()}/local/jobs/compliance-reminders/run`, { method: 'POST', body: JSON.stringify({ now: `${addDays(expires, -20)}T12:00:00Z` }) });
      expect(sweep.status).toBe(200);
      const mail = async () =>
        ((await (await fetch(`${baseUrl()}/local/mail/store`)).json()) as { emails: Array<{ destination: { to: string[] }; subject: string }> }).emails.filter(
          (e) => e.destination.to.includes('maya.singh@students.northfield.example.edu') && e.subject === 'A clinical compliance item expires soon',
        );
      for (let tries = 0; (await mail()).length === 0; tries++) {
        if (tries > 150) throw new Error('the expiring email did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // and the dashboard says she is not cleared for that rotation, and why
      await student.goto(`${baseUrl()}/Dashboard`);
      const clinicals = student.getByRole('region', { name: 'My Clinicals' });
      await clinicals.getByText('Not cleared', { exact: true }).waitFor();
      await clinicals.getByText(`${BLS} expires ${longDate(expires)}, before the rotation ends ${longDate(addDays(expires, 14))}`).waitFor();
    },
  );
});

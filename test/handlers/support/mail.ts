/**
 * The SES stand-in's mailbox (lib/local/ses-local.ts) as handler tests read it: the emails sent to an
 * address, and a hard bounce of the latest one (which comes back as SES's event through the local queue).
 */
import { expect } from 'vitest';

export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

const mailUrl = () => {
  const url = process.env.AWS_ENDPOINT_URL_SESV2;
  if (!url) throw new Error('AWS_ENDPOINT_URL_SESV2 is not set: the local stack runs no SES stand-in');
  return `${url.replace(/\/+$/, '')}/local/mail`;
};

/** Every email sent to `address` so far, oldest first. */
export async function emailsTo(address: string): Promise<StoredEmail[]> {
  const res = await fetch(`${mailUrl()}/store`);
  expect(res.status).toBe(200);
  const { emails } = (await res.json()) as { emails: StoredEmail[] };
  return emails.filter((e) => e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** A hard bounce (or a complaint) of the latest email to `address`, published as SES publishes it. */
export async function bounce(address: string, kind: 'bounce' | 'complaint' = 'bounce'): Promise<void> {
  const res = await fetch(`${mailUrl()}/bounce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, kind }) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/**
 * Waits for queued work (the local queue runs it soon after) to make `done` true. The queue and the stream are shared
 * by every test file of the run, so under CI's load other files' deliveries may be ahead: waiting long costs nothing
 * when the work arrives, and a test's own timeout may still end it sooner.
 */
export async function waitFor(done: () => Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

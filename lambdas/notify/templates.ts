/**
 * Every kind of notice the portal sends, in one table: the in-app words (which may name the amount
 * or the document: only their owner reads their inbox) and the email's words, which carry no record
 * contents, only what happened and a link back to the portal (a mailbox is not a private place).
 * An announcement is the exception by nature: staff wrote it to be sent, so its email is its text.
 */
import type { NotificationCategory } from '../contract/notifications.js';
import { parseRichText, richTextToHtml, richTextToPlain } from '../domain/rich-text.js';
import type { TemplateId } from './template-ids.js';

export type { TemplateId };

export type Params = Record<string, string | number | boolean | null>;

interface Template {
  category: NotificationCategory;
  title: (p: Params) => string;
  body: (p: Params) => string;
  /** The SPA path the notice and the email link to. */
  link: (p: Params) => string | null;
  email: {
    subject: (p: Params) => string;
    /** Plain sentences; no amounts, names of documents or other record contents. */
    lines: (p: Params) => string[];
    action: string;
  };
}

const str = (v: Params[string]) => (v === null || v === undefined ? '' : String(v));
// built at the first use: an Intl formatter costs milliseconds of a cold start that most producers never use
let usd: Intl.NumberFormat | undefined;
const money = (v: Params[string]) => (typeof v === 'number' ? (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(v / 100) : '');

export const TEMPLATES = {
  payment_succeeded: {
    category: 'billing',
    title: () => 'Payment received',
    body: (p) => `Your payment of ${money(p.amountCents)} was received. Thank you.`,
    link: (p) => `/payments/${str(p.intentId)}/receipt`,
    email: {
      subject: () => 'Payment received',
      lines: () => ['A payment was received on your Portal account.', 'You can view your receipt in the portal.'],
      action: 'View your receipt',
    },
  },
  payment_failed: {
    category: 'billing',
    title: () => 'Payment not completed',
    body: (p) => `Your payment of ${money(p.amountCents)} did not go through${p.reason ? `: ${str(p.reason)}` : '.'} Nothing was charged.`,
    link: () => '/payments',
    email: {
      subject: () => 'A payment did not go through',
      lines: () => ['A payment on your Portal account did not go through.', 'Sign in to see what happened and to try again.'],
      action: 'Open Portal',
    },
  },
  refund_issued: {
    category: 'billing',
    title: () => 'Refund issued',
    body: (p) => `A refund of ${money(p.amountCents)} was issued to your card. It can take 5 to 10 days to appear.`,
    link: () => '/payments',
    email: { subject: () => 'A refund was issued', lines: () => ['A refund was issued on your Portal account.', 'Sign in to see the details.'], action: 'View your payments' },
  },
  excess_refunded: {
    category: 'billing',
    title: () => 'Overpayment refunded',
    body: (p) => `Your payment was more than you owed, so ${money(p.amountCents)} was refunded to your card.`,
    link: () => '/payments',
    email: {
      subject: () => 'An overpayment was refunded',
      lines: () => ['Part of a payment was more than your balance and was refunded.', 'Sign in to see the details.'],
      action: 'View your payments',
    },
  },
  document_required: {
    category: 'required_action',
    title: () => 'A document needs your acknowledgement',
    body: (p) => `Please read and acknowledge "${str(p.documentTitle)}".`,
    link: () => '/documents',
    email: {
      subject: () => 'A document needs your acknowledgement',
      lines: () => ['A new document in Portal needs your acknowledgement.', 'Sign in to read and acknowledge it.'],
      action: 'Open My Documents',
    },
  },
  account_created: {
    category: 'account',
    title: () => 'Welcome to Portal',
    body: () => 'Your account is ready. Here you can see your bill, pay by card, keep your course schedule and read school documents.',
    link: () => '/Dashboard',
    email: {
      subject: () => 'Your Portal account is ready',
      lines: () => [
        'Your student account in Portal is ready.',
        'Sign in with the username and temporary password the school office gave you; you will choose your own password at the first sign-in.',
      ],
      action: 'Sign in to Portal',
    },
  },
  import_finished: {
    category: 'account',
    title: () => 'Student import finished',
    body: (p) => `${str(p.created)} created, ${str(p.skipped)} already there, ${str(p.failed)} not created.`,
    link: () => '/admin',
    email: {
      subject: () => 'Your student import has finished',
      lines: () => ['The student import you started has finished.', 'Sign in to see its report.'],
      action: 'View the report',
    },
  },
  // in-app it names the requirement (only its owner reads the inbox); the email names no health record
  compliance_expiring: {
    category: 'reminder',
    title: (p) => (Number(p.days) <= 0 ? `${str(p.requirement)} expires today` : `${str(p.requirement)} expires in ${str(p.days)} day${Number(p.days) === 1 ? '' : 's'}`),
    body: () => 'Upload a renewal before it expires to stay cleared for clinical rotations.',
    link: () => '/compliance',
    email: {
      subject: () => 'A clinical compliance item expires soon',
      lines: () => ['One of your clinical compliance items expires soon.', 'Sign in to upload a renewal and stay cleared for clinical rotations.'],
      action: 'Open My Compliance',
    },
  },
  // the weekly digest of what a student has still to hand in, renew or correct (counted in-app; the email names nothing)
  compliance_incomplete: {
    category: 'reminder',
    title: (p) => `${str(p.count)} clinical compliance item${Number(p.count) === 1 ? '' : 's'} to complete`,
    body: () => 'Hand in what is missing, renew what has expired and correct what was not approved to be cleared for clinical rotations.',
    link: () => '/compliance',
    email: {
      subject: () => 'Your clinical compliance items this week',
      lines: () => ['Some of your clinical compliance items are not complete yet.', 'Sign in to see what is needed.'],
      action: 'Open My Compliance',
    },
  },
  // the compliance coordinators' morning summary: counts only
  compliance_summary: {
    category: 'reminder',
    title: (p) => `Compliance today: ${str(p.pending)} to review, ${str(p.expiring)} expiring within 30 days`,
    body: (p) =>
      `${str(p.pending)} submission${Number(p.pending) === 1 ? '' : 's'} waiting for review; ${str(p.expiring)} approval${Number(p.expiring) === 1 ? '' : 's'} expiring within 30 days.`,
    link: () => '/compliance/review',
    email: {
      subject: () => 'Clinical compliance: your daily summary',
      lines: () => ['Your daily clinical compliance summary is ready.', 'Sign in to see the review queue.'],
      action: 'Open the review queue',
    },
  },
  rotation_not_cleared: {
    category: 'reminder',
    title: (p) =>
      Number(p.days) <= 0 ? 'Your clinical rotation starts today and you are not cleared' : `Your clinical rotation starts in ${str(p.days)} days and you are not cleared yet`,
    body: (p) => `${str(p.site)}, ${str(p.unit)}, from ${str(p.startsOn)}. See My Compliance for what is missing.`,
    link: () => '/compliance',
    email: {
      subject: () => 'You are not yet cleared for your clinical rotation',
      lines: () => ['You are not yet cleared for an upcoming clinical rotation.', 'Sign in to see what you still need.'],
      action: 'Open My Compliance',
    },
  },
  rotation_roster_blocked: {
    category: 'reminder',
    title: (p) => `${str(p.blocked)} of ${str(p.students)} not cleared for ${str(p.site)} ${str(p.unit)}`,
    body: (p) => `The rotation starts ${Number(p.days) <= 0 ? 'today' : `in ${str(p.days)} days`} (${str(p.startsOn)}).`,
    link: (p) => `/rotations/${str(p.rotationId)}`,
    email: {
      subject: () => 'Students not yet cleared for a clinical rotation',
      lines: () => ['Some students on an upcoming clinical rotation are not cleared yet.', 'Sign in to see the roster.'],
      action: 'Open the roster',
    },
  },
  agreement_ending: {
    category: 'reminder',
    title: (p) => `The affiliation agreement with ${str(p.site)} ends in ${str(p.days)} days`,
    body: (p) => `It ends on ${str(p.endsOn)}. Renew it before then to keep placing students there.`,
    link: () => '/admin/clinical-sites',
    email: {
      subject: () => 'A clinical affiliation agreement ends soon',
      lines: () => ['An affiliation agreement with a clinical site ends soon.', 'Sign in to see which one.'],
      action: 'Open Clinical Sites',
    },
  },
  // a payment plan's installment coming up: in-app names the amount and the day, the email neither
  plan_payment_due: {
    category: 'reminder',
    title: (p) => `Payment plan: ${money(p.amountCents)} due ${Number(p.days) === 1 ? 'tomorrow' : `in ${str(p.days)} days`}`,
    body: (p) =>
      p.autopay
        ? `${money(p.amountCents)} for ${str(p.program)} will be debited on ${str(p.dueOn)} from your saved payment method.`
        : `${money(p.amountCents)} for ${str(p.program)} is due on ${str(p.dueOn)}.`,
    link: () => '/payment-plan',
    email: {
      subject: () => 'A payment plan payment is coming up',
      lines: () => ['A payment of your payment plan is due soon.', 'Sign in to see the amount and the date.'],
      action: 'Open Portal',
    },
  },
  // the bank wants the student present (3-D Secure) for an automatic debit: only they can complete it, signed in
  plan_action_needed: {
    category: 'required_action',
    title: () => 'Action needed: complete your payment plan payment',
    body: (p) => `Your bank asked you to confirm the ${money(p.amountCents)} payment for ${str(p.program)}. Sign in and complete the payment to keep your plan on track.`,
    link: () => '/payment-plan',
    email: {
      subject: () => 'Action needed on a payment',
      lines: () => ['Your bank needs you to confirm a payment plan payment.', 'Sign in to the portal to complete the payment.'],
      action: 'Complete the payment',
    },
  },
  announcement: {
    category: 'announcement',
    title: (p) => str(p.subject),
    body: (p) => richTextToPlain(parseRichText(str(p.body))),
    link: () => '/notifications',
    email: { subject: (p) => str(p.subject), lines: () => [], action: 'Open Portal' },
  },
} satisfies Record<TemplateId, Template>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The whole message: the school's name, the lines (or an announcement's text), one button, the why-you-got-this line. */
function layout(subject: string, bodyHtml: string, bodyText: string, action: string, url: string): RenderedEmail {
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:18px;font-weight:bold;color:#1565c0;margin-bottom:16px">Portal</div>
<div style="background:#ffffff;border-radius:8px;padding:24px;font-size:15px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
${bodyHtml}
<p style="margin:24px 0 0"><a href="${escapeHtml(url)}" style="background:#1565c0;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
</div>
<p style="font-size:12px;color:#5f6368;margin-top:16px">You receive this email because you have an account in Portal. Choose which emails you get under Notifications in the portal.</p>
</div></body></html>`;
  const text = `${subject}\n\n${bodyText}\n\n${action}: ${url}\n\nYou receive this email because you have an account in Portal. Choose which emails you get under Notifications in the portal.\n`;
  return { subject, html, text };
}

export function renderEmail(id: TemplateId, params: Params, baseUrl: string): RenderedEmail {
  const t: Template = TEMPLATES[id];
  const url = `${baseUrl}${t.link(params) ?? '/'}`;
  const subject = t.email.subject(params);
  if (id === 'announcement') {
    const blocks = parseRichText(str(params.body));
    return layout(subject, richTextToHtml(blocks), richTextToPlain(blocks), t.email.action, url);
  }
  const lines = t.email.lines(params);
  return layout(subject, lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('\n'), lines.join('\n'), t.email.action, url);
}

/** The digest: how many notices of a category waited, and a link; nothing of what they say. */
export function renderDigest(category: NotificationCategory, count: number, baseUrl: string): RenderedEmail {
  const subject = `You have ${count} new ${count === 1 ? 'notice' : 'notices'} in Portal`;
  const line = `${count} more ${count === 1 ? 'notice' : 'notices'} (${category.replace('_', ' ')}) arrived in your Portal inbox since your last email.`;
  return layout(subject, `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`, line, 'Open your notifications', `${baseUrl}/notifications`);
}

/** An email's subject line alone, for its record (no HTML rendered). */
export const emailSubject = (id: TemplateId, params: Params): string => (TEMPLATES[id] as Template).email.subject(params);

export function renderNotice(id: TemplateId, params: Params): { category: NotificationCategory; title: string; body: string; link: string | null } {
  const t: Template = TEMPLATES[id];
  return { category: t.category, title: t.title(params), body: t.body(params), link: t.link(params) };
}

/**
 * SES v2 adapter: sends one email through the portal's configuration set (its suppression list and
 * delivery events), from the one sender identity the `email:send` grant allows. The endpoint comes
 * from the SDK's own configuration (AWS_ENDPOINT_URL_SESV2 locally: lib/local/ses-local.ts), so this
 * code is the cloud's. Without NOTIFY_FROM_ADDRESS (a stage with no email set up) nothing is sent:
 * notices stay in-app.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

let ses: SESv2Client | undefined;

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Copied by SES into every event of the message (`mail.tags`): how its events find our record. */
  tags: Record<string, string>;
}

/** The sender, or null when this stage sends no email. */
export const emailSender = (): string | null => process.env.NOTIFY_FROM_ADDRESS || null;

/** The portal's address, for links in emails. */
export const portalUrl = (): string => (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

/**
 * SES's refusals of this one message (not of the service): sending it again would be refused again.
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html#API_SendEmail_Errors
 */
const REFUSED = new Set(['MessageRejected', 'MailFromDomainNotVerifiedException', 'BadRequestException', 'NotFoundException']);

export class EmailRefused extends Error {
  override name = 'EmailRefused';
}

/**
 * Sends it; answers SES's message id. Throttling (TooManyRequests, LimitExceeded), a paused account
 * and network faults are thrown as they are, for the queue to retry; a refusal of the message itself
 * is an `EmailRefused`.
 */
export async function sendEmail(email: OutgoingEmail): Promise<string> {
  const from = emailSender();
  if (!from) throw new Error('NOTIFY_FROM_ADDRESS is not set: this stage sends no email');
  ses ??= new SESv2Client({});
  try {
    const out = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [email.to] },
        ConfigurationSetName: process.env.SES_CONFIGURATION_SET || undefined,
        // tag values allow letters, digits, _ - . @ only: https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_MessageTag.html
        EmailTags: Object.entries(email.tags).map(([Name, Value]) => ({ Name, Value: Value.replace(/[^A-Za-z0-9_.@-]/g, '_') })),
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    if (!out.MessageId) throw new Error('SES answered no MessageId');
    return out.MessageId;
  } catch (error) {
    if (REFUSED.has((error as Error).name)) throw new EmailRefused(`${(error as Error).name}: ${(error as Error).message}`);
    throw error;
  }
}

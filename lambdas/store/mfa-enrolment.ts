/**
 * TOTP enrolments at sign-in. An admin, finance or staff account without TOTP gets no
 * session from its password alone: the login keeps Cognito's tokens here, under a random enrolment id,
 * and answers the id and the new TOTP secret instead. POST /api/users/mfa-setup/ confirms a code with
 * the kept access token and only then hands the tokens over. So a browser never holds a password-only
 * token of such an account.
 *
 * Each enrolment lasts as long as a Cognito challenge session (3 minutes) and allows a few wrong
 * codes. Expiry is checked here (DynamoDB's TTL deletes the item later, within days); an enrolment is
 * used once: the answer that takes it ends it (conditionally, its tokens removed), so a replay finds nothing.
 */
import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../contract/zod.js';
import { nowSeconds } from '../domain/clock.js';
import { db, entity, getItem, TABLE_NAME, type RecordOf } from './dynamo.js';

/**
 * One item per enrolment id, alone in its partition, gone after a few minutes (TTL). In the cloud
 * the sign-in functions may touch these partitions only (grant `mfa:enrolment`, whose IAM condition
 * is this prefix: lib/constructs/api-function.ts).
 */
export const MFA_ENROLMENT_PREFIX = 'MFA_ENROL#';
export const mfaEnrolmentKeys = {
  enrolment: (id: string) => ({ pk: `${MFA_ENROLMENT_PREFIX}${id}`, sk: 'MFA_ENROL' }),
} as const;

/** An enrolment as stored: its kept tokens until it ends, then only that it ended. */
const MfaEnrolment = entity(
  'mfa-enrolment',
  () =>
    z.object({
      id: z.string(),
      username: z.string(),
      /** Wrong codes so far. */
      attempts: z._default(z.number(), 0),
      accessToken: z.optional(z.string()),
      refreshToken: z.optional(z.string()),
      expiresIn: z.optional(z.number()),
      ended: z.optional(z.boolean()),
      /** Epoch seconds; also the item's TTL. */
      expiresAt: z.number(),
    }),
  (e) => mfaEnrolmentKeys.enrolment(e.id),
);
type MfaEnrolmentRecord = RecordOf<typeof MfaEnrolment>;

/** Cognito's own limit for answering a sign-in challenge (AuthSessionValidity's default, in seconds). */
export const ENROLMENT_SECONDS = 180;
/** Wrong codes an enrolment allows before it is dropped (and the person signs in again). */
export const MAX_ENROLMENT_ATTEMPTS = 5;

/** What the login kept: the tokens its password earned, not yet handed to the browser. */
export interface KeptTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export interface Enrolment extends KeptTokens {
  id: string;
  username: string;
  /** Wrong codes so far. */
  attempts: number;
  /** Epoch seconds. */
  expiresAt: number;
}

/** 32 random bytes, base64url. */
const ENROLMENT_ID = /^[A-Za-z0-9_-]{43}$/;
const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** What stays of an enrolment that is over: no tokens, never open again. */
const ended = (enrolment: Enrolment, attempts: number) =>
  MfaEnrolment.item({ id: enrolment.id, username: enrolment.username, attempts, ended: true, expiresAt: enrolment.expiresAt });

/** Keeps `tokens` for `username` and answers the new enrolment's id (256 random bits). */
export async function startEnrolment(username: string, tokens: KeptTokens): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: MfaEnrolment.item({ id, username, attempts: 0, ...tokens, expiresAt: nowSeconds() + ENROLMENT_SECONDS }),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return id;
}

/** The enrolment `id` of `username`, while it is open; null when unknown, expired, used up or another user's. */
export async function openEnrolment(id: string, username: string): Promise<Enrolment | null> {
  // only what startEnrolment makes can name one (and anything else could be over DynamoDB's key size)
  if (!ENROLMENT_ID.test(id)) return null;
  const item = await getItem(mfaEnrolmentKeys.enrolment(id), { consistent: true });
  if (!item || item.type !== MfaEnrolment.type) return null;
  // items written before they carried their id are found by it all the same
  const { ended, accessToken, refreshToken, expiresIn, ...rest }: MfaEnrolmentRecord = MfaEnrolment.fromItem({ id, ...item });
  if (ended || accessToken === undefined || refreshToken === undefined || expiresIn === undefined) return null;
  const enrolment: Enrolment = { ...rest, accessToken, refreshToken, expiresIn };
  if (enrolment.expiresAt <= nowSeconds() || enrolment.attempts >= MAX_ENROLMENT_ATTEMPTS) return null;
  // usernames are case-insensitive in the pool
  return enrolment.username.toLowerCase() === username.toLowerCase() ? enrolment : null;
}

/**
 * Counts a wrong code; answers how many are left (0: the enrolment is over). Writes are whole-item puts
 * conditioned on what was read (no UpdateItem or DeleteItem: the sign-in functions may only get and put
 * these items), so two answers racing each other cannot both count from the same number.
 */
export async function countWrongCode(enrolment: Enrolment): Promise<number> {
  const attempts = enrolment.attempts + 1;
  const over = attempts >= MAX_ENROLMENT_ATTEMPTS;
  // once over, the tokens are dropped at once; the item itself goes with the TTL
  const written = await putIfUnchanged(enrolment, over ? ended(enrolment, attempts) : MfaEnrolment.item({ ...enrolment, attempts }));
  return written ? Math.max(0, MAX_ENROLMENT_ATTEMPTS - attempts) : 0;
}

/**
 * Ends the enrolment (its tokens are handed over now, so they leave the table); false when another
 * answer ended or changed it first (a replay, a double click).
 */
export const takeEnrolment = (enrolment: Enrolment): Promise<boolean> => putIfUnchanged(enrolment, ended(enrolment, enrolment.attempts));

async function putIfUnchanged(enrolment: Enrolment, item: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: item,
        ConditionExpression: 'attribute_exists(pk) AND attempts = :seen AND attribute_not_exists(ended)',
        ExpressionAttributeValues: { ':seen': enrolment.attempts },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

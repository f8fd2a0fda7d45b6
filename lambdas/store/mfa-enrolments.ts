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
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from '../domain/clock.js';
import { db, TABLE_NAME } from './dynamo.js';
import { mfaEnrolmentKeys } from './keys.js';
import { TTL_ATTRIBUTE } from './table-schema.js';

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
const key = (id: string) => ({ pk: mfaEnrolmentKeys.enrolment(id), sk: mfaEnrolmentKeys.item });
const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** Keeps `tokens` for `username` and answers the new enrolment's id (256 random bits). */
export async function startEnrolment(username: string, tokens: KeptTokens): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.send(new PutCommand({
    TableName: TABLE_NAME,
    Item: {
      ...key(id), type: 'mfa-enrolment', username, attempts: 0,
      accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn,
      [TTL_ATTRIBUTE]: nowSeconds() + ENROLMENT_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return id;
}

/** The enrolment `id` of `username`, while it is open; null when unknown, expired, used up or another user's. */
export async function openEnrolment(id: string, username: string): Promise<Enrolment | null> {
  // only what startEnrolment makes can name one (and anything else could be over DynamoDB's key size)
  if (!ENROLMENT_ID.test(id)) return null;
  const { Item } = await db.send(new GetCommand({ TableName: TABLE_NAME, Key: key(id), ConsistentRead: true }));
  if (!Item || Item.type !== 'mfa-enrolment' || Item.ended) return null;
  const enrolment: Enrolment = {
    id, username: String(Item.username), attempts: Number(Item.attempts ?? 0), expiresAt: Number(Item[TTL_ATTRIBUTE]),
    accessToken: String(Item.accessToken), refreshToken: String(Item.refreshToken), expiresIn: Number(Item.expiresIn),
  };
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
  const written = await putIfUnchanged(enrolment, over ? ended(enrolment, attempts) : { ...itemOf(enrolment), attempts });
  return written ? Math.max(0, MAX_ENROLMENT_ATTEMPTS - attempts) : 0;
}

/**
 * Ends the enrolment (its tokens are handed over now, so they leave the table); false when another
 * answer ended or changed it first (a replay, a double click).
 */
export const takeEnrolment = (enrolment: Enrolment): Promise<boolean> => putIfUnchanged(enrolment, ended(enrolment, enrolment.attempts));

function itemOf(enrolment: Enrolment) {
  return {
    ...key(enrolment.id), type: 'mfa-enrolment', username: enrolment.username, attempts: enrolment.attempts,
    accessToken: enrolment.accessToken, refreshToken: enrolment.refreshToken, expiresIn: enrolment.expiresIn,
    [TTL_ATTRIBUTE]: enrolment.expiresAt,
  };
}

/** What stays of an enrolment that is over: no tokens, never open again. */
const ended = (enrolment: Enrolment, attempts: number) => ({
  ...key(enrolment.id), type: 'mfa-enrolment', username: enrolment.username, attempts, ended: true, [TTL_ATTRIBUTE]: enrolment.expiresAt,
});

async function putIfUnchanged(enrolment: Enrolment, item: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(new PutCommand({
      TableName: TABLE_NAME,
      Item: item,
      ConditionExpression: 'attribute_exists(pk) AND attempts = :seen AND attribute_not_exists(ended)',
      ExpressionAttributeValues: { ':seen': enrolment.attempts },
    }));
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

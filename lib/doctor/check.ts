/**
 * What every doctor check answers: passed, failed or skipped, what it found, and on failure what to do
 * (a command or a console step). One result is one printed line, so an operator can read the whole
 * state of a stage at a glance and copy the fix of the line that is red.
 */
export type Status = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  /** Short, stable label: "Stripe secret", "Alarm topic subscribers", ... */
  readonly name: string;
  readonly status: Status;
  readonly found: string;
  /** Only on failure: the command or console step that makes the check pass. */
  readonly fix?: string;
}

export const pass = (name: string, found: string): CheckResult => ({ name, status: 'pass', found });
export const fail = (name: string, found: string, fix: string): CheckResult => ({ name, status: 'fail', found, fix });
export const skip = (name: string, found: string): CheckResult => ({ name, status: 'skip', found });

const SYMBOL: Record<Status, string> = { pass: '✓', fail: '✗', skip: '–' };

/** One line: `✓ name: found`, `– name: found`, `✗ name: found → fix: ...`. */
export function formatResult(result: CheckResult): string {
  const line = `${SYMBOL[result.status]} ${result.name}: ${oneLine(result.found)}`;
  return result.status === 'fail' && result.fix ? `${line} → fix: ${oneLine(result.fix)}` : line;
}

/** 1 when any check failed (skips do not fail a run), else 0. */
export const exitCodeOf = (results: readonly CheckResult[]): 0 | 1 => (results.some((r) => r.status === 'fail') ? 1 : 0);

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** `Name: message` of a thrown SDK or fetch error, for the "found" part of a failed check. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch failures carry the useful part (ECONNREFUSED, ENOTFOUND) in their cause
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error ? ` (${(cause as NodeJS.ErrnoException).code ?? cause.message})` : '';
  const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  return `${name}${error.message}${causeText}`;
}

/** Runs a check and turns an unexpected throw into a failed line rather than a crash of the whole run. */
export async function guarded(name: string, fix: string, check: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await check();
  } catch (error) {
    if (isCredentialsError(error)) throw error; // one clear line for the whole run (bin/doctor.ts)
    return fail(name, describeError(error), accessFix(error) ?? fix);
  }
}

/** AccessDenied names the missing permission: say that instead of the check's own fix. */
function accessFix(error: unknown): string | undefined {
  const name = (error as Error | undefined)?.name ?? '';
  if (!/AccessDenied|AuthorizationError|UnauthorizedOperation|Forbidden/i.test(name)) return undefined;
  return 'run with credentials that may read this (the message names the action), e.g. the profile you deploy with';
}

/**
 * No credentials, expired ones, or no region: nothing else can work, so the run stops with one line
 * (bin/doctor.ts) instead of a failure per check.
 */
export function isCredentialsError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const names = [
    'CredentialsProviderError',
    'ExpiredToken',
    'ExpiredTokenException',
    'InvalidClientTokenId',
    'UnrecognizedClientException',
    'TokenProviderError',
    'InvalidSignatureException',
    'SignatureDoesNotMatch',
  ];
  return names.includes(error.name) || /Region is missing|Could not load credentials|SSO session .* (has )?expired|Token is expired/i.test(error.message);
}

/** The one line a run without usable credentials prints. */
export function credentialsResult(error: unknown): CheckResult {
  const reason = /Region is missing/i.test((error as Error)?.message ?? '') ? 'no region configured' : `none usable (${describeError(error)})`;
  return fail(
    'AWS credentials',
    reason,
    'set AWS_PROFILE=<the profile you deploy with> (for SSO run `aws sso login --profile <profile>` first) or run `aws configure`, and AWS_REGION=<the region you deployed to> (or --region), then run doctor again',
  );
}

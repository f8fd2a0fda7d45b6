import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { RouteId } from '../lambdas/routes.js';

// the password step, the session's renewal, and the second steps (TOTP code, TOTP enrolment): each stage
// limits them per address (wafSignInLimits) and together (signInThrottle), see api-stack.ts
export const SIGN_IN_ROUTES = ['users-login', 'users-refresh', 'users-new-password', 'users-mfa', 'users-mfa-setup'] as const satisfies readonly RouteId[];
export type SignInRouteId = (typeof SIGN_IN_ROUTES)[number];

/**
 * Deployment stages. Everything that differs between them lives here, so a stack never asks
 * "am I prod?" itself: it reads the setting it needs.
 */
export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export interface StageSettings {
  readonly name: StageName;
  /** What CloudFormation does with data (table, buckets, pool, logs) when the stack goes away. */
  readonly removalPolicy: RemovalPolicy;
  /** Dev buckets are emptied on delete so `cdk destroy` really cleans up; prod keeps everything. */
  readonly autoDeleteObjects: boolean;
  /** Blocks accidental table / user pool deletion (an extra switch on top of RETAIN). */
  readonly deletionProtection: boolean;
  readonly logRetention: RetentionDays;
  /** HTTP API default-route throttling (requests per second, steady and burst). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Throttling of each sign-in route (login, refresh, new password): far below the default, since
   * they are what password guessing hits and every call costs a Cognito UserAuthentication request
   * (see lib/stacks/api-stack.ts, SIGN_IN_ROUTES).
   */
  readonly signInThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * The WAF's per-IP limit on each sign-in path (lib/stacks/waf-stack.ts): requests from one address in
   * `windowSeconds`, each path counted on its own. WAF accepts limits from 10 and windows of 60, 120, 300 or
   * 600 s, and checks the rate about every 10 s
   * (https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-high-level-settings.html).
   * Unlike the API Gateway throttle above, one address going over locks out only that address. A school's
   * network puts many people behind one address, so the limits carry a classroom, not one person.
   */
  readonly wafSignInLimits: { readonly perIp: Readonly<Record<SignInRouteId, number>>; readonly windowSeconds: 60 | 120 | 300 | 600 };
  /**
   * Refuse to synthesize without what makes the stage reach people and take real money (lib/app.ts):
   * alarmEmail, emailFrom, a pk_live_ Stripe key (pk_test_ only with allowTestKeys=true).
   */
  readonly requireProductionContext: boolean;
  /** Alarm thresholds (ops stack). */
  readonly alarms: {
    /** Share of API requests answered 5xx, in percent, over 5 minutes. */
    readonly api5xxPercent: number;
    /** p95 API latency in milliseconds, over 5 minutes. */
    readonly apiP95LatencyMs: number;
  };
}

const SETTINGS: Record<StageName, StageSettings> = {
  dev: {
    name: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
    deletionProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    // A handful of developers and test runs.
    throttle: { rateLimit: 25, burstLimit: 50 },
    signInThrottle: { rateLimit: 5, burstLimit: 10 },
    // a developer's test run signs in a few dozen times
    wafSignInLimits: { perIp: { 'users-login': 100, 'users-refresh': 200, 'users-new-password': 50, 'users-mfa': 100, 'users-mfa-setup': 50 }, windowSeconds: 300 },
    requireProductionContext: false,
    alarms: { api5xxPercent: 5, apiP95LatencyMs: 3000 },
  },
  prod: {
    name: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    autoDeleteObjects: false,
    deletionProtection: true,
    logRetention: RetentionDays.ONE_YEAR,
    // Thousands of students; the peak is the start of term (bills, documents), well below this.
    throttle: { rateLimit: 200, burstLimit: 400 },
    // A whole school signing in at 8 a.m. is a few logins a second; refreshes are one per user per hour.
    // five sign-in routes share Cognito's 120 UserAuthentication calls a second: 20 each stays under it
    signInThrottle: { rateLimit: 20, burstLimit: 40 },
    // A campus network at 8 a.m.: a few hundred people behind one address sign in within minutes (login); each
    // open tab refreshes once an hour, and after a page load (refresh); a classroom enrols at once (new password).
    // Password guessing from one address is held to about one try a second, besides Cognito's per-user lockout.
    wafSignInLimits: { perIp: { 'users-login': 300, 'users-refresh': 600, 'users-new-password': 100, 'users-mfa': 300, 'users-mfa-setup': 100 }, windowSeconds: 300 },
    requireProductionContext: true,
    alarms: { api5xxPercent: 1, apiP95LatencyMs: 1500 },
  },
};

export function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** Validates the `-c stage=...` context value; anything else stops the synth with a clear message. */
export function parseStage(value: unknown): StageName {
  if (isStageName(value)) return value;
  const shown = value === undefined ? 'nothing' : JSON.stringify(value);
  throw new Error(`Unknown stage: got ${shown}. Pass one of ${STAGES.join(', ')}, e.g. \`npx cdk synth -c stage=dev\`.`);
}

export function stageSettings(stage: StageName): StageSettings {
  return SETTINGS[parseStage(stage)];
}

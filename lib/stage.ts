import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

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
    signInThrottle: { rateLimit: 25, burstLimit: 50 },
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

import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Lambda environment pointing at the stand-ins started by standins.global.ts. */
    localEnv: Record<string, string>;
    /** host:port of the stand-ins' server for the Stripe sandbox and the S3 proxy (handler tests). */
    gatewayHost: string;
    /**
     * The local stacks started by local-stack.global.ts (browser tests), one per worker: each one's base URL and
     * the Stripe sandbox's keys of its data directory (lib/local/stripe-keys.ts), and that directory. test/e2e/support/stack.ts
     * picks a file's.
     */
    e2eStacks: Array<{ baseUrl: string; stripeKeys: import('../../lib/local/stripe-keys.js').LocalStripeKeys; dataDir: string }>;
    /** The folder the infra tier synthesizes into (infra-outputs.global.ts), removed when the run ends; none in other tiers. */
    infraOutputs?: string;
  }
}

import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Lambda environment pointing at the stand-ins started by standins.global.ts. */
    localEnv: Record<string, string>;
    /** host:port of the stand-ins' server for the Stripe sandbox and the S3 proxy (handler tests). */
    gatewayHost: string;
    /** Base URL of the local stack started by local-stack.global.ts (browser tests). */
    baseUrl: string;
    /** The Stripe sandbox's keys of that stack's data directory (lib/local/stripe-keys.ts). */
    stripeKeys: import('../../lib/local/stripe-keys.js').LocalStripeKeys;
  }
}

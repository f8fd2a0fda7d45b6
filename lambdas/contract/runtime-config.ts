/**
 * The SPA's runtime configuration, served as /config.json beside the built SPA (CloudFront:
 * deployed by the web stack; locally: answered by the gateway). One build serves every stage.
 */
export interface RuntimeConfig {
  stage: string;
  /** Base of the API; '' means the SPA's own origin (CloudFront routes /api/* to the HTTP API). */
  apiBase: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  payments: {
    /** 'stripe': Stripe's Payment Element; 'sandbox': the local card form talking to the local Stripe sandbox. */
    mode: 'stripe' | 'sandbox';
    publishableKey: string;
  };
}

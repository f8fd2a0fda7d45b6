/**
 * Response security headers, one definition for both deployments: the CloudFront response headers
 * policy (lib/stacks/web-stack.ts) and the local gateway (lib/local/gateway.ts).
 *
 * Stripe lists what Stripe.js and Elements need (https://docs.stripe.com/security/guide#content-security-policy):
 * script-src and frame-src https://js.stripe.com https://*.js.stripe.com, frame-src https://hooks.stripe.com
 * (3-D Secure), connect-src https://api.stripe.com. Its https://maps.googleapis.com (script, connect) serves
 * only the Address Element's autocomplete, which the portal does not use, so it is left out.
 */
const STRIPE_JS = 'https://js.stripe.com https://*.js.stripe.com';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Stripe's Payment Element loads Stripe.js from its own origins (cloud stages only)
  `script-src 'self' ${STRIPE_JS}`,
  // MUI (emotion) injects <style> elements at run time
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com https://*.amazonaws.com",
  // Stripe's card fields and 3-D Secure run in Stripe frames; office previews in Microsoft's viewer;
  // PDF previews from presigned S3 URLs
  `frame-src 'self' blob: ${STRIPE_JS} https://hooks.stripe.com https://view.officeapps.live.com https://*.amazonaws.com`,
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const HSTS_MAX_AGE_SECONDS = 63_072_000; // two years

/** The same policy as plain headers, for the local gateway. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains; preload`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

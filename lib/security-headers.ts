/**
 * Response security headers, one definition for both deployments: the CloudFront response headers
 * policy (lib/stacks/web-stack.ts) and the local gateway (lib/local/gateway.ts).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects <style> elements at run time
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com https://*.amazonaws.com",
  "frame-src 'self' blob: https://js.stripe.com https://view.officeapps.live.com",
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

/**
 * The web stack's viewer-request CloudFront Functions (cloudfront-js-2.0). Plain ES5-style JS so
 * test/infra can run the same code in Node.
 */

/** cloudfront-js-2.0: app routes (no "." in the last segment) get the SPA shell. */
export const SPA_FALLBACK_JS = `
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

/** cloudfront-js-2.0: /api/courses/ -> /api/courses (query string is kept by CloudFront). */
export const STRIP_TRAILING_SLASH_JS = `
function handler(event) {
  var request = event.request;
  if (request.uri.length > 1 && request.uri.endsWith('/')) {
    request.uri = request.uri.replace(/\\/+$/, '');
  }
  return request;
}
`;

/**
 * The local gateway serves the SPA with the headers CloudFront sends in the cloud (one definition:
 * lib/security-headers.ts; test/infra checks CloudFront's policy against it): a CSP whose scripts
 * are 'self' only (no 'unsafe-inline', no 'unsafe-eval'), HSTS, nosniff, framing refused. The built
 * page has no inline script the CSP would have to allow, and Chromium loads it without a violation.
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../lib/security-headers.js';
import { baseUrl, launchBrowser, signIn } from './support/browser.js';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers on HTML', () => {
  it.each(['/', '/Dashboard', '/index.html', '/admin/panel', '/missing-asset.js'])('%s carries CSP, HSTS, nosniff and frame-ancestors none', async (path) => {
    const res = await fetch(`${baseUrl()}${path}`);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);

    const csp = directives(res.headers.get('content-security-policy')!);
    const scripts = csp.get('script-src') ?? csp.get('default-src')!;
    expect(scripts).toContain("'self'");
    // the one wildcard is Stripe's own, listed by Stripe for Stripe.js (lib/security-headers.ts cites it)
    expect(scripts.filter((s) => /unsafe|data:|blob:|\*/.test(s) && s !== 'https://*.js.stripe.com')).toEqual([]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);

    const hsts = res.headers.get('strict-transport-security')!;
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 86_400);
    expect(hsts).toMatch(/includeSubDomains/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.arrayBuffer();
  });

  it('the built page has no inline scripts or event handlers for the CSP to allow', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      // a data block (route -> chunks map) is never run, so script-src does not apply to it
      // (HTML: a script whose type is not a JavaScript MIME type is a data block); only JSON is allowed
      if (/\btype="application\/json"/.test(attributes!)) {
        expect(() => JSON.parse(body!), 'the data block is JSON').not.toThrow();
        continue;
      }
      expect(attributes, 'every script is a file').toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('Chromium signs in and shows the dashboard without a single CSP violation', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await signIn(page, 'student', 'Student!2345');
      await page.waitForURL(/\/Dashboard$/);
      await page.getByRole('region', { name: 'My Bill' }).waitFor();
      expect(violations).toEqual([]);
      // and the policy it ran under is ours
      const served = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
      expect(served).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      await browser.close();
    }
  });
});

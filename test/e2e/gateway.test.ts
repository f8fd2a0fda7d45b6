/** The local gateway behaves like API Gateway + CloudFront: JWT checks, trailing slashes, SPA fallback, headers. */
import { describe, expect, it } from 'vitest';
import { connect, listeningSockets, networkAddress } from '../../lib/local/listening-sockets.js';
import { baseUrl } from './support/browser.js';

async function login(username: string, password: string) {
  const res = await fetch(`${baseUrl()}/api/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return { status: res.status, body: await res.json() };
}

describe('local gateway', () => {
  it('serves the runtime config the SPA boots from', async () => {
    const res = await fetch(`${baseUrl()}/config.json`);
    expect(await res.json()).toMatchObject({ stage: 'local', apiBase: '', payments: { mode: 'sandbox' }, userPoolId: expect.any(String) });
  });

  it('signs in a demo user and accepts the token on the student route, with or without the trailing slash', async () => {
    const { status, body } = await login('student', 'Student!2345');
    expect(status).toBe(200);
    for (const path of ['/api/students/student/', '/api/students/student']) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${body.token}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).email).toBe(body.email);
    }
  });

  it('refuses a missing, tampered or foreign token before the handler runs (401)', async () => {
    const { body } = await login('student', 'Student!2345');
    const [header, payload, signature] = (body.token as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admin'] })).toString('base64url');
    const badTokens = [undefined, 'not-a-jwt', `${header}.${forged}.${signature}`, `${header}.${payload}.${signature!.slice(0, -4)}AAAA`];
    for (const token of badTokens) {
      const res = await fetch(`${baseUrl()}/api/students/student/`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('answers the demo accounts: wrong password 401 with detail; admin flags', async () => {
    expect(await login('student', 'wrong')).toMatchObject({ status: 401, body: { detail: 'Invalid username or password.' } });
    expect((await login('admin', 'Admin!2345')).body).toMatchObject({ isAdmin: true, is_staff: true });
    expect((await login('paid', 'Student!2345')).status).toBe(200);
  });

  it('answers JSON 404 for unknown API paths and serves the SPA with security headers elsewhere', async () => {
    const api = await fetch(`${baseUrl()}/api/nothing-here/`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not Found' });
    const page = await fetch(`${baseUrl()}/Dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('listens on loopback only (no HOST given): the kernel lists the port on 127.0.0.1, and the network address is refused', async () => {
    const port = Number(new URL(baseUrl()).port);
    const bound = listeningSockets()
      .filter((socket) => socket.port === port)
      .map((socket) => socket.address);
    expect(bound.length).toBeGreaterThan(0);
    expect(new Set(bound)).toEqual(new Set(['127.0.0.1']));
    if (networkAddress) expect(await connect(networkAddress, port)).toBe('ECONNREFUSED');
    expect(await connect('127.0.0.1', port)).toBe('connected');
  });
});

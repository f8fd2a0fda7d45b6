/**
 * Headless Debian Chromium driven by playwright-core (no browser download). The flags keep Chromium
 * from reaching for Google's services, which this machine's closed network refuses.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_PATH } from '../../../lib/local/system-deps.js';

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

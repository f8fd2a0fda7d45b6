import type { RuntimeConfig } from '#contract/runtime-config';

/**
 * The runtime configuration is fetched once from /config.json before the app renders, so
 * one build serves every stage. Missing or unreadable config falls back to the defaults
 * below: the same origin serves /api/* both behind CloudFront and on the local gateway.
 */
export const defaultRuntimeConfig: RuntimeConfig = {
  stage: 'unknown',
  apiBase: '',
  region: '',
  userPoolId: '',
  userPoolClientId: '',
  payments: { mode: 'stripe', publishableKey: '' },
};

let current: RuntimeConfig = defaultRuntimeConfig;

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** Absolute API base: '' in the config means this page's own origin. */
export function apiBaseUrl(): string {
  const base = current.apiBase || window.location.origin;
  return base.replace(/\/+$/, '');
}

export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    // The browser's default cache mode, so the response index.html preloads is the one used (a 'no-store'
    // fetch would not take it: web/build/routePreload.ts); it is still fresh, since config.json is served
    // 'no-cache' (revalidated on every load: lib/stacks/web-stack.ts, lib/local/gateway.ts).
    const response = await fetchFn('/config.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as Partial<RuntimeConfig>;
    if (typeof body.apiBase !== 'string') throw new Error('apiBase is missing');
    return { ...defaultRuntimeConfig, ...body, payments: { ...defaultRuntimeConfig.payments, ...body.payments } };
  } catch (error) {
    console.warn('Could not read /config.json; using same-origin defaults.', error);
    return defaultRuntimeConfig;
  }
}

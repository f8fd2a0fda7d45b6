import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/test-utils';
import { apiBaseUrl, defaultRuntimeConfig, loadRuntimeConfig, setRuntimeConfig } from './runtimeConfig';

describe('runtime config', () => {
  it('reads /config.json', async () => {
    const fetchFn = vi.fn(async () => jsonResponse({ ...defaultRuntimeConfig, stage: 'dev', apiBase: 'https://api.example.edu' }));
    const config = await loadRuntimeConfig(fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('/config.json');
    expect(config).toMatchObject({ stage: 'dev', apiBase: 'https://api.example.edu' });
  });

  it('falls back to same-origin defaults when the file is missing or malformed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loadRuntimeConfig(vi.fn(async () => new Response('nope', { status: 404 })))).toEqual(defaultRuntimeConfig);
    expect(await loadRuntimeConfig(vi.fn(async () => jsonResponse({ stage: 'x' })))).toEqual(defaultRuntimeConfig);
  });

  it("treats an empty apiBase as the page's own origin", () => {
    expect(apiBaseUrl()).toBe(window.location.origin);
    setRuntimeConfig({ ...defaultRuntimeConfig, apiBase: 'https://api.example.edu/' });
    expect(apiBaseUrl()).toBe('https://api.example.edu');
  });
});

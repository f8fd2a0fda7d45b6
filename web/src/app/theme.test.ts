import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  // The production build replaces MUI's CSS-variables theme by a stub (web/vite.config.ts).
  it('uses no CSS variables, so the build may leave that code out', () => {
    expect((theme as { vars?: unknown }).vars).toBeUndefined();
  });
});

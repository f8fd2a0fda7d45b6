import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { setRuntimeConfig, defaultRuntimeConfig } from '#shared/runtimeConfig';
import { signOutTestStores } from './test-utils';

// Pages are lazy modules that vitest transforms on first visit, which can take longer than the
// default second of findBy*/waitFor on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 }); // below the web project's 20 s test timeout, so a miss reports what was on screen

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  signOutTestStores();
  localStorage.clear();
  setRuntimeConfig(defaultRuntimeConfig);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Emotion (MUI's styles) puts a rule in the document the first time a style is rendered, and keeps it. The web
// tier shares one document between the test files of a worker, so by its last file that document held some
// 2,400 rules, and happy-dom matches every rule against each element whose computed style is asked for (every
// ByRole query asks, to leave hidden elements out; so does each Popper): over a third of the tier's time went
// there. So each file starts with no component styles, as a loaded page does: its components insert the rules
// they render (Emotion's record of what it has inserted is cleared with the rules). No computed style changes:
// a rule from an earlier file could only match an element rendering that same style (the class name is the
// style's hash), and rendering it inserts the rule again. The cache is Emotion's default, which MUI styles with.
const { result: emotionCache, unmount } = renderHook(() => useEmotionCache(), { container: document.createElement('div') });
unmount();
afterAll(() => {
  const cache = emotionCache.current;
  if (!cache) return;
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
});

// The DOM here (happy-dom) has no scrolling, which the router's scroll restoration calls on every
// navigation, and no window.alert, which the placeholder actions call (tests spy on it).
window.scrollTo = () => {};
window.alert = () => {};

// happy-dom prints an element as its outerHTML where a browser says "[object HTMLDivElement]" (Node's own
// toString). Popper asks every node it positions against whether it is the window that way, so each open
// menu, select or autocomplete serialized the whole document several times over. Back to the browser's answer.
Object.defineProperty(Element.prototype, 'toString', { value: Node.prototype.toString, configurable: true, writable: true });

import './app/fonts.css';
import './app/motion.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig, setRuntimeConfig } from '#shared/runtimeConfig';
import { makeStore } from './app/store';

/** The runtime config (API base etc.) is read before anything renders or calls the API. */
async function start() {
  setRuntimeConfig(await loadRuntimeConfig());
  const store = makeStore();
  const router = createAppRouter();
  // a page's chunk and the chunks it imports download together (web/build/routePreload.ts)
  const preload = (window as { portalPreloadRoute?: (path: string) => void }).portalPreloadRoute;
  router.subscribe(({ navigation }) => navigation.location && preload?.(navigation.location.pathname));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();

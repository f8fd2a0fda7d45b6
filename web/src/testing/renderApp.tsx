import { appRoutes } from '../app/router';
import { renderRoutes, type RenderOptions } from './test-utils';

/**
 * Mounts the app's own routes (app/router.tsx) at `path` with the real store: the page as a visitor
 * meets it, behind its guards and in the layout. Kept apart from test-utils so tests that render one
 * component do not load the whole route table.
 */
export const renderApp = (path: string, options?: RenderOptions) => renderRoutes(appRoutes, path, options);

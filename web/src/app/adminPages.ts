/**
 * The admin-only pages load as one chunk: split per page, each lazy chunk (and every chunk their
 * shared code is split into) adds its file list to the start-up bundle that every visitor
 * downloads, which the 170 KB budget cannot afford (see web/README.md "Size budget").
 */
export { default as AdminPanelPage } from './AdminPanelRoute';
export { default as CohortManagementPage } from '../features/cohorts/CohortManagementPage';
export { default as CohortDetailPage } from '../features/cohorts/CohortDetailPage';

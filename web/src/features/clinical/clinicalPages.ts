/**
 * The staff's clinical screens load as one chunk (see app/adminPages.ts on why pages share chunks): the sites,
 * the rotations and a rotation's roster. The public shared roster loads on its own, so a site downloads only it.
 */
export { default as ClinicalSitesPage } from './ClinicalSitesPage';
export { default as RotationsPage } from './RotationsPage';
export { default as RotationRosterPage } from './RotationRosterPage';

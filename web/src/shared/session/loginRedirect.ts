import type { Location } from 'react-router';
import { paths } from '../paths';

/** Where anonymous users are sent: /login (which leads to the login screen at /), with the target. */
export function loginRedirectTarget(from: Pick<Location, 'pathname' | 'search'>): string {
  return `${paths.login}?redirect=${encodeURIComponent(from.pathname + from.search)}`;
}

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test-utils';
import { appRoutes } from './router';

describe('routes of spec section 2', () => {
  it.each([
    ['/cart', 'Shopping Cart'],
    ['/checkout', 'Secure Checkout'],
    ['/course-schedule-editor', 'Course Schedule Editor'],
    ['/course-manager', 'Course Management'],
    ['/courses', 'Courses Catalog'],
  ])('%s shows "%s"', async (path, title) => {
    renderRoutes(appRoutes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('answers unknown paths with a not-found page', async () => {
    renderRoutes(appRoutes, '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('wraps every page in the header and a main landmark', async () => {
    renderRoutes(appRoutes, '/courses');
    await screen.findByRole('heading', { name: 'Courses Catalog' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});

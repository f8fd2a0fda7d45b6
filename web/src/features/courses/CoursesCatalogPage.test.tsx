import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RootState } from '#shared/store/state';
import { jsonResponse, renderRoutes } from '../../testing/test-utils';
import { courseCount } from './CategoryAccordion';
import CoursesCatalogPage from './CoursesCatalogPage';
import { asStudent, categories, stats, stubCourseApi } from './courseTestData';

function open(preloadedState: Partial<RootState> = asStudent()) {
  return renderRoutes([{ path: '/courses', Component: CoursesCatalogPage }], '/courses', { preloadedState });
}

const stat = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Courses Catalog (spec: Courses Catalog)', { timeout: 20_000 }, () => {
  it('shows "Loading courses..." until both calls answer, then the statistics and one accordion per category', async () => {
    let answer!: (response: Response) => void;
    const calls = stubCourseApi({
      'GET /api/courses/categories/': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/courses/stats/': jsonResponse(stats),
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Courses Catalog' })).toBeTruthy();
    expect(screen.getByText('Browse all available courses by category')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Loading courses...');

    act(() => answer(jsonResponse(categories)));
    await screen.findByRole('heading', { name: 'Course Statistics' });
    expect(screen.queryByText('Loading courses...')).toBeNull();
    expect(stat('Total Courses')).toBe('4');
    expect(stat('Certificate Courses')).toBe('1');
    expect(stat('Avg. Credit Hours')).toBe('3.8');
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/courses/categories/', '/api/courses/stats/']);

    const categoryHeadings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(categoryHeadings).toEqual(['Course Statistics', 'Nursing1 course', 'General Education2 courses', 'Other Courses1 course']);
    // Distinct icons for the named categories, a default for the rest.
    const icons = [...document.querySelectorAll('[data-category-icon]')].map((icon) => icon.getAttribute('data-category-icon'));
    expect(icons).toEqual(['nursing', 'general_education', 'default']);
  });

  it("lists each category's courses in a table; the first category starts expanded, the others expand on click", async () => {
    stubCourseApi({ 'GET /api/courses/categories/': jsonResponse(categories), 'GET /api/courses/stats/': jsonResponse(stats) });
    open();
    const nursing = await screen.findByRole('button', { name: /^Nursing/ });
    expect(nursing.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByRole('table', { name: 'Nursing courses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Course Name', 'CRN', 'Credit Hours', 'Application Fee', 'Tuition', 'Certificate']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Nursing Assistant', '10101', '6', '$50.00', '$1,450.50', 'Yes']);

    const general = screen.getByRole('button', { name: /^General Education/ });
    expect(general.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(general);
    expect(general.getAttribute('aria-expanded')).toBe('true');
    const rows = within(screen.getByRole('table', { name: 'General Education courses' })).getAllByRole('row');
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Algebra', '40101', '3', 'N/A', '$450.00', 'No']);
  });

  it.each([
    ['categories', { 'GET /api/courses/categories/': jsonResponse({ error: 'boom' }, 500), 'GET /api/courses/stats/': jsonResponse(stats) }],
    ['stats', { 'GET /api/courses/categories/': jsonResponse(categories), 'GET /api/courses/stats/': new Response('', { status: 502 }) }],
  ])('shows the spec alert when the %s cannot be loaded', async (_which, answers) => {
    stubCourseApi(answers);
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load course data. Please try again later.');
    expect(screen.queryByText('Course Statistics')).toBeNull();
  });

  it('asks anonymous visitors to log in, without calling the API', () => {
    const calls = stubCourseApi({});
    open({});
    expect(screen.getByRole('heading', { level: 1, name: 'Courses Catalog' })).toBeTruthy();
    expect(screen.getByText('Please log in to view courses')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('words the chip "N courses"', () => {
    expect([0, 1, 2, 15].map(courseCount)).toEqual(['0 courses', '1 course', '2 courses', '15 courses']);
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';
import type { DataColumn } from './dataTableColumns';
import { stubMediaQueries } from '../../testing/test-utils';

interface Course {
  id: string;
  name: string;
  crn: string;
  room: string;
}

const COURSES: Course[] = [
  { id: 'c1', name: 'Physics', crn: '40101', room: 'B12' },
  { id: 'c2', name: 'Nurse Ethics', crn: '40102', room: 'A3' },
];

const COLUMNS: Array<DataColumn<Course>> = [
  { header: 'Course Name', priority: 'title', render: (c) => c.name },
  { header: 'CRN', render: (c) => c.crn },
  { header: 'Location', priority: 'secondary', render: (c) => c.room },
];

/** A window below (or from) the theme's sm breakpoint: matchMedia answers the max-width:599.95px query. */
const screenWidth = (narrow: boolean) => stubMediaQueries((query) => narrow && query.includes('max-width:599.95px'));

function renderCourses(props: Partial<Parameters<typeof DataTable<Course>>[0]> = {}) {
  const onDelete = vi.fn();
  render(
    <DataTable
      label="Courses"
      columns={COLUMNS}
      rows={COURSES}
      rowKey={(c) => c.id}
      actions={{ render: (c) => <button onClick={() => onDelete(c)}>{`Delete ${c.name}`}</button> }}
      {...props}
    />,
  );
  return { onDelete };
}

describe('DataTable', () => {
  it('on a wide screen is a table with the headers word for word and an Actions column', () => {
    screenWidth(false);
    renderCourses();
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Course Name', 'CRN', 'Location', 'Actions']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Physics', '40101', 'B12', 'Delete Physics']);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('below 600 px is a list of cards: a heading, the key fields labelled, secondary ones under "More details", the actions at the foot', () => {
    screenWidth(true);
    const { onDelete } = renderCourses();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = cards[1]!;
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Nurse Ethics');
    const labels = [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(labels).toEqual([
      ['CRN', '40102'],
      ['Location', 'A3'],
    ]);
    expect(card.querySelector('details dt')?.textContent).toBe('Location');
    expect(within(card).getByText('More details').tagName).toBe('SUMMARY');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Nurse Ethics' }));
    expect(onDelete).toHaveBeenCalledWith(COURSES[1]);
  });

  it('shows its message instead of rows, in either layout', () => {
    screenWidth(false);
    renderCourses({ rows: [], empty: 'No courses found' });
    const table = screen.getByRole('table', { name: 'Courses' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('No courses found');
  });

  it('while loading shows its loading message instead of the rows, and is busy', () => {
    screenWidth(false);
    renderCourses({ loading: true, empty: 'No courses found' });
    const table = screen.getByRole('table', { name: 'Courses' });
    const body = within(table).getAllByRole('rowgroup')[1]!;
    expect(body.getAttribute('aria-busy')).toBe('true');
    expect(
      within(body)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Loading...']);
  });

  it('shows the message as the one item of the list on a phone', () => {
    screenWidth(true);
    renderCourses({ rows: [], empty: 'No courses found' });
    const items = within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['No courses found']);
  });

  it.each([
    ['wide', false, 'row'],
    ['narrow', true, 'listitem'],
  ] as const)('highlights the row of highlightedKey (%s)', (_, narrow, role) => {
    screenWidth(narrow);
    renderCourses({ highlightedKey: 'c2' });
    const highlighted = screen.getAllByRole(role).filter((el) => el.dataset.highlighted === 'true');
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]?.textContent).toContain('Nurse Ethics');
  });

  it.each([
    ['wide', false],
    ['narrow', true],
  ] as const)('opens a row by keyboard with its named open button (%s)', (_, narrow) => {
    screenWidth(narrow);
    const onRowOpen = vi.fn();
    renderCourses({ onRowOpen, openLabel: (c) => `Open ${c.name} (${c.crn})` });
    const open = screen.getByRole('button', { name: 'Open Physics (40101)' });
    // A native button in the tab order: Enter and Space click it (jsdom does not synthesize that click itself).
    open.focus();
    expect(document.activeElement).toBe(open);
    expect(open.tagName).toBe('BUTTON');
    fireEvent.click(open);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenCalledWith(COURSES[0]);
  });

  it("opens a row by a click on the row, but not by a click on the row's own actions", () => {
    screenWidth(false);
    const onRowOpen = vi.fn();
    const { onDelete } = renderCourses({ onRowOpen, openLabel: (c) => `Open ${c.name}` });
    fireEvent.click(screen.getByRole('cell', { name: '40102' }));
    expect(onRowOpen).toHaveBeenCalledWith(COURSES[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Physics' }));
    expect(onDelete).toHaveBeenCalledWith(COURSES[0]);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
  });
});

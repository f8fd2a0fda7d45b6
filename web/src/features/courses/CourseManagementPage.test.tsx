import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RootState } from '#shared/store/state';
import { expectShownFor, fill, jsonResponse, optionTexts, renderRoutes, tableRows, toastText, withFakeTimers } from '../../testing/test-utils';
import CourseManagementPage from './CourseManagementPage';
import { algebra, asAdmin, asStaff, asStudent, nursingAssistant, stubCourseApi, type Answer, type ApiCall } from './courseTestData';

const COLUMNS = ['Course Name', 'CRN', 'Credit Hours', 'Application Price', 'Tuition Price', 'Certificate Course', 'Actions'];

function open(preloadedState: Partial<RootState> = asAdmin()) {
  return renderRoutes([{ path: '/course-manager', Component: CourseManagementPage }], '/course-manager', { preloadedState });
}

const rows = () => tableRows('Courses');

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET').map((call) => call.path);

async function openList(courses = [nursingAssistant, algebra], extra: Record<string, Answer> = {}) {
  const calls = stubCourseApi({ 'GET /api/courses/': jsonResponse(courses), ...extra });
  open();
  await screen.findByText(courses[0]?.CRN ?? 'No courses found');
  return calls;
}

// MUI dialogs are slow in jsdom, more so on a busy 2-core machine.
describe('Course Management (spec: Course Management)', { timeout: 20_000 }, () => {
  it('shows the title, subtitle, filters, buttons and columns, then the courses with prices as $0.00 or N/A', async () => {
    let answer!: (response: Response) => void;
    const calls = stubCourseApi({ 'GET /api/courses/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(screen.getByText('Add, edit, and manage courses in the system')).toBeTruthy();
    expect(screen.getByLabelText('Search by course name')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Certificate Course' })).toBeTruthy();
    for (const name of ['Filter', 'Clear', 'Add New Course', 'Refresh List']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(COLUMNS);
    await waitFor(() => expect(rows()).toEqual([['Loading...']]));

    act(() => answer(jsonResponse([nursingAssistant, algebra])));
    await screen.findByText('10101');
    expect(rows()).toEqual([
      ['Nursing Assistant', '10101', '6', '$50.00', '$1,450.50', 'Yes', ''],
      ['Algebra', '40101', '3', 'N/A', '$450.00', 'No', ''],
    ]);
    expect(listCalls(calls)).toEqual(['/api/courses/']);
  });

  it('shows "No courses found" for an empty list', async () => {
    await openList([]);
    expect(rows()).toEqual([['No courses found']]);
  });

  it('shows the spec alert when the list cannot be loaded', async () => {
    stubCourseApi({ 'GET /api/courses/': jsonResponse({ error: 'boom' }, 500) });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch courses. Please try again later.');
  });

  it('fetches with the filters on Filter, again on Refresh List, and without them on Clear', async () => {
    const calls = await openList();
    const search = screen.getByLabelText('Search by course name');
    fireEvent.change(search, { target: { value: ' Nur ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Certificate Course' }), { target: { value: 'true' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/courses/?name=Nur&is_certificate=true'));

    fireEvent.change(screen.getByRole('combobox', { name: 'Certificate Course' }), { target: { value: 'false' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/courses/?is_certificate=false'));

    fireEvent.click(screen.getByRole('button', { name: 'Refresh List' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(4));
    expect(listCalls(calls).at(-1)).toBe('/api/courses/?is_certificate=false');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(5));
    expect(listCalls(calls).at(-1)).toBe('/api/courses/');
    expect((screen.getByRole('combobox', { name: 'Certificate Course' }) as HTMLSelectElement).value).toBe('');
    expect(optionTexts(screen.getByRole('combobox', { name: 'Certificate Course' }))).toEqual(['All', 'Yes', 'No']);
  });

  it('validates the add dialog with the shared schema: defaults, required fields, minimum, prices', async () => {
    const calls = await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Add New Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Course' });
    expect((within(dialog).getByLabelText('Credit Hours', { exact: false }) as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByRole('switch', { name: 'Is Certificate Course' }) as HTMLInputElement).checked).toBe(true);
    const names = optionTexts(within(dialog).getByRole('combobox', { name: /Course Name/ }));
    expect(names).toContain('Medical Terminology for Allied Health Sciences');
    expect(names.filter((name) => name === 'Nurse Ethics')).toHaveLength(1);

    fill(dialog, { 'Credit Hours': '' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    await within(dialog).findByText('Course Name must be one of the course names');
    expect(within(dialog).getByText('CRN is required')).toBeTruthy();
    expect(within(dialog).getByText('Credit Hours is required')).toBeTruthy();

    fill(dialog, { 'Credit Hours': '0', 'Application Price': '-1', 'Tuition Price': '12.345' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    await within(dialog).findByText('Credit Hours must be at least 1');
    expect(within(dialog).getByText('Application Price must be a number of at least 0 with at most two decimals')).toBeTruthy();
    expect(within(dialog).getByText('Tuition Price must be a number of at least 0 with at most two decimals')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates a course: integer credit hours, empty price as null, toast, list fetched again', async () => {
    const calls = await openList([algebra], { 'POST /api/courses/create/': jsonResponse({ ...algebra, id: 'new' }, 201) });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Course' });
    fill(dialog, { 'Course Name': 'Algebra', CRN: ' ALG-9 ', 'Credit Hours': '3.7', 'Tuition Price': '450.50' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Is Certificate Course' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    expect(await toastText()).toBe('Course created successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Algebra',
      CRN: 'ALG-9',
      credit_hours: 3,
      application_price: null,
      tuition_price: 450.5,
      is_certificate_course: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('keeps the dialog open on a failed save and shows the server\'s error once, as a sentence, else "Something went wrong"', async () => {
    let status = 409;
    await openList([algebra], {
      'POST /api/courses/create/': () => (status === 409 ? jsonResponse({ error: 'CRN: 40101 is already used by Algebra' }, 409) : new Response('Bad gateway', { status })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add New Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Course' });
    fill(dialog, { 'Course Name': 'Algebra', CRN: '40101' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This CRN is already used by Algebra (CRN 40101).');
    // in the dialog, where the person is looking, and not again as a toast
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();

    // changing the form clears the message that was about the old values
    fill(dialog, { CRN: '40102' });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    status = 502;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    expect((await within(screen.getByRole('dialog', { name: 'Add New Course' })).findByRole('alert')).textContent).toBe('Something went wrong');
    expect(document.querySelector('.MuiSnackbar-root')).toBeNull();
  });

  it('edits a course in the "Edit Course" dialog with PUT .../update/ and the id', async () => {
    const calls = await openList([nursingAssistant], {
      'PUT /api/courses/course-01/update/': (call) => jsonResponse({ ...nursingAssistant, ...(call.body as object) }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Nursing Assistant (10101)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect((within(dialog).getByLabelText('CRN', { exact: false }) as HTMLInputElement).value).toBe('10101');
    expect((within(dialog).getByLabelText('Tuition Price') as HTMLInputElement).value).toBe('1450.50');
    fill(dialog, { 'Application Price': '' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Course' }));

    expect(await toastText()).toBe('Course updated successfully');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      id: 'course-01',
      name: 'Nursing Assistant',
      CRN: '10101',
      credit_hours: 6,
      application_price: null,
      tuition_price: 1450.5,
      is_certificate_course: true,
    });
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('asks "Confirm Delete" with the spec sentence, deletes, toasts and fetches the list again', async () => {
    const calls = await openList([nursingAssistant], { 'DELETE /api/courses/course-01/delete/': jsonResponse({ message: 'Course deleted successfully' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Nursing Assistant (10101)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete the course "Nursing Assistant"? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await toastText()).toBe('Course deleted successfully');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/courses/course-01/delete/')).toBe(true);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it.each([
    [jsonResponse({ error: 'Course not found' }, 404), 'Course not found'],
    [jsonResponse({ error: 'id: is not a course id' }, 400), 'This record is not a course id.'],
    [new Response('', { status: 500 }), 'Failed to delete course'],
  ])('toasts a failed delete (%#)', async (response, message) => {
    await openList([nursingAssistant], { 'DELETE /api/courses/course-01/delete/': response });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Nursing Assistant (10101)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
    expect(await toastText()).toBe(message);
  });

  it('hides its toasts after 5000 ms', async () => {
    await openList([nursingAssistant], { 'DELETE /api/courses/course-01/delete/': jsonResponse({ message: 'ok' }) });
    await withFakeTimers(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Nursing Assistant (10101)' }));
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
      await screen.findByText('Course deleted successfully');
      await expectShownFor(5000, () => screen.queryByText('Course deleted successfully'));
    });
  });

  it('lets staff manage courses too', async () => {
    stubCourseApi({ 'GET /api/courses/': jsonResponse([algebra]) });
    open(asStaff());
    await screen.findByText('40101');
    expect(screen.getByRole('button', { name: 'Add New Course' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Algebra (40101)' })).toBeTruthy();
  });

  it('shows students the list read-only, saying they may not change it', async () => {
    stubCourseApi({ 'GET /api/courses/': jsonResponse([algebra]) });
    open(asStudent());
    await screen.findByText('40101');
    expect(screen.getByText('You do not have permission to add, edit or delete courses.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add New Course' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh List' })).toBeTruthy();
  });

  it('asks anonymous visitors to log in, without calling the API', async () => {
    const calls = stubCourseApi({});
    open({});
    expect(screen.getByRole('heading', { level: 1, name: 'Course Management' })).toBeTruthy();
    expect(screen.getByText('Please log in to view courses')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fcourse-manager');
    expect(calls).toHaveLength(0);
  });
});

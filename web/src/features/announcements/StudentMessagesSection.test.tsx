import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, tableRows, type ApiCall } from '../../testing/test-utils';
import { janeMessages } from './announcementTestData';
import { openPage, pickStudent } from './announcementTestPage';

const section = () => screen.getByRole('region', { name: 'Messages to a student' });
const logReads = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/students/jane.doe/messages/')).map((c) => c.path);

const janeLog = (call: ApiCall) =>
  jsonResponse(call.path.includes('cursor=m2') ? { results: janeMessages[1], next: null, count: 1 } : { results: janeMessages[0], next: 'm2', count: 2 });

describe('Announcements page: messages to a student', () => {
  it("shows a picked student's emails with where each stands, a page at a time as the API pages them", async () => {
    const { calls } = openPage('/admin/announcements', { 'GET /api/students/jane.doe/messages/': janeLog });
    expect(await within(await screen.findByRole('region', { name: 'Messages to a student' })).findByText('Choose a student to see the emails sent to them.')).toBeTruthy();
    await pickStudent(section(), 'Student', 'jane', /^Jane Doe jane\.doe/);
    await waitFor(() => expect(tableRows('Message log')).toHaveLength(2));
    expect((within(section()).getByRole('combobox', { name: /^Student/ }) as HTMLInputElement).value).toBe('Jane Doe');
    expect(tableRows('Message log').map(([, category, subject, status]) => [category, subject, status])).toEqual([
      ['Announcement', 'Clinical badges', 'Delivered'],
      ['Announcement', 'Make-up exam', 'Bounced'],
    ]);
    expect(tableRows('Message log')[0]?.[0]).toMatch(/^Mar 2, 2026, /);
    expect(within(section()).getByText('Bounced').closest('.MuiChip-root')?.className).toContain('MuiChip-colorError');

    fireEvent.click(within(section()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tableRows('Message log')).toHaveLength(3));
    expect(tableRows('Message log')[2]?.slice(2)).toEqual(['Campus closed Monday', 'Held for digest']);
    expect(logReads(calls)).toEqual(['/api/students/jane.doe/messages/?limit=20', '/api/students/jane.doe/messages/?limit=20&cursor=m2']);
    expect(within(section()).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when a student has had no email yet', async () => {
    openPage('/admin/announcements', { 'GET /api/students/janet.lee/messages/': jsonResponse({ results: [], next: null, count: 0 }) });
    await pickStudent(await screen.findByRole('region', { name: 'Messages to a student' }), 'Student', 'janet', /^Janet Lee/);
    expect(await within(section()).findByText('No emails sent to this student yet')).toBeTruthy();
  });

  it("says in a sentence when the log cannot be read, with the server's reason", async () => {
    openPage('/admin/announcements', { 'GET /api/students/jane.doe/messages/': jsonResponse({ error: 'Student not found' }, 404) });
    await pickStudent(await screen.findByRole('region', { name: 'Messages to a student' }), 'Student', 'jane', /^Jane Doe/);
    expect((await within(section()).findByRole('alert')).textContent).toBe('Failed to load messages: Student not found');
  });
});

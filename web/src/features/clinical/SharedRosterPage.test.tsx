import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, tableRows } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { sharedRoster } from './clinicalTestData';

const TOKEN = 'a'.repeat(43);
const open = (answer: Response) => {
  const calls = stubApi({ [`GET /api/shared-rosters/${TOKEN}/`]: answer });
  const rendered = renderApp(`/shared/rosters/${TOKEN}`);
  return { calls, ...rendered };
};

describe('A roster shared with a site (public)', { timeout: 20_000 }, () => {
  it('shows the students and their requirements to a visitor who is not signed in', async () => {
    const { router, calls } = open(jsonResponse(sharedRoster));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical roster: Mercy General, ICU' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shared/rosters/${TOKEN}`);
    expect(screen.getByText('Adult Health I')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    const head = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(head).toEqual(['Student', 'Cleared', 'BLS card', 'Flu shot']);
    expect(tableRows('Students and their requirements')).toEqual([['Doe, Jane', 'Cleared', 'ApprovedExpires Oct 1, 2028', 'Approved']]);
    // no session: no token sent
    expect(calls).toHaveLength(1);
  });

  it('says an expired link has expired', async () => {
    open(jsonResponse({ error: 'This link has expired; ask the school for a new one' }, 410));
    expect(await screen.findByText('This link has expired; ask the school for a new one')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Clinical roster' })).toBeTruthy();
  });

  it('says a wrong link is not valid', async () => {
    open(jsonResponse({ error: 'This link is not valid' }, 404));
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
  });
});

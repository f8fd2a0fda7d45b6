import { describe, expect, it } from 'vitest';
import { NEED_COHORT, NEED_VALID_USERNAME } from './documentMessages';
import { NEW_UPLOAD, shownProblem, withScope, type UploadFormValues } from './uploadForm';

const pdf = new File(['%PDF'], 'a.pdf');
const individual: UploadFormValues = { ...NEW_UPLOAD, title: 'Plan', scope: 'individual', cohort_id: 'c1', student_username: 'ben' };

describe('shownProblem: a refusal lasts only while its cause does', () => {
  it('keeps "Please enter a valid student username" until the check finds the student', () => {
    const problem = { kind: 'form', message: NEED_VALID_USERNAME } as const;
    expect(shownProblem(problem, individual, pdf, false)).toBe(NEED_VALID_USERNAME);
    expect(shownProblem(problem, individual, pdf, true)).toBeNull();
  });

  it('drops it when the scope changes away from individual, without showing the next problem before Upload', () => {
    const problem = { kind: 'form', message: NEED_VALID_USERNAME } as const;
    const cohort = withScope(individual, 'cohort');
    expect(shownProblem(problem, cohort, pdf, false)).toBeNull();
    // what Upload would now say is another matter, shown when asked
    expect(shownProblem({ kind: 'form', message: NEED_COHORT }, cohort, pdf, false)).toBe(NEED_COHORT);
  });

  it("keeps the file's and the server's messages (the dialog clears those itself)", () => {
    expect(shownProblem({ kind: 'file', message: 'The file is empty' }, individual, pdf, true)).toBe('The file is empty');
    expect(shownProblem({ kind: 'server', message: 'Nope' }, individual, pdf, true)).toBe('Nope');
    expect(shownProblem(null, individual, pdf, true)).toBeNull();
  });
});

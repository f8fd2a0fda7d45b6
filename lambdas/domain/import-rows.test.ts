import { describe, expect, it } from 'vitest';
import { chunkRows, reasonOf, sentenceOf, toStoredRow } from './import-rows.js';
import { readImportFile } from './student-import.js';

describe('CSV import rows', () => {
  it('cuts the rows into chunks of 25 in file order', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(chunkRows(rows).map((c) => [c[0], c.length])).toEqual([
      [0, 25],
      [25, 25],
      [50, 10],
    ]);
    expect(chunkRows([])).toEqual([]);
  });

  it('stores a valid row with its input and an invalid one with its problems, never a junk cell whole', () => {
    const header = 'username,first_name,last_name,email,program_type,program_name,cohort_id,on_payment_plan';
    const { rows, fileError } = readImportFile(`${header}\nann,Ann,Lee,ann@x.edu,certificate,P,c1,no\n${'z'.repeat(500)},B,C,nope,certificate,P,c1,no\n`);
    expect(fileError).toBeNull();
    expect(toStoredRow(rows[0]!)).toEqual({ line: 2, username: 'ann', input: expect.objectContaining({ username: 'ann', email: 'ann@x.edu' }) });
    const bad = toStoredRow(rows[1]!);
    expect(bad.username).toHaveLength(100);
    expect(bad.input).toBeUndefined();
    expect(bad.errors).toContain('email: must be an email address');
  });

  it.each([
    ['email: must be an email address', 'Email must be an email address.'],
    ['cohort_id: is a diploma cohort, not certificate', 'Cohort is a diploma cohort, not certificate.'],
    ['username: jdoe is already taken', 'Username jdoe is already taken.'],
    ['cohort_id: Invalid input: expected string, received undefined', 'Cohort is required.'],
    ['on_payment_plan: Invalid input', 'On payment plan is not valid.'],
    ['temporary_password: Password did not conform with policy: Password not long enough', 'Temporary password: Password did not conform with policy: Password not long enough.'],
    ['something odd happened', 'Something odd happened.'],
  ])('says the problem "%s" as a plain sentence: "%s"', (problem, sentence) => {
    expect(sentenceOf(problem)).toBe(sentence);
  });

  it("joins a row's problems into one reason", () => {
    expect(reasonOf(['username: repeats line 2', 'email: repeats line 3'])).toBe('Username repeats line 2. Email repeats line 3.');
  });
});

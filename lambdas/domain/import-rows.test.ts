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

  it('says each problem as a plain sentence', () => {
    expect(sentenceOf('email: must be an email address')).toBe('Email must be an email address.');
    expect(sentenceOf('cohort_id: is a diploma cohort, not certificate')).toBe('Cohort is a diploma cohort, not certificate.');
    expect(sentenceOf('username: jdoe is already taken')).toBe('Username jdoe is already taken.');
    expect(sentenceOf('cohort_id: Invalid input: expected string, received undefined')).toBe('Cohort is required.');
    expect(sentenceOf('on_payment_plan: Invalid input')).toBe('On payment plan is not valid.');
    expect(sentenceOf('temporary_password: Password did not conform with policy: Password not long enough')).toBe(
      'Temporary password: Password did not conform with policy: Password not long enough.',
    );
    expect(sentenceOf('something odd happened')).toBe('Something odd happened.');
    expect(reasonOf(['username: repeats line 2', 'email: repeats line 3'])).toBe('Username repeats line 2. Email repeats line 3.');
  });
});

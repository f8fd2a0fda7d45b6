import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { cohortsCsv, cohortsCsvFileName, rosterCsv, rosterCsvFileName } from './cohortCsv';
import { academicYearsOf, filterCohorts, NO_FILTERS, summarize } from './cohortFilters';
import { newCohortValues, requestBodyOf, validateCohort } from './cohortForm';
import { aisha, ben, carla, certCohort, cohorts, maria, newcomer, roster } from './cohortTestData';
import { rosterStats } from './rosterStats';
import { enrollmentGroups, latestPayments } from './studentDetail';

const ids = (list: Array<{ id: string }>) => list.map((c) => c.id);

describe('Cohort Management filters and summary', () => {
  it('searches cohort number, program name and academic year, in any case', () => {
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, search: 'ultra' }))).toEqual(['cohort-2026-dipl-2']);
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, search: '2024-' }))).toEqual(['cohort-2024-cert-3']);
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, search: ' 3 ' }))).toEqual(['cohort-2024-cert-3']);
  });

  it('combines program type, academic year and status', () => {
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, programType: 'diploma' }))).toEqual(['cohort-2025-dipl-1', 'cohort-2026-dipl-2']);
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, programType: 'certificate', status: 'inactive' }))).toEqual(['cohort-2024-cert-3']);
    expect(ids(filterCohorts(cohorts, { ...NO_FILTERS, academicYear: '2025-2026', status: 'active' }))).toHaveLength(3);
    expect(filterCohorts(cohorts, NO_FILTERS)).toHaveLength(5);
  });

  it('offers the academic years found in the data, newest first', () => {
    expect(academicYearsOf(cohorts)).toEqual(['2026-2027', '2025-2026', '2024-2025']);
  });

  it('sums students, counts active cohorts and averages the class size to one decimal', () => {
    expect(summarize(cohorts)).toEqual({ totalCohorts: 5, totalStudents: 14, activePrograms: 4, averageClassSize: 2.8 });
    expect(summarize([])).toEqual({ totalCohorts: 0, totalStudents: 0, activePrograms: 0, averageClassSize: 0 });
  });
});

describe('roster statistics', () => {
  it('counts a student without payment details as unpaid, and sums what is owed and paid', () => {
    expect(rosterStats(roster)).toEqual({ totalStudents: 5, totalOutstanding: 6550, totalPaid: 8250, paidStudents: 1, paidPercent: 20 });
    expect(rosterStats([aisha, newcomer]).paidStudents).toBe(1);
    expect(rosterStats([]).paidPercent).toBe(0);
  });
});

describe('CSV exports', () => {
  it("writes the filtered cohorts, named with today's date", () => {
    const rows = Papa.parse<string[]>(cohortsCsv(cohorts.slice(3))).data;
    expect(rows).toEqual([
      ['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'End Date', 'Status'],
      ['2026-2027', '2', 'Diploma', 'Ultrasound Program', '2', '', '', 'Active'],
      ['2024-2025', '3', 'Certificate', 'EKG Technician', '2', '2025-09-02', '2026-06-12', 'Inactive'],
    ]);
    expect(cohortsCsvFileName(new Date(2026, 2, 7, 23, 59))).toBe('cohorts-2026-03-07.csv');
  });

  it('writes the roster with the spec columns; "Paid" only at balance 0', () => {
    const rows = Papa.parse<string[]>(rosterCsv(certCohort, [maria, aisha, ben, carla])).data;
    expect(rows[0]).toEqual(['Name', 'Username', 'Email', 'Program Type', 'Current Balance', 'Payment Status', 'Enrollment Date']);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[5], row[6]])).toEqual([
      ['Maria Lopez', '5700.00', 'Outstanding', '2025-09-02'],
      ['Aisha Khan', '0.00', 'Paid', '2025-09-02'],
      ['Ben Nguyen, "Jr."', '350.00', 'Outstanding', '2025-09-02'],
      ['Carla Diaz', '500.00', 'Outstanding', '2025-09-02'],
    ]);
    expect(rows[1][3]).toBe('Certificate');
    expect(rosterCsvFileName(certCohort)).toBe('cohort-2025-2026-1-students.csv');
  });

  it('escapes formulae in admin-set text, even after a newline; writes a credit balance as a number', () => {
    const evil = '=HYPERLINK("http://evil","x")\nNursing';
    const [, cohortRow] = Papa.parse<string[]>(cohortsCsv([{ ...certCohort, program_name: evil }])).data;
    expect(cohortRow![3]).toBe(`'${evil}`);
    const credit = {
      ...carla,
      first_name: evil,
      payment_details: { ...carla.payment_details, certificate_courses: [{ ...carla.payment_details.certificate_courses![0]!, amount_paid: 2450 }] },
    };
    const csv = rosterCsv(certCohort, [credit]);
    const [, rosterRow] = Papa.parse<string[]>(csv).data;
    expect(rosterRow![0]).toBe(`'${evil} Diaz`);
    expect(rosterRow![4]).toBe('-50.00');
    expect(csv).toContain(',-50.00,Outstanding,');
  });
});

describe('student detail', () => {
  it('groups enrollments as Certificate, Diploma, Associates, leaving out empty groups', () => {
    expect(enrollmentGroups(maria.payment_details).map((g) => [g.title, g.programs.map((p) => p.program_name)])).toEqual([
      ['Certificate', ['Nursing Assistant']],
      ['Diploma', ['Patient Care Technician']],
    ]);
    expect(enrollmentGroups(newcomer.payment_details)).toEqual([]);
  });

  it('keeps the latest 10 payments across programs, newest first', () => {
    const latest = latestPayments(maria.payment_details);
    expect(latest.map((p) => p.id)).toEqual(['p12', 'p11', 'p10', 'p09', 'p08', 'p07', 'p06', 'p05', 'p04', 'p03']);
    expect(latest[0].program_name).toBe('Patient Care Technician');
  });
});

describe('cohort form', () => {
  const valid = { ...newCohortValues(new Date(2026, 0, 1)), program_name: 'Phlebotomy', start_date: '2026-09-01' };

  it('sends numbers and nulls for empty dates', () => {
    expect(requestBodyOf(valid)).toEqual({
      academic_year: '2026-2027',
      cohort_number: 1,
      program_type: 'certificate',
      program_name: 'Phlebotomy',
      start_date: '2026-09-01',
      end_date: null,
      is_active: true,
    });
    expect(validateCohort(valid)).toEqual({});
  });

  it("names each field with the server schema's message", () => {
    expect(validateCohort({ ...valid, academic_year: '2026-2028', cohort_number: '', program_name: ' ' })).toEqual({
      academic_year: 'Academic Year must be two consecutive years',
      cohort_number: 'Cohort Number is required',
      program_name: 'Program Name is required',
    });
    expect(validateCohort({ ...valid, cohort_number: '1.5' })).toEqual({ cohort_number: 'Cohort Number must be a whole number' });
    expect(validateCohort({ ...valid, cohort_number: 'x' })).toEqual({ cohort_number: 'Cohort Number must be a whole number' });
    expect(validateCohort({ ...valid, end_date: '2026-08-01' })).toEqual({ end_date: 'End Date must not be before Start Date' });
  });
});

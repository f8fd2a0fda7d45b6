/**
 * GET /api/students/{username}/ — a student's record with their bill computed from the ledger.
 * A student may read only their own record; staff, finance and admin may read anyone's.
 */
import { z } from 'zod';
import type { StudentRecord } from '../../contract/students.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { buildPaymentDetails } from '../../domain/ledger.js';
import { canReadAnyStudent } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { getStudentLedger } from '../../store/students.js';

const Params = z.object({ username: z.string().trim().min(1, 'is required').max(128, 'is too long') });

export const handler = route('students-get', async (req) => {
  const { username } = parseParams(req, Params);
  const caller = callerOf(req);
  // Refuse before reading, so a student cannot even learn whether another username exists.
  if (caller.username !== username && !canReadAnyStudent(caller.roles)) throw new Forbidden();

  const ledger = await getStudentLedger(username);
  if (!ledger) throw new NotFound('Student not found');
  const { profile, enrollments, entries } = ledger;
  const body: StudentRecord = {
    id: profile.sub || profile.username,
    username: profile.username,
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    phone_number: profile.phone,
    created_at: profile.createdAt,
    on_payment_plan: profile.onPaymentPlan,
    program: profile.programName,
    program_type: profile.programType,
    cohort_id: profile.cohortId,
    payment_details: buildPaymentDetails(enrollments, entries),
  };
  return { body };
});

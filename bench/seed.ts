/**
 * Benchmark data, written straight into DynamoDB with BatchWrite through the stores' own item
 * builders (studentItems, paymentItems, the entities' `item`), not through the API: minutes, not hours.
 *
 * Scale 1 (1x): 1,000 students in 10 cohorts of 100, 10,000 payments (10 each), 500 documents,
 * 50 courses. Scale 10 (10x) is ten times each. Seeding is incremental: `seedScale(db, 10)` after
 * `seedScale(db, 1)` adds only what 10x has beyond 1x, so the routes measured at 1x read the same
 * records at 10x, in a table ten times larger. Per-student and per-cohort sizes stay the same: what
 * grows is the number of students, cohorts, payments, documents and courses.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COURSE_NAMES } from '../lambdas/contract/course-names.js';
import type { Enrollment, LedgerEntry } from '../lambdas/domain/ledger.js';
import { PROGRAM_TYPES, type ProgramType } from '../lambdas/contract/programs.js';
import { Cohort } from '../lambdas/store/cohort.js';
import { DocumentCategory, documentItems, type DocumentRecord } from '../lambdas/store/document.js';
import { courseItems } from '../lambdas/store/course.js';
import { paymentItems, type PaymentRecord } from '../lambdas/store/payment.js';
import type { Item } from '../lambdas/store/dynamo.js';
import { studentItems } from '../lambdas/store/student.js';

export const PER_SCALE = { students: 1_000, cohorts: 10, paymentsPerStudent: 10, documents: 500, courses: 50 } as const;
const STUDENTS_PER_COHORT = PER_SCALE.students / PER_SCALE.cohorts;
/** Documents for everyone and per program type: a school has the same few at any size. */
const GENERAL_DOCS = 20;
const PROGRAM_DOCS = 10;
/** Per cohort; the rest of each scale's documents are individual (one student each). */
const COHORT_DOCS = 40;
export const CATEGORY_IDS = ['bench-cat-0', 'bench-cat-1', 'bench-cat-2', 'bench-cat-3', 'bench-cat-4'];

export const cohortId = (i: number) => `bench-cohort-${i}`;
export const studentName = (i: number) => `bench-s${i}`;
const programOf = (cohort: number): ProgramType => PROGRAM_TYPES[cohort % PROGRAM_TYPES.length]!;
const iso = (base: number, i: number) => new Date(base + i * 60_000).toISOString();
const T0 = Date.UTC(2026, 0, 1);

/** One student's collection: profile, enrollment, opening charge, ten succeeded card payments. */
function studentWithPayments(i: number, cohort: string, programType: ProgramType): Item[] {
  const username = studentName(i);
  const enrollment: Enrollment = { programType, programId: `${programType}-1`, programName: `Bench ${programType}`, nextDueDate: '2027-06-01', enrolledAt: iso(T0, i) };
  const payments: PaymentRecord[] = Array.from({ length: PER_SCALE.paymentsPerStudent }, (_, p) => {
    const createdAt = iso(T0 + 86_400_000, i * PER_SCALE.paymentsPerStudent + p);
    return {
      intentId: `pi_bench_${i}_${p}`,
      username,
      studentName: `Student ${i}`,
      createdAt,
      updatedAt: createdAt,
      amountCents: 10_000,
      refundedCents: 0,
      currency: 'usd',
      status: p % 5 === 4 ? 'failed' : 'succeeded',
      method: 'card',
      methodDetail: 'Visa 4242',
      failureMessage: null,
      refundIds: [],
      excess: null,
      items: [{ programType, programId: enrollment.programId, programName: enrollment.programName, amountCents: 10_000, refundedCents: 0 }],
    };
  });
  const entries: LedgerEntry[] = [
    { entryId: `charge-${i}`, kind: 'charge', programType, programId: enrollment.programId, amountCents: 1_500_000, createdAt: iso(T0, i), reason: 'Tuition' },
    ...payments.map((p): LedgerEntry => ({
      entryId: `${p.intentId}-0`,
      kind: 'payment',
      programType,
      programId: enrollment.programId,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
      status: p.status === 'failed' ? 'failed' : 'succeeded',
      method: 'card',
      reference: p.intentId,
    })),
  ];
  return [
    ...studentItems({
      profile: {
        username,
        sub: '',
        firstName: `Student${i}`,
        lastName: `Last${String(i).padStart(5, '0')}`,
        email: `${username}@bench.example.edu`,
        phone: null,
        createdAt: iso(T0, i),
        onPaymentPlan: i % 7 === 0,
        programType,
        programName: enrollment.programName,
        cohortId: cohort,
      },
      enrollments: [enrollment],
      entries,
    }),
    ...payments.flatMap(paymentItems),
  ];
}

const doc = (id: string, over: Partial<DocumentRecord>, i: number): DocumentRecord => ({
  id,
  title: `Bench document ${id}`,
  description: 'Benchmark data',
  scope: 'general',
  categoryId: CATEGORY_IDS[i % CATEGORY_IDS.length]!,
  cohortId: null,
  programType: null,
  assignedStudents: [],
  fileName: `${id}.txt`,
  fileType: 'txt',
  fileSize: 12,
  s3Key: `documents/${id}/${id}.txt`,
  extractedText: null,
  isPublic: true,
  isMandatory: i % 10 === 0,
  requiresSignature: false,
  uploadedAt: iso(T0, i),
  uploadedBy: 'bench-admin',
  uploadedByName: 'Bench Admin',
  ...over,
});

/** Cohorts, students with their payments, courses and documents from scale `from` (exclusive) up to scale `to`. */
function* itemsBetween(from: number, to: number): Generator<Item[]> {
  if (from === 0) {
    yield CATEGORY_IDS.map((id, i) => DocumentCategory.item({ id, name: `Bench category ${i}` }));
    yield Array.from({ length: GENERAL_DOCS }, (_, i) => documentItems(doc(`bench-general-${i}`, {}, i))).flat();
    yield PROGRAM_TYPES.flatMap((type) =>
      Array.from({ length: PROGRAM_DOCS }, (_, i) => documentItems(doc(`bench-${type}-${i}`, { scope: 'program', programType: type }, i))).flat(),
    );
  }
  for (let c = from * PER_SCALE.cohorts; c < to * PER_SCALE.cohorts; c++) {
    const programType = programOf(c);
    yield [
      Cohort.item({
        id: cohortId(c),
        academicYear: `${2020 + Math.floor(c / 20)}-${2021 + Math.floor(c / 20)}`,
        cohortNumber: (c % 20) + 1,
        programType,
        programName: `Bench ${programType}`,
        isActive: true,
        startDate: null,
        endDate: null,
        studentCount: STUDENTS_PER_COHORT,
      }),
    ];
    yield Array.from({ length: COHORT_DOCS }, (_, i) => documentItems(doc(`bench-cohort-${c}-doc-${i}`, { scope: 'cohort', cohortId: cohortId(c) }, c * COHORT_DOCS + i))).flat();
    for (let s = c * STUDENTS_PER_COHORT; s < (c + 1) * STUDENTS_PER_COHORT; s += 10) {
      yield Array.from({ length: 10 }, (_, k) => studentWithPayments(s + k, cohortId(c), programType)).flat();
    }
  }
  // individual documents: whatever each scale's 500 documents leave after the shared and cohort ones
  const individualAt = (scale: number) => scale * PER_SCALE.documents - GENERAL_DOCS - PROGRAM_TYPES.length * PROGRAM_DOCS - scale * PER_SCALE.cohorts * COHORT_DOCS;
  for (let i = Math.max(0, individualAt(from)); i < individualAt(to); i++) {
    const student = (i * 7919) % (to * PER_SCALE.students);
    yield documentItems(
      doc(
        `bench-individual-${i}`,
        {
          scope: 'individual',
          isPublic: false,
          cohortId: cohortId(Math.floor(student / STUDENTS_PER_COHORT)),
          assignedStudents: [{ username: studentName(student), id: studentName(student), firstName: `Student${student}`, lastName: `Last${String(student).padStart(5, '0')}` }],
        },
        i,
      ),
    );
  }
  for (let i = from * PER_SCALE.courses; i < to * PER_SCALE.courses; i++) {
    yield courseItems({
      id: `bench-course-${i}`,
      name: COURSE_NAMES[i % COURSE_NAMES.length]!,
      crn: `BENCH-${i}`,
      creditHours: 1 + (i % 6),
      applicationPriceCents: 5_000,
      tuitionPriceCents: 100_000 + i,
      isCertificateCourse: i % 2 === 0,
    });
  }
}

/** A cohort of `size` students with their bills (the roster comparison), outside the scaled data. */
export function* rosterCohortItems(id: string, size: number): Generator<Item[]> {
  yield [
    Cohort.item({
      id,
      academicYear: '2019-2020',
      cohortNumber: 1,
      programType: 'diploma',
      programName: 'Bench roster',
      isActive: true,
      startDate: null,
      endDate: null,
      studentCount: size,
    }),
  ];
  for (let s = 0; s < size; s += 10) yield Array.from({ length: Math.min(10, size - s) }, (_, k) => studentWithPayments(900_000 + s + k, id, 'diploma')).flat();
}

/** Writes the batches with `parallel` BatchWrites in flight, retrying what DynamoDB leaves unprocessed. */
export async function writeAll(db: DynamoDBDocumentClient, table: string, batches: Iterable<Item[]>, parallel = 6): Promise<number> {
  let written = 0;
  const queue: Item[] = [];
  const source = batches[Symbol.iterator]();
  const next = (): Item[] | null => {
    while (queue.length < 25) {
      const more = source.next();
      if (more.done) break;
      queue.push(...more.value);
    }
    return queue.length ? queue.splice(0, 25) : null;
  };
  const worker = async () => {
    for (let chunk = next(); chunk; chunk = next()) {
      let pending: Record<string, unknown>[] | undefined = chunk.map((Item) => ({ PutRequest: { Item } }));
      while (pending?.length) {
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
        pending = out.UnprocessedItems?.[table] as typeof pending;
      }
      written += chunk.length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}

export const seedScale = (db: DynamoDBDocumentClient, table: string, from: number, to: number, parallel?: number) => writeAll(db, table, itemsBetween(from, to), parallel);

import { vi } from 'vitest';
import type { Course, CourseCategory, CourseStats } from '../../../../lambdas/contract/courses';
import { jsonResponse, requestUrl, sampleUser, signedIn } from '../../test-utils';

/** Fixtures and a stubbed API for the course screens' tests. */
export const nursingAssistant: Course = {
  id: 'course-01',
  name: 'Nursing Assistant',
  CRN: '10101',
  credit_hours: 6,
  application_price: 50,
  tuition_price: 1450.5,
  is_certificate_course: true,
};

export const algebra: Course = {
  id: 'course-08',
  name: 'Algebra',
  CRN: '40101',
  credit_hours: 3,
  application_price: null,
  tuition_price: 450,
  is_certificate_course: false,
};

export const categories: CourseCategory[] = [
  { category: 'nursing', display_name: 'Nursing', courses: [nursingAssistant] },
  { category: 'general_education', display_name: 'General Education', courses: [algebra, { ...algebra, id: 'x', CRN: '40109' }] },
  { category: 'others', display_name: 'Other Courses', courses: [{ ...algebra, id: 'y', name: 'Chemistry', CRN: '50101' }] },
];

export const stats: CourseStats = { total_courses: 4, certificate_courses: 1, average_credit_hours: 3.75 };

export const asAdmin = () => signedIn(sampleUser({ username: 'admin', isAdmin: true, is_staff: true }));
export const asStaff = () => signedIn(sampleUser({ username: 'staff', is_staff: true }));
export const asStudent = () => signedIn(sampleUser());

export interface ApiCall {
  method: string;
  /** Path and query, e.g. "/api/courses/?name=Nur". */
  path: string;
  body: unknown;
}

export type Answer = Response | ((call: ApiCall) => Response | Promise<Response>);

/**
 * Stubs `fetch` with answers by "METHOD /path" (query ignored); unknown calls get a 404. Returns
 * the calls made, so tests can check query strings and bodies.
 */
export function stubCourseApi(answers: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(requestUrl(input), init);
      const url = new URL(request.url);
      const text = await request.clone().text();
      const call = { method: request.method, path: url.pathname + url.search, body: text ? JSON.parse(text) : undefined };
      calls.push(call);
      const answer = answers[`${call.method} ${url.pathname}`];
      if (!answer) return jsonResponse({ error: 'Not found' }, 404);
      return typeof answer === 'function' ? answer(call) : answer.clone();
    }),
  );
  return calls;
}

/** The admin student list: profiles by program type (gsi2), never a Scan. */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { PROGRAM_TYPES, type ProgramType } from '../contract/programs.js';
import { db, TABLE_NAME } from './dynamo.js';
import { keys } from './keys.js';
import type { StudentProfile } from './students.js';

const toProfile = (item: Record<string, unknown>): StudentProfile => {
  const { pk: _a, sk: _b, type: _c, gsi1pk: _d, gsi1sk: _e, gsi2pk: _f, gsi2sk: _g, ...profile } = item;
  return profile as unknown as StudentProfile;
};

/** Every student profile (of one program type, or all): one Query per program type on gsi2, no Scan. */
export async function listStudentProfiles(programType?: ProgramType): Promise<StudentProfile[]> {
  const types: Array<ProgramType | null> = programType ? [programType] : [...PROGRAM_TYPES, null];
  const pages = await Promise.all(types.map(async (type) => {
    const items: Record<string, unknown>[] = [];
    let startKey: QueryCommandOutput['LastEvaluatedKey'];
    do {
      const page = await db.send(new QueryCommand({
        TableName: TABLE_NAME, IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.studentsOfProgram(type) },
        ExclusiveStartKey: startKey,
      }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }));
  return pages.flat().map(toProfile).sort((a, b) => a.lastName.localeCompare(b.lastName) || a.username.localeCompare(b.username));
}

export interface ProfilePage {
  profiles: StudentProfile[];
  /** The sort key (`<last name>#<username>`) to continue after, or undefined on the last page. */
  after: string | undefined;
}

/**
 * One page of profiles ordered by last name: one Query per program type (four without a type, one
 * with), each reading at most `limit` profiles after `after`, merged. The request count does not
 * grow with the number of students, and a cursor stays valid whichever collection it ended in.
 */
export async function listStudentProfilesPage(programType: ProgramType | undefined, limit: number, after?: string): Promise<ProfilePage> {
  const types: Array<ProgramType | null> = programType ? [programType] : [...PROGRAM_TYPES, null];
  const pages = await Promise.all(types.map((type) => db.send(new QueryCommand({
    TableName: TABLE_NAME, IndexName: 'gsi2',
    KeyConditionExpression: after === undefined ? 'gsi2pk = :pk' : 'gsi2pk = :pk AND gsi2sk > :after',
    ExpressionAttributeValues: { ':pk': keys.studentsOfProgram(type), ...(after === undefined ? {} : { ':after': after }) },
    Limit: limit,
  }))));
  const read = pages.flatMap((page) => page.Items ?? []);
  const items = read.sort((a, b) => (String(a.gsi2sk) < String(b.gsi2sk) ? -1 : 1)).slice(0, limit);
  const more = read.length > limit || pages.some((page) => page.LastEvaluatedKey);
  return { profiles: items.map(toProfile), after: more && items.length ? String(items[items.length - 1]!.gsi2sk) : undefined };
}

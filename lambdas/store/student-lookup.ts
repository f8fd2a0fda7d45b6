/** Which of some usernames and emails are already taken by students (BatchGet of profiles and email markers). */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, TABLE_NAME } from './dynamo.js';
import { keys } from './keys.js';

export async function findTaken(candidates: Array<{ username: string; email: string }>): Promise<{ usernames: Set<string>; emails: Set<string> }> {
  const usernames = new Set<string>();
  const emails = new Set<string>();
  const wanted = [
    ...candidates.map((c) => ({ pk: keys.student(c.username), sk: keys.studentProfile })),
    ...candidates.map((c) => ({ pk: keys.studentEmail(c.email), sk: keys.studentEmail(c.email) })),
  ];
  for (let i = 0; i < wanted.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [TABLE_NAME]: { Keys: wanted.slice(i, i + 100) } };
    while (request && Object.keys(request).length) {
      const page: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of page.Responses?.[TABLE_NAME] ?? []) {
        if (item.sk === keys.studentProfile) usernames.add(String(item.username));
        else emails.add(String(item.pk).slice('EMAIL#'.length));
      }
      request = page.UnprocessedKeys as typeof request;
    }
  }
  return { usernames, emails };
}

import { randomBytes } from 'node:crypto';
import type { Database } from '@/lib/server/db/client';
import { groupTopics, handouts } from '@/lib/server/db/schema';

/** A handout row of the first seeded topic, for tests that record sends (no file: nothing here downloads it). */
export async function topicHandout(db: Database, fileName = 'Recipes.pdf'): Promise<number> {
  const [topic] = await db.select({ id: groupTopics.id }).from(groupTopics).limit(1);
  const [row] = await db
    .insert(handouts)
    .values({ groupTopicId: topic!.id, fileName, storedName: `${randomBytes(16).toString('hex')}.pdf`, byteSize: 1000 })
    .returning({ id: handouts.id });
  return row!.id;
}

import 'server-only';
import { eq, lte, sql } from 'drizzle-orm';
import type { IntakeDraft } from '@/lib/schemas/intake';
import type { Database } from '@/lib/server/db/client';
import { intakeDrafts } from '@/lib/server/db/schema';
import { decryptJson, draftContext, encryptJson } from './crypto';

/**
 * A signed-in user's unfinished intake form on the server (issue #7, "nothing typed is lost"):
 * one per user, the answers encrypted like a submission's and bound to the user.
 */
export interface StoredDraft {
  step: number;
  answers: IntakeDraft['answers'];
  updated_at: string;
}

function toDraft(row: typeof intakeDrafts.$inferSelect): StoredDraft {
  return {
    step: row.step,
    answers: decryptJson(row.encryptedAnswers, draftContext(row.userId)) as IntakeDraft['answers'],
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getDraft(db: Database, userId: number): Promise<StoredDraft | null> {
  const [row] = await db.select().from(intakeDrafts).where(eq(intakeDrafts.userId, userId));
  return row ? toDraft(row) : null;
}

/**
 * Stores the draft unless the one stored is newer (by the browser's updated_at): saves sent
 * from two tabs, or arriving out of order, never replace newer answers with older ones.
 * Returns the draft now stored.
 */
export async function saveDraft(db: Database, userId: number, draft: IntakeDraft): Promise<StoredDraft> {
  const values = {
    userId,
    step: draft.step,
    encryptedAnswers: encryptJson(draft.answers, draftContext(userId)),
    updatedAt: new Date(draft.updated_at),
  };
  const [saved] = await db
    .insert(intakeDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: intakeDrafts.userId,
      set: { step: values.step, encryptedAnswers: values.encryptedAnswers, updatedAt: values.updatedAt },
      setWhere: lte(intakeDrafts.updatedAt, sql`excluded.updated_at`),
    })
    .returning();
  if (saved) return toDraft(saved);
  // Kept the newer one; null only if a DELETE came in between.
  return (await getDraft(db, userId)) ?? toDraft(values);
}

export async function deleteDraft(db: Database, userId: number): Promise<void> {
  await db.delete(intakeDrafts).where(eq(intakeDrafts.userId, userId));
}

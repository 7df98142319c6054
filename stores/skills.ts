import type { BookingApi, Skill } from '@/lib/api/booking';
import { createCachedListStore, type CachedListStore } from './cachedList';

/** SPEC §9: skills (reasons for a visit) are kept 12 hours. */
export const SKILLS_TTL_MS = 12 * 60 * 60 * 1000;

export type SkillsStore = CachedListStore<Skill>;

export function createSkillsStore(api: Pick<BookingApi, 'skills'>): SkillsStore {
  return createCachedListStore(() => api.skills(), SKILLS_TTL_MS);
}

'use client';

import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { MAX_REASONS } from '@/lib/schemas/intake/layout/objective';
import { useBookingStores, useSkillsStore } from '@/stores/useBookingStores';
import { Checklist, ReasonsStatus } from './Controls';

/**
 * The reasons for consulting: the booking's reasons for a visit, up to three. Its list is kept in
 * the booking's skills store, so this field (with the booking's stores and client) loads with the
 * step that asks it, not with the form (issue #42).
 */
export function SkillsChecklist({ name, legend, hint }: { name: string; legend: string; hint?: string }) {
  const locale = useLocale();
  const { skills } = useBookingStores();
  const items = useSkillsStore((s) => s.items);
  const failed = useSkillsStore((s) => s.failed);
  useEffect(() => void skills.getState().load(locale), [skills, locale]);
  if (!items) return <ReasonsStatus legend={legend} failed={failed} onRetry={() => void skills.getState().load(locale)} />;
  return (
    <Checklist
      name={name}
      legend={legend}
      hint={hint}
      max={MAX_REASONS}
      options={items.map((skill) => ({ value: String(skill.id), label: skill.translated_name }))}
    />
  );
}

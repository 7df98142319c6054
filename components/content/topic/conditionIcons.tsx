/** The digestive conditions that have an icon button, in display order. */
export const digestiveConditions = ['ibs', 'celiac', 'ibd', 'gerd', 'intolerances', 'diverticular'] as const;
export type DigestiveCondition = (typeof digestiveConditions)[number];

/** Simple line drawings (24 x 24, currentColor), decorative: the button's label names it. */
const paths: Record<DigestiveCondition, string> = {
  // A looping intestine.
  ibs: 'M6 4h12a2 2 0 0 1 0 4H6a2 2 0 0 0 0 4h12a2 2 0 0 1 0 4H6a2 2 0 0 0 0 4h6',
  // An ear of wheat.
  celiac: 'M12 21V8m0 3-3-2m3 2 3-2m-3 6-3-2m3 2 3-2m-3-5-2-3 2-2 2 2-2 3',
  // A shield: protecting an inflamed gut.
  ibd: 'M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6zm-3 9h6m-3-3v6',
  // A rising flame: heartburn.
  gerd: 'M12 21c-3.5 0-6-2.4-6-5.6 0-3.4 3-5.4 3-8.9 2.2 1.3 3.3 3 3.5 5 .9-.8 1.5-2 1.5-3.4 2.4 1.9 4 4.4 4 7.3 0 3.2-2.5 5.6-6 5.6z',
  // A glass of milk.
  intolerances: 'M8 3h8l-1 4 1 3v11H8V10l1-3zm0 9h8',
  // Small pouches along a line.
  diverticular: 'M3 12h18M7 12a2 2 0 1 1 0 4m5-4a2 2 0 1 0 0-4m5 4a2 2 0 1 1 0 4',
};

export function ConditionIcon({ condition }: { condition: DigestiveCondition }) {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
      <path d={paths[condition]} />
    </svg>
  );
}

/**
 * The clinical record's lists and limits (issue #40), without zod: what the pages need at hand
 * (lib/schemas/chart.ts, which validates with them, would bring zod into their chunks).
 */
export const CHART_TEMPLATES = ['adime', 'follow_up', 'group', 'note'] as const;
export type ChartTemplate = (typeof CHART_TEMPLATES)[number];
export const CHART_PRIVACY = ['circle', 'private'] as const;
export type ChartPrivacy = (typeof CHART_PRIVACY)[number];
export const GOAL_STATUSES = ['new', 'progressing', 'met', 'not_met', 'stopped'] as const;
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** One paragraph field, and the short ones (a PES part, a goal, a reason). */
export const MAX_CHART_TEXT = 8000;
export const MAX_CHART_LINE = 500;
export const MAX_CHART_ITEMS = 10;
export const KG_PER_LB = 0.45359237;


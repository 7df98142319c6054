import { describe, expect, it } from 'vitest';
import { contentOf, formOf, measureProblems } from '@/components/clinic/chart/draftForm';
import { emptyChartContent, type ChartContent } from '@/lib/schemas/chart';
import { signatureHash } from '@/lib/server/chart/content';
import { progressSvg } from '@/lib/server/chart/progressSvg';

/**
 * Issue #40's pure parts: the editor's measurements as typed and as saved (pounds stored in
 * kilograms and shown back as typed, a French comma, a typo held back), the signature's hash
 * (the content, not the way the object was built), and the progress chart's SVG (numbers only,
 * nothing a CSP would block, text escaped).
 */

const form = (patch: Partial<ReturnType<typeof formOf>>) => ({ ...formOf(emptyChartContent(), '.'), ...patch });

describe('the editor’s measurements', () => {
  it('stores a weight typed in pounds in kilograms, and shows it back as typed', () => {
    const content = contentOf(form({ weight: '180', weight_unit: 'lb' }));
    expect(content.weight_kg).toBe(81.65);
    expect(content.weight_unit).toBe('lb');
    expect(formOf(content, '.').weight).toBe('180');
  });

  it('reads a French decimal comma, and writes it back in French', () => {
    const content = contentOf(form({ weight: '82,5', height: '170' }));
    expect(content).toMatchObject({ weight_kg: 82.5, height_cm: 170 });
    expect(formOf(content, ',').weight).toBe('82,5');
  });

  it('says which box holds a typo or a value out of range, and saves it empty meanwhile', () => {
    const typed = form({ weight: '82kg', height: '17', waist: '95' });
    expect(measureProblems(typed)).toEqual({ weight: 'numberInvalid', height: 'numberRange' });
    expect(contentOf(typed)).toMatchObject({ weight_kg: null, height_cm: null, waist_cm: 95 });
    // 1,600 lb is 725 kg: past the 700 kg the server accepts.
    expect(measureProblems(form({ weight: '1600', weight_unit: 'lb' }))).toEqual({ weight: 'numberRange' });
  });
});

describe('the signature’s hash', () => {
  const entry = (content: ChartContent) => ({
    publicId: '2b1c6f0e-0000-4000-8000-000000000000',
    patientId: 12,
    appointmentId: 40,
    authorId: 3,
    template: 'adime',
    occurredAt: new Date('2026-11-20T15:00:00Z'),
    content,
  });

  it('depends on what was written, not on the order the fields were set in', () => {
    const content = { ...emptyChartContent(), note: 'Suivi', weight_kg: 80 };
    const reordered = Object.fromEntries(Object.entries(content).reverse()) as ChartContent;
    expect(signatureHash(entry(reordered))).toBe(signatureHash(entry(content)));
    expect(signatureHash(entry({ ...content, note: 'Suivi.' }))).not.toBe(signatureHash(entry(content)));
    expect(signatureHash({ ...entry(content), patientId: 13 })).not.toBe(signatureHash(entry(content)));
  });
});

describe('the progress chart', () => {
  const points = [
    { at: '2026-01-10T15:00:00Z', weight_kg: 92, bmi: 32.6 },
    { at: '2026-03-10T15:00:00Z', weight_kg: 89.5, bmi: 31.7 },
    { at: '2026-06-10T15:00:00Z', weight_kg: 86, bmi: 30.5 },
  ];

  it('is drawn from two weights on, as an image with its title, from numbers only', () => {
    expect(progressSvg(points.slice(0, 1), { title: 'Poids', unit: 'kg' }, 'fr')).toBeNull();
    const svg = progressSvg(points, { title: 'Poids <au fil du temps>', unit: 'kg' }, 'fr')!;
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="chart-progress-title"/);
    expect(svg).toContain('<title id="chart-progress-title">Poids &lt;au fil du temps&gt;</title>');
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg).toContain('10 janv. 2026');
    expect(svg).not.toMatch(/style=|<script|on\w+=|href/);
  });
});

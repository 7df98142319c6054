// `npm run bench:chart` (issue #40): a patient with 200 signed chart entries (ADIME and
// follow-ups with weights, PES statements, goals and a paragraph each, one addendum in ten), and
// what the chart costs: the chart's answer (GET /api/clinic/patients/<id>/chart: every entry
// decrypted, the BMI, the progress SVG, the read audit) with its goal p95 <= 150 ms, and the whole
// chart as a PDF with its goal <= 2 s. On PGlite by default, on PostgreSQL with BENCH_DATABASE_URL.
// Prints a table and JSON, and exits 0: a benchmark reports, the reader judges.
import { randomUUID } from 'node:crypto';
import { emptyChartContent, type ChartContent } from '../lib/schemas/chart';
import { readChart } from '../lib/server/chart/chart';
import { sealAddendum, sealContent, signatureHash } from '../lib/server/chart/content';
import { chartPdf } from '../lib/server/chart/pdf';
import { chartAddenda, chartEntries, users } from '../lib/server/db/schema';
import { openBenchDatabase } from './support/database';
import { measure, summarize } from './support/stats';

const ENTRIES = 200;
const CALLS = Number(process.env.BENCH_CALLS ?? 100);
const GOAL_CHART_P95_MS = 150;
const GOAL_PDF_MS = 2000;
const DAY = 86_400_000;

const PARAGRAPH =
  'Rapporte des repas du midi souvent sautés les jours de travail, un souper copieux après 20 h et des collations sucrées en soirée. ' +
  'Boit environ 1,5 L d’eau par jour et deux cafés sucrés. Activité physique : marche 30 minutes trois fois par semaine. ' +
  'Motivée à changer ses habitudes, souhaite des repas simples à préparer le dimanche pour la semaine.';

function contentOf(i: number): ChartContent {
  return {
    ...emptyChartContent(),
    weight_kg: Math.round((92 - i * 0.05) * 10) / 10,
    height_cm: i === 0 ? 168 : null,
    waist_cm: 101 - Math.floor(i / 10),
    assessment: i % 4 === 0 ? PARAGRAPH : '',
    diagnoses: i % 4 === 0 ? [{ problem: 'Apport insuffisant en fibres', etiology: 'manque de temps pour cuisiner', signs: 'rappel de 24 h à 12 g par jour' }] : [],
    intervention: i % 4 === 0 ? 'Plan de repas sur 7 jours, liste d’épicerie, légumineuses deux fois par semaine.' : '',
    monitoring: i % 4 === 0 ? 'Poids, tour de taille et journal alimentaire à la prochaine visite.' : '',
    goals: [
      { goal: 'Manger 25 g de fibres par jour', target: '25 g', status: i < 50 ? 'new' : 'progressing' },
      { goal: 'Dîner chaque jour de travail', target: '5 sur 5', status: 'progressing' },
    ],
    note: i % 4 === 0 ? '' : PARAGRAPH,
  };
}

async function main() {
  const handle = await openBenchDatabase();
  try {
    const { db } = handle;
    const [dietitian] = await db
      .insert(users)
      .values({ email: 'bench.dietitian@example.test', passwordHash: 'x', firstName: 'Claire', lastName: 'Bouchard', isEmployee: true, isAdmin: true })
      .returning();
    const [patient] = await db.insert(users).values({ email: 'bench.patient@example.test', passwordHash: 'x', firstName: 'Élise', lastName: 'Gauthier', isPatient: true }).returning();
    const start = Date.now() - ENTRIES * 7 * DAY;
    for (let i = 0; i < ENTRIES; i++) {
      const publicId = randomUUID();
      const occurredAt = new Date(start + i * 7 * DAY);
      const content = contentOf(i);
      const template = i % 4 === 0 ? 'adime' : 'follow_up';
      const [row] = await db
        .insert(chartEntries)
        .values({
          publicId,
          patientId: patient!.id,
          authorId: dietitian!.id,
          template,
          content: sealContent(content, publicId),
          occurredAt,
          signedAt: new Date(occurredAt.getTime() + (i % 9 === 0 ? 3 * DAY : 3_600_000)),
          contentHash: signatureHash({ publicId, patientId: patient!.id, appointmentId: null, authorId: dietitian!.id, template, occurredAt, content }),
        })
        .returning({ id: chartEntries.id });
      if (i % 10 === 0) {
        await db.insert(chartAddenda).values({ entryId: row!.id, authorId: dietitian!.id, kind: 'correction', content: sealAddendum({ reason: 'Précision', text: PARAGRAPH }, publicId) });
      }
    }
    const reader = dietitian!;
    const chartOnce = async () => void (await readChart(db, { patientId: String(patient!.id), reader, locale: 'fr', now: new Date() }));
    const chart = summarize(await measure(chartOnce, CALLS));

    const pdfSamples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const file = await chartPdf(db, { patientId: String(patient!.id), reader, language: 'fr' });
      if (i > 0) pdfSamples.push(performance.now() - started); // the first reads and parses the fonts
      bytes = file.bytes.byteLength;
    }
    const pdf = summarize(pdfSamples);
    const result = {
      database: handle.kind,
      entries: ENTRIES,
      goal: { chart_p95_ms: GOAL_CHART_P95_MS, pdf_ms: GOAL_PDF_MS },
      met: chart.p95_ms <= GOAL_CHART_P95_MS && pdf.p99_ms <= GOAL_PDF_MS,
      chart: { calls: CALLS, ...chart },
      pdf: { calls: pdfSamples.length, ...pdf, bytes },
    };
    console.log(`The clinical record, a patient with ${ENTRIES} signed entries, on ${handle.kind}, ms`);
    console.table({ 'chart (GET …/chart)': chart, 'chart PDF (200 entries)': pdf });
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

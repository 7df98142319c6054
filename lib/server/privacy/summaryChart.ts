import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { DataExport } from '@/lib/schemas/dataExport';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { details, EMPTY, heading, html, multiline, muted, sectionTable, text, type Html } from './summaryHtml';
import type { SummaryKit } from './summaryTexts';

/** The chart in summary.html (issue #40 item 5): the signed entries with their addenda, and who read the chart. */

function chartTexts(kit: SummaryKit) {
  return createTranslator({ locale: kit.language, messages: kit.language === 'fr' ? fr : en, namespace: 'Chart' });
}

export function chartHtml(data: DataExport, kit: SummaryKit): Html {
  const c = chartTexts(kit);
  const { t } = kit;
  const entries = data.chart_entries.map((entry) => {
    const f = entry.content;
    const para = (value: string) => (value.trim() ? multiline(value) : null);
    const measures = [
      f.weight_kg !== null ? `${c('fields.weight')} ${kit.number(f.weight_kg)} ${c('kg')}` : '',
      f.height_cm !== null ? `${c('fields.height')} ${kit.number(f.height_cm)}` : '',
      f.waist_cm !== null ? `${c('fields.waist')} ${kit.number(f.waist_cm)}` : '',
      entry.bmi !== null ? `${c('fields.bmi')} ${kit.number(entry.bmi)}` : '',
    ].filter(Boolean);
    const rows = [
      [c('fields.subject'), para(f.subject)] as const,
      [c('fields.measurements'), measures.length ? text(measures.join(' · ')) : null] as const,
      [c('fields.assessment'), para(f.assessment)] as const,
      [c('fields.diagnoses'), f.diagnoses.length ? multiline(f.diagnoses.map((d) => c('pes', { problem: d.problem, etiology: d.etiology, signs: d.signs })).join('\n')) : null] as const,
      [c('fields.intervention'), para(f.intervention)] as const,
      [c('fields.monitoring'), para(f.monitoring)] as const,
      [c('fields.goals'), f.goals.length ? multiline(f.goals.map((g) => `${g.goal} (${c('fields.target')} ${g.target}, ${c(`goalStatus.${g.status}`)})`).join('\n')) : null] as const,
      [c('fields.note'), para(f.note)] as const,
    ].filter((row) => row[1] !== null);
    const marks = [
      entry.late_entry ? muted(c('late', { care: kit.moment(entry.occurred_at), signed: kit.moment(entry.signed_at) })) : EMPTY,
      entry.entered_in_error ? muted(c('struck', { date: kit.moment(entry.entered_in_error.at), author: entry.entered_in_error.by, reason: entry.entered_in_error.reason })) : EMPTY,
    ];
    const addenda = entry.addenda.map(
      (a) =>
        html`${heading(4, c(`addendum.${a.kind}`, { author: a.author, date: kit.moment(a.created_at) }))}${a.reason ? muted(c('addendumReason', { reason: a.reason })) : EMPTY}${multiline(a.text)}`,
    );
    return html`${heading(3, `${c(`templates.${entry.template}`)} — ${kit.moment(entry.occurred_at)}`)}${marks}${details([
      ...rows,
      [t('chart.signed'), text(c('signedBy', { author: entry.author, date: kit.moment(entry.signed_at) }))],
      [t('chart.hash'), text(entry.content_hash)],
    ])}${addenda}`;
  });
  const withheld = data.chart_drafts_withheld > 0 ? muted(t('chart.draftsWithheld', { count: data.chart_drafts_withheld })) : EMPTY;
  return html`${entries}${withheld}`;
}

export function chartAccessHtml(data: DataExport, kit: SummaryKit): Html {
  const { t } = kit;
  return sectionTable(
    t('sections.chartAccess'),
    [t('access.readAt'), t('chart.what'), t('access.reader')],
    data.chart_access.map((read) => [
      text(kit.moment(read.read_at)),
      text(t(`chart.reads.${read.what}`)),
      text(t('access.staff', { name: `${read.reader.first_name} ${read.reader.last_name}` })),
    ]),
  );
}

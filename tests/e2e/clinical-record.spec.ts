import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { axe } from './support/axe';
import { demo, main, messages, signIn } from './support/booking';

/**
 * Issue #40 in French, as the clinic and the patient would: the demo dietitian opens the demo
 * patient's completed evaluation from her agenda, charts it in ADIME form with a weight and a PES
 * statement, reloads while typing and finds every word, signs, and adds an addendum; then the
 * patient downloads their data and finds the entry and the line saying who read the chart.
 * axe finds nothing on the agenda, the draft or the signed entry.
 */

const fr = messages.fr;
const c = fr.Chart;
const PATIENT = 'Alex Martin';

const violations = async (page: Page) => (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The demo patient's evaluation (three weekdays ago, marked completed by the seed) in the agenda, going back a day at a time. */
async function findEvaluation(page: Page): Promise<Locator> {
  const heading = main(page).locator('#agenda-heading');
  await expect(heading).not.toHaveText(fr.ClinicAgenda.heading, { timeout: 20_000 });
  for (let step = 0; step < 10; step++) {
    const visit = main(page)
      .getByRole('article', { name: new RegExp(PATIENT) })
      .filter({ hasText: fr.Services['nutrition-evaluation'].name });
    if ((await visit.count()) > 0) return visit;
    const before = (await heading.textContent()) ?? '';
    await main(page).getByRole('button', { name: fr.ClinicAgenda.previousDay, exact: true }).click();
    await expect(heading).not.toHaveText(before);
    await expect(main(page).getByText(fr.ClinicAgenda.loading)).toHaveCount(0);
  }
  throw new Error('No evaluation of the demo patient in the recent agenda: is the demo seed there?');
}

test('a dietitian charts a visit in ADIME form, loses nothing on a reload, signs and amends; the patient finds it in their data', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'fr', demo.employee);
  await page.goto('/fr/profile/agenda');
  const visit = await findEvaluation(page);
  await expect(visit.getByText(fr.ClinicAgenda.note.state.replace('{state}', fr.ClinicAgenda.note.missing))).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await visit.getByRole('button', { name: fr.ClinicAgenda.note.write.replace('{name}', PATIENT) }).click();

  // The draft: the evaluation's template is ADIME.
  await expect(main(page).getByRole('heading', { name: c.editor.heading.replace('{template}', c.templates.adime) })).toBeVisible({ timeout: 20_000 });
  await main(page).getByLabel(c.fields.weight, { exact: true }).fill('82,5');
  await main(page).getByLabel(c.fields.height, { exact: true }).fill('170');
  await main(page).getByLabel(c.fields.assessment, { exact: true }).fill('Apport en fibres faible, repas du midi souvent sautés.');
  await main(page).getByRole('button', { name: c.editor.addDiagnosis }).click();
  await main(page).getByLabel(c.fields.problem, { exact: true }).fill('Apport insuffisant en fibres');
  await main(page).getByLabel(c.fields.etiology, { exact: true }).fill('manque de temps pour cuisiner');
  await main(page).getByLabel(c.fields.signs, { exact: true }).fill('rappel de 24 h à 12 g par jour');
  await expect(main(page).getByRole('status').filter({ hasText: /Enregistré à/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Typing, then a reload at once: the words typed last are there after it.
  await main(page).getByLabel(c.fields.intervention, { exact: true }).pressSequentially('Ajouter une portion de légumineuses au dîner', { delay: 5 });
  await page.reload();
  await expect(main(page).getByLabel(c.fields.intervention, { exact: true })).toHaveValue('Ajouter une portion de légumineuses au dîner', { timeout: 20_000 });
  await expect(main(page).getByLabel(c.fields.problem, { exact: true })).toHaveValue('Apport insuffisant en fibres');
  await expect(main(page).getByLabel(c.fields.weight, { exact: true })).toHaveValue('82,5');

  // Signed: the entry is locked, with its BMI; then an addendum goes under it.
  await main(page).getByRole('button', { name: c.editor.sign }).click();
  await expect(main(page).getByText(c.editor.readOnly)).toBeVisible();
  await expect(main(page).getByText(/IMC 28,5/)).toBeVisible();
  await expect(main(page).getByText('Apport insuffisant en fibres lié à manque de temps pour cuisiner tel que démontré par rappel de 24 h à 12 g par jour')).toBeVisible();
  await main(page).getByText(c.page.addendumHeading).click();
  await main(page).getByLabel(c.page.addendumReason).fill('Erreur de transcription');
  await main(page).getByLabel(c.page.addendumText, { exact: true }).fill('Le rappel indiquait 14 g par jour.');
  await main(page).getByRole('button', { name: c.page.addendumSubmit }).click();
  await expect(main(page).getByText('Le rappel indiquait 14 g par jour.')).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: fr.Server.chartAddendumAdded })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The chart: the entry with its addendum, the weight in the progress table.
  await main(page).getByRole('link', { name: c.editor.backToChart }).click();
  await expect(main(page).getByRole('heading', { name: PATIENT })).toBeVisible({ timeout: 20_000 });
  await expect(main(page).getByText('Le rappel indiquait 14 g par jour.')).toBeVisible();
  await expect(main(page).getByRole('table', { name: c.page.progressTable })).toContainText('82,5');
  expect(await violations(page)).toEqual([]);

  // The patient's copy: the signed entry and who read the chart, in their data.
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signIn(patient, 'fr', demo.patient);
  const [download] = await Promise.all([patient.waitForEvent('download'), main(patient).getByRole('link', { name: fr.Profile.myData.download }).click()]);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    chart_entries: Array<{ template: string; content: { diagnoses: Array<{ problem: string }>; intervention: string }; addenda: Array<{ text: string }> }>;
    chart_access: Array<{ what: string; reader: { first_name: string; last_name: string } }>;
  };
  const entry = data.chart_entries.find((e) => e.content.diagnoses.some((d) => d.problem === 'Apport insuffisant en fibres'));
  expect(entry?.content.intervention).toBe('Ajouter une portion de légumineuses au dîner');
  expect(entry?.addenda.map((a) => a.text)).toContain('Le rappel indiquait 14 g par jour.');
  expect(data.chart_access).toContainEqual(expect.objectContaining({ what: 'entry', reader: { first_name: 'Claire', last_name: 'Bouchard' } }));
  expect(strFromU8(files['summary.html']!)).toContain(fr.DataExport.summary.sections.chartAccess);
  await patientContext.close();
});

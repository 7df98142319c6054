// `npm run bench:data-export`: the size and time of a patient's export (issue #30) after five
// years at the clinic: a visit every two weeks (130, each paid, with its receipt), an intake form
// each year, the e-mails of every visit. Times the whole download as the patient gets it (the
// records read, data.json, the summary, every receipt's PDF, the ZIP) read to its last byte. On
// PGlite by default, on PostgreSQL with BENCH_DATABASE_URL. Prints JSON and exits 0: a benchmark
// reports, the reader judges.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetConfigForTests } from '../lib/server/config';
import { setDatabaseForTests } from '../lib/server/db/client';
import { appointments, employeeProfiles, intakeSubmissions, patientProfiles, users } from '../lib/server/db/schema';
import { mailQueueSettled, queueEmail } from '../lib/server/email/queue';
import { listenersSettled } from '../lib/server/events/announce';
import { encryptJson, submissionContext } from '../lib/server/intake/crypto';
import { exportResponse } from '../lib/server/privacy/exportZip';
import { recordPayment } from '../lib/server/receipts/recordPayment';
import { completeIntakeAnswers } from '../tests/support/intakeAnswers';
import { recordsBenchReferences } from './support/clinic';
import { openBenchDatabase } from './support/database';
import { summarize } from './support/stats';

const YEARS = 5;
const VISIT_EVERY_DAYS = 14;
const RUNS = 5;
const DAY = 86_400_000;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-export-'));
  process.env.DATA_DIR = dataDir; // the generated secrets (intake key) live there
  resetConfigForTests();
  const handle = await openBenchDatabase();
  const db = handle.db;
  try {
    setDatabaseForTests(db);
    const { service, office, skill, dietitian } = await recordsBenchReferences(db);
    const [patient] = await db
      .insert(users)
      .values({ email: 'patient@bench.test', passwordHash: 'bench', firstName: 'Camille', lastName: 'Tremblay', isPatient: true, emailVerifiedAt: new Date(), createdAt: new Date(Date.now() - YEARS * 366 * DAY) })
      .returning();
    await db.insert(employeeProfiles).values({ userId: dietitian.id, titleEn: 'RD', titleFr: 'Dt.P.', bioEn: '-', bioFr: '-', languages: ['fr'], registrationNumber: '1234' });
    await db.insert(patientProfiles).values({ userId: patient!.id, streetNumber: '120', streetName: 'Rideau Street', city: 'Ottawa', provinceCode: 'ON', countryCode: 'CA', postalCode: 'K1N5X6' });

    const first = Date.now() - YEARS * 365 * DAY;
    let visits = 0;
    for (let at = first; at < Date.now() - DAY; at += VISIT_EVERY_DAYS * DAY) {
      const startsAt = new Date(Math.floor(at / DAY) * DAY + 15 * 3_600_000);
      const [visit] = await db
        .insert(appointments)
        .values({
          patientId: patient!.id,
          employeeId: dietitian.id,
          serviceId: service.id,
          officeId: office.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + service.clientDurationMinutes * 60_000),
          blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
          sessionLanguage: 'fr',
          reasons: [skill.id],
          status: 'completed',
          priceCents: service.basePriceCents,
          taxCents: 0,
          totalCents: service.basePriceCents,
          createdAt: new Date(startsAt.getTime() - 7 * DAY),
        })
        .returning();
      await recordPayment(db, {
        appointmentId: visit!.id,
        payment: { amount_cents: service.basePriceCents, method: 'card', paid_on: startsAt.toISOString().slice(0, 10) },
        recorder: { id: dietitian.id },
        locale: 'fr',
      });
      for (const subject of ['Rendez-vous confirmé', 'Rappel de rendez-vous']) {
        await queueEmail(db, { purpose: 'appointment', message: { to: patient!.email, language: 'fr', subject, text: '-', html: '<p>-</p>' } });
      }
      visits += 1;
    }
    for (let year = 0; year < YEARS; year++) {
      const publicId = crypto.randomUUID();
      await db.insert(intakeSubmissions).values({
        publicId,
        userId: patient!.id,
        email: patient!.email,
        firstName: 'Camille',
        lastName: 'Tremblay',
        language: 'fr',
        consentVersion: '2026-11-01',
        consentedAt: new Date(first + year * 365 * DAY),
        encryptedAnswers: encryptJson(completeIntakeAnswers(), submissionContext(publicId)),
        createdAt: new Date(first + year * 365 * DAY),
      });
    }

    const samples: number[] = [];
    const firstBytes: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const response = await exportResponse(db, { kind: 'patient', patientId: patient!.id }, { locale: 'fr', actorUserId: patient!.id, via: 'profile' });
      const reader = response.body!.getReader();
      bytes = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (bytes === 0) firstBytes.push(performance.now() - start);
        bytes += chunk.value.byteLength;
      }
      samples.push(performance.now() - start);
    }
    const result = {
      database: handle.kind,
      patient: { years: YEARS, visits, receipts: visits, intake_forms: YEARS, emails: visits * 2 },
      zip_bytes: bytes,
      runs: RUNS,
      first_byte: summarize(firstBytes),
      whole: summarize(samples),
    };
    console.log(
      `A ${YEARS}-year patient's export (${visits} visits and receipts): ${(bytes / 1024).toFixed(0)} kB; first byte after ${result.first_byte.p50_ms} ms, the whole file after ${result.whole.p50_ms} ms (medians of ${RUNS})`,
    );
    console.log(JSON.stringify(result));
  } finally {
    // The payments' receipts kicked the e-mail queue in the background: those passes end on this
    // database, not after it is gone (they logged "[email] background pass failed" at the end).
    await listenersSettled();
    await mailQueueSettled();
    setDatabaseForTests(null);
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

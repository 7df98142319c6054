import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The server's file outbox (DESIGN §4.3: `$DATA_DIR/outbox/<timestamp>-<id>.json`). */

interface Mail { to: unknown; subject: string; text: string }

async function names(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'outbox'))).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  } catch {
    return [];
  }
}

/** How many messages the server has written. */
export async function outboxCount(dataDir: string): Promise<number> {
  return (await names(dataDir)).length;
}

/**
 * How many messages the server has written once it stops writing: the mail queue sends after the
 * answer (a booking's confirmations), so a count taken at once can still grow. Waits until the
 * count holds for `quietMs` (at most 15 s).
 */
export async function settledOutboxCount(dataDir: string, quietMs = 1000): Promise<number> {
  const deadline = Date.now() + 15_000;
  let count = await outboxCount(dataDir);
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await outboxCount(dataDir);
    if (now !== count) {
      count = now;
      since = Date.now();
    }
  }
  return count;
}

/** The newest message to `to` containing `needle`, waiting up to 15 s for it. */
export async function waitForMail(dataDir: string, to: string, needle: string): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const name of (await names(dataDir)).reverse()) {
      try {
        const mail = JSON.parse(await readFile(path.join(dataDir, 'outbox', name), 'utf8')) as Mail;
        if (JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase()) && mail.text.includes(needle)) return mail;
      } catch {
        // Being written: read it on the next round.
      }
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} containing ${needle}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a message whose address contains `needle`. */
export function linkIn(mail: Mail, needle: string): URL {
  const link = (mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []).find((href) => href.includes(needle));
  if (!link) throw new Error(`no ${needle} link in "${mail.subject}"`);
  return new URL(link);
}

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The file outbox of the server under test (DESIGN §4.3: without SMTP_URL each message is
 * written to $DATA_DIR/outbox/<timestamp>-<id>.json). The e2e server runs with
 * DATA_DIR=.data-e2e unless DATA_DIR says otherwise.
 */
export const outboxDir = path.resolve(process.env.DATA_DIR ?? '.data-e2e', 'outbox');

export interface OutboxMessage {
  to: string | string[];
  /** ISO time the server stamped on the message. */
  date?: string;
  subject: string;
  text: string;
  html?: string;
  language?: string;
  /** The file it was read from, and when the message was written (ms: its date, else the file's). */
  file: string;
  writtenAt: number;
}

function recipients(to: OutboxMessage['to'] | { address?: string } | Array<{ address?: string } | string>): string[] {
  const list = Array.isArray(to) ? to : [to];
  return list
    .map((item) => (typeof item === 'string' ? item : (item?.address ?? '')))
    .flatMap((item) => item.split(','))
    .map((item) => (/<([^>]+)>/.exec(item)?.[1] ?? item).trim().toLowerCase());
}

async function readMessages(): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    // Skips the server's temporary files (`.name.json.tmp`, renamed once complete).
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch {
    return [];
  }
  const messages: OutboxMessage[] = [];
  for (const name of names) {
    const file = path.join(outboxDir, name);
    try {
      const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
      const entry = JSON.parse(raw) as Omit<OutboxMessage, 'file' | 'writtenAt'>;
      const stamped = entry.date ? Date.parse(entry.date) : Number.NaN;
      messages.push({ ...entry, file, writtenAt: Number.isNaN(stamped) ? info.mtimeMs : stamped });
    } catch {
      // Being written right now: read again on the next round.
    }
  }
  return messages;
}

/**
 * The newest message to `to` written at or after `after` (ms since epoch; pass the time just
 * before the action that sends it), waiting for it up to `timeoutMs`.
 */
export async function waitForMail(
  to: string,
  { after = 0, timeoutMs = 20_000, subject }: { after?: number; timeoutMs?: number; subject?: RegExp } = {},
): Promise<OutboxMessage> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  // File times can be a little coarse: allow a second of slack before `after`.
  const since = after - 1000;
  for (;;) {
    const matches = (await readMessages())
      .filter((m) => recipients(m.to).includes(address) && m.writtenAt >= since)
      .filter((m) => !subject || subject.test(m.subject))
      .sort((a, b) => b.writtenAt - a.writtenAt || b.file.localeCompare(a.file));
    if (matches[0]) return matches[0];
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} in ${outboxDir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first http(s) link of a message (text part first, then the HTML's first href). */
export function firstLink(message: Pick<OutboxMessage, 'text' | 'html'>): string {
  const fromText = /https?:\/\/[^\s<>"')\]]+/.exec(message.text ?? '')?.[0];
  const fromHtml = /href="(https?:\/\/[^"]+)"/.exec(message.html ?? '')?.[1]?.replaceAll('&amp;', '&');
  const link = fromText ?? fromHtml;
  if (!link) throw new Error(`No link in the e-mail: ${message.text}`);
  return link;
}

/**
 * The path and query of the first link in the newest message to `to`, ready for page.goto
 * (the server may build links on SITE_URL, whose host need not be the one the test uses).
 */
export async function linkFromMail(to: string, options?: Parameters<typeof waitForMail>[1]): Promise<string> {
  const url = new URL(firstLink(await waitForMail(to, options)));
  return url.pathname + url.search;
}

/** A link of an e-mail (path and fragment) to the page whose French path is `frenchPath`. */
export function linkIn(text: string, frenchPath: string): string {
  const link = new RegExp(`https?://\\S+/fr/${frenchPath}#[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  if (!link) throw new Error(`No /fr/${frenchPath} link in the e-mail: ${text}`);
  const url = new URL(link);
  return url.pathname + url.hash;
}

// @vitest-environment node
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createMailer,
  DEFAULT_MAIL_FROM,
  emailSettingsFromEnv,
  employeeInviteEmail,
  passwordResetEmail,
  readOutbox,
  sendEmail,
  verificationEmail,
  welcomeEmail,
  type EmailMessage,
  type RenderedEmail,
} from '@/lib/server/email';

// ---------------------------------------------------------------------------------------------
// A minimal MIME reader, just enough for the messages nodemailer builds (no mailparser here).

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function decodeBytes(qp: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < qp.length; i++) {
    if (qp[i] === '=' && /^[0-9A-F]{2}$/i.test(qp.slice(i + 1, i + 3))) {
      bytes.push(parseInt(qp.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(qp[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words, e.g. `=?UTF-8?Q?=C3=89quilibre?=`; whitespace between words is dropped. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBytes(text.replace(/_/g, ' ')),
    );
}

function parsePart(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4) };
}

/** The leaf parts of a message, multiparts flattened. */
function leafParts(part: MimePart): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/.exec(part.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leafParts(parsePart(chunk.replace(/^\r\n/, ''))));
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeBytes(part.body.replace(/=\r\n/g, ''));
  return part.body;
}

function parseMessage(raw: string) {
  const root = parsePart(raw);
  const leaves = leafParts(root);
  const partOf = (type: string) => leaves.find((p) => p.headers.get('content-type')?.startsWith(type));
  const decoded = (type: string) => {
    const part = partOf(type);
    return part ? decodeBody(part) : undefined;
  };
  return {
    header: (name: string) => decodeHeader(root.headers.get(name.toLowerCase()) ?? ''),
    text: decoded('text/plain'),
    html: decoded('text/html'),
    attachment: leaves.find((p) => p.headers.get('content-disposition')?.startsWith('attachment')),
  };
}

// ---------------------------------------------------------------------------------------------

const LINK = 'https://example.test/fr/verifier-courriel?uid=MTI&token=abc_DEF-123';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Equilibre//EN\r\nEND:VCALENDAR\r\n';
const escapedLink = LINK.replace(/&/g, '&amp;');

function message(overrides: Partial<EmailMessage> = {}): EmailMessage {
  const content = verificationEmail({ firstName: 'Zoé', link: LINK, language: 'fr' });
  return { to: 'zoe@example.test', language: 'fr', ...content, ...overrides };
}

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'email-test-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('SMTP transport (a real smtp-server on 127.0.0.1)', () => {
  const received: { raw: string; mailFrom: string; rcptTo: string[] }[] = [];
  const logins: { username?: string | null; password?: string | null }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true, // no TLS on the loopback test server
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers From, To, Subject, both parts and an attachment', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: DEFAULT_MAIL_FROM, log: (l) => lines.push(l) });
    expect(mailer.transport).toBe('smtp');
    const sent = message({ attachments: [{ filename: 'rendez-vous.ics', content: ICS, contentType: 'text/calendar' }] });
    const result = await mailer.send(sent, { replyTo: 'front-desk@example.test' });

    expect(result.transport).toBe('smtp');
    const got = received.at(-1);
    if (!got) throw new Error('nothing received');
    expect(got.mailFrom).toBe('info@equilibrenutrition.ca');
    expect(got.rcptTo).toEqual(['zoe@example.test']);

    const parsed = parseMessage(got.raw);
    expect(parsed.header('From')).toBe('Équilibre Nutrition <info@equilibrenutrition.ca>');
    expect(parsed.header('To')).toBe('zoe@example.test');
    expect(parsed.header('Reply-To')).toBe('front-desk@example.test');
    expect(parsed.header('Subject')).toBe(sent.subject);
    expect(parsed.header('Message-ID')).toBe(result.messageId);
    expect(parsed.header('Content-Language')).toBe('fr');
    expect(parsed.text).toContain(LINK);
    expect(parsed.text).toContain('Bonjour Zoé,');
    expect(parsed.html).toContain(`href="${escapedLink}"`);
    expect(parsed.html).toContain('<html lang="fr"');
    expect(parsed.attachment?.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(parsed.attachment?.headers.get('content-disposition')).toContain('rendez-vous.ics');
    expect(parsed.attachment && decodeBody(parsed.attachment)).toBe(ICS);

    // Dev log of a real delivery: who and what, not the link (it went to the inbox).
    expect(lines).toEqual([`[email] to zoe@example.test: ${sent.subject} -> SMTP`]);
  });

  it('logs in with the credentials of the URL, and never logs them', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cr%40t@127.0.0.1:${port}`,
      from: 'Clinic <clinic@example.test>',
      log: (l) => lines.push(l),
    });
    await mailer.send(message({ language: 'en', ...welcomeEmail({ firstName: 'Sam', language: 'en', loginLink: LINK }) }));
    expect(logins.at(-1)).toEqual({ username: 'mailer', password: 's3cr@t' });
    expect(parseMessage(received.at(-1)?.raw ?? '').header('From')).toBe('Clinic <clinic@example.test>');
    expect(lines.join('\n')).not.toMatch(/s3cr|mailer:/);
  });

  it('writes to the outbox exactly the message SMTP delivers', async () => {
    const sent = message({ attachments: [{ filename: 'a.ics', content: ICS, contentType: 'text/calendar' }] });
    await createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: DEFAULT_MAIL_FROM }).send(sent);
    const dir = await tempDir();
    await createMailer({ outboxDir: dir, from: DEFAULT_MAIL_FROM }).send(sent);
    const [entry] = await readOutbox(dir);
    const eml = await readFile(entry?.emlPath ?? '', 'utf8');
    // Only the per-message values differ: Message-ID, Date and the multipart boundaries.
    const normalize = (raw: string) =>
      raw
        .replace(/^Message-ID: .*$/m, 'Message-ID: x')
        .replace(/^Date: .*$/m, 'Date: x')
        .replace(/--_NmP-[0-9a-f]+-Part_(\d+)/g, 'BOUNDARY$1');
    expect(normalize(eml)).toBe(normalize(received.at(-1)?.raw ?? ''));
  });
});

describe('file outbox', () => {
  it('stores <timestamp>-<id>.json with the .eml beside it, owner-only', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const lines: string[] = [];
    const mailer = createMailer({ outboxDir: dir, from: DEFAULT_MAIL_FROM, log: (l) => lines.push(l) });
    expect(mailer.transport).toBe('outbox');
    const sent = message({ attachments: [{ filename: 'rdv.ics', content: ICS, contentType: 'text/calendar' }] });
    const result = await mailer.send(sent);

    expect(result.transport).toBe('outbox');
    expect(path.basename(result.path ?? '')).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.json$/);
    const [entry, ...rest] = await readOutbox(dir);
    expect(rest).toHaveLength(0);
    if (!entry) throw new Error('outbox empty');
    expect(entry.path).toBe(result.path);
    expect(entry).toMatchObject({
      to: sent.to,
      subject: sent.subject,
      text: sent.text,
      html: sent.html,
      language: 'fr',
      from: DEFAULT_MAIL_FROM,
      messageId: result.messageId,
      attachments: [{ filename: 'rdv.ics', contentType: 'text/calendar', size: ICS.length }],
    });
    expect(entry.emlPath).toBe(entry.path.replace(/\.json$/, '.eml'));

    if (process.platform !== 'win32') {
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(entry.path)).mode & 0o777).toBe(0o600);
      expect((await stat(entry.emlPath)).mode & 0o777).toBe(0o600);
    }

    const eml = await readFile(entry.emlPath, 'utf8');
    expect(eml).toMatch(/\r\n/); // CRLF, as on the wire
    const parsed = parseMessage(eml);
    expect(parsed.header('Subject')).toBe(sent.subject);
    expect(parsed.header('To')).toBe(sent.to);
    expect(parsed.header('From')).toBe(DEFAULT_MAIL_FROM);
    expect(new Date(parsed.header('Date')).toISOString().slice(0, 19)).toBe(entry.date.slice(0, 19));
    // MIME bodies travel with CRLF line ends and a line break before the next boundary.
    const asSent = (body: string | undefined) => body?.replace(/\r\n/g, '\n').trimEnd();
    expect(asSent(parsed.text)).toBe(sent.text.trimEnd());
    expect(asSent(parsed.html)).toBe(sent.html.trimEnd());
    expect(parsed.attachment && decodeBody(parsed.attachment)).toBe(ICS);

    // Development log of the outbox: who, what, where, and the link to follow (issue #3).
    expect(lines).toEqual([`[email] to ${sent.to}: ${sent.subject} -> ${entry.path}\n        link: ${LINK}`]);
  });

  it('reads messages back in sending order, even within one millisecond', async () => {
    const dir = await tempDir();
    const mailer = createMailer({ outboxDir: dir, from: DEFAULT_MAIL_FROM });
    for (const to of ['a@example.test', 'b@example.test', 'c@example.test']) await mailer.send(message({ to }));
    expect((await readOutbox(dir)).map((e) => e.to)).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(path.join(await tempDir(), 'nope'))).toEqual([]);
  });

  it('refuses malformed messages before writing anything', async () => {
    const dir = await tempDir();
    const mailer = createMailer({ outboxDir: dir, from: DEFAULT_MAIL_FROM });
    await expect(mailer.send(message({ to: 'not an address' }))).rejects.toThrow();
    await expect(mailer.send(message({ to: 'a@example.test\r\nBcc: evil@example.test' }))).rejects.toThrow();
    await expect(mailer.send(message({ subject: 'Hi\r\nBcc: evil@example.test' }))).rejects.toThrow();
    expect(await readOutbox(dir)).toEqual([]);
  });
});

describe('configuration', () => {
  it('reads the environment in one place, with the documented defaults', () => {
    const defaults = emailSettingsFromEnv({ NODE_ENV: 'development' });
    expect(defaults).toMatchObject({ smtpUrl: undefined, outboxDir: path.join('.data', 'outbox'), from: DEFAULT_MAIL_FROM });
    expect(defaults.log).toBeTypeOf('function');
    expect(DEFAULT_MAIL_FROM).toBe('Équilibre Nutrition <info@equilibrenutrition.ca>');

    const prod = emailSettingsFromEnv({
      NODE_ENV: 'production',
      DATA_DIR: '/srv/data',
      SMTP_URL: 'smtps://u:p@mail.example.test:465',
      MAIL_FROM: 'X <x@example.test>',
    });
    expect(prod).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.test:465', outboxDir: path.join('/srv/data', 'outbox'), from: 'X <x@example.test>' });
    expect(prod.log).toBeUndefined();
  });

  it('rejects an SMTP_URL of another scheme without echoing its password', () => {
    const attempt = () => createMailer({ smtpUrl: 'http://u:hunter2@mail.example.test', from: DEFAULT_MAIL_FROM });
    expect(attempt).toThrow(/SMTP_URL/);
    expect(attempt).not.toThrow(/hunter2/);
    expect(() => createMailer({ smtpUrl: 'not a url', from: DEFAULT_MAIL_FROM })).toThrow(/SMTP_URL/);
  });

  it('sendEmail writes to $DATA_DIR/outbox when SMTP_URL is unset', async () => {
    const dataDir = await tempDir();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('NODE_ENV', 'production'); // and then logs nothing
    const info = vi.spyOn(console, 'info');
    try {
      const result = await sendEmail(message());
      expect(result.path?.startsWith(path.join(dataDir, 'outbox'))).toBe(true);
      expect((await readOutbox(path.join(dataDir, 'outbox'))).map((e) => e.to)).toEqual(['zoe@example.test']);
      expect(info).not.toHaveBeenCalled();
    } finally {
      info.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});

describe('templates', () => {
  const evil = '<script>alert(1)</script>';
  const render: Record<string, (language: 'en' | 'fr', name: string) => RenderedEmail> = {
    verification: (language, name) => verificationEmail({ firstName: name, link: LINK, language }),
    passwordReset: (language, name) => passwordResetEmail({ firstName: name, link: LINK, language, expiresInMinutes: 60 }),
    welcome: (language, name) => welcomeEmail({ firstName: name, language, loginLink: LINK }),
    employeeInvite: (language, name) => employeeInviteEmail({ inviterName: name, link: LINK, language, expiresInDays: 7 }),
  };

  describe.each(Object.entries(render))('%s', (_name, build) => {
    it.each(['en', 'fr'] as const)('%s: link in both parts, branding, no gaps', (language) => {
      const email = build(language, 'Zoé');
      expect(email.text).toContain(LINK);
      expect(email.html).toContain(`href="${escapedLink}"`);
      expect(email.html).toContain(`>${escapedLink}</a>`); // the plain URL, to copy and paste
      expect(email.html).toContain(`<html lang="${language}"`);
      expect(email.html).toContain('#1f6f50');
      for (const part of [email.text, email.html]) {
        expect(part).toContain('Zoé');
        expect(part).toContain('+1 (613) 555-0142');
        expect(part).toContain('info@equilibrenutrition.ca');
        expect(part).toContain('Ottawa, Ontario');
      }
      for (const part of [email.subject, email.text, email.html]) {
        expect(part).not.toMatch(/undefined|null|NaN|\[object/);
      }
    });

    it('escapes interpolated values in the HTML', () => {
      for (const language of ['en', 'fr'] as const) {
        const email = build(language, evil);
        expect(email.html).not.toContain('<script>');
        expect(email.html).toContain('&lt;script&gt;');
      }
    });

    it('writes French in French, with French typography', () => {
      const en = build('en', 'Zoé');
      const fr = build('fr', 'Zoé');
      expect(fr.subject).not.toBe(en.subject);
      expect(fr.text).not.toMatch(/e-mail|email/i);
      // The site's rule (OQLF): a no-break space before « : », no space before ; ! ? (the HTML's CSS and entities aside).
      const withoutLink = (part: string) => part.replaceAll(LINK, '').replaceAll(escapedLink, '');
      for (const part of [fr.subject, fr.text, fr.html].map(withoutLink)) expect(part).not.toMatch(/ [:;!?]/);
      for (const part of [fr.subject, fr.text].map(withoutLink)) expect(part).not.toMatch(/[\s\u00a0\u202f][;!?]|[^\s\u00a0\u202f/]:(?!\/\/)|\u202f:/);
    });

    it('reads well without a name and keeps headers on one line', () => {
      for (const language of ['en', 'fr'] as const) {
        const email = build(language, '');
        expect(email.text).toMatch(/^(Hello|Bonjour),/);
        expect(build(language, 'Eve\r\nBcc: x@example.test').subject).not.toMatch(/[\r\n]/);
      }
    });
  });

  it('states the reset rules: once, 1 hour, ignore if not you', () => {
    const en = passwordResetEmail({ firstName: 'Sam', link: LINK, language: 'en', expiresInMinutes: 60 }).text;
    expect(en).toMatch(/only once/);
    expect(en).toMatch(/1 hour/);
    expect(en).toMatch(/did not ask/);
    const fr = passwordResetEmail({ firstName: 'Sam', link: LINK, language: 'fr', expiresInMinutes: 60 }).text;
    expect(fr).toMatch(/une seule fois/);
    expect(fr).toMatch(/1 heure/);
    expect(fr).toMatch(/ignorez/);
  });

  it('states the invite lifetime in days', () => {
    expect(employeeInviteEmail({ inviterName: 'Ana', link: LINK, language: 'en', expiresInDays: 7 }).text).toContain('7 days');
    expect(employeeInviteEmail({ inviterName: 'Ana', link: LINK, language: 'fr', expiresInDays: 1 }).text).toContain('1 jour');
  });

  it('refuses links that are not web addresses', () => {
    expect(() => verificationEmail({ firstName: 'A', link: 'javascript:alert(1)', language: 'en' })).toThrow();
  });
});

import 'server-only';
import path from 'node:path';
import { clinic } from '@/lib/clinic';

/** Everything the mailer needs to know about its surroundings; injectable in tests. */
export interface MailerSettings {
  /** `smtp://user:pass@host:port` or `smtps://...`; unset -> the file outbox. */
  smtpUrl?: string;
  /** The file outbox directory, used when smtpUrl is unset. */
  outboxDir?: string;
  /** The From header, e.g. `Équilibre Nutrition <info@equilibrenutrition.ca>`. */
  from: string;
  /** Receives one line per message sent; unset -> silent. Never given bodies, links or secrets. */
  log?: (line: string) => void;
}

export const DEFAULT_MAIL_FROM = `${clinic.name} <${clinic.email}>`;

/**
 * The only place the e-mail module reads the environment (DESIGN §4.3). Swap this body for the
 * project's validated config module once it exists; nothing else has to change.
 */
export function emailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MailerSettings {
  const dataDir = env.DATA_DIR || '.data';
  return {
    smtpUrl: env.SMTP_URL || undefined,
    outboxDir: path.join(dataDir, 'outbox'),
    from: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    // A developer wants to see where the message went; production logs must not collect
    // recipients of account e-mails.
    log: env.NODE_ENV === 'production' ? undefined : (line) => console.info(line),
  };
}

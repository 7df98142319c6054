import 'server-only';
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getConfig, type AppConfig } from './config';

export type SecretName = 'app-secret' | 'intake-key';

const sources: Record<SecretName, { variable: 'APP_SECRET' | 'INTAKE_ENCRYPTION_KEY'; purpose: string }> = {
  'app-secret': { variable: 'APP_SECRET', purpose: 'it signs booking tokens' },
  'intake-key': { variable: 'INTAKE_ENCRYPTION_KEY', purpose: 'it encrypts intake submissions' },
};

const generated = new Map<string, string>();

/**
 * A server secret: from its environment variable when set; otherwise, for the embedded
 * database only, generated once into `$DATA_DIR/secrets/<name>` (0600) and reused, so
 * tokens and encrypted intakes survive a restart. With DATABASE_URL the data outlives this
 * machine's disk, so the secret must come from the environment.
 */
export function getSecret(name: SecretName, config: AppConfig = getConfig()): string {
  const { variable, purpose } = sources[name];
  const fromEnv = name === 'app-secret' ? config.appSecret : config.intakeEncryptionKey;
  if (fromEnv !== undefined) return fromEnv;
  if (config.databaseUrl !== undefined) {
    throw new Error(
      `${variable} is required when DATABASE_URL is set (${purpose}). ` +
        `Set it to a random value of at least 32 characters, e.g. the output of: openssl rand -base64 32`,
    );
  }
  const file = path.join(config.dataDir, 'secrets', name);
  let value = generated.get(file);
  if (value === undefined) {
    value = readOrCreateSecretFile(file);
    generated.set(file, value);
  }
  return value;
}

/** A secret as getSecret finds it, but never generated: undefined when neither its variable nor its file is there (a restore, issue #39). */
export function existingSecret(name: SecretName, config: AppConfig = getConfig()): string | undefined {
  const fromEnv = name === 'app-secret' ? config.appSecret : config.intakeEncryptionKey;
  return fromEnv ?? readSecretFile(path.join(config.dataDir, 'secrets', name));
}

function readOrCreateSecretFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;

  // Write a private temporary file, then link it into place: link() fails if the name exists,
  // so two processes starting together agree on one secret and nobody reads a half-written file.
  const value = randomBytes(32).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, value, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const stored = readSecretFile(file);
  if (stored === undefined) throw new Error(`Could not create the secret file ${file}.`);
  return stored;
}

/** The file's secret; undefined when the file does not exist. */
function readSecretFile(file: string): string | undefined {
  let content: string;
  try {
    content = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Never replace a damaged secret silently: a new intake key would make stored intakes unreadable.
  if (content.length < 32) {
    throw new Error(`The secret file ${file} is damaged (too short). Restore it from a backup, or delete it to start over.`);
  }
  return content;
}

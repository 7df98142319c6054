// A real SMTP server for the system scripts, in a process of its own (so a script can start it
// late, as a mail server coming back, and stop it): `node smtpSink.mjs <port>`. Accepts every
// message on 127.0.0.1 (no auth, no TLS, as tests/integration/email.test.ts configures it) and
// prints one JSON line per message on stdout: { rcpt, subject, size }, the subject decoded.
// Its first line is { "ready": true }, once it listens.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node smtpSink.mjs <port>');
  process.exit(2);
}

/** The raw Subject header of a message, its encoded words (RFC 2047) decoded. */
function subjectOf(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' '); // unfolded
  const value = /^subject:[ \t]*(.*)$/im.exec(head)?.[1] ?? '';
  // Adjacent encoded words are joined byte-wise first: one UTF-8 character may span two.
  const parts = value.split(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)/);
  let out = '';
  let bytes = [];
  for (const part of parts) {
    const word = /^=\?[^?]+\?([QqBb])\?([^?]*)\?=$/.exec(part);
    if (word) {
      const text = word[2];
      if (word[1].toUpperCase() === 'B') bytes.push(Buffer.from(text, 'base64'));
      else bytes.push(Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1'));
    } else if (!(bytes.length > 0 && /^\s*$/.test(part))) {
      out += Buffer.concat(bytes).toString('utf8') + part;
      bytes = [];
    }
  }
  return out + Buffer.concat(bytes).toString('utf8');
}

const server = new SMTPServer({
  authOptional: true,
  secure: false,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const rcpt = session.envelope.rcptTo.map((r) => r.address);
      process.stdout.write(`${JSON.stringify({ rcpt, subject: subjectOf(raw), size: raw.length })}\n`);
      callback();
    });
  },
});
server.on('error', (error) => console.error(`[smtp sink] ${error.message}`));
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ ready: true })}\n`));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1_000).unref(); // a client still connected
});

// `npm run receipt:sample`: docs/payments.md's picture of a receipt, rendered from a real PDF. Writes
// docs/receipt-sample.pdf (the demo clinic's sample receipt, as the server generates it) and,
// with poppler's pdftoppm, docs/receipt-sample.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sampleReceipt } from '../bench/support/receiptSample';
import { renderReceiptsPdf } from '../lib/server/receipts/pdf';

async function main() {
  const dir = path.join(process.cwd(), 'docs');
  mkdirSync(dir, { recursive: true });
  const pdf = path.join(dir, 'receipt-sample.pdf');
  writeFileSync(pdf, await renderReceiptsPdf([sampleReceipt()]));
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(dir, 'receipt-sample')]);
  console.log(`${pdf}\n${path.join(dir, 'receipt-sample.png')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

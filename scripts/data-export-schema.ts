/**
 * npm run schema:data-export
 * Writes docs/data-export.schema.json, the JSON Schema of an export's data.json (issue #30), from
 * lib/schemas/dataExport.ts. tests/integration/data-export.test.ts fails when the two differ.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataExportJsonSchema } from '@/lib/schemas/dataExport';

const file = join(process.cwd(), 'docs/data-export.schema.json');
writeFileSync(file, `${JSON.stringify(dataExportJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${file}`);

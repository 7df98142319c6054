// Turbopack writes one server chunk under many names, one per route that needs it (issue #29: 41
// copies of a 750 kB chunk in this build, identical but for their source-map comment). Node reads
// each name it is asked for as a module of its own and keeps its source alive: a server that had
// run 40 routes held the same chunk 40 times, 1.4 MB each, 60 MB of its V8 heap. Each copy is
// replaced by a relative symbolic link to the first: Node's require() resolves links before its
// cache, so the chunk is read once whatever name a route asks for it by (the runtime installs a
// module's factory once, by id, either way).
import { lstatSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';

function chunkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return chunkFiles(full);
      return entry.isFile() && entry.name.endsWith('.js') ? [full] : [];
    })
    .sort();
}

/** The chunk's code without its last line's `//# sourceMappingURL=<own name>.map`. */
const codeOf = (file: string) => readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=[^\n]*\s*$/, '');

/** Links every duplicate chunk under `chunksDir` to the first of its kind; returns how many and the bytes saved. */
export function linkDuplicateChunks(chunksDir: string): { linked: number; bytes: number } {
  const first = new Map<string, string>();
  let linked = 0;
  let bytes = 0;
  for (const file of chunkFiles(chunksDir)) {
    const digest = createHash('sha256').update(codeOf(file)).digest('hex');
    const original = first.get(digest);
    if (original === undefined) {
      first.set(digest, file);
      continue;
    }
    bytes += lstatSync(file).size;
    rmSync(file);
    symlinkSync(path.relative(path.dirname(file), original), file);
    linked++;
  }
  return { linked, bytes };
}

// @vitest-environment node
import { lstatSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkDuplicateChunks } from '../../scripts/server-chunks';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A chunk as Turbopack writes one: its modules, then a comment naming its own source map. */
const chunk = (name: string, code: string) => `module.exports=[1,e=>{${code}}];\n\n//# sourceMappingURL=${name}.map`;

describe('post-build: one copy of each server chunk', () => {
  it('links chunks identical but for their source-map comment to the first, which Node then loads once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chunks-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'a.js'), chunk('a.js', 'e.v({n:1})'));
    writeFileSync(path.join(dir, 'b.js'), chunk('b.js', 'e.v({n:1})'));
    writeFileSync(path.join(dir, 'c.js'), chunk('c.js', 'e.v({n:2})'));
    writeFileSync(path.join(dir, 'd.js'), chunk('d.js', 'e.v({n:1})'));

    expect(linkDuplicateChunks(dir)).toEqual({ linked: 2, bytes: chunk('b.js', 'e.v({n:1})').length * 2 });
    expect(lstatSync(path.join(dir, 'a.js')).isSymbolicLink()).toBe(false);
    expect(readlinkSync(path.join(dir, 'b.js'))).toBe('a.js');
    expect(readlinkSync(path.join(dir, 'd.js'))).toBe('a.js');
    expect(lstatSync(path.join(dir, 'c.js')).isSymbolicLink()).toBe(false);

    const load = createRequire(path.join(dir, 'index.js'));
    expect(load(path.join(dir, 'b.js'))).toBe(load(path.join(dir, 'a.js')));
    expect(load(path.join(dir, 'c.js'))).not.toBe(load(path.join(dir, 'a.js')));
    // Run again (a second post-build): links are left as they are.
    expect(linkDuplicateChunks(dir)).toEqual({ linked: 0, bytes: 0 });
  });
});

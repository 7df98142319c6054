import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy, staticPageContentSecurityPolicy } from '@/lib/http/securityHeaders';
import { inlineScripts, pageScriptHashes, scriptHashSource } from '@/lib/http/staticPageHashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the hashes of a prerendered page', () => {
  const html = [
    '<html><head><script src="/_next/static/chunks/a.js" async=""></script>',
    '<script type="application/ld+json">{"@type":"MedicalClinic"}</script></head>',
    '<body><script>(self.__next_f=self.__next_f||[]).push([0])</script>',
    '<script>self.__next_f.push([1,"é\\n"])</script>',
    '<script type="module">import("/x.js")</script>',
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
  ].join('');

  it('takes every inline script the browser runs, not external ones or data blocks', () => {
    expect(inlineScripts(html)).toEqual([
      '(self.__next_f=self.__next_f||[]).push([0])',
      'self.__next_f.push([1,"é\\n"])',
      'import("/x.js")',
      '(self.__next_f=self.__next_f||[]).push([0])',
    ]);
  });

  it('hashes each script once, as the browser hashes its UTF-8 text', () => {
    expect(scriptHashSource('alert(1)')).toBe(sha('alert(1)'));
    expect(pageScriptHashes(html)).toEqual([sha('(self.__next_f=self.__next_f||[]).push([0])'), sha('self.__next_f.push([1,"é\\n"])'), sha('import("/x.js")')]);
  });
});

describe('the policy of a prerendered page', () => {
  const policy = staticPageContentSecurityPolicy([sha('a'), sha('b')]);

  it("allows our chunks and exactly the hashed scripts: no nonce, no 'unsafe-inline', no 'strict-dynamic'", () => {
    expect(policy).toContain(`script-src 'self' ${sha('a')} ${sha('b')};`);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).not.toMatch(/unsafe-inline|nonce-|strict-dynamic|unsafe-eval/);
  });

  it('keeps the rest of the page policy', () => {
    const rest = (p: string) => p.split('; ').filter((directive) => !directive.startsWith('script-src'));
    expect(rest(policy)).toEqual(rest(pageContentSecurityPolicy('bm9uY2U=')));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});

import { Marked } from 'marked';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// Posts are our own, but raw HTML in a Markdown file is still shown as text, never injected:
// the page only ever holds what Markdown itself produces.
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    // Links go to web pages, e-mail addresses or this site; a `javascript:` target shows as text.
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!/^(https?:|mailto:|\/|#)/i.test(href)) return text;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
    },
  },
});

/** Markdown to HTML, on the server. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** Minutes to read at about 200 words a minute, at least one. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / 200));
}

import 'server-only';
import { escapeHtml } from '@/lib/server/email/templates/escape';

/**
 * The markup of summary.html (issue #30), built so that nothing a person typed can reach the page
 * unescaped: markup is a branded string that only these helpers make, every text is escaped on the
 * way in, and the `html` template accepts markup only, so a raw string is a type error.
 */

declare const brand: unique symbol;
export type Html = string & { readonly [brand]: 'html' };

const trusted = (markup: string) => markup as Html;

/** A text, escaped. */
export function text(value: string): Html {
  return trusted(escapeHtml(value));
}

/** Markup from markup: each value is already escaped (lists are joined). */
export function html(strings: TemplateStringsArray, ...values: Array<Html | readonly Html[]>): Html {
  return trusted(strings.reduce((out, part, index) => {
    const value = index > 0 ? values[index - 1]! : '';
    return out + (Array.isArray(value) ? value.join('') : value) + part;
  }));
}

export const EMPTY = trusted('');

/** Lines of text, one under the other. */
export function lines(values: readonly string[]): Html {
  return trusted(values.map(escapeHtml).join('<br>'));
}

export function bulletList(items: readonly Html[]): Html {
  return html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
}

/** A muted remark: "None.", "Not answered". */
export function muted(value: string): Html {
  return html`<span class="muted">${text(value)}</span>`;
}

/** Nothing to show in a section. */
export function none(value: string): Html {
  return html`<p class="muted">${text(value)}</p>`;
}

/** Labels and their values; a row whose value is null is left out. */
export function details(rows: ReadonlyArray<readonly [label: string, value: Html | null] | null>): Html {
  const shown = rows.filter((row): row is readonly [string, Html] => row !== null && row[1] !== null);
  if (shown.length === 0) return EMPTY;
  return html`<dl>${shown.map(([label, value]) => html`<div><dt>${text(label)}</dt><dd>${value}</dd></div>`)}</dl>`;
}

/**
 * A table with its caption and column headers; each row's first cell heads the row. Wide tables
 * scroll sideways on a narrow screen, in a region that the keyboard can reach. A caption that
 * would repeat the heading just above (a section that is one table) is for screen readers only.
 */
export function table(
  caption: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly Html[]>,
  options: { captionUnderHeading?: boolean; /** The scroll region's name when the caption alone repeats (each intake form has its tables). */ regionLabel?: string } = {},
): Html {
  const head = columns.map((column) => html`<th scope="col">${text(column)}</th>`);
  const body = rows.map(
    ([first, ...rest]) => html`<tr><th scope="row">${first ?? EMPTY}</th>${rest.map((cell) => html`<td>${cell}</td>`)}</tr>`,
  );
  const captionTag = options.captionUnderHeading ? html`<caption class="visually-hidden">` : html`<caption>`;
  return html`<div class="scroll" role="region" aria-label="${text(options.regionLabel ?? caption)}" tabindex="0"><table>${captionTag}${text(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** A heading of the given level (1 to 6) with an optional id for the table of contents. */
export function heading(level: number, value: string, id?: string): Html {
  const tag = trusted(`h${Math.min(6, Math.max(1, level))}`);
  return id ? html`<${tag} id="${text(id)}">${text(value)}</${tag}>` : html`<${tag}>${text(value)}</${tag}>`;
}

/** A part of the page, under its own heading: the contents link to it by `id`. */
export interface Section {
  id: string;
  title: string;
  body: Html;
}

/** A section that is one table: its caption would repeat the section's heading just above. */
export function sectionTable(caption: string, columns: readonly string[], rows: ReadonlyArray<readonly Html[]>): Html {
  return table(caption, columns, rows, { captionUnderHeading: true });
}

export function multiline(value: string): Html {
  return html`<span class="multiline">${text(value)}</span>`;
}

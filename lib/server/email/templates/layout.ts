import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import type { EmailLanguage } from '../types';
import { assertWebLink, escapeHtml } from './escape';
import { frenchTypography, linkFallback, signOff } from './shared';

/**
 * What a template says, as plain strings. One renderer turns it into both parts, so the text
 * part always says what the HTML says and every value is escaped in a single place.
 * Never put health information here: e-mail is not a secure channel.
 */
export interface EmailContent {
  language: EmailLanguage;
  subject: string;
  /** The preview line mail clients show after the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  /** Before the button. */
  paragraphs: string[];
  /** A list of links after the paragraphs (a group session's handouts): each its own line. */
  links?: { label: string; url: string }[];
  action?: { label: string; url: string };
  /** After the button: expiry, "ignore this if it wasn't you", ... */
  notes: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BRAND = '#1f6f50'; // 6.1:1 against white: AA for the header, the button and links.
const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const P = 'margin:0 0 16px;';

const phone = formatPhone(clinic.phone);
const ADDRESS_LINE = 'Ottawa, Ontario';

function renderText(c: EmailContent): string {
  const blocks = [c.greeting, ...c.paragraphs];
  if (c.links?.length) blocks.push(c.links.map((link) => `- ${link.label}\n  ${link.url}`).join('\n'));
  if (c.action) blocks.push(`${c.action.label}${c.language === 'fr' ? '\u00a0:' : ':'}\n${c.action.url}`);
  blocks.push(...c.notes, signOff[c.language].join('\n'));
  blocks.push(['--', clinic.name, `${phone} | ${clinic.email}`, ADDRESS_LINE].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

function renderAction({ label, url }: { label: string; url: string }, language: EmailLanguage): string {
  const href = escapeHtml(url);
  return [
    `<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background-color:${BRAND};color:#ffffff;`,
    `font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px;">${escapeHtml(label)}</a></p>`,
    `<p style="${P}font-size:14px;color:#444444;">${escapeHtml(linkFallback[language])}<br>`,
    `<a href="${href}" style="color:${BRAND};word-break:break-all;">${href}</a></p>`,
  ].join('');
}

function renderLinks(links: { label: string; url: string }[]): string {
  const items = links.map(({ label, url }) => `<li style="margin:0 0 8px;"><a href="${escapeHtml(url)}" style="color:${BRAND};">${escapeHtml(label)}</a></li>`);
  return `<ul style="${P}padding-left:20px;">${items.join('')}</ul>`;
}

function renderHtml(c: EmailContent): string {
  const paragraph = (text: string) => `<p style="${P}">${escapeHtml(text)}</p>`;
  const [regards, team] = signOff[c.language];
  return `<!DOCTYPE html>
<html lang="${c.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f6f4;">
<div style="display:none;max-height:0;overflow:hidden;" aria-hidden="true">${escapeHtml(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f6f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border-radius:8px;">
<tr><td style="background-color:${BRAND};padding:20px 32px;border-radius:8px 8px 0 0;">
<p style="margin:0;${FONT}font-size:22px;font-weight:bold;color:#ffffff;">${escapeHtml(clinic.name)}</p>
</td></tr>
<tr><td style="padding:32px;${FONT}font-size:16px;line-height:1.5;color:#1a1a1a;">
<h1 style="margin:0 0 24px;font-size:22px;line-height:1.3;color:#1a1a1a;">${escapeHtml(c.heading)}</h1>
${[c.greeting, ...c.paragraphs].map(paragraph).join('\n')}
${c.links?.length ? renderLinks(c.links) : ''}
${c.action ? renderAction(c.action, c.language) : ''}
${c.notes.map(paragraph).join('\n')}
<p style="margin:24px 0 0;">${escapeHtml(regards)}<br>${escapeHtml(team)}</p>
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e2e8e4;${FONT}font-size:14px;line-height:1.5;color:#444444;">
<p style="margin:0;"><strong>${escapeHtml(clinic.name)}</strong><br>
<a href="${escapeHtml(phoneHref(clinic.phone))}" style="color:${BRAND};">${escapeHtml(phone)}</a> &middot; <a href="mailto:${escapeHtml(clinic.email)}" style="color:${BRAND};">${escapeHtml(clinic.email)}</a><br>
${escapeHtml(ADDRESS_LINE)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** French copy gets its typographic spaces; the URL is left exactly as given. */
function typeset(c: EmailContent): EmailContent {
  if (c.language !== 'fr') return c;
  const t = frenchTypography;
  return {
    ...c,
    subject: t(c.subject),
    preheader: t(c.preheader),
    heading: t(c.heading),
    greeting: t(c.greeting),
    paragraphs: c.paragraphs.map(t),
    links: c.links?.map((link) => ({ label: t(link.label), url: link.url })),
    action: c.action && { label: t(c.action.label), url: c.action.url },
    notes: c.notes.map(t),
  };
}

export function renderEmail(content: EmailContent): RenderedEmail {
  if (content.action) assertWebLink(content.action.url);
  for (const link of content.links ?? []) assertWebLink(link.url);
  const c = typeset(content);
  return { subject: c.subject, text: renderText(c), html: renderHtml(c) };
}

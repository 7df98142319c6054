import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';
import type { DataExport } from '@/lib/schemas/dataExport';
import { heading, html, text } from './summaryHtml';
import { personName } from './summaryPeople';
import { sectionsOf } from './summarySections';
import { summaryKit } from './summaryTexts';

/**
 * summary.html, the readable part of a person's export (issue #30): one self-contained page in
 * their language (no script, no outside resource, a little style for the screen and for print)
 * that says every part of data.json in its order, the intake answers under their questions as the
 * form asked them. Dates and times are on the clinic's clock; everything the person or the clinic
 * typed is escaped (summaryHtml.ts).
 */

const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0 auto;max-width:62rem;padding:1.5rem;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a;background:#fff}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.35rem;margin:2.5rem 0 .75rem;padding-bottom:.25rem;border-bottom:2px solid #1f6f50;color:#14553c}
h3{font-size:1.1rem;margin:1.75rem 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .5rem}
a{color:#1f6f50}
dl{display:grid;grid-template-columns:minmax(9rem,18rem) 1fr;gap:.3rem 1rem;margin:.5rem 0 1rem}
dl>div{display:contents}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
ul{margin:0;padding-left:1.25rem}
.scroll{overflow-x:auto;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #b9c7bf;padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{background:#eaf2ed}
tbody th{font-weight:600}
.muted{color:#555}
.multiline{white-space:pre-line}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
footer{margin-top:3rem;padding-top:1rem;border-top:1px solid #b9c7bf;font-size:.9rem}
@media (max-width:40rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}}
@media print{body{max-width:none;padding:0;font-size:10.5pt}nav{display:none}h2,h3,h4,caption{break-after:avoid}tr,dt,dd{break-inside:avoid}.scroll{overflow:visible}a{color:inherit;text-decoration:none}}
`
  .trim()
  .replace(/\n/g, '');

/**
 * The export's readable summary, summary.html: a whole HTML5 document in `locale`, self-contained,
 * every part of `data` in order under its own heading.
 */
export function renderSummaryHtml(data: DataExport, locale: Locale): string {
  const kit = summaryKit(locale);
  const { t } = kit;
  const title = t('title', { clinic: clinic.name });
  const generated = kit.moment(data.generated_at);
  const intro = data.account
    ? t('introPatient', { clinic: clinic.name, name: personName(data.account), date: generated })
    : t('introGuest', { clinic: clinic.name, email: data.guest?.email ?? '', date: generated });
  const sections = sectionsOf(data, kit);
  const contents = sections.map((section) => html`<li><a href="#${text(section.id)}">${text(section.title)}</a></li>`);
  const body = sections.map((section) => html`<section>${heading(2, section.title, section.id)}${section.body}</section>`);
  const footer = t('footer', { version: data.format_version, clinic: clinic.name, phone: formatPhone(clinic.phone), email: clinic.email });

  return `<!DOCTYPE html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${text(title)}</h1>
<p>${text(intro)}</p>
<p>${text(t('introFiles'))}</p>
<p>${text(t('introClock'))}</p>
</header>
<nav aria-labelledby="contents">
<h2 id="contents">${text(t('contents'))}</h2>
<ol>${contents.join('')}</ol>
</nav>
<main>
${body.join('\n')}
</main>
<footer><p>${text(footer)}</p></footer>
</body>
</html>
`;
}

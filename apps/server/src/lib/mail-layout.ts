import { PRODUCT_NAME, TIME_ZONE } from '@aeropool/contract/product';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A time as mails give it, in Bengaluru's zone: "24 Nov 2026, 6:40 pm" (the caller adds IST). */
export const mailDateTime = (at: Date | number): string =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

/** The HTML frame every mail shares; callers escape what they put in the body. */
const LAYOUT_END = '</div></body></html>';

export const layoutHtml = (title: string, body: string): string => `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;background:#f1f5f9;padding:24px;color:#0f172a">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="color:#0369a1;font-size:22px;margin:0 0 16px">${PRODUCT_NAME}</h1>
${body}
<p style="color:#64748b;font-size:12px;margin-top:24px">${PRODUCT_NAME} · shared rides to and from Kempegowda International Airport, Bengaluru</p>
${LAYOUT_END}`;

/** A mail laid out by layoutHtml, with `html` added at the end of its card. */
export const withHtmlAtEnd = (mail: string, html: string): string =>
  mail.endsWith(LAYOUT_END)
    ? `${mail.slice(0, -LAYOUT_END.length)}${html}${LAYOUT_END}`
    : mail + html;

/**
 * Words a rider chose (a name, a ticket subject), in a mail subject: quoted and never first, so
 * "Your account is locked" as a first name cannot pass for our own words.
 */
export const quoted = (text: string, maxLength = 40) =>
  `“${text.replace(/[“”"]/g, '').slice(0, maxLength)}”`;

import { LANGUAGES, mediaUrl, type Translations } from '@app/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of operators' rich text (docs/decisions.md): what the back office's editor
 * writes (paragraphs, headings, emphasis, lists, quotes, code, rules, links and images) and
 * nothing else. Every other tag is dropped (script and style with their content), every other
 * attribute too, so no event handler, style or frame survives. Links go to https, mail or phone
 * addresses (a web address in a new tab) or to a path of the app; images only to our own uploads (`/media/…`), so a stored page
 * never loads anything from elsewhere.
 */
const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // Whatever the operator set: a web address opens in a new tab without access to the app, an
    // app path in the app.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        ...(attribs.href?.startsWith('https:') ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !mediaUrl.safeParse(frame.attribs.src).success,
};

/** Text left once every tag is gone: a body of empty paragraphs has none and no image. */
function isBlank(html: string): boolean {
  if (html.includes('<img')) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}

/**
 * Operator HTML as users may see it. A body with no text and no image (an editor's empty
 * paragraph) becomes empty, so that language falls back to English.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, ALLOW_LIST).trim();
  return isBlank(clean) ? '' : clean;
}

export function sanitizeTranslations(text: Translations): Translations {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, sanitizeRichText(text[lang])])) as Translations;
}

import 'server-only';
import sanitizeHtml from 'sanitize-html';

/**
 * HTML fields of the API (descriptions, notes) rendered only after this: text formatting and links, no
 * scripts, no event attributes, no styles, no images or frames; links open safely.
 */
export function safeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}

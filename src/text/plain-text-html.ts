// Where a shop wants HTML (a Shopify product's description), Vetrina renders it from the plain text
// it publishes, escaping every character that means something in HTML: the text can hold no markup.
import { escapeUTF8 } from 'entities';

/**
 * Safe HTML from a plain-text description and key features: paragraphs (split at blank lines) as
 * `<p>`, a single line break as `<br>`, the features as `<ul><li>`. Empty parts are left out.
 */
export function plainTextToHtml(description: string | null, keyFeatures: readonly string[] = []): string {
  const paragraphs = (description ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => `<p>${lines.map(escapeUTF8).join('<br>')}</p>`);
  const features = keyFeatures.map((f) => f.trim()).filter((f) => f !== '');
  const list = features.length > 0 ? [`<ul>${features.map((f) => `<li>${escapeUTF8(f)}</li>`).join('')}</ul>`] : [];
  return [...paragraphs, ...list].join('\n');
}

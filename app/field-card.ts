import { useState } from 'preact/hooks';
import { type Product, updateProduct } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { asText, type Field, fromText, isEmpty, issuesAbout, labelKey, fieldValue } from './product-fields.ts';
import { errorText, focusLater, inputValue } from './widgets.ts';

/** One field of one country: its text, the facts it cites, the checks about it, and editing in place. */
export function FieldCard({ product, field, onSaved }: { product: Product; field: Field; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const value = fieldValue(product, field);
  const withheld = isEmpty(value);
  const facts = (product.sources[field] ?? []).flatMap((factId) => product.facts.filter((f) => f.id === factId));
  const messages = issuesAbout(product, field).map((issue) => issue.message);
  const headingId = `field-${field}`;
  const editorId = `edit-${field}`;

  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      await updateProduct(product, { [field]: fromText(field, draft) });
      setEditing(false);
      onSaved();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return html`<section class=${`field${withheld ? ' withheld' : ''}`} aria-labelledby=${headingId} data-field=${field}>
    <div class="field-text">
      <h2 id=${headingId}>${t(labelKey(field))}</h2>
      ${
        editing
          ? html`<form onSubmit=${save}>
              <label for=${editorId}>${t(labelKey(field))}${field === 'key_features' ? ` (${t('key_features_hint')})` : ''}</label>
              <textarea id=${editorId} rows=${field === 'description' ? 8 : 3} value=${draft} onInput=${(e: Event) => setDraft(inputValue(e))}></textarea>
              ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
              <div class="actions"><button type="submit">${t('save')}</button><button type="button" class="secondary" onClick=${() => setEditing(false)}>${t('cancel')}</button></div>
            </form>`
          : withheld
            ? html`<p class="withheld-note"><strong>${t('withheld')}</strong></p>`
            : Array.isArray(value)
              ? html`<ul>${value.map((line) => html`<li>${line}</li>`)}</ul>`
              : html`<p class="value">${value}</p>`
      }
      ${messages.length === 0 ? null : html`<ul class="messages" aria-label=${t('validation')}>${messages.map((m) => html`<li>${m}</li>`)}</ul>`}
      ${
        editing
          ? null
          : html`<button type="button" class="secondary" aria-label=${`${t('edit')}: ${t(labelKey(field))}`} onClick=${() => {
              setDraft(asText(value));
              setEditing(true);
              focusLater(editorId);
            }}>${t('edit')}</button>`
      }
    </div>
    <aside class="field-facts" aria-label=${`${t('facts_cited')}: ${t(labelKey(field))}`}>
      ${
        facts.length === 0
          ? html`<p class="sub">${t('no_facts')}</p>`
          : html`<table><caption>${t('facts_cited')}</caption><thead><tr><th scope="col">${t('source')}</th><th scope="col">${t('licence')}</th><th scope="col">${t('value')}</th></tr></thead>
              <tbody>${facts.map((f) => html`<tr><td>${f.source}</td><td>${f.licence ?? '—'}</td><td>${f.value}</td></tr>`)}</tbody></table>`
      }
    </aside>
  </section>`;
}

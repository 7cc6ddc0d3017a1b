import { useEffect, useState } from 'preact/hooks';
import { type Attribute, api, type FieldValue, type HistoryVersion } from './api.ts';
import { attributeNames } from './attributes-section.ts';
import { html } from './html.ts';
import { formatTime, type MessageKey, t } from './i18n.ts';
import { labelKey } from './product-fields.ts';
import { errorText } from './widgets.ts';

function shown(value: FieldValue) {
  if (value === null) return html`<em>—</em>`;
  return Array.isArray(value) ? html`<ul>${value.map((v) => html`<li>${v}</li>`)}</ul>` : value;
}

const ATTRIBUTE_PREFIX = 'global_attr.';

/** A changed field by its name: a content field's label, an attribute's name and unit from the schema (its id if gone). */
function fieldName(field: string, attributes: Map<string, Attribute>): string {
  if (!field.startsWith(ATTRIBUTE_PREFIX)) return t(labelKey(field));
  const id = field.slice(ATTRIBUTE_PREFIX.length);
  const attribute = attributes.get(id);
  if (attribute === undefined) return id;
  return attribute.unit === null ? attribute.name : `${attribute.name} (${attribute.unit})`;
}

/** The product's changes, newest first, each with a per-field before/after and a way to undo it. */
export function HistoryPanel({ productId, onRestored }: { productId: string; onRestored: (count: number) => void }) {
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attributes, setAttributes] = useState<Map<string, Attribute>>(new Map());
  useEffect(() => {
    api<{ data: { versions: HistoryVersion[] } }>('GET', `/api/v1/products/details/${encodeURIComponent(productId)}/history?limit=20`)
      .then(async (res) => {
        const changed = res.body.data.versions;
        // Attribute changes are named as the attributes section names them; the schema is read only when there are some.
        if (changed.some((v) => Object.keys(v.fields).some((f) => f.startsWith(ATTRIBUTE_PREFIX)))) setAttributes(await attributeNames());
        setVersions(changed);
      })
      .catch((err: unknown) => setError(errorText(err)));
  }, [productId]);
  const restore = async (version: HistoryVersion) => {
    try {
      const res = await api<{ data: { fields_restored: string[] } }>('POST', `/api/v1/products/restore/${encodeURIComponent(productId)}`, { version_id: version.id });
      onRestored(res.body.data.fields_restored.length);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return html`<section aria-labelledby="history-h" class="card">
    <h2 id="history-h">${t('history')}</h2>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${versions === null ? html`<p>${t('loading')}</p>` : versions.length === 0 ? html`<p>${t('history_empty')}</p>` : null}
    <ol class="history">
      ${(versions ?? []).map(
        (version) => html`<li class="version" data-change=${version.change}>
          <h3>${formatTime(version.created_at)} · ${version.country.toUpperCase()} · ${t(`change_${version.change}` as MessageKey)}
            ${version.generation === null ? null : html`<span class="sub"> · ${[version.generation.engine, version.generation.model].filter(Boolean).join(' ')}</span>`}</h3>
          <table class="diff"><thead><tr><th scope="col">${t('value')}</th><th scope="col">${t('before')}</th><th scope="col">${t('after')}</th></tr></thead>
            <tbody>${Object.entries(version.fields).map(([field, change]) =>
              change === undefined
                ? null
                : html`<tr><th scope="row">${fieldName(field, attributes)}</th><td class="before">${shown(change.before)}</td><td class="after">${shown(change.after)}</td></tr>`,
            )}</tbody></table>
          ${version.change === 'create' ? null : html`<button type="button" class="secondary" onClick=${() => restore(version)}>${t('restore')}</button>`}
        </li>`,
      )}
    </ol>
  </section>`;
}

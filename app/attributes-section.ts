import { useEffect, useState } from 'preact/hooks';
import { type Attribute, api, type Product } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { errorText } from './widgets.ts';

// Accounts with an attribute schema: each value beside the facts it cites, the missing ones
// listed, the family (a proposed one confirmed with one click) and completeness.

/** The account's attribute names and units; ids stand in when they cannot be read. */
function attributeNames(): Promise<Map<string, Attribute>> {
  return api<{ data: Attribute[] }>('GET', '/api/v1/attributes').then(
    (res) => new Map(res.body.data.map((a) => [a.attribute_id, a])),
    () => new Map(),
  );
}

export function AttributesSection({ product, onChanged }: { product: Product; onChanged: (note: string) => Promise<void> }) {
  const missing = product.missing_attributes;
  // Asked once per product page, so a sign-in as another account never sees stale names.
  const [schema, setSchema] = useState<Map<string, Attribute> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (missing !== undefined) void attributeNames().then(setSchema);
  }, [missing === undefined]);
  if (missing === undefined) return null;
  if (schema === null) return html`<section aria-labelledby="attr-h"><h2 id="attr-h">${t('attributes')}</h2><p>${t('loading')}</p></section>`;
  const label = (id: string) => schema.get(id)?.name ?? id;
  const unit = (id: string) => schema.get(id)?.unit ?? null;
  const confirmFamily = async () => {
    setError(null);
    try {
      await api('POST', '/api/v1/products/update', { code: product.id, country: product.country, family: product.family ?? null });
      await onChanged(t('family_confirmed'));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const filled = Object.entries(product.global_attr);
  return html`<section aria-labelledby="attr-h" class="attributes">
    <h2 id="attr-h">${t('attributes')}</h2>
    <dl class="facts-list">
      <dt>${t('family')}</dt>
      <dd data-testid="family">${product.family ?? t('no_family')}${
        product.family_proposed === true && product.family !== null && product.family !== undefined
          ? html` <span class="badge proposed">${t('family_proposed')}</span> <button type="button" class="secondary" onClick=${confirmFamily}>${t('confirm_family', { family: product.family })}</button>`
          : null
      }</dd>
      <dt>${t('completeness')}</dt>
      <dd data-testid="completeness">${product.completeness === null || product.completeness === undefined ? '—' : `${Math.round(product.completeness * 100)} %`}</dd>
    </dl>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${
      filled.length === 0
        ? null
        : html`<div class="table-wrap"><table>
          <caption>${t('attribute_values')}</caption>
          <thead><tr><th scope="col">${t('attribute')}</th><th scope="col">${t('value')}</th><th scope="col">${t('facts_cited')}</th></tr></thead>
          <tbody>${filled.map(([id, value]) => {
            const cited = (product.sources[`global_attr.${id}`] ?? []).flatMap((factId) => product.facts.filter((f) => f.id === factId));
            return html`<tr data-attribute=${id}><th scope="row">${label(id)}</th><td class="value">${value}${unit(id) === null ? '' : ` ${unit(id)}`}</td><td class="cited">${
              cited.length === 0
                ? html`<span class="sub">${t('no_facts')}</span>`
                : html`<ul>${cited.map((f) => html`<li><span class="badge">${f.source}</span> ${f.value}</li>`)}</ul>`
            }</td></tr>`;
          })}</tbody>
        </table></div>`
    }
    ${
      missing.length === 0
        ? html`<p class="sub">${t('no_missing')}</p>`
        : html`<h3 id="missing-h">${t('missing_attributes')}</h3><ul class="messages missing" aria-labelledby="missing-h">${missing.map((id) => html`<li data-missing=${id}>${label(id)}</li>`)}</ul>`
    }
  </section>`;
}

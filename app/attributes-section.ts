import { useEffect, useState } from 'preact/hooks';
import { type Attribute, api, type Product, updateProduct } from './api.ts';
import { AttributeControl, type ControlKind, controlKind } from './attribute-control.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { errorText, focusLater, formError } from './widgets.ts';

// Accounts with an attribute schema: each value beside the facts it cites (edited or removed in
// place), the missing ones listed (a value added in place), the family (a proposed one confirmed
// with one click) and completeness.

/** The account's attribute names and units; ids stand in when they cannot be read. */
export function attributeNames(): Promise<Map<string, Attribute>> {
  return api<{ data: Attribute[] }>('GET', '/api/v1/attributes').then(
    (res) => new Map(res.body.data.map((a) => [a.attribute_id, a])),
    () => new Map(),
  );
}

/** What a number field takes, in words (the other controls show what they take); null for none. */
function hintOf(attribute: Attribute | undefined, kind: ControlKind): string | null {
  if (kind !== 'number' || attribute === undefined) return null;
  return attribute.unit === null ? t('attr_hint_number') : t('attr_hint_number_unit', { unit: attribute.unit });
}

/** Why the API refused a change to this attribute: what it said of the value, then anything else. */
function refusal(err: unknown, id: string): string {
  const split = formError(err, [`global_attr.${id}`]);
  return [split.fields[`global_attr.${id}`], split.general].filter((m) => m !== undefined && m !== null).join(' ');
}

/**
 * One attribute's value written by hand in the control its type calls for, saved through the
 * product update route; a refusal (no such attribute in the schema, a value its type does not
 * take) shows beside the control and what was typed or picked stays.
 */
function ValueEditor(props: { product: Product; id: string; name: string; attribute: Attribute | undefined; initial: string; onSaved: () => Promise<void>; onCancel: () => void }) {
  const { product, id, name, attribute } = props;
  const kind = controlKind(attribute);
  const [draft, setDraft] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = `attr-input-${id}`;
  const hint = hintOf(attribute, kind);
  const describedBy = [hint === null ? null : `${inputId}-hint`, error === null ? null : `${inputId}-error`].filter((x) => x !== null).join(' ');
  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await updateProduct(product, { global_attr: { [id]: draft } });
      await props.onSaved();
    } catch (err) {
      setError(refusal(err, id));
      // Back to the control the reason is about: the Save button, disabled while saving, dropped the focus.
      focusLater(inputId);
    } finally {
      setSaving(false);
    }
  };
  return html`<form class="attr-edit" onSubmit=${save} onKeyDown=${(e: KeyboardEvent) => {
    if (e.key === 'Escape') props.onCancel();
  }}>
    <${AttributeControl} kind=${kind} inputId=${inputId} name=${name} attribute=${attribute} value=${draft} onChange=${setDraft} describedBy=${describedBy} invalid=${error !== null} />
    ${hint === null ? null : html`<p id=${`${inputId}-hint`} class="sub">${hint}</p>`}
    ${error === null ? null : html`<p id=${`${inputId}-error`} class="error" role="alert">${error}</p>`}
    <div class="actions">
      <button type="submit" disabled=${saving}>${t('save')}</button>
      <button type="button" class="secondary" onClick=${props.onCancel}>${t('cancel')}</button>
    </div>
  </form>`;
}

export function AttributesSection({ product, onChanged }: { product: Product; onChanged: (note: string) => Promise<void> }) {
  const missing = product.missing_attributes;
  // Asked once per product page, so a sign-in as another account never sees stale names.
  const [schema, setSchema] = useState<Map<string, Attribute> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The one attribute being written (a filled one or a missing one), and an error from removing one.
  const [editing, setEditing] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
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
      await updateProduct(product, { family: product.family ?? null });
      await onChanged(t('family_confirmed'));
    } catch (err) {
      setError(errorText(err));
    }
  };
  // A record type of JSON Schema reads as optional keys; every key the API sends has its value.
  const filled = Object.entries(product.global_attr).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const open = (id: string) => {
    setRowError(null);
    setEditing(id);
    focusLater(`attr-input-${id}`);
  };
  const close = (buttonId: string) => {
    setEditing(null);
    focusLater(buttonId);
  };
  const remove = async (id: string) => {
    setRowError(null);
    try {
      await updateProduct(product, { global_attr: { [id]: null } });
      await onChanged(t('attr_removed', { name: label(id) }));
      focusLater('attr-h');
    } catch (err) {
      setRowError({ id, message: refusal(err, id) });
    }
  };
  const editor = (id: string, initial: string, buttonId: string) =>
    html`<${ValueEditor}
      product=${product}
      id=${id}
      name=${label(id)}
      attribute=${schema.get(id)}
      initial=${initial}
      onSaved=${async () => {
        await onChanged(t('attr_saved', { name: label(id) }));
        close(buttonId);
      }}
      onCancel=${() => close(buttonId)}
    />`;
  return html`<section aria-labelledby="attr-h" class="attributes">
    <h2 id="attr-h" tabindex="-1">${t('attributes')}</h2>
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
          <thead><tr><th scope="col">${t('attribute')}</th><th scope="col">${t('value')}</th><th scope="col">${t('facts_cited')}</th><th scope="col">${t('attr_actions')}</th></tr></thead>
          <tbody>${filled.map(([id, value]) => {
            const cited = (product.sources[`global_attr.${id}`] ?? []).flatMap((factId) => product.facts.filter((f) => f.id === factId));
            const editId = `attr-edit-${id}`;
            return html`<tr key=${id} data-attribute=${id}><th scope="row">${label(id)}</th><td class="value">${
              editing === id ? editor(id, value, editId) : `${value}${unit(id) === null ? '' : ` ${unit(id)}`}`
            }</td><td class="cited">${
              cited.length === 0
                ? html`<span class="sub">${t('no_facts')}</span>`
                : html`<ul>${cited.map((f) => html`<li><span class="badge">${f.source}</span> ${f.value}</li>`)}</ul>`
            }</td><td class="attr-actions">${
              editing === id
                ? null
                : html`<button type="button" class="secondary" id=${editId} aria-label=${`${t('edit')}: ${label(id)}`} onClick=${() => open(id)}>${t('edit')}</button>
                  <button type="button" class="secondary" aria-label=${`${t('remove')}: ${label(id)}`} onClick=${() => void remove(id)}>${t('remove')}</button>`
            }${rowError?.id === id ? html`<p class="error" role="alert">${rowError.message}</p>` : null}</td></tr>`;
          })}</tbody>
        </table></div>`
    }
    ${
      missing.length === 0
        ? html`<p class="sub">${t('no_missing')}</p>`
        : html`<h3 id="missing-h">${t('missing_attributes')}</h3><ul class="messages missing" aria-labelledby="missing-h">${missing.map((id) => {
            const addId = `attr-add-${id}`;
            return html`<li key=${id} data-missing=${id}><span class="attr-name">${label(id)}</span>${
              editing === id
                ? editor(id, '', addId)
                : html` <button type="button" class="secondary" id=${addId} aria-label=${`${t('attr_add')}: ${label(id)}`} onClick=${() => open(id)}>${t('attr_add')}</button>`
            }</li>`;
          })}</ul>`
    }
  </section>`;
}

import { useEffect, useState } from 'preact/hooks';
import { type Account, api, type PriceList, type Product } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { FIELDS, type Field, labelKey } from './product-fields.ts';
import { errorText, inputValue } from './widgets.ts';

/** Regenerating fields with an instruction; the price (flat per call, GET /api/v1/pricing) shown before confirming. */
export function RegeneratePanel({ product, onQueued }: { product: Product; onQueued: () => void }) {
  const [chosen, setChosen] = useState<Set<Field>>(new Set());
  const [instruction, setInstruction] = useState('');
  const [model, setModel] = useState<'v1' | 'v2'>(product.agent_model);
  const [prices, setPrices] = useState<PriceList | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api<{ data: PriceList }>('GET', '/api/v1/pricing').then((res) => setPrices(res.body.data));
    void api<{ data: Account }>('GET', '/api/v1/account').then((res) => setBalance(res.body.data.credits));
  }, []);
  const price = prices?.regenerate[model] ?? null;
  const toggle = (field: Field) => {
    const next = new Set(chosen);
    if (next.has(field)) next.delete(field);
    else next.add(field);
    setChosen(next);
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (chosen.size === 0) return setError(t('pick_field'));
    setBusy(true);
    setError(null);
    try {
      const fields = Object.fromEntries([...chosen].map((field) => [field, instruction.trim()]));
      await api('POST', `/api/v1/products/regenerate/${encodeURIComponent(product.id)}`, { fields, agent_model: model });
      setChosen(new Set());
      setInstruction('');
      onQueued();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<section aria-labelledby="regen-h" class="card">
    <h2 id="regen-h">${t('regenerate_title')}</h2>
    <form onSubmit=${submit}>
      <fieldset><legend>${t('regenerate_fields')}</legend>
        ${FIELDS.map(
          (field) =>
            html`<label class="check"><input type="checkbox" name="regen-field" value=${field} checked=${chosen.has(field)} onChange=${() => toggle(field)} /> ${t(labelKey(field))}</label>`,
        )}
      </fieldset>
      <label for="regen-instruction">${t('instruction')}</label>
      <textarea id="regen-instruction" rows="2" placeholder=${t('instruction_hint')} value=${instruction} onInput=${(e: Event) => setInstruction(inputValue(e))}></textarea>
      <label for="regen-model">${t('model')}</label>
      <select id="regen-model" value=${model} onChange=${(e: Event) => setModel(inputValue(e) === 'v1' ? 'v1' : 'v2')}>
        <option value="v1">v1</option><option value="v2">v2</option>
      </select>
      <p class="price" role="status" data-testid="regen-price">${price === null ? '' : t('price_regenerate', { price, balance: balance ?? '…' })}</p>
      ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy || price === null}>${t('confirm_regenerate', { price: price ?? '…' })}</button>
    </form>
  </section>`;
}

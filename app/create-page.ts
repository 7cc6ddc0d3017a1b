import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, api } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { errorText, inputValue, Status } from './widgets.ts';

interface Quote {
  price: number;
  available: number;
  products: number;
}

interface Outcome {
  code: string;
  id: string | null;
  message: string | null;
}

interface CreateResult {
  imported_products: { code: string; id: string }[];
  failures: { code: string; message: string }[];
}

type Mode = 'codes' | 'raw';

interface Form {
  mode: Mode;
  codes: string;
  sku: string;
  title: string;
  brand: string;
  description: string;
  images: string;
  countries: string;
  model: 'v1' | 'v2';
  notes: string;
}

const START: Form = { mode: 'codes', codes: '', sku: '', title: '', brand: '', description: '', images: '', countries: 'it', model: 'v2', notes: '' };

/** The create body, exactly as the quote and the create call both take it. */
function bodyOf(form: Form): Record<string, unknown> {
  const countries = form.countries
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  const common = { countries, agent_model: form.model, ...(form.notes.trim() === '' ? {} : { notes: form.notes }) };
  if (form.mode === 'codes')
    return {
      ...common,
      codes: form.codes
        .split(/[\s,;]+/)
        .filter(Boolean)
        .join(','),
    };
  const images = form.images.split(/\s+/).filter(Boolean);
  const raw = { sku: form.sku, title: form.title, brand: form.brand, description: form.description };
  return { ...common, ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v.trim() !== '')), ...(images.length === 0 ? {} : { images }) };
}

function outcomesOf(result: CreateResult): Outcome[] {
  return [...result.imported_products.map((p) => ({ code: p.code, id: p.id, message: null })), ...result.failures.map((f) => ({ code: f.code, id: null, message: f.message }))];
}

export function CreatePage() {
  const [form, setForm] = useState<Form>(START);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const body = bodyOf(form);
  const key = JSON.stringify(body);

  // The exact price, from the server's own pricing (POST /api/v1/products/create/quote), as the form changes.
  useEffect(() => {
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const res = await api<{ data: Quote }>('POST', '/api/v1/products/create/quote', body);
        if (!current) return;
        setQuote(res.body.data);
        setQuoteError(null);
      } catch (err) {
        if (!current) return;
        setQuote(null);
        // An incomplete form (no code yet) is no error worth showing; anything else is.
        setQuoteError(err instanceof ApiFailure && err.code === 'validation_failed' ? null : errorText(err));
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ data: CreateResult }>('POST', '/api/v1/products/create', body);
      setOutcomes(outcomesOf(res.body.data));
    } catch (err) {
      const data = err instanceof ApiFailure ? (err.body.data as CreateResult | undefined) : undefined;
      if (data !== undefined) setOutcomes(outcomesOf(data));
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof Form) => (event: Event) => setForm({ ...form, [name]: inputValue(event) });
  const priceText = quote === null || quote.products === 0 ? t('price_unknown') : t('price_create', { price: quote.price, count: quote.products, balance: quote.available });

  return html`<h1 tabindex="-1">${t('create_title')}</h1>
    <form onSubmit=${submit} class="card">
      <fieldset><legend>${t('create_mode')}</legend>
        <label class="check"><input type="radio" name="mode" value="codes" checked=${form.mode === 'codes'} onChange=${() => setForm({ ...form, mode: 'codes' })} /> ${t('mode_codes')}</label>
        <label class="check"><input type="radio" name="mode" value="raw" checked=${form.mode === 'raw'} onChange=${() => setForm({ ...form, mode: 'raw' })} /> ${t('mode_raw')}</label>
      </fieldset>
      ${
        form.mode === 'codes'
          ? html`<label for="c-codes">${t('create_codes')}</label><textarea id="c-codes" rows="6" value=${form.codes} onInput=${field('codes')}></textarea>`
          : html`<label for="c-sku">${t('raw_sku')}</label><input id="c-sku" value=${form.sku} onInput=${field('sku')} />
              <label for="c-title">${t('raw_title')}</label><input id="c-title" value=${form.title} onInput=${field('title')} />
              <label for="c-brand">${t('raw_brand')}</label><input id="c-brand" value=${form.brand} onInput=${field('brand')} />
              <label for="c-description">${t('raw_description')}</label><textarea id="c-description" rows="4" value=${form.description} onInput=${field('description')}></textarea>
              <label for="c-images">${t('raw_images')}</label><textarea id="c-images" rows="2" value=${form.images} onInput=${field('images')}></textarea>`
      }
      <label for="c-countries">${t('create_countries')}</label><input id="c-countries" value=${form.countries} onInput=${field('countries')} />
      <label for="c-model">${t('model')}</label>
      <select id="c-model" value=${form.model} onChange=${(e: Event) => setForm({ ...form, model: inputValue(e) === 'v1' ? 'v1' : 'v2' })}><option value="v1">v1</option><option value="v2">v2</option></select>
      <label for="c-notes">${t('notes')}</label><textarea id="c-notes" rows="2" value=${form.notes} onInput=${field('notes')}></textarea>
      <p class="price" role="status" data-testid="create-price">${priceText}</p>
      ${quoteError === null ? null : html`<p class="error">${quoteError}</p>`}
      ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy || quote === null || quote.products === 0}>${t('create_submit', { price: quote?.price ?? '…' })}</button>
    </form>
    <${Status} message=${null} />
    ${
      outcomes === null
        ? null
        : html`<section aria-labelledby="outcome-h"><h2 id="outcome-h" tabindex="-1">${t('outcome')}</h2><div class="table-wrap"><table class="outcomes">
            <thead><tr><th scope="col">${t('code')}</th><th scope="col">${t('outcome')}</th></tr></thead>
            <tbody>${outcomes.map(
              (o) => html`<tr data-code=${o.code}><td>${o.id === null ? o.code : html`<a href=${`#/products/${encodeURIComponent(o.id)}`}>${o.code}</a>`}</td>
                <td>${o.message === null ? html`<span class="badge state-queued">${t('outcome_queued')}</span>` : html`<span class="badge state-failed">${t('outcome_invalid', { message: o.message })}</span>`}</td></tr>`,
            )}</tbody></table></div></section>`
    }`;
}

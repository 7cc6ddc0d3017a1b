import { useEffect, useState } from 'preact/hooks';
// The create's own rules, run by the page as the API runs them (served under /app/domain/).
import { checkProductCode } from '../src/domain/codes.ts';
import { type CreateRequestInput, planCreate } from '../src/domain/create-request.ts';
import { isHttpUrl } from '../src/domain/web-url.ts';
import { ApiFailure, api, type CreateResult, type Quote } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { errorText, inputValue, Status } from './widgets.ts';

interface Outcome {
  code: string;
  id: string | null;
  message: string | null;
}

type Mode = 'codes' | 'raw';

interface Form {
  mode: Mode;
  codes: string;
  /** The one code that may go with raw data (optional). */
  code: string;
  sku: string;
  title: string;
  brand: string;
  description: string;
  images: string;
  countries: string;
  model: 'v1' | 'v2';
  notes: string;
}

const START: Form = { mode: 'codes', codes: '', code: '', sku: '', title: '', brand: '', description: '', images: '', countries: 'it', model: 'v2', notes: '' };

/** The create body, exactly as the quote and the create call both take it. */
function bodyOf(form: Form): CreateRequestInput {
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
  return {
    ...common,
    ...(form.code.trim() === '' ? {} : { codes: form.code.trim() }),
    ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v.trim() !== '')),
    ...(images.length === 0 ? {} : { images }),
  };
}

/** What the API would refuse or not create, by field of the form; `ready` when the create would queue something. */
interface Check {
  problems: Partial<Record<'code' | 'codes' | 'images' | 'countries', string>>;
  ready: boolean;
}

/**
 * The form judged by the API's own rules before anything is sent: a code's check digit, image
 * URLs, countries, and whether the create is complete (a code, or a description or images). An
 * incomplete form is not a problem to show, only not ready: nothing is quoted until it is.
 */
function checkForm(form: Form, body: CreateRequestInput): Check {
  const problems: Check['problems'] = {};
  if (form.mode === 'raw') {
    const code = form.code.trim();
    const checked = code === '' ? null : checkProductCode(code);
    if (checked !== null && !checked.ok) problems.code = checked.message;
    const badImages = (body.images ?? []).filter((url) => !isHttpUrl(url));
    if (badImages.length > 0) problems.images = t('raw_images_invalid', { urls: badImages.join(', ') });
  }
  const planned = planCreate(body);
  if (!planned.ok) {
    const countries = planned.errors.countries;
    if (countries !== undefined && form.countries.trim() !== '') problems.countries = countries.join(' ');
    return { problems, ready: false };
  }
  if (form.mode === 'codes' && planned.plan.failures.length > 0) problems.codes = planned.plan.failures.map((f) => f.message).join(' ');
  return { problems, ready: planned.plan.products.length > 0 && problems.code === undefined && problems.images === undefined };
}

/**
 * Whether the person has stopped typing for a moment (or left the field): a code is judged only
 * then, since a 13-digit EAN typed digit by digit passes through lengths of other codes (8, 9, 12)
 * that would each be reported wrong for an instant.
 */
function usePaused(value: string, ms = 600): [boolean, () => void] {
  const [paused, setPaused] = useState(true);
  useEffect(() => {
    setPaused(false);
    const timer = setTimeout(() => setPaused(true), ms);
    return () => clearTimeout(timer);
  }, [value]);
  return [paused, () => setPaused(true)];
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
  const check = checkForm(form, body);
  const [codePaused, codeLeft] = usePaused(form.code);
  const [codesPaused, codesLeft] = usePaused(form.codes);
  const [imagesPaused, imagesLeft] = usePaused(form.images);
  const [countriesPaused, countriesLeft] = usePaused(form.countries);
  const shown = {
    code: codePaused ? check.problems.code : undefined,
    codes: codesPaused ? check.problems.codes : undefined,
    images: imagesPaused ? check.problems.images : undefined,
    countries: countriesPaused ? check.problems.countries : undefined,
  };

  // The exact price, from the server's own pricing (POST /api/v1/products/create/quote), as the
  // form changes; asked only of a form the API would take, never of one it would refuse.
  useEffect(() => {
    if (!check.ready) {
      setQuote(null);
      setQuoteError(null);
      return;
    }
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
        setQuoteError(errorText(err));
      }
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, check.ready]);

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
  /** A field's hint and its problem, if any, tied to it for assistive technology. */
  const described = (id: string, problem: string | undefined, hint = false) => ({
    'aria-invalid': problem === undefined ? undefined : 'true',
    'aria-describedby': [hint ? `${id}-hint` : null, problem === undefined ? null : `${id}-error`].filter((x) => x !== null).join(' ') || undefined,
  });
  // Always on the page, so a problem appearing in it is read out (politely) as the person types.
  const problemOf = (id: string, problem: string | undefined) => html`<p id=${`${id}-error`} class="error field-error" aria-live="polite">${problem ?? ''}</p>`;
  const priceText = quote === null || quote.products === 0 ? t('price_unknown') : t('price_create', { price: quote.price, count: quote.products, balance: quote.available });

  return html`<h1 tabindex="-1">${t('create_title')}</h1>
    <form onSubmit=${submit} class="card">
      <fieldset><legend>${t('create_mode')}</legend>
        <label class="check"><input type="radio" name="mode" value="codes" checked=${form.mode === 'codes'} onChange=${() => setForm({ ...form, mode: 'codes' })} /> ${t('mode_codes')}</label>
        <label class="check"><input type="radio" name="mode" value="raw" checked=${form.mode === 'raw'} onChange=${() => setForm({ ...form, mode: 'raw' })} /> ${t('mode_raw')}</label>
      </fieldset>
      ${
        form.mode === 'codes'
          ? html`<label for="c-codes">${t('create_codes')}</label><textarea id="c-codes" rows="6" value=${form.codes} onInput=${field('codes')} onBlur=${codesLeft} ...${described('c-codes', shown.codes)}></textarea>
              ${problemOf('c-codes', shown.codes)}`
          : html`<label for="c-code">${t('raw_code')}</label>
              <input id="c-code" autocomplete="off" spellcheck="false" value=${form.code} onInput=${field('code')} onBlur=${codeLeft} ...${described('c-code', shown.code, true)} />
              <p id="c-code-hint" class="sub">${t('raw_code_hint')}</p>
              ${problemOf('c-code', shown.code)}
              <label for="c-sku">${t('raw_sku')}</label><input id="c-sku" value=${form.sku} onInput=${field('sku')} />
              <label for="c-title">${t('raw_title')}</label><input id="c-title" value=${form.title} onInput=${field('title')} />
              <label for="c-brand">${t('raw_brand')}</label><input id="c-brand" value=${form.brand} onInput=${field('brand')} />
              <label for="c-description">${t('raw_description')}</label><textarea id="c-description" rows="4" value=${form.description} onInput=${field('description')}></textarea>
              <label for="c-images">${t('raw_images')}</label><textarea id="c-images" rows="2" value=${form.images} onInput=${field('images')} onBlur=${imagesLeft} ...${described('c-images', shown.images)}></textarea>
              ${problemOf('c-images', shown.images)}`
      }
      <label for="c-countries">${t('create_countries')}</label><input id="c-countries" value=${form.countries} onInput=${field('countries')} onBlur=${countriesLeft} ...${described('c-countries', shown.countries)} />
      ${problemOf('c-countries', shown.countries)}
      <label for="c-model">${t('model')}</label>
      <select id="c-model" value=${form.model} onChange=${(e: Event) => setForm({ ...form, model: inputValue(e) === 'v1' ? 'v1' : 'v2' })}><option value="v1">v1</option><option value="v2">v2</option></select>
      <label for="c-notes">${t('notes')}</label><textarea id="c-notes" rows="2" value=${form.notes} onInput=${field('notes')}></textarea>
      <p class="price" role="status" data-testid="create-price">${priceText}</p>
      ${quoteError === null ? null : html`<p class="error">${quoteError}</p>`}
      ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy || !check.ready || quote === null || quote.products === 0}>${t('create_submit', { price: quote?.price ?? '…' })}</button>
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

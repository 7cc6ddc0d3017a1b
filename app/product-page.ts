import { useEffect, useState } from 'preact/hooks';
import { api, type Product } from './api.ts';
import { AttributesSection } from './attributes-section.ts';
import { CategorySection } from './category-section.ts';
import { FieldCard } from './field-card.ts';
import { HistoryPanel } from './history-panel.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';
import { FIELDS, generalIssues } from './product-fields.ts';
import { RegeneratePanel } from './regenerate-panel.ts';
import { errorText, focusLater, PublicationBadge, StateBadge, Status, usePolling } from './widgets.ts';

type Loaded = { kind: 'ready'; product: Product } | { kind: 'processing'; state: 'queued' | 'processing' } | { kind: 'error'; message: string };

function ImagesSection({ product }: { product: Product }) {
  if (product.images.length === 0) return null;
  return html`<section aria-labelledby="images-h"><h2 id="images-h">${t('images')}</h2><ul class="images">
    ${product.images.map((image, i) =>
      'renditions' in image
        ? html`<li>
            ${image.renditions[0] === undefined ? null : html`<img src=${(image.renditions.find((r) => r.size_label === '200') ?? image.renditions[0]).url} alt=${`${product.title ?? ''} ${i + 1}`} width="120" />`}
            <div class="sub">${t('renditions')}: ${image.renditions.map((r) => html`<a href=${r.url}>${r.size_label} ${r.format} ${r.width}×${r.height}</a> `)}</div>
            <div class="sub">${t('source')}: ${image.source} · ${t('licence')}: ${image.licence ?? '—'}</div>
          </li>`
        : html`<li><a href=${image.url} rel="noreferrer noopener" target="_blank">${t('image_link')} ${i + 1}</a><div class="sub">${image.source ?? ''} ${image.licence ?? ''}</div></li>`,
    )}
  </ul></section>`;
}

function GenerationSection({ product }: { product: Product }) {
  const generation = product.generation;
  if (generation === null) return null;
  const usage = generation.usage;
  return html`<section aria-labelledby="gen-h"><h2 id="gen-h">${t('generation')}</h2><dl class="facts-list">
    <dt>${t('engine')}</dt><dd>${usage === null ? generation.agent_model : [usage.engine, usage.provider, usage.model].filter(Boolean).join(' · ')}</dd>
    <dt>${t('model')}</dt><dd>${generation.agent_model} (${generation.kind})</dd>
    ${usage === null ? null : html`<dt>${t('tokens')}</dt><dd>${usage.tokens_in} / ${usage.tokens_out}</dd><dt>${t('time')}</dt><dd>${(usage.latency_ms / 1000).toFixed(2)} s</dd>`}
  </dl></section>`;
}

export function ProductPage({ id }: { id: string }) {
  const [country, setCountry] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);

  const load = async (background = false) => {
    try {
      const path = `/api/v1/products/details/${encodeURIComponent(id)}${country === null ? '' : `/${country}`}`;
      const res = await api<{ status: string; product: Product }>('GET', path, undefined, { background });
      if (res.status === 202) setLoaded({ kind: 'processing', state: res.body.product.state as 'queued' | 'processing' });
      else {
        setLoaded({ kind: 'ready', product: res.body.product });
        if (country === null) setCountry(res.body.product.country);
      }
    } catch (err) {
      setLoaded({ kind: 'error', message: errorText(err) });
    }
  };
  useEffect(() => {
    void load();
  }, [id, country]);
  usePolling(loaded?.kind === 'processing', () => void load(true));
  const changed = async (note: string) => {
    setMessage(note);
    setHistoryVersion((v) => v + 1);
    await load();
  };

  if (loaded === null) return html`<h1 tabindex="-1">${t('loading')}</h1>`;
  if (loaded.kind === 'error') return html`<h1 tabindex="-1">${id}</h1><p class="error" role="alert">${loaded.message}</p><p><a href="#/products">${t('back')}</a></p>`;
  if (loaded.kind === 'processing')
    return html`<h1 tabindex="-1">${id}</h1><p><${StateBadge} state=${loaded.state} /></p><p role="status">${t('processing_note')}</p><${Status} message=${message} /><p><a href="#/products">${t('back')}</a></p>`;

  const product = loaded.product;
  const general = generalIssues(product).map((issue) => issue.message);
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = product.countries.indexOf(product.country);
    const next = product.countries[(index + (event.key === 'ArrowRight' ? 1 : product.countries.length - 1)) % product.countries.length];
    if (next !== undefined) {
      setCountry(next);
      focusLater(`tab-${next}`);
    }
  };
  return html`<p><a href="#/products">${t('back')}</a></p>
    <h1 tabindex="-1">${product.title ?? product.code ?? product.id}</h1>
    <p class="meta">${[product.code, product.sku].filter(Boolean).join(' · ')} <${StateBadge} state=${product.state} /> <${PublicationBadge} state=${product.publication_state} /></p>
    ${product.brand === null ? null : html`<p class="meta product-brand">${t('product_brand')}: ${product.brand}</p>`}
    ${product.failure === null ? null : html`<p class="error">${t('failed_note', { message: product.failure.message })}</p>`}
    <${Status} message=${message} />
    <div role="tablist" aria-label=${t('countries')} class="tabs" onKeyDown=${onTabKey}>
      ${product.countries.map(
        (c) =>
          html`<button type="button" role="tab" id=${`tab-${c}`} aria-selected=${c === product.country ? 'true' : 'false'} aria-controls="country-panel" tabindex=${c === product.country ? 0 : -1} onClick=${() => setCountry(c)}>${c.toUpperCase()}</button>`,
      )}
    </div>
    <div role="tabpanel" id="country-panel" aria-labelledby=${`tab-${product.country}`} class="panel">
      ${general.length === 0 ? null : html`<section aria-labelledby="checks-h"><h2 id="checks-h">${t('validation')}</h2><ul class="messages">${general.map((m) => html`<li>${m}</li>`)}</ul></section>`}
      ${FIELDS.map((field) => html`<${FieldCard} key=${`${product.country}-${field}`} product=${product} field=${field} onSaved=${() => changed(t('saved'))} />`)}
      <${CategorySection} key=${`cat-${product.country}`} product=${product} onChanged=${changed} />
      <${AttributesSection} key=${product.country} product=${product} onChanged=${changed} />
      <${ImagesSection} product=${product} />
      <${GenerationSection} product=${product} />
    </div>
    <${RegeneratePanel} product=${product} onQueued=${() => changed(t('regenerate_queued'))} />
    <${HistoryPanel} key=${historyVersion} productId=${product.id} onRestored=${(count: number) => changed(t('restored', { count }))} />`;
}

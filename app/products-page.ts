import { useEffect, useState } from 'preact/hooks';
import { api, type ListItem, type ProductList, type PublicationState } from './api.ts';
import { html } from './html.ts';
import { formatTime, t } from './i18n.ts';
import { errorText, inputValue, PublicationBadge, StateBadge, Status, usePolling } from './widgets.ts';

interface Filters {
  search: string;
  state: string;
  publication_state: string;
  country: string;
  brand: string;
}

const EMPTY: Filters = { search: '', state: '', publication_state: '', country: '', brand: '' };

function queryOf(filters: Filters, page: number): string {
  const query = new URLSearchParams({ page: String(page), per_page: '50' });
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') query.set(name, value.trim());
  return query.toString();
}

function nameOf(item: ListItem): string {
  const first = Object.values(item.countries)[0];
  return first?.title ?? item.code ?? item.sku ?? item.id;
}

export function ProductsPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ProductList | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = (background = false) =>
    api<{ data: ProductList }>('GET', `/api/v1/products?${queryOf(filters, page)}`, undefined, { background })
      .then((res) => setList(res.body.data))
      .catch((err: unknown) => setMessage({ text: errorText(err), error: true }));
  useEffect(() => {
    void load();
  }, [filters, page]);
  const pending = list?.data.some((item) => item.state === 'queued' || item.state === 'processing') ?? false;
  usePolling(pending, () => void load(true));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allIds = list?.data.map((item) => item.id) ?? [];
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const setPublication = async (state: PublicationState) => {
    const ids = [...selected];
    try {
      await api('PUT', '/api/v1/inventories/set-publication-state', { ids: ids.join(','), publication_state: state });
      setMessage({ text: t('set_done', { count: ids.length, state: t(`pub_${state}`) }), error: false });
      setSelected(new Set());
      await load();
    } catch (err) {
      setMessage({ text: errorText(err), error: true });
    }
  };
  const field = (name: keyof Filters) => (event: Event) => setDraft({ ...draft, [name]: inputValue(event) });

  return html`<h1 tabindex="-1">${t('products_title')}</h1>
    <form class="filters" role="search" onSubmit=${(e: Event) => {
      e.preventDefault();
      setPage(1);
      setFilters(draft);
    }}>
      <div><label for="f-search">${t('search')}</label><input id="f-search" type="search" placeholder=${t('search_hint')} value=${draft.search} onInput=${field('search')} /></div>
      <div><label for="f-state">${t('filter_state')}</label>
        <select id="f-state" value=${draft.state} onChange=${field('state')}>
          <option value="">${t('any')}</option>
          ${(['queued', 'processing', 'completed', 'failed'] as const).map((s) => html`<option value=${s}>${t(`state_${s}`)}</option>`)}
        </select></div>
      <div><label for="f-pub">${t('filter_publication')}</label>
        <select id="f-pub" value=${draft.publication_state} onChange=${field('publication_state')}>
          <option value="">${t('any')}</option>
          ${(['pending_review', 'ready', 'online'] as const).map((s) => html`<option value=${s}>${t(`pub_${s}`)}</option>`)}
        </select></div>
      <div><label for="f-country">${t('filter_country')}</label><input id="f-country" size="4" maxlength="2" value=${draft.country} onInput=${field('country')} /></div>
      <div><label for="f-brand">${t('filter_brand')}</label><input id="f-brand" value=${draft.brand} onInput=${field('brand')} /></div>
      <button type="submit">${t('apply')}</button>
    </form>
    <div class="bulk" role="group" aria-label=${t('selected', { count: selected.size })}>
      <span>${t('selected', { count: selected.size })}</span>
      <button type="button" disabled=${selected.size === 0} onClick=${() => setPublication('ready')}>${t('set_ready')}</button>
      <button type="button" disabled=${selected.size === 0} onClick=${() => setPublication('online')}>${t('set_online')}</button>
    </div>
    <${Status} message=${message?.text ?? null} error=${message?.error} />
    ${pending ? html`<p class="hint">${t('live')}</p>` : null}
    ${
      list === null
        ? html`<p>${t('loading')}</p>`
        : list.data.length === 0
          ? html`<p>${t('no_products')}</p>`
          : html`<div class="table-wrap"><table class="products">
      <thead><tr>
        <th scope="col"><input type="checkbox" aria-label=${t('select_all')} checked=${allSelected} onChange=${() => setSelected(allSelected ? new Set() : new Set(allIds))} /></th>
        <th scope="col">${t('col_product')}</th><th scope="col">${t('col_state')}</th><th scope="col">${t('col_publication')}</th><th scope="col">${t('col_messages')}</th><th scope="col">${t('col_updated')}</th>
      </tr></thead>
      <tbody aria-live="polite">
        ${list.data.map(
          (item) => html`<tr key=${item.id} data-product=${item.code ?? item.id}>
            <td><input type="checkbox" aria-label=${t('select_product', { name: nameOf(item) })} checked=${selected.has(item.id)} onChange=${() => toggle(item.id)} /></td>
            <td><a href=${`#/products/${encodeURIComponent(item.id)}`}>${nameOf(item)}</a><div class="sub">${[item.code, item.sku, Object.keys(item.countries).join(' ')].filter(Boolean).join(' · ')}</div></td>
            <td><${StateBadge} state=${item.state} /></td>
            <td><${PublicationBadge} state=${item.publication_state} /></td>
            <td>${item.validation_messages.length}</td>
            <td>${formatTime(item.updated_at)}</td>
          </tr>`,
        )}
      </tbody></table></div>
      <nav class="pager" aria-label=${t('page_of', { page: list.current_page, last: list.last_page, total: list.total })}>
        <button type="button" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>${t('previous')}</button>
        <span>${t('page_of', { page: list.current_page, last: list.last_page, total: list.total })}</span>
        <button type="button" disabled=${page >= list.last_page} onClick=${() => setPage(page + 1)}>${t('next')}</button>
      </nav>`
    }`;
}

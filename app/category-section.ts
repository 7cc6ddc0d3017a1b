import { useEffect, useState } from 'preact/hooks';
import { api, type Product, updateProduct } from './api.ts';
import { html } from './html.ts';
import { language, t } from './i18n.ts';
import { errorText, focusLater } from './widgets.ts';

// The product's categories beside the facts they were read from: Google's category, changed by
// searching Google's tree; the account's own category, picked from its tree, a generation's
// proposal confirmed with one click.

interface Found {
  id: string;
  path: string[];
}

/** The account's own tree, id → full path; empty when it has none. */
function useOwnTree(): Record<string, string> | null {
  const [tree, setTree] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    api<{ tree: Record<string, string> }>('GET', '/api/v1/custom-category').then(
      (res) => setTree(res.body.tree),
      () => setTree({}),
    );
  }, []);
  return tree;
}

function GoogleSearch({ product, onChosen }: { product: Product; onChosen: (note: string) => Promise<void> }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    setError(null);
    if (query.trim() === '') return;
    try {
      const params = new URLSearchParams({ search: query, language: product.language || language, limit: '10' });
      const res = await api<{ data: Found[] }>('GET', `/api/v1/google-categories?${params}`);
      setFound(res.body.data);
      focusLater('category-results-h');
    } catch (err) {
      setError(errorText(err));
    }
  };
  const choose = async (category: Found) => {
    setError(null);
    try {
      await updateProduct(product, { google_category_id: category.id });
      setFound(null);
      setQuery('');
      await onChosen(t('category_saved', { path: category.path.join(' > ') }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return html`<form role="search" class="category-search" onSubmit=${search}>
    <label for="category-search">${t('category_search')}</label>
    <input id="category-search" type="search" value=${query} onInput=${(e: Event) => setQuery((e.target as HTMLInputElement).value)} />
    <button type="submit" class="secondary">${t('search')}</button>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${
      found === null
        ? null
        : html`<h3 id="category-results-h" tabindex="-1">${t('category_results', { count: found.length })}</h3>
          <ul class="category-results">${found.map(
            (c) =>
              html`<li key=${c.id}><button type="button" class="secondary" data-category=${c.id} onClick=${() => void choose(c)}>${c.path.join(' > ')}</button> <span class="sub">${c.id}</span></li>`,
          )}</ul>`
    }
  </form>`;
}

function OwnCategory({ product, tree, onChanged }: { product: Product; tree: Record<string, string>; onChanged: (note: string) => Promise<void> }) {
  const [picked, setPicked] = useState(product.category_id ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async (categoryId: string | null, note: string) => {
    setError(null);
    try {
      await updateProduct(product, { category_id: categoryId });
      await onChanged(note);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const ids = Object.keys(tree);
  const shown = product.category_id === null ? t('no_category') : (tree[product.category_id] ?? product.category_id);
  return html`<dt>${t('own_category')}</dt>
    <dd data-testid="own-category">${shown}${
      product.category_id_proposed && product.category_id !== null
        ? html` <span class="badge proposed">${t('category_proposed')}</span> <button type="button" class="secondary" onClick=${() => void save(product.category_id, t('category_confirmed'))}>${t('confirm_category', { category: shown })}</button>`
        : null
    }
    ${
      ids.length === 0
        ? html`<p class="sub">${t('no_own_tree')}</p>`
        : html`<form class="own-category" onSubmit=${(e: Event) => {
            e.preventDefault();
            void save(picked === '' ? null : picked, t('category_saved', { path: picked === '' ? t('no_category') : (tree[picked] ?? picked) }));
          }}>
          <label for="own-category-pick">${t('own_category_pick')}</label>
          <select id="own-category-pick" value=${picked} onChange=${(e: Event) => setPicked((e.target as HTMLSelectElement).value)}>
            <option value="">${t('no_category')}</option>
            ${ids.map((id) => html`<option key=${id} value=${id}>${tree[id]}</option>`)}
          </select>
          <button type="submit" class="secondary">${t('save')}</button>
        </form>`
    }
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}</dd>`;
}

export function CategorySection({ product, onChanged }: { product: Product; onChanged: (note: string) => Promise<void> }) {
  const tree = useOwnTree();
  const facts = product.facts.filter((f) => f.key === 'category');
  return html`<section aria-labelledby="category-h" class="categories">
    <h2 id="category-h">${t('category')}</h2>
    <dl class="facts-list">
      <dt>${t('google_category')}</dt>
      <dd data-testid="google-category">${product.category.length === 0 ? t('not_classified') : html`${product.category.join(' > ')} <span class="sub">${product.google_category_id}</span>`}</dd>
      <dt>${t('category_facts')}</dt>
      <dd data-testid="category-facts">${
        facts.length === 0
          ? html`<span class="sub">${t('no_category_facts')}</span>`
          : html`<ul>${facts.map((f) => html`<li key=${f.id}><span class="badge">${f.source}</span> ${f.value}</li>`)}</ul>`
      }</dd>
      ${tree === null ? null : html`<${OwnCategory} product=${product} tree=${tree} onChanged=${onChanged} />`}
      <dt>${t('tags')}</dt>
      <dd data-testid="tags">${product.tags.length === 0 ? html`<span class="sub">${t('no_tags')}</span>` : product.tags.join(', ')}</dd>
    </dl>
    <${GoogleSearch} product=${product} onChosen=${onChanged} />
  </section>`;
}

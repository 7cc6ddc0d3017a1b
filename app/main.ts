import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { reportActivity, resumeSession, signIn, signOut, whenSignedOut } from './api.ts';
import { AccountPage } from './account-page.ts';
import { CreatePage } from './create-page.ts';
import { html } from './html.ts';
import { language, t } from './i18n.ts';
import { ProductPage } from './product-page.ts';
import { ProductsPage } from './products-page.ts';
import { errorText } from './widgets.ts';

// Routes live in the hash (#/products/<id>), so the server serves one page for all of them.

type Route = { page: 'products' } | { page: 'product'; id: string } | { page: 'create' } | { page: 'account' };

function routeOf(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  if (parts[0] === 'products' && parts[1]) return { page: 'product', id: decodeURIComponent(parts[1]) };
  if (parts[0] === 'create') return { page: 'create' };
  if (parts[0] === 'account') return { page: 'account' };
  return { page: 'products' };
}

function useRoute(): Route {
  const [route, setRoute] = useState(routeOf(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

function SignIn({ onSignedIn, notice }: { onSignedIn: () => void; notice: string | null }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(token);
      setToken('');
      onSignedIn();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<main id="main" class="narrow">
    <h1>${t('sign_in_title')}</h1>
    ${notice === null ? null : html`<p class="notice" role="status">${notice}</p>`}
    <p>${t('sign_in_intro')}</p>
    <form onSubmit=${submit}>
      <label for="token">${t('token')}</label>
      <input id="token" name="token" type="password" autocomplete="off" required value=${token} onInput=${(e: Event) => setToken((e.target as HTMLInputElement).value)} aria-describedby=${error === null ? undefined : 'sign-in-error'} />
      ${error === null ? null : html`<p id="sign-in-error" class="error" role="alert">${error}</p>`}
      <button type="submit" disabled=${busy}>${t('sign_in')}</button>
    </form>
  </main>`;
}

function Layout({ route, onSignOut }: { route: Route; onSignOut: () => void }) {
  const main = useRef<HTMLElement>(null);
  // While signed in, typing and clicking keep the session from ending as idle.
  useEffect(() => reportActivity(), []);
  // A new page moves focus to its heading, so a screen reader announces where the user now is.
  useEffect(() => {
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route.page, route.page === 'product' ? route.id : '']);
  const current = (page: Route['page']) => (route.page === page || (page === 'products' && route.page === 'product') ? 'page' : undefined);
  return html`<a class="skip" href="#main" onClick=${(e: Event) => {
    e.preventDefault();
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }}>${t('skip')}</a>
    <header class="top">
      <span class="brand">${t('app_name')}</span>
      <nav aria-label=${t('nav')}>
        <a href="#/products" aria-current=${current('products')}>${t('nav_products')}</a>
        <a href="#/create" aria-current=${current('create')}>${t('nav_create')}</a>
        <a href="#/account" aria-current=${current('account')}>${t('nav_account')}</a>
      </nav>
      <button type="button" class="link" onClick=${onSignOut}>${t('sign_out')}</button>
    </header>
    <main id="main" ref=${main}>
      ${route.page === 'products' ? html`<${ProductsPage} />` : null}
      ${route.page === 'product' ? html`<${ProductPage} key=${route.id} id=${route.id} />` : null}
      ${route.page === 'create' ? html`<${CreatePage} />` : null}
      ${route.page === 'account' ? html`<${AccountPage} />` : null}
    </main>`;
}

function App() {
  const route = useRoute();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    whenSignedOut(() => {
      setNotice(t('signed_out'));
      setSignedIn(false);
    });
    void resumeSession().then(setSignedIn);
  }, []);
  if (signedIn === null) return html`<p role="status">${t('loading')}</p>`;
  if (!signedIn) return html`<${SignIn} notice=${notice} onSignedIn=${() => setSignedIn(true)} />`;
  return html`<${Layout}
    route=${route}
    onSignOut=${async () => {
      await signOut();
      setNotice(null);
      setSignedIn(false);
    }}
  />`;
}

document.documentElement.lang = language;
document.title = t('app_name');
const root = document.getElementById('root');
if (root !== null) render(html`<${App} />`, root);

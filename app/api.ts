// The page's only way to the server: the integrator API, with the session cookie the browser
// sends by itself and the CSRF token every change must carry (POST /api/v1/session).

import type * as Wire from './api-types.ts';

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** An error answer in the API's envelope: its code, message and per-field messages. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]>;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    const errors = (body.errors ?? {}) as Record<string, string[]>;
    const first = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
    super(typeof body.message === 'string' && first.length === 0 ? body.message : first.join('; ') || `HTTP ${status}`);
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : 'http_error';
    this.errors = errors;
    this.body = body;
  }
}

/** When the page last sent something that counts as use of the session (anything but a background refresh). */
let lastUseAt = 0;
/** How often, at most, the user's activity alone is reported as use: the server records use to the minute anyway. */
const ACTIVITY_REPORT_MS = 60_000;

/**
 * Reports the user's typing and clicking as use of the session, even when it sends nothing (a
 * long edit of a description): else the idle timeout would end the session under the user, and
 * the save would meet a sign-out and lose what was typed. At most once a minute, and only while
 * nothing else the user did went to the server. Returns the function that stops it.
 */
export function reportActivity(): () => void {
  const onActivity = () => {
    if (Date.now() - lastUseAt < ACTIVITY_REPORT_MS) return;
    lastUseAt = Date.now();
    fetch('/api/v1/session', { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(() => {});
  };
  const events = ['keydown', 'pointerdown'] as const;
  for (const type of events) document.addEventListener(type, onActivity, { capture: true, passive: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onActivity, { capture: true });
  };
}

/** Called when an answer says the session is over (signed out elsewhere, token revoked). */
let onSignedOut: () => void = () => {};
export function whenSignedOut(callback: () => void): void {
  onSignedOut = callback;
}

/**
 * `background`: the page's own automatic refresh, not something the user did. The server serves
 * it as usual but does not count it as use of the session, so a page left open still signs out
 * after APP_SESSION_IDLE_MINUTES.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { background?: boolean } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.background === true) headers['x-vetrina-background'] = '1';
  else lastUseAt = Date.now();
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const parsed = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 401 && path !== '/api/v1/session') onSignedOut();
  if (!res.ok) throw new ApiFailure(res.status, parsed);
  return { status: res.status, body: parsed as T };
}

/** Changes fields of one country's record of a product (the update route: content, attributes, family). */
export function updateProduct(product: Pick<Product, 'id' | 'country'>, changes: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  return api('POST', '/api/v1/products/update', { code: product.id, country: product.country, ...changes });
}

/** Sign-in: the token goes to the server once, as a Bearer header, and is never kept by the page. */
export async function signIn(token: string): Promise<void> {
  const res = await fetch('/api/v1/session', {
    method: 'POST',
    headers: { authorization: `Bearer ${token.trim()}`, 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  });
  const parsed = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new ApiFailure(res.status, parsed);
  lastUseAt = Date.now();
  setCsrfToken((parsed as { data: { csrf_token: string } }).data.csrf_token);
}

/** Whether the cookie still holds a session; restores the CSRF token after a reload. */
export async function resumeSession(): Promise<boolean> {
  const res = await fetch('/api/v1/session', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  lastUseAt = Date.now();
  if (!res.ok) return false;
  const parsed = (await res.json()) as { data: { csrf_token: string | null } };
  setCsrfToken(parsed.data.csrf_token);
  return parsed.data.csrf_token !== null;
}

export async function signOut(): Promise<void> {
  await api('DELETE', '/api/v1/session').catch(() => {});
  setCsrfToken(null);
}

/** A catalogue file sent with upload progress (fetch reports none), then the finished import. */
export function uploadCatalogue(file: File, onProgress: (fraction: number) => void): Promise<CatalogueImport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/catalogue/imports');
    const type = file.name.endsWith('.jsonl') || file.name.endsWith('.ndjson') ? 'application/x-ndjson' : file.name.endsWith('.tsv') ? 'text/tab-separated-values' : 'text/csv';
    xhr.setRequestHeader('content-type', type);
    if (csrfToken !== null) xhr.setRequestHeader('x-csrf-token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const parsed = JSON.parse(xhr.responseText || '{}') as Record<string, unknown>;
      if (xhr.status >= 200 && xhr.status < 300) resolve((parsed as { data: CatalogueImport }).data);
      else reject(new ApiFailure(xhr.status, parsed));
    };
    xhr.onerror = () => reject(new ApiFailure(0, { message: 'network error' }));
    xhr.send(file);
  });
}

// The shapes the page reads, named as the page names them: each is the OpenAPI document's own, by
// way of app/api-types.ts (generated from it by `npm run openapi:client`), so a change of the API
// that the page does not follow fails `tsc -p app`. Type-only: nothing of it reaches the browser.

export type Product = Wire.Product;
export type ProductState = Product['state'];
export type PublicationState = Product['publication_state'];
export type ValidationIssue = Wire.ValidationIssue;
export type ProductList = Wire.GetProductsData['data'];
export type ListItem = ProductList['data'][number];
export type HistoryVersion = Wire.HistoryResponse['data']['versions'][number];
export type FieldValue = NonNullable<HistoryVersion['fields'][string]>['before'];
export type Account = Wire.Account;
export type LedgerEntry = Wire.GetAccountLedgerData['data']['entries'][number];
export type CatalogueImport = Wire.GetCatalogueImportsByIdData['data'];
export type PriceList = Wire.PricingResponse['data'];
export type Quote = Wire.CreateQuoteResponse['data'];
export type CreateResult = Wire.CreateResult;
export type WebhookEndpoint = Wire.WebhookEndpoint;
/** The answer to a rotation: the endpoint, its new secret (once) and until when the previous one signs too. */
export type RotatedSecret = Wire.PostWebhooksByIdSecretRotateData['data'];
export type WebhookDelivery = Wire.GetWebhooksByIdDeliveriesData['data']['deliveries'][number];
export type Attribute = Wire.Attribute;

// The page's only way to the server: the integrator API, with the session cookie the browser
// sends by itself and the CSRF token every change must carry (POST /api/v1/session).

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

// The shapes the page reads (a subset of the OpenAPI document's).

export type ProductState = 'queued' | 'processing' | 'completed' | 'failed';
export type PublicationState = 'pending_review' | 'ready' | 'online';

export interface ListItem {
  id: string;
  code: string | null;
  sku: string | null;
  state: ProductState;
  publication_state: PublicationState;
  countries: Record<string, { title: string | null; brand: string | null }>;
  thumb: string | null;
  validation_messages: string[];
  updated_at: string;
}

export interface ProductList {
  data: ListItem[];
  current_page: number;
  last_page: number;
  total: number;
}

export interface Fact {
  id: string;
  key: string;
  attribute?: string;
  value: string;
  source: string;
  licence: string | null;
  url?: string;
}

export interface Rendition {
  url: string;
  width: number;
  height: number;
  format: string;
  size_label: string;
}

export type ProductImage = { url: string; source?: string; licence?: string | null } | { source_url: string; source: string; licence: string | null; renditions: Rendition[] };

export interface GenerationUsage {
  engine: string;
  provider: string | null;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  latency_ms: number;
}

export interface Product {
  id: string;
  code: string | null;
  sku: string | null;
  brand: string | null;
  state: ProductState;
  publication_state: PublicationState;
  agent_model: 'v1' | 'v2';
  country: string;
  countries: string[];
  title: string | null;
  short_description: string | null;
  description: string | null;
  key_features: string[];
  global_attr: Record<string, string>;
  title_tag: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  images: ProductImage[];
  sources: Record<string, string[]>;
  validation_messages: string[];
  failure: { reason: string; message: string } | null;
  facts: Fact[];
  generation: { id: string; kind: string; agent_model: string; usage: GenerationUsage | null } | null;
  /** Accounts with an attribute schema only. */
  family?: string | null;
  family_proposed?: boolean;
  completeness?: number | null;
  missing_attributes?: string[];
}

export type FieldValue = string | string[] | null;

export interface HistoryVersion {
  id: string;
  country: string;
  change: string;
  generation: GenerationUsage | null;
  created_at: string;
  fields: Record<string, { before: FieldValue; after: FieldValue }>;
}

export interface Account {
  id: string;
  name: string;
  credits: number;
  settings: { image_standardization: boolean };
  agent_models: { v1: string; v2: string };
}

export interface LedgerEntry {
  id: string;
  delta: number;
  balance_after: number;
  reason: string;
  product_id: string | null;
  created_at: string;
}

export interface CatalogueImport {
  id: string;
  state: 'running' | 'completed' | 'failed';
  rows_read: number;
  rows_imported: number;
  rows_rejected: number;
  rejections?: { line: number | null; reason: string }[];
  failure: string | null;
}

export interface PriceList {
  create: { base: { v1: number; v2: number }; per_extra_country: number; image_standardization: number };
  regenerate: { v1: number; v2: number };
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: string[] | null;
  status: 'enabled' | 'disabled';
  validation_messages: string[];
  created_at: string;
}

/** The answer to a rotation: the endpoint, its new secret (once) and until when the previous one signs too. */
export interface RotatedSecret extends WebhookEndpoint {
  secret: string | null;
  previous_secret_expires_at: string | null;
}

export interface WebhookDelivery {
  id: string;
  type: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface Attribute {
  attribute_id: string;
  name: string;
  type: string;
  unit: string | null;
  options?: { value: string }[];
}

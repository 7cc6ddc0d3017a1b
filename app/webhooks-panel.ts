import { useEffect, useState } from 'preact/hooks';
import { api, type WebhookDelivery, type WebhookEndpoint } from './api.ts';
import { html } from './html.ts';
import { formatTime, type MessageKey, t } from './i18n.ts';
import { errorText, inputValue, Status } from './widgets.ts';

// The account's webhook endpoints: register (the secret shown once), ping, deliveries, delete.

const EVENTS = ['product.completed', 'product.failed', 'product.publication_state_changed', 'credits.low'] as const;

function Deliveries({ endpointId, version }: { endpointId: string; version: number }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    api<{ data: { deliveries: WebhookDelivery[] } }>('GET', `/api/v1/webhooks/${endpointId}/deliveries?limit=20`).then(
      (res) => setDeliveries(res.body.data.deliveries),
      (err: unknown) => setError(errorText(err)),
    );
  useEffect(() => {
    void load();
  }, [endpointId, version]);
  if (error !== null) return html`<p class="error" role="alert">${error}</p>`;
  if (deliveries === null) return html`<p>${t('loading')}</p>`;
  if (deliveries.length === 0) return html`<p class="sub">${t('wh_no_deliveries')}</p>`;
  return html`<div class="table-wrap"><table data-testid=${`deliveries-${endpointId}`}>
      <caption>${t('wh_deliveries')}</caption>
      <thead><tr><th scope="col">${t('wh_event')}</th><th scope="col">${t('wh_state')}</th><th scope="col">${t('wh_attempts')}</th><th scope="col">${t('wh_last_status')}</th><th scope="col">${t('wh_next_attempt')}</th><th scope="col">${t('wh_delivered_at')}</th></tr></thead>
      <tbody>${deliveries.map(
        (d) =>
          html`<tr data-state=${d.state}><td>${d.type}</td><td>${t(`wh_state_${d.state}` as MessageKey)}</td><td class="num">${d.attempts}</td><td>${d.last_status ?? d.last_error ?? '—'}</td><td>${d.next_attempt_at === null ? '—' : formatTime(d.next_attempt_at)}</td><td>${d.delivered_at === null ? '—' : formatTime(d.delivered_at)}</td></tr>`,
      )}</tbody>
    </table></div>
    <button type="button" class="secondary" onClick=${() => void load()}>${t('wh_refresh')}</button>`;
}

function EndpointItem({ endpoint, onChanged }: { endpoint: WebhookEndpoint; onChanged: (note: string) => void }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ping = async () => {
    setError(null);
    try {
      await api('POST', `/api/v1/webhooks/${endpoint.id}/test`, {});
      setShowDeliveries(true);
      setVersion((v) => v + 1);
      onChanged(t('wh_ping_sent'));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await api('DELETE', `/api/v1/webhooks/${endpoint.id}`);
      onChanged(t('wh_deleted', { url: endpoint.url }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const label = endpoint.description ?? endpoint.url;
  return html`<li class="card webhook" data-endpoint=${endpoint.id} aria-label=${label}>
    <p class="wh-url"><strong>${endpoint.url}</strong> <span class=${`badge wh-${endpoint.status}`}>${t(`wh_status_${endpoint.status}` as MessageKey)}</span></p>
    ${endpoint.description === null ? null : html`<p class="sub">${endpoint.description}</p>`}
    <p class="sub">${t('wh_events')}: ${endpoint.events === null ? t('wh_all_events') : endpoint.events.join(', ')}</p>
    ${endpoint.validation_messages.length === 0 ? null : html`<ul class="messages">${endpoint.validation_messages.map((m) => html`<li>${m}</li>`)}</ul>`}
    <div class="actions">
      <button type="button" class="secondary" onClick=${ping} aria-label=${t('wh_ping_label', { url: endpoint.url })}>${t('wh_ping')}</button>
      <button type="button" class="secondary" aria-expanded=${showDeliveries ? 'true' : 'false'} onClick=${() => setShowDeliveries(!showDeliveries)}>${t('wh_deliveries')}</button>
      ${
        confirming
          ? html`<span role="group" aria-label=${t('wh_confirm_delete', { url: endpoint.url })}>${t('wh_confirm_delete', { url: endpoint.url })}
              <button type="button" onClick=${remove}>${t('wh_delete_yes')}</button>
              <button type="button" class="secondary" onClick=${() => setConfirming(false)}>${t('cancel')}</button></span>`
          : html`<button type="button" class="secondary" onClick=${() => setConfirming(true)} aria-label=${t('wh_delete_label', { url: endpoint.url })}>${t('wh_delete')}</button>`
      }
    </div>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${showDeliveries ? html`<${Deliveries} endpointId=${endpoint.id} version=${version} />` : null}
  </li>`;
}

function RegisterForm({ onRegistered }: { onRegistered: (secret: string | null) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { url: url.trim(), ...(events.length === 0 ? {} : { events }), ...(description.trim() === '' ? {} : { description: description.trim() }) };
      const res = await api<{ data: { secret: string | null } }>('POST', '/api/v1/webhooks', body);
      setUrl('');
      setDescription('');
      setEvents([]);
      onRegistered(res.body.data.secret);
    } catch (err) {
      setError(errorText(err));
    }
  };
  const toggle = (name: string, on: boolean) => setEvents((old) => (on ? [...old.filter((e) => e !== name), name] : old.filter((e) => e !== name)));
  return html`<form onSubmit=${submit} class="wh-form">
    <label for="wh-url">${t('wh_url')}</label>
    <input id="wh-url" type="url" required value=${url} onInput=${(e: Event) => setUrl(inputValue(e))} placeholder="https://shop.example.com/vetrina-hook" />
    <label for="wh-description">${t('wh_description')}</label>
    <input id="wh-description" value=${description} onInput=${(e: Event) => setDescription(inputValue(e))} />
    <fieldset><legend>${t('wh_events_pick')}</legend>
      ${EVENTS.map(
        (name) =>
          html`<label class="check"><input type="checkbox" checked=${events.includes(name)} onChange=${(e: Event) => toggle(name, (e.target as HTMLInputElement).checked)} /> ${name}</label>`,
      )}
    </fieldset>
    <button type="submit">${t('wh_register')}</button>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
  </form>`;
}

export function WebhooksPanel() {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    api<{ data: WebhookEndpoint[] }>('GET', '/api/v1/webhooks').then(
      (res) => setEndpoints(res.body.data),
      (err: unknown) => setError(errorText(err)),
    );
  useEffect(() => {
    void load();
  }, []);
  const changed = (note: string) => {
    setMessage(note);
    void load();
  };
  return html`<section aria-labelledby="wh-h" class="card">
    <h2 id="wh-h">${t('webhooks')}</h2>
    <p class="sub">${t('webhooks_hint')}</p>
    <${Status} message=${message} />
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${
      secret === null
        ? null
        : html`<div class="secret" role="alert">
            <p><strong>${t('wh_secret_once')}</strong></p>
            <label for="wh-secret">${t('wh_secret')}</label>
            <input id="wh-secret" readonly value=${secret} onFocus=${(e: Event) => (e.target as HTMLInputElement).select()} />
            <button type="button" class="secondary" onClick=${() => setSecret(null)}>${t('wh_secret_done')}</button>
          </div>`
    }
    ${endpoints === null ? html`<p>${t('loading')}</p>` : endpoints.length === 0 ? html`<p>${t('wh_none')}</p>` : html`<ul class="webhooks">${endpoints.map((e) => html`<${EndpointItem} key=${e.id} endpoint=${e} onChanged=${changed} />`)}</ul>`}
    <h3>${t('wh_register_title')}</h3>
    <${RegisterForm}
      onRegistered=${(s: string | null) => {
        setSecret(s);
        changed(t('wh_registered'));
      }}
    />
  </section>`;
}

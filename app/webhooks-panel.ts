import { useEffect, useState } from 'preact/hooks';
import { api, type RotatedSecret, type WebhookDelivery, type WebhookEndpoint } from './api.ts';
import { html } from './html.ts';
import { formatTime, type MessageKey, t } from './i18n.ts';
import { errorText, focusLater, type FormError, formError, InlineConfirm, inputValue, Status } from './widgets.ts';

// The account's webhook endpoints: register (the secret shown once), change, enable or disable,
// rotate the secret (the new one shown once), ping, deliveries, delete.

const EVENTS = ['product.completed', 'product.failed', 'product.publication_state_changed', 'credits.low'] as const;

/** How long the previous secret keeps signing after a rotation; a day is the API's default. */
const GRACE_CHOICES: readonly { seconds: number; key: MessageKey }[] = [
  { seconds: 0, key: 'wh_grace_none' },
  { seconds: 3600, key: 'wh_grace_hour' },
  { seconds: 86_400, key: 'wh_grace_day' },
  { seconds: 604_800, key: 'wh_grace_week' },
];

/** The endpoint's url, description and events, changed in place; what was typed stays when the API refuses it. */
function EditForm({ endpoint, onSaved, onCancel }: { endpoint: WebhookEndpoint; onSaved: () => void; onCancel: () => void }) {
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint.events ?? []);
  const [error, setError] = useState<FormError | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `wh-edit-${name}-${endpoint.id}`;
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    // Only what changed is sent: an untouched form saves nothing, and a new description alone leaves the url as it is.
    const picked = EVENTS.filter((e) => events.includes(e));
    const before = endpoint.events ?? [];
    const newDescription = description.trim() === '' ? null : description.trim();
    const body = {
      ...(url.trim() === endpoint.url ? {} : { url: url.trim() }),
      ...(newDescription === endpoint.description ? {} : { description: newDescription }),
      ...(picked.length === before.length && picked.every((e) => before.includes(e)) ? {} : { events: picked.length === 0 ? null : picked }),
    };
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    setSaving(true);
    try {
      await api('PATCH', `/api/v1/webhooks/${endpoint.id}`, body);
      onSaved();
    } catch (err) {
      setError(formError(err, ['url', 'description', 'events']));
    } finally {
      setSaving(false);
    }
  };
  const toggle = (name: string, on: boolean) => setEvents((old) => (on ? [...old.filter((e) => e !== name), name] : old.filter((e) => e !== name)));
  const fieldError = (field: string) => {
    const message = error?.fields[field];
    return message === undefined ? null : html`<p id=${id(`${field}-error`)} class="error" role="alert">${message}</p>`;
  };
  const invalid = (field: string) => (error?.fields[field] === undefined ? {} : { 'aria-invalid': 'true', 'aria-describedby': id(`${field}-error`) });
  return html`<form class="wh-form wh-edit" aria-label=${t('wh_edit_form', { url: endpoint.url })} onSubmit=${submit} onKeyDown=${(e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  }}>
    <label for=${id('url')}>${t('wh_url')}</label>
    <input id=${id('url')} type="url" required value=${url} onInput=${(e: Event) => setUrl(inputValue(e))} ...${invalid('url')} />
    ${fieldError('url')}
    <label for=${id('description')}>${t('wh_description')}</label>
    <input id=${id('description')} value=${description} onInput=${(e: Event) => setDescription(inputValue(e))} ...${invalid('description')} />
    ${fieldError('description')}
    <fieldset><legend>${t('wh_events_pick')}</legend>
      ${EVENTS.map(
        (name) =>
          html`<label class="check"><input type="checkbox" checked=${events.includes(name)} onChange=${(e: Event) => toggle(name, (e.target as HTMLInputElement).checked)} /> ${name}</label>`,
      )}
    </fieldset>
    ${fieldError('events')}
    ${error?.general == null ? null : html`<p class="error" role="alert">${error.general}</p>`}
    <div class="actions">
      <button type="submit" disabled=${saving}>${t('wh_save_changes')}</button>
      <button type="button" class="secondary" onClick=${onCancel}>${t('cancel')}</button>
    </div>
  </form>`;
}

/** A new secret for the endpoint, the previous one signing beside it for the grace period chosen. */
function RotateForm({ endpoint, onRotated, onCancel }: { endpoint: WebhookEndpoint; onRotated: (rotated: RotatedSecret) => void; onCancel: () => void }) {
  const [grace, setGrace] = useState(86_400);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const res = await api<{ data: RotatedSecret }>('POST', `/api/v1/webhooks/${endpoint.id}/secret/rotate`, { expire_previous_after_seconds: grace });
      onRotated(res.body.data);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="wh-form wh-rotate" aria-label=${t('wh_rotate_form', { url: endpoint.url })} onSubmit=${submit} onKeyDown=${(e: KeyboardEvent) => {
    if (e.key === 'Escape') onCancel();
  }}>
    <fieldset><legend>${t('wh_grace_pick')}</legend>
      ${GRACE_CHOICES.map(
        (choice) =>
          html`<label class="check"><input type="radio" id=${`wh-grace-${choice.seconds}-${endpoint.id}`} name=${`wh-grace-${endpoint.id}`} value=${choice.seconds} checked=${grace === choice.seconds} onChange=${() => setGrace(choice.seconds)} /> ${t(choice.key)}</label>`,
      )}
    </fieldset>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    <div class="actions">
      <button type="submit" disabled=${busy}>${t('wh_rotate_now')}</button>
      <button type="button" class="secondary" onClick=${onCancel}>${t('cancel')}</button>
    </div>
  </form>`;
}

/** The rotated secret, shown this once, and until when the previous one still signs. */
function RotatedNotice({ endpoint, rotated, onDone }: { endpoint: WebhookEndpoint; rotated: RotatedSecret; onDone: () => void }) {
  const inputId = `wh-new-secret-${endpoint.id}`;
  const expires = rotated.previous_secret_expires_at;
  return html`<div class="secret" role="alert">
    <p><strong>${t('wh_rotated_once')}</strong></p>
    ${
      rotated.secret === null
        ? html`<p>${t('wh_rotated_replayed')}</p>`
        : html`<label for=${inputId}>${t('wh_new_secret')}</label>
          <input id=${inputId} readonly value=${rotated.secret} onFocus=${(e: Event) => (e.target as HTMLInputElement).select()} />`
    }
    <p data-testid="previous-secret">${expires === null ? t('wh_previous_stopped') : html`${t('wh_previous_until')} <time datetime=${expires}>${formatTime(expires)}</time>.`}</p>
    <button type="button" class="secondary" onClick=${onDone}>${t('wh_secret_done')}</button>
  </div>`;
}

/** Deliveries shown at a time; older ones are added below, a page at a time, by the API's `before` cursor. */
const DELIVERY_PAGE = 20;

function Deliveries({ endpointId, version }: { endpointId: string; version: number }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** The newest page (again, on a refresh), or the page older than `before` added below the ones shown. */
  const load = (before: string | null) => {
    setError(null);
    const query = `limit=${DELIVERY_PAGE}${before === null ? '' : `&before=${encodeURIComponent(before)}`}`;
    return api<{ data: { deliveries: WebhookDelivery[]; next_before: string | null } }>('GET', `/api/v1/webhooks/${endpointId}/deliveries?${query}`).then(
      (res) => {
        setDeliveries((shown) => (before === null ? res.body.data.deliveries : [...(shown ?? []), ...res.body.data.deliveries]));
        setNextBefore(res.body.data.next_before);
      },
      (err: unknown) => setError(errorText(err)),
    );
  };
  const older = async () => {
    if (nextBefore === null) return;
    setLoadingOlder(true);
    await load(nextBefore);
    setLoadingOlder(false);
  };
  useEffect(() => {
    void load(null);
  }, [endpointId, version]);
  const errorLine = error === null ? null : html`<p class="error" role="alert">${error}</p>`;
  if (deliveries === null) return errorLine ?? html`<p>${t('loading')}</p>`;
  if (deliveries.length === 0) return html`${errorLine}<p class="sub">${t('wh_no_deliveries')}</p>`;
  return html`<div class="table-wrap"><table data-testid=${`deliveries-${endpointId}`}>
      <caption>${t('wh_deliveries')}</caption>
      <thead><tr><th scope="col">${t('wh_event')}</th><th scope="col">${t('wh_state')}</th><th scope="col">${t('wh_attempts')}</th><th scope="col">${t('wh_last_status')}</th><th scope="col">${t('wh_next_attempt')}</th><th scope="col">${t('wh_delivered_at')}</th></tr></thead>
      <tbody>${deliveries.map(
        (d) =>
          html`<tr key=${d.id} data-state=${d.state}><td>${d.type}</td><td>${t(`wh_state_${d.state}` as MessageKey)}</td><td class="num">${d.attempts}</td><td>${d.last_status ?? d.last_error ?? '—'}</td><td>${d.next_attempt_at === null ? '—' : formatTime(d.next_attempt_at)}</td><td>${d.delivered_at === null ? '—' : formatTime(d.delivered_at)}</td></tr>`,
      )}</tbody>
    </table></div>
    <p class="sub" role="status">${t(nextBefore === null ? 'wh_deliveries_all' : 'wh_deliveries_shown', { count: deliveries.length })}</p>
    ${errorLine}
    <div class="actions">
      ${nextBefore === null ? null : html`<button type="button" class="secondary" disabled=${loadingOlder} onClick=${older}>${t('wh_older_deliveries')}</button>`}
      <button type="button" class="secondary" onClick=${() => void load(null)}>${t('wh_refresh')}</button>
    </div>`;
}

function EndpointItem({ endpoint, onChanged }: { endpoint: WebhookEndpoint; onChanged: (note: string) => void }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [version, setVersion] = useState(0);
  // The change being asked about in place: disabling gives up pending deliveries, deleting the endpoint.
  const [confirming, setConfirming] = useState<'disable' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<'edit' | 'rotate' | null>(null);
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const editButton = `wh-edit-button-${endpoint.id}`;
  const rotateButton = `wh-rotate-button-${endpoint.id}`;
  const toggleButton = `wh-toggle-button-${endpoint.id}`;
  const deleteButton = `wh-delete-button-${endpoint.id}`;
  const confirmCancel = `wh-confirm-cancel-${endpoint.id}`;
  const ask = (what: 'disable' | 'delete') => {
    setConfirming(what);
    focusLater(confirmCancel);
  };
  const answered = (buttonId: string) => {
    setConfirming(null);
    focusLater(buttonId);
  };
  const enabled = endpoint.status === 'enabled';
  const setEnabled = async (on: boolean) => {
    setError(null);
    try {
      await api('PATCH', `/api/v1/webhooks/${endpoint.id}`, { enabled: on });
      onChanged(t(on ? 'wh_enabled_note' : 'wh_disabled_note', { url: endpoint.url }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  // Enabling gives nothing up, so it needs no question.
  const toggle = () => (enabled ? ask('disable') : void setEnabled(true));
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
      <button type="button" class="secondary" id=${editButton} aria-expanded=${form === 'edit' ? 'true' : 'false'} aria-label=${t('wh_edit_label', { url: endpoint.url })} onClick=${() => {
        setForm(form === 'edit' ? null : 'edit');
        if (form !== 'edit') focusLater(`wh-edit-url-${endpoint.id}`);
      }}>${t('edit')}</button>
      ${
        confirming === 'disable'
          ? html`<${InlineConfirm}
              question=${t('wh_confirm_disable', { url: endpoint.url })}
              yes=${t('wh_disable_yes')}
              cancelId=${confirmCancel}
              onYes=${() => {
                answered(toggleButton);
                void setEnabled(false);
              }}
              onCancel=${() => answered(toggleButton)}
            />`
          : html`<button type="button" class="secondary" id=${toggleButton} aria-label=${t(enabled ? 'wh_disable_label' : 'wh_enable_label', { url: endpoint.url })} onClick=${toggle}>${t(enabled ? 'wh_disable' : 'wh_enable')}</button>`
      }
      <button type="button" class="secondary" id=${rotateButton} aria-expanded=${form === 'rotate' ? 'true' : 'false'} aria-label=${t('wh_rotate_label', { url: endpoint.url })} onClick=${() => {
        setForm(form === 'rotate' ? null : 'rotate');
        if (form !== 'rotate') focusLater(`wh-grace-86400-${endpoint.id}`);
      }}>${t('wh_rotate')}</button>
      <button type="button" class="secondary" onClick=${ping} aria-label=${t('wh_ping_label', { url: endpoint.url })}>${t('wh_ping')}</button>
      <button type="button" class="secondary" aria-expanded=${showDeliveries ? 'true' : 'false'} onClick=${() => setShowDeliveries(!showDeliveries)}>${t('wh_deliveries')}</button>
      ${
        confirming === 'delete'
          ? html`<${InlineConfirm}
              question=${t('wh_confirm_delete', { url: endpoint.url })}
              yes=${t('wh_delete_yes')}
              cancelId=${confirmCancel}
              onYes=${remove}
              onCancel=${() => answered(deleteButton)}
            />`
          : html`<button type="button" class="secondary" id=${deleteButton} onClick=${() => ask('delete')} aria-label=${t('wh_delete_label', { url: endpoint.url })}>${t('wh_delete')}</button>`
      }
    </div>
    ${error === null ? null : html`<p class="error" role="alert">${error}</p>`}
    ${
      form === 'edit'
        ? html`<${EditForm}
            endpoint=${endpoint}
            onSaved=${() => {
              setForm(null);
              onChanged(t('wh_changed'));
              focusLater(editButton);
            }}
            onCancel=${() => {
              setForm(null);
              focusLater(editButton);
            }}
          />`
        : null
    }
    ${
      form === 'rotate'
        ? html`<${RotateForm}
            endpoint=${endpoint}
            onRotated=${(r: RotatedSecret) => {
              setForm(null);
              setRotated(r);
              onChanged(t('wh_rotated', { url: endpoint.url }));
              focusLater(`wh-new-secret-${endpoint.id}`);
            }}
            onCancel=${() => {
              setForm(null);
              focusLater(rotateButton);
            }}
          />`
        : null
    }
    ${
      rotated === null
        ? null
        : html`<${RotatedNotice}
            endpoint=${endpoint}
            rotated=${rotated}
            onDone=${() => {
              setRotated(null);
              focusLater(rotateButton);
            }}
          />`
    }
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

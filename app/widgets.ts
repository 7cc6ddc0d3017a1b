import { useEffect, useRef } from 'preact/hooks';
import { ApiFailure, type ProductState, type PublicationState } from './api.ts';
import { html } from './html.ts';
import { type MessageKey, t } from './i18n.ts';

/** Moves focus to the element of `id` once the render under way has put it on the page. */
export const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export function errorText(err: unknown): string {
  if (err instanceof ApiFailure || err instanceof Error) return t('error', { message: err.message });
  return t('error', { message: String(err) });
}

/** An API refusal split for a form: each named field's messages to show beside it, the rest together. */
export interface FormError {
  fields: Record<string, string>;
  general: string | null;
}

export function formError(err: unknown, fields: readonly string[]): FormError {
  if (!(err instanceof ApiFailure)) return { fields: {}, general: errorText(err) };
  const known: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(err.errors)) {
    if (fields.includes(field)) known[field] = messages.join(' ');
    else rest.push(messages.join(' '));
  }
  if (rest.length > 0) return { fields: known, general: t('error', { message: rest.join(' ') }) };
  return { fields: known, general: Object.keys(known).length === 0 ? errorText(err) : null };
}

export function StateBadge({ state }: { state: ProductState }) {
  return html`<span class=${`badge state-${state}`}>${t(`state_${state}` as MessageKey)}</span>`;
}

export function PublicationBadge({ state }: { state: PublicationState }) {
  return html`<span class=${`badge pub-${state}`}>${t(`pub_${state}` as MessageKey)}</span>`;
}

/**
 * Calls `tick` every `ms` while `active`; short polling, stopped as soon as nothing is pending.
 * Its requests go with `{ background: true }`: they keep no session alive.
 */
export function usePolling(active: boolean, tick: () => void, ms = 1500): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}

/** A polite live region: what just happened, read out without moving focus. */
export function Status({ message, error }: { message: string | null; error?: boolean }) {
  return html`<p class=${error === true ? 'error' : 'notice'} role=${error === true ? 'alert' : 'status'}>${message ?? ''}</p>`;
}

export function inputValue(event: Event): string {
  return (event.target as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value;
}

/**
 * A question asked in place, before a change that gives something up. The focus goes to Cancel,
 * the answer that changes nothing, so an Enter pressed too soon does no harm; Escape cancels.
 * The caller moves the focus on after either answer.
 */
export function InlineConfirm(props: { question: string; yes: string; cancelId: string; onYes: () => void; onCancel: () => void }) {
  return html`<span role="group" class="confirm" aria-label=${props.question} onKeyDown=${(e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    props.onCancel();
  }}>${props.question}
    <button type="button" onClick=${props.onYes}>${props.yes}</button>
    <button type="button" class="secondary" id=${props.cancelId} onClick=${props.onCancel}>${t('cancel')}</button></span>`;
}

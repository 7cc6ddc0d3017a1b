import type { Attribute } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';

// The control a person expects for one attribute's value, by the schema's type: a number field
// with its unit, yes or no, a select of the options (checkboxes when several may be chosen), or
// text. Each keeps its value as the text the update route takes (`global_attr.<id>`), so what is
// typed or picked is exactly what is sent.

/** Multi-select values as the API stores and takes them: the options' values joined by this. */
const MULTI_SEPARATOR = ' | ';

/** The value as a control holds it, and whether a number field holds something that is no number. */
export interface Draft {
  text: string;
  notANumber: boolean;
}

export type ControlKind = 'number' | 'boolean' | 'single' | 'multi' | 'text';

export interface ControlProps {
  /** Chosen once from the value the editor opened with (`controlKind`), so the control never changes under the typing. */
  kind: ControlKind;
  /** The first control's id: the label points at it and the editor focuses it on opening. */
  inputId: string;
  name: string;
  attribute: Attribute | undefined;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /** Ids of the hint and error that describe the control, space separated, or '' for none. */
  describedBy: string;
  invalid: boolean;
}

// A number as the HTML number field writes one (`valueAsNumber` read back as text).
const NUMBER_TEXT = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Which control the value gets. A stored value the control could not show (a number field cannot
 * hold "9 W", written before the attribute was typed) keeps a text field, so nothing is lost
 * unseen; the API still reads or refuses it on saving.
 */
export function controlKind(attribute: Attribute | undefined, initial: string): ControlKind {
  switch (attribute?.type) {
    case 'number':
      return initial === '' || NUMBER_TEXT.test(initial) ? 'number' : 'text';
    case 'boolean':
      return 'boolean';
    case 'single-select':
      return 'single';
    case 'multi-select':
      return 'multi';
    default:
      return 'text';
  }
}

/**
 * The number written so the update route reads it as meant: plain digits, no exponent, no
 * grouping. A value such as "7.125" (one to three digits, a separator, three digits) is refused
 * by the API, which cannot tell a decimal part from a thousands group without the text's
 * language; a trailing zero ("7.1250") leaves it one reading.
 */
export function numberForApi(value: number): string {
  const plain = value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 100 });
  return /^[-+]?[1-9]\d{0,2}\.\d{3}$/.test(plain) ? `${plain}0` : plain;
}

/** What the update route is sent for this draft; null when it is no number and nothing should be sent. */
export function valueForApi(kind: ControlKind, draft: Draft): string | null {
  if (kind !== 'number') return draft.text;
  if (draft.notANumber) return null;
  // Empty goes as it is: the API's own refusal ("is empty") says what is missing.
  return draft.text.trim() === '' ? '' : numberForApi(Number(draft.text));
}

/** The options a select offers: the schema's, and a stored value that is none of them (so it is shown, not dropped). */
function optionValues(attribute: Attribute | undefined, chosen: readonly string[]): string[] {
  const options = (attribute?.options ?? []).map((o) => o.value);
  return [...options, ...chosen.filter((c) => c !== '' && !options.includes(c))];
}

function partsOf(text: string): string[] {
  return text
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function AttributeControl(props: ControlProps) {
  const { kind, inputId, name, attribute, draft, onChange, invalid } = props;
  const describedBy = props.describedBy === '' ? undefined : props.describedBy;
  const ariaInvalid = invalid ? 'true' : undefined;
  const unit = attribute?.unit ?? null;
  const label = html`<label for=${inputId}>${name}${unit === null ? '' : ` (${unit})`}</label>`;
  const setText = (text: string) => onChange({ text, notANumber: false });
  switch (kind) {
    case 'number':
      return html`${label}
        <span class="with-unit">
          <input id=${inputId} type="number" step="any" inputmode="decimal" value=${draft.text} aria-invalid=${ariaInvalid} aria-describedby=${describedBy}
            onInput=${(e: Event) => {
              const input = e.target as HTMLInputElement;
              onChange({ text: input.value, notANumber: input.validity.badInput });
            }} />
          ${unit === null ? null : html`<span class="unit" aria-hidden="true">${unit}</span>`}
        </span>`;
    case 'boolean': {
      const choices = [
        { value: 'true', label: t('yes') },
        { value: 'false', label: t('no') },
      ];
      return html`<fieldset class="attr-choices" role="radiogroup" aria-invalid=${ariaInvalid} aria-describedby=${describedBy}>
        <legend>${name}</legend>
        ${choices.map(
          (c, i) =>
            html`<label class="check"><input type="radio" id=${i === 0 ? inputId : `${inputId}-${c.value}`} name=${inputId} value=${c.value} checked=${draft.text === c.value} onChange=${() => setText(c.value)} /> ${c.label}</label>`,
        )}
      </fieldset>`;
    }
    case 'single':
      return html`${label}
        <select id=${inputId} aria-invalid=${ariaInvalid} aria-describedby=${describedBy} onChange=${(e: Event) => setText((e.target as HTMLSelectElement).value)}>
          <option value="" disabled=${draft.text !== ''}>${t('attr_choose')}</option>
          ${optionValues(attribute, [draft.text]).map((value) => html`<option value=${value} selected=${draft.text === value}>${value}</option>`)}
        </select>`;
    case 'multi': {
      const chosen = partsOf(draft.text);
      const all = optionValues(attribute, chosen);
      const toggle = (value: string, on: boolean) => {
        const next = all.filter((v) => (v === value ? on : chosen.includes(v)));
        setText(next.join(MULTI_SEPARATOR));
      };
      return html`<fieldset class="attr-choices" aria-describedby=${describedBy}>
        <legend>${name}</legend>
        ${all.map(
          (value, i) =>
            html`<label class="check"><input type="checkbox" id=${i === 0 ? inputId : `${inputId}-${i}`} checked=${chosen.includes(value)} aria-invalid=${ariaInvalid} onChange=${(e: Event) => toggle(value, (e.target as HTMLInputElement).checked)} /> ${value}</label>`,
        )}
      </fieldset>`;
    }
    case 'text':
      return html`${label}
        <input id=${inputId} value=${draft.text} aria-invalid=${ariaInvalid} aria-describedby=${describedBy} onInput=${(e: Event) => setText((e.target as HTMLInputElement).value)} />`;
  }
}

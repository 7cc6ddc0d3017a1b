import type { Attribute } from './api.ts';
import { html } from './html.ts';
import { t } from './i18n.ts';

// The control a person expects for one attribute's value, by the schema's type: a number field
// with its unit, yes or no, a select of the options (checkboxes when several may be chosen), or
// text. Each keeps its value as the text the update route takes (`global_attr.<id>`), so what is
// typed or picked is exactly what is sent.
//
// A number is typed in a text field with a decimal keypad, not `<input type="number">`: Chromium's
// number field drops a comma it does not expect, so "7,5" typed in an English-speaking browser
// became 75 without a word. The API reads "7,5", "7.5" and "0,5 kW" (converted to the unit) and
// refuses, with its reason, what it cannot read one way ("7.125": decimals or thousands?).

/** Multi-select values as the API stores and takes them: the options' values joined by this. */
const MULTI_SEPARATOR = ' | ';

export type ControlKind = 'number' | 'boolean' | 'single' | 'multi' | 'text';

export interface ControlProps {
  kind: ControlKind;
  /** The first control's id: the label points at it and the editor focuses it on opening. */
  inputId: string;
  name: string;
  attribute: Attribute | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Ids of the hint and error that describe the control, space separated, or '' for none. */
  describedBy: string;
  invalid: boolean;
}

export function controlKind(attribute: Attribute | undefined): ControlKind {
  switch (attribute?.type) {
    case 'number':
      return 'number';
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
  const { kind, inputId, name, attribute, value: text, onChange, invalid } = props;
  const describedBy = props.describedBy === '' ? undefined : props.describedBy;
  const ariaInvalid = invalid ? 'true' : undefined;
  const unit = attribute?.unit ?? null;
  const label = html`<label for=${inputId}>${name}${unit === null ? '' : ` (${unit})`}</label>`;
  switch (kind) {
    case 'number':
      return html`${label}
        <span class="with-unit">
          <input id=${inputId} inputmode="decimal" autocomplete="off" value=${text} aria-invalid=${ariaInvalid} aria-describedby=${describedBy} onInput=${(e: Event) => onChange((e.target as HTMLInputElement).value)} />
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
            html`<label class="check"><input type="radio" id=${i === 0 ? inputId : `${inputId}-${c.value}`} name=${inputId} value=${c.value} checked=${text === c.value} onChange=${() => onChange(c.value)} /> ${c.label}</label>`,
        )}
      </fieldset>`;
    }
    case 'single':
      return html`${label}
        <select id=${inputId} aria-invalid=${ariaInvalid} aria-describedby=${describedBy} onChange=${(e: Event) => onChange((e.target as HTMLSelectElement).value)}>
          <option value="" disabled=${text !== ''}>${t('attr_choose')}</option>
          ${optionValues(attribute, [text]).map((value) => html`<option value=${value} selected=${text === value}>${value}</option>`)}
        </select>`;
    case 'multi': {
      const chosen = partsOf(text);
      const all = optionValues(attribute, chosen);
      const toggle = (value: string, on: boolean) => {
        const next = all.filter((v) => (v === value ? on : chosen.includes(v)));
        onChange(next.join(MULTI_SEPARATOR));
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
        <input id=${inputId} value=${text} aria-invalid=${ariaInvalid} aria-describedby=${describedBy} onInput=${(e: Event) => onChange((e.target as HTMLInputElement).value)} />`;
  }
}

// A value written for an attribute (by a person, a caller's instruction or a model) put in the
// attribute's one stored form, or refused with a reason a person can act on. Pure.
import { booleanNamed } from './boolean-value.ts';
import { formatNumber, numberValue } from './number-value.ts';
import { type AttributeDef, MULTI_VALUE_SEPARATOR } from './schema.ts';
import { optionNamed, optionsNamed } from './select-value.ts';

export type Conformed = { ok: true; value: string } | { ok: false; message: string };

const optionList = (attribute: AttributeDef) => attribute.options.map((o) => o.value).join(', ');

/**
 * `bareIsUnit`: a bare number is in the attribute's unit. True for a person's edit; false for a
 * model's or a fact's text, which must state the unit when the attribute has one. `language`: the
 * text's, which decides whether "1.200" is 1200 or 1.2 (unknown: neither).
 */
export function conformValue(attribute: AttributeDef, text: string, bareIsUnit: boolean, language: string | null = null): Conformed {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: `The value of ${attribute.attribute_id} is empty.` };
  switch (attribute.type) {
    case 'number': {
      const value = numberValue(trimmed, attribute.unit, bareIsUnit, language);
      if (value !== undefined) return { ok: true, value: formatNumber(value) };
      const unit = attribute.unit === null ? '' : ` in ${attribute.unit} (or another unit of the same kind, such as "1,2 kg")`;
      const grouping = /\d[.,]\d{3}(?!\d)/.test(trimmed) ? ' A separator before three digits may group thousands or mark decimals: write 1200 or 1.2.' : '';
      return { ok: false, message: `${attribute.attribute_id} is a number${unit}; "${trimmed.slice(0, 80)}" is not one.${grouping}` };
    }
    case 'boolean': {
      const value = booleanNamed(trimmed);
      if (value !== undefined) return { ok: true, value: String(value) };
      return { ok: false, message: `${attribute.attribute_id} is a yes or no value (true or false); "${trimmed.slice(0, 80)}" is neither.` };
    }
    case 'single-select': {
      const option = optionNamed(attribute.options, trimmed);
      if (option !== undefined) return { ok: true, value: option.value };
      return { ok: false, message: `${attribute.attribute_id} must be one of its options (${optionList(attribute)}); "${trimmed.slice(0, 80)}" is none of them.` };
    }
    case 'multi-select': {
      const options = optionsNamed(attribute.options, trimmed);
      if (options !== undefined) return { ok: true, value: options.map((o) => o.value).join(MULTI_VALUE_SEPARATOR) };
      return {
        ok: false,
        message: `${attribute.attribute_id} takes values from its options only (${optionList(attribute)}), separated by "|"; "${trimmed.slice(0, 80)}" names another.`,
      };
    }
    case 'text':
    case 'rich-text':
      return { ok: true, value: trimmed };
  }
}

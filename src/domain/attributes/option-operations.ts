// Select options as the API changes them: a list of operations (CC shape), options not named kept. Pure.
import { attributeName } from '../facts.ts';
import { addError, type FieldErrors } from '../validation.ts';
import { fold } from './fold.ts';
import type { AttributeOption } from './schema.ts';

/** One operation as sent: `{action, value?, value_id?, new_name?, new_value_id?, <existing key>: null}`. */
export type OptionOperation = Record<string, unknown>;

const OPERATION_KEYS = new Set(['action', 'value', 'value_id', 'new_name', 'new_value_id']);
const MAX_OPTION_LENGTH = 200;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_OPTION_LENGTH ? value.trim() : undefined;
}

/** The existing option an update or delete names by a key whose value is null (its value or value_id). */
function existingNamed(options: readonly AttributeOption[], operation: OptionOperation): { option?: AttributeOption; problem?: string } {
  const keys = Object.keys(operation).filter((k) => !OPERATION_KEYS.has(k));
  if (keys.length !== 1 || operation[keys[0] ?? ''] !== null)
    return { problem: 'Name the option to change by one key, its value or value_id, set to null: {"action":"update","Red":null,"new_name":"Crimson"}.' };
  const key = keys[0] ?? '';
  const option = options.find((o) => o.value_id === key || o.value === key);
  return option === undefined ? { problem: `No option "${key.slice(0, 80)}"; the options are ${options.map((o) => o.value).join(', ') || 'none'}.` } : { option };
}

function checkUnique(options: readonly AttributeOption[], errors: FieldErrors, path: string): void {
  const values = new Set<string>();
  const ids = new Set<string>();
  for (const o of options) {
    if (values.has(fold(o.value))) addError(errors, path, `Two options are both "${o.value}".`);
    if (ids.has(o.value_id)) addError(errors, path, `Two options have the value_id "${o.value_id}".`);
    if (o.value.includes('|')) addError(errors, path, `The option "${o.value}" may not contain "|": it separates the values of a multi-select.`);
    values.add(fold(o.value));
    ids.add(o.value_id);
  }
}

function valueId(given: unknown, value: string): string | undefined {
  if (given === undefined) return attributeName(value) || undefined;
  return typeof given === 'string' && /^[a-z0-9_]{1,64}$/.test(given) ? given : undefined;
}

/** A stored value an option change rewrites: renamed, or removed (`to` null). */
export interface ValueChange {
  from: string;
  to: string | null;
}

/** Applies the operations in order; every problem is reported under `options.<n>`. */
export function applyOptionOperations(
  current: readonly AttributeOption[],
  operations: readonly OptionOperation[],
): { ok: true; options: AttributeOption[]; changes: ValueChange[] } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const changes: ValueChange[] = [];
  let options = [...current];
  for (const [i, operation] of operations.entries()) {
    const path = `options.${i}`;
    const action = operation.action;
    if (action === 'new') {
      const value = text(operation.value ?? operation.new_name);
      const id = value === undefined ? undefined : valueId(operation.value_id ?? operation.new_value_id, value);
      if (value === undefined) addError(errors, path, `A new option needs a value: a string of 1 to ${MAX_OPTION_LENGTH} characters.`);
      else if (id === undefined) addError(errors, path, 'A value_id is 1 to 64 lowercase letters, digits or _.');
      else options.push({ value, value_id: id });
    } else if (action === 'update' || action === 'delete') {
      const { option, problem } = existingNamed(options, operation);
      if (option === undefined) {
        addError(errors, path, problem ?? 'No such option.');
      } else if (action === 'delete') {
        options = options.filter((o) => o !== option);
        changes.push({ from: option.value, to: null });
      } else {
        const value = operation.new_name === undefined ? option.value : text(operation.new_name);
        const id = operation.new_value_id === undefined ? option.value_id : valueId(operation.new_value_id, value ?? '');
        if (value === undefined) addError(errors, path, `The new_name must be a string of 1 to ${MAX_OPTION_LENGTH} characters.`);
        else if (id === undefined) addError(errors, path, 'The new_value_id is 1 to 64 lowercase letters, digits or _.');
        else {
          options = options.map((o) => (o === option ? { value, value_id: id } : o));
          if (value !== option.value) changes.push({ from: option.value, to: value });
        }
      }
    } else {
      addError(errors, `${path}.action`, 'The action must be "new", "update" or "delete".');
    }
  }
  checkUnique(options, errors, 'options');
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, options, changes };
}

/** Field path → readable messages; the body of a `validation_failed` error. */
export type FieldErrors = Record<string, string[]>;

export function addError(errors: FieldErrors, field: string, message: string): void {
  // Own keys only: a field named "constructor" or "toString" must not find Object.prototype's.
  const list = Object.hasOwn(errors, field) ? errors[field] : undefined;
  if (list === undefined) errors[field] = [message];
  else list.push(message);
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

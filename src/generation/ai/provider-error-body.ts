// What a model provider's error body says, for the call classifier and the start-up check alike.
// OpenAI and Anthropic answer `{error:{message, type, code}}`; Ollama `{error:"…"}`; others `{message}`.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The human message of an error body, when it has one. */
export function providerErrorMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (typeof body.error === 'string') return body.error;
  return typeof body.message === 'string' ? body.message : undefined;
}

/** The machine-readable kind of an error body (`insufficient_quota`, `not_found_error` …): its code, else its type. */
export function providerErrorCode(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const code = body.error.code ?? body.error.type;
  return typeof code === 'string' ? code : undefined;
}

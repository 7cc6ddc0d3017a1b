import type { ProductFixture } from './product-fixtures.ts';
import { answerFailure, listen, sendJson, type FakeFailure, type SeenRequest } from './http-fake.ts';

// A fake of Open Icecat's JSON product API, in its wire format:
//   GET /api?UserName=…&Language=…&GTIN=…   → {"msg":"OK","data":{GeneralInfo, Image, Gallery, FeaturesGroups…}}
// Errors carry Icecat's JSON error codes (3 unknown user, 8 product not present).

export interface FakeIcecat {
  /** Base URL to configure as ICECAT_URL (ends in /api). */
  url: string;
  requests: SeenRequest[];
  requestsFor(gtin: string): SeenRequest[];
  /** Adds or replaces the answer for one GTIN in one language. */
  setRecord(gtin: string, language: string, record: unknown): void;
  /** Makes later requests for `gtin` (in `language` only, when given) fail, until `clearFailure`. */
  fail(gtin: string, failure: FakeFailure, options?: { language?: string }): void;
  clearFailure(gtin: string): void;
  close(): Promise<void>;
}

export const FAKE_ICECAT_USERNAME = 'openicecat-vetrina-test';

export async function startFakeIcecat(options: { fixtures?: readonly ProductFixture[]; usernames?: readonly string[] } = {}): Promise<FakeIcecat> {
  const usernames = new Set(options.usernames ?? [FAKE_ICECAT_USERNAME]);
  const records = new Map<string, unknown>();
  const key = (gtin: string, language: string) => `${gtin}|${language.toLowerCase()}`;
  // Fixtures are the English answers.
  for (const fixture of options.fixtures ?? []) if (fixture.source === 'icecat') records.set(key(fixture.code, 'en'), fixture.record);
  const failures = new Map<string, { failure: FakeFailure; language: string | undefined }>();
  const requests: SeenRequest[] = [];

  const server = await listen('icecat', requests, (_request, response, url) => {
    if (url.pathname !== '/api') {
      sendJson(response, 404, { msg: 'Error', Message: 'Not found' });
      return;
    }
    const user = url.searchParams.get('UserName') ?? url.searchParams.get('shopname');
    const language = url.searchParams.get('Language') ?? url.searchParams.get('lang');
    const gtin = url.searchParams.get('GTIN') ?? '';
    if (!user || !language) {
      sendJson(response, 400, { msg: 'Error', StatusCode: 1, Message: 'UserName, and lang are mandatory fields' });
      return;
    }
    if (!usernames.has(user)) {
      sendJson(response, 400, { msg: 'Error', StatusCode: 3, Message: `${user} the Icecat user is unknown` });
      return;
    }
    const failing = failures.get(gtin);
    const applies = failing !== undefined && (failing.language === undefined || failing.language === language.toLowerCase());
    if (applies && answerFailure(response, failing.failure)) return;
    const record = records.get(key(gtin, language));
    if (record === undefined) {
      sendJson(response, 404, { msg: 'Error', StatusCode: 8, Message: 'The requested product is not present in the Icecat database' });
      return;
    }
    sendJson(response, 200, record);
  });

  return {
    url: `${server.url}/api`,
    requests,
    requestsFor: (gtin) => requests.filter((r) => r.query.get('GTIN') === gtin),
    setRecord: (gtin, language, record) => void records.set(key(gtin, language), record),
    fail: (gtin, failure, options = {}) => void failures.set(gtin, { failure, language: options.language?.toLowerCase() }),
    clearFailure: (gtin) => void failures.delete(gtin),
    close: () => server.close(),
  };
}

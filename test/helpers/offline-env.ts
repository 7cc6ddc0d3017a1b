/**
 * Every service and child process a test starts gets this environment: only the local sources,
 * so no test can reach a public data service. Tests of remote sources point them at fakes.
 */
export const OFFLINE_ENV: Readonly<Record<string, string>> = Object.freeze({
  SOURCES: 'catalogue,aifa',
  OPEN_FOOD_FACTS_URL: 'http://127.0.0.1:9/',
  ICECAT_URL: 'http://127.0.0.1:9/',
});

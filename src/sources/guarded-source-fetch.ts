import type { LookupFunction } from 'node:net';
import { fetch } from 'undici';
import type { Config } from '../config.ts';
import { createGuardedAgent } from '../media/guarded-fetch.ts';
import type { RemoteFetch } from './remote-source-http.ts';

// The remote sources' HTTP: the base URL is the operator's, but where it redirects is the
// source's choice, so every connection (each redirect hop included) goes through the guarded
// dispatcher, which checks the address in the socket's own lookup.

export interface GuardedSourceFetch {
  fetch: RemoteFetch;
  /** Closes the connection pool (at shutdown). */
  close(): Promise<void>;
}

export interface GuardedSourceFetchOptions {
  /** Hosts (`host:port` entries, as FETCH_ALLOWED_HOSTS) that may resolve to (or be) private addresses; see sourceAllowedHosts. */
  allowedHosts: readonly string[];
  connectTimeoutMs: number;
  /** Same contract as `dns.lookup`; tests map names to loopback without DNS. */
  lookup?: LookupFunction;
}

export function createGuardedSourceFetch(options: GuardedSourceFetchOptions): GuardedSourceFetch {
  const agent = createGuardedAgent(options);
  return {
    // undici's own fetch, not the global one: the dispatcher must come from the same undici.
    fetch: (url, init) => fetch(url, { ...init, dispatcher: agent }),
    close: () => agent.close(),
  };
}

/**
 * FETCH_ALLOWED_HOSTS plus the host and port of each configured source base URL: the operator
 * chose those, and an intranet mirror may well be private. Any other private address, or another
 * port of the same host, stays refused.
 */
export function sourceAllowedHosts(config: Pick<Config, 'sources' | 'fetch'>): string[] {
  const bases = [config.sources.openFoodFacts.baseUrl, config.sources.icecat.baseUrl];
  // `host` carries the port when the URL names one; without one, the entry allows 80 and 443.
  const hosts = bases.map((base) => URL.parse(base)?.host ?? '').filter((host) => host !== '');
  return [...new Set([...config.fetch.allowedHosts, ...hosts])];
}

/** The sources' guarded fetch as configured. */
export function guardedSourceFetchFromConfig(config: Pick<Config, 'sources' | 'fetch'>, lookup?: LookupFunction): GuardedSourceFetch {
  return createGuardedSourceFetch({ allowedHosts: sourceAllowedHosts(config), connectTimeoutMs: config.fetch.connectTimeoutMs, lookup });
}

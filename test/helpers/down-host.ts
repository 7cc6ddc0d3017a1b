/**
 * A URL on a loopback port that nothing listens on: a host that is down. Port 2: below the range
 * the system hands out for port 0, so no test's server can be given it (a port taken free and
 * closed again could be, while two suites run at once), and not one that fetch refuses to try
 * (1, 7, 9 … are "bad ports" to it).
 */
export async function downHost(): Promise<string> {
  return 'http://127.0.0.1:2';
}

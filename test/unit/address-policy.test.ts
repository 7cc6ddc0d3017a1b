import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { checkFetchUrl, classifyAddress, hostAddress, isAllowedHost, mayConnect, parseAllowedHost, parseAllowedHosts } from '../../src/domain/address-policy.ts';

/** [address, the class it must fall in]; every one of them must be refused for an ordinary host. */
const BLOCKED: ReadonlyArray<readonly [string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.10', 'private'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  ['169.254.1.1', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['192.0.2.1', 'reserved'], // TEST-NET-1
  ['198.51.100.7', 'reserved'], // TEST-NET-2
  ['203.0.113.9', 'reserved'], // TEST-NET-3
  ['198.18.0.1', 'reserved'], // benchmarking
  ['240.0.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'], // documentation
  ['2001:2::1', 'benchmarking'],
  ['fec0::1', 'deprecatedSiteLocal'],
  ['100::1', 'discard'],
  ['4000::1', 'unallocated'],
  // cloud metadata, by name, in every notation
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['192.0.0.192', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  // IPv4-mapped IPv6, dotted and hex
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:c0a8:101', 'private'],
  ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated (RFC 6145)
  // IPv4-compatible (deprecated): refused whatever it embeds
  ['::127.0.0.1', 'ipv4Compatible'],
  ['::7f00:1', 'ipv4Compatible'],
  ['::8.8.8.8', 'ipv4Compatible'],
  // transition forms that carry a blocked IPv4 address
  ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
  ['2002:a9fe:a9fe::', 'metadata'], // 6to4 of 169.254.169.254
  ['2002:c0a8:101::', 'private'], // 6to4 of 192.168.1.1
  ['64:ff9b::7f00:1', 'loopback'], // NAT64 of 127.0.0.1
  ['64:ff9b::a00:1', 'private'], // NAT64 of 10.0.0.1
  ['64:ff9b:1::1', 'rfc6052'], // local-use NAT64: where the IPv4 sits is site-defined
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo, client 127.0.0.1 (stored inverted)
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'], // Teredo, server 10.0.0.1
  // not addresses at all
  ['', 'invalid'],
  ['localhost', 'invalid'],
  ['2130706433', 'invalid'],
  ['0x7f.1', 'invalid'],
  ['[::1]', 'invalid'],
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '151.101.1.140',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8', // mapped, public inside
  '64:ff9b::808:808', // NAT64 of 8.8.8.8
  '2002:808:808::1', // 6to4 of 8.8.8.8
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo, server 65.54.227.120, client 8.8.8.8
];

describe('address policy: classes', () => {
  for (const [address, kind] of BLOCKED) {
    test(`${JSON.stringify(address)} is ${kind} and refused`, () => {
      assert.equal(classifyAddress(address), kind);
      assert.equal(mayConnect(address, 'images.example.com', 443, []), false);
    });
  }
  for (const address of PUBLIC) {
    test(`${address} is public and allowed`, () => {
      assert.equal(classifyAddress(address), 'public');
      assert.equal(mayConnect(address, 'images.example.com', 443, []), true);
    });
  }
});

describe('address policy: allowed hosts', () => {
  const allowed = parseAllowedHosts(['images.test', '127.0.0.1', '[::1]', 'Intranet.Example.']);

  test('an allowed name may resolve to loopback, private and other local ranges', () => {
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.5', '100.64.1.1', 'fd00::5', '169.254.10.10', '::ffff:127.0.0.1']) {
      assert.equal(mayConnect(address, 'images.test', 80, allowed), true, address);
    }
  });

  test('a name not on the list gets no exemption, not even a subdomain or a suffix of an allowed one', () => {
    for (const host of ['blocked.test', 'evil.images.test', 'images.test.evil.com', 'imagestest']) {
      assert.equal(mayConnect('127.0.0.1', host, 80, allowed), false, host);
    }
  });

  test('metadata, unspecified, broadcast and multicast stay refused even for an allowed host', () => {
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      '100.100.100.200',
      '192.0.0.192',
      '::ffff:169.254.169.254',
      '0.0.0.0',
      '::',
      '255.255.255.255',
      '224.0.0.1',
      'ff02::1',
    ]) {
      assert.equal(mayConnect(address, 'images.test', 80, allowed), false, address);
    }
  });

  test('names match case-insensitively and with or without the trailing dot', () => {
    assert.equal(isAllowedHost('IMAGES.TEST', 443, allowed), true);
    assert.equal(isAllowedHost('images.test.', 443, allowed), true);
    assert.equal(isAllowedHost('intranet.example.com', 443, allowed), false);
    assert.equal(isAllowedHost('intranet.example', 443, allowed), true);
  });

  test('IP literals match in any notation of the same address, bracketed or not', () => {
    assert.equal(isAllowedHost('127.0.0.1', 443, allowed), true);
    assert.equal(isAllowedHost('[::1]', 443, allowed), true);
    assert.equal(isAllowedHost('0:0:0:0:0:0:0:1', 443, allowed), true);
    assert.equal(isAllowedHost('127.0.0.2', 443, allowed), false);
    // the mapped form is another address: it is not on the list just because 127.0.0.1 is
    assert.equal(isAllowedHost('[::ffff:7f00:1]', 443, allowed), false);
  });

  test('an entry without a port allows 80 and 443 only; with a port, exactly that port', () => {
    const ported = parseAllowedHosts(['images.test', 'cdn.test:8080', '127.0.0.1:3000', '[::1]:3001']);
    assert.equal(mayConnect('10.0.0.1', 'images.test', 80, ported), true);
    assert.equal(mayConnect('10.0.0.1', 'images.test', 443, ported), true);
    for (const port of [22, 5432, 6379, 8080]) assert.equal(mayConnect('10.0.0.1', 'images.test', port, ported), false, `port ${port}`);
    assert.equal(mayConnect('10.0.0.1', 'cdn.test', 8080, ported), true);
    for (const port of [80, 443, 8081]) assert.equal(mayConnect('10.0.0.1', 'cdn.test', port, ported), false, `port ${port}`);
    assert.equal(isAllowedHost('127.0.0.1', 3000, ported), true);
    assert.equal(isAllowedHost('127.0.0.1', 3001, ported), false);
    assert.equal(isAllowedHost('[::1]', 3001, ported), true);
    assert.equal(isAllowedHost('[::1]', 3000, ported), false);
  });

  test('entries are read as URL hosts are: case, trailing dot, IPv4 spellings, bracketed or bare IPv6', () => {
    const read = (entry: string) => {
      const parsed = parseAllowedHost(entry);
      assert.ok(parsed.ok, entry);
      return parsed.value;
    };
    assert.deepEqual(read(' Images.Test.:8443 '), { host: 'images.test', ports: [8443] });
    assert.deepEqual(read('2130706433:81'), { host: '127.0.0.1', ports: [81] });
    assert.deepEqual(read('[0:0::1]:3000'), { host: '::1', ports: [3000] });
    assert.deepEqual(read('::1'), { host: '::1', ports: [80, 443] });
    assert.deepEqual(read('[::1]'), { host: '::1', ports: [80, 443] });
  });

  test('a bad entry is refused with a message that quotes it and says how to write one', () => {
    for (const entry of [
      '',
      'images.test:',
      'images.test:0',
      'images.test:65536',
      'images.test:http',
      'images.test:80:81',
      ':8080',
      'http://images.test',
      'images.test/path',
      '*.images.test',
      '[images.test]:80',
      '[::1]:',
      '[::1',
      'user@images.test',
    ]) {
      const parsed = parseAllowedHost(entry);
      assert.equal(parsed.ok, false, entry);
      if (!parsed.ok) assert.match(parsed.problem, /host:port/, entry);
    }
    assert.throws(() => parseAllowedHosts(['images.test', 'bad:port']), /"bad:port"/);
  });

  test('an empty list allows nothing', () => {
    assert.equal(isAllowedHost('images.test', 443, []), false);
    assert.equal(isAllowedHost('', 443, parseAllowedHosts([])), false);
    assert.equal(mayConnect('10.0.0.1', 'images.test', 443, []), false);
  });
});

describe('address policy: URLs', () => {
  const refused: ReadonlyArray<readonly [string, RegExp]> = [
    ['ftp://images.example.com/a.jpg', /only http and https/],
    ['file:///etc/passwd', /only http and https/],
    ['data:image/png;base64,iVBORw0KGgo=', /only http and https/],
    ['javascript:alert(1)', /only http and https/],
    ['gopher://images.example.com:70/', /only http and https/],
    ['http://user:secret@images.example.com/a.jpg', /credentials/],
    ['https://user@images.example.com/a.jpg', /credentials/],
    ['https://:secret@images.example.com/a.jpg', /credentials/],
    ['http://', /not a valid URL/], // no host: WHATWG URL refuses to parse http(s) without one
    ['https:///a.jpg', /no host/],
    ['http:a.jpg', /no host/],
    ['http:/a.jpg', /no host/],
    ['http:\\\\a.jpg', /no host/],
    ['http://:80/a.jpg', /not a valid URL/],
    ['https://exa mple.com/', /not a valid URL/],
    ['/relative/path.jpg', /not a valid URL/],
    ['', /not a valid URL/],
  ];
  for (const [input, problem] of refused) {
    test(`refuses ${JSON.stringify(input)}`, () => {
      const check = checkFetchUrl(input);
      assert.equal(check.ok, false);
      if (!check.ok) assert.match(check.problem, problem);
    });
  }

  test('accepts http and https in any case, and keeps the URL as the parser normalised it', () => {
    for (const [input, href] of [
      ['HTTPS://Images.Example.com/A.jpg', 'https://images.example.com/A.jpg'],
      ['Http://images.example.com:8080/a.png?x=1', 'http://images.example.com:8080/a.png?x=1'],
      ['  https://images.example.com/a.png  ', 'https://images.example.com/a.png'],
    ] as const) {
      const check = checkFetchUrl(input);
      assert.ok(check.ok, input);
      assert.equal(check.url.href, href);
    }
  });

  test('IP hosts in unusual spellings come out as the address they mean', () => {
    for (const [input, address] of [
      ['http://2130706433/', '127.0.0.1'],
      ['http://0x7f.1/', '127.0.0.1'],
      ['http://0177.0.0.1/', '127.0.0.1'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
      ['http://[::127.0.0.1]/', '::7f00:1'],
      ['http://images.example.com/', null],
    ] as const) {
      const check = checkFetchUrl(input);
      assert.ok(check.ok, input);
      const literal = hostAddress(check.url.hostname);
      assert.equal(literal, address, input);
      if (literal !== null) assert.equal(mayConnect(literal, check.url.hostname, 80, []), false, input);
    }
  });
});

describe('address policy: FETCH_ALLOWED_HOSTS and the memory settings', () => {
  test('entries are kept as written; each bad one is named in the start-up error', () => {
    assert.deepEqual(loadConfig({ FETCH_ALLOWED_HOSTS: 'images.intra, 10.0.0.5:8080,[fd00::5]:9000' }).fetch.allowedHosts, ['images.intra', '10.0.0.5:8080', '[fd00::5]:9000']);
    assert.throws(
      () => loadConfig({ FETCH_ALLOWED_HOSTS: 'images.intra:99999,ok.intra,http://cdn.intra/' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        /FETCH_ALLOWED_HOSTS.*"images\.intra:99999"/.test(err.message) &&
        /"http:\/\/cdn\.intra\/"/.test(err.message) &&
        !/"ok\.intra"/.test(err.message),
    );
  });

  test('the memory budget must hold one body of FETCH_MAX_BYTES', () => {
    assert.equal(loadConfig({}).fetch.memoryBudgetBytes, 256 * 1024 * 1024);
    assert.throws(
      () => loadConfig({ FETCH_MAX_BYTES: String(64 * 1024 * 1024), FETCH_MEMORY_BUDGET_BYTES: String(32 * 1024 * 1024) }),
      /FETCH_MEMORY_BUDGET_BYTES.*less than FETCH_MAX_BYTES/,
    );
  });
});

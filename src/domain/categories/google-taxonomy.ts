// Google's product taxonomy as a tree that answers by id and by path, in any language it was given
// names in. Pure: it parses the text of Google's `taxonomy-with-ids.<locale>.txt` files, which a
// caller reads. Ids are Google's and never change meaning; names do change between versions and
// languages, so a path is always rebuilt from the id.

export interface GoogleCategory {
  /** Google's id, a string as marketplaces write it ("5863"). */
  readonly id: string;
  /** The parent's id, null at the top level. */
  readonly parentId: string | null;
  /** The names from the top level down, in the base language (English). */
  readonly segments: readonly string[];
}

const LINE = /^(\d+) - (.+)$/;
const SEPARATOR = ' > ';

/** The id → segments pairs of one file; comment lines ("# Google_Product_Taxonomy_Version") are skipped. */
export function parseTaxonomyFile(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (match?.[1] === undefined || match[2] === undefined) throw new Error(`not a taxonomy line: ${line.slice(0, 80)}`);
    out.set(
      match[1],
      match[2].split(SEPARATOR).map((s) => s.trim()),
    );
  }
  return out;
}

/** The version a file names in its first comment line, or null. */
export function taxonomyVersion(text: string): string | null {
  return /^#\s*Google_Product_Taxonomy_Version:\s*(\S+)/m.exec(text)?.[1] ?? null;
}

/** Lower case, accents off, one space: how a typed path is compared with a stored one. */
export function pathKey(path: string): string {
  return path
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split('>')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .join(SEPARATOR);
}

export class GoogleTaxonomy {
  readonly version: string | null;
  readonly #byId = new Map<string, GoogleCategory>();
  readonly #names = new Map<string, ReadonlyMap<string, readonly string[]>>();
  readonly #byPathKey = new Map<string, string>();
  readonly #children = new Map<string | null, string[]>();

  /** `base` is the English file; `translations` maps a language ("it") to that language's file. */
  constructor(base: string, translations: Readonly<Record<string, string>> = {}) {
    this.version = taxonomyVersion(base);
    const english = parseTaxonomyFile(base);
    const bySegments = new Map<string, string>();
    for (const [id, segments] of english) bySegments.set(segments.join(SEPARATOR), id);
    for (const [id, segments] of english) {
      const parentId = segments.length === 1 ? null : (bySegments.get(segments.slice(0, -1).join(SEPARATOR)) ?? null);
      this.#byId.set(id, { id, parentId, segments });
      this.#byPathKey.set(pathKey(segments.join(SEPARATOR)), id);
      const siblings = this.#children.get(parentId) ?? [];
      siblings.push(id);
      this.#children.set(parentId, siblings);
    }
    this.#names.set('en', english);
    for (const [language, text] of Object.entries(translations)) {
      // A translation of another version may lack ids or carry retired ones: only shared ids count.
      const names = new Map([...parseTaxonomyFile(text)].filter(([id]) => this.#byId.has(id)));
      this.#names.set(language, names);
      for (const [id, segments] of names) this.#byPathKey.set(pathKey(segments.join(SEPARATOR)), id);
    }
  }

  get size(): number {
    return this.#byId.size;
  }

  /** The languages whose names were given, English first. */
  get languages(): string[] {
    return [...this.#names.keys()];
  }

  get(id: string): GoogleCategory | undefined {
    return this.#byId.get(id);
  }

  all(): IterableIterator<GoogleCategory> {
    return this.#byId.values();
  }

  children(id: string | null): GoogleCategory[] {
    return (this.#children.get(id) ?? []).flatMap((child) => this.#byId.get(child) ?? []);
  }

  /** The path's segments in `language` ("it", "it-IT"), in English where that language was not given. */
  path(id: string, language: string): string[] {
    const names = this.#names.get(language.slice(0, 2).toLowerCase()) ?? this.#names.get('en');
    return [...(names?.get(id) ?? this.#byId.get(id)?.segments ?? [])];
  }

  /** Whether `language` has its own names (else `path` answers in English). */
  speaks(language: string): boolean {
    return this.#names.has(language.slice(0, 2).toLowerCase());
  }

  /** The id of a path typed in any given language ("home & garden > lighting"), case and accents aside. */
  idOfPath(path: string): string | undefined {
    return this.#byPathKey.get(pathKey(path));
  }

  /** The ids from the top level down to `id`. */
  lineage(id: string): string[] {
    const out: string[] = [];
    for (let at = this.#byId.get(id); at !== undefined; at = at.parentId === null ? undefined : this.#byId.get(at.parentId)) out.unshift(at.id);
    return out;
  }

  /** Whether `id` is `ancestor` or lies below it. */
  isWithin(id: string, ancestor: string): boolean {
    return this.lineage(id).includes(ancestor);
  }

  /** `id` and every id below it. */
  subtree(id: string): string[] {
    const out: string[] = [];
    const stack = [id];
    for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
      if (!this.#byId.has(at)) continue;
      out.push(at);
      stack.push(...(this.#children.get(at) ?? []));
    }
    return out;
  }
}

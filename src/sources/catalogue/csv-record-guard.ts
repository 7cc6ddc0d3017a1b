import type { RowLimits } from './row-limits.ts';

/** A record the guard kept from the parser, measured as the parser would have read it. */
export interface GuardedRecord {
  /** 1-based line the record starts on. */
  line: number;
  /** How many cells it has. */
  cells: number;
  /** The first cell, by position, over CATALOGUE_MAX_CELL_BYTES, and its UTF-8 bytes. */
  bigCell: { index: number; bytes: number } | null;
  /** UTF-8 bytes of all its cells. */
  bytes: number;
  /** Every cell empty or white space (such a row is skipped, not rejected). */
  blank: boolean;
  /** The input ended inside a quoted cell. */
  quoteOpen: boolean;
  /** How many records the guard handed on before this one: once the parser has read as many, this one is next in file order. */
  after: number;
}

export interface GuardOutput {
  /** Text for the parser: whole records within the limits, each record kept out replaced by its line breaks. */
  text: string;
  /** Records kept out, in file order. */
  kept: GuardedRecord[];
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** String.prototype.trim's white space: a cell of only these is blank. */
function isBlank(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** UTF-8 bytes of one UTF-16 unit as a cell is measured (NULs are dropped before; a surrogate pair is four). */
function utf8Width(c: number): number {
  if (c < 0x80) return c === 0 ? 0 : 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdfff) return 2;
  return 3;
}

/**
 * Sits between the decoded text and csv-parse and keeps out of the parser every record over the
 * row limits (more cells than CATALOGUE_MAX_COLUMNS, a cell over CATALOGUE_MAX_CELL_BYTES, more
 * than CATALOGUE_MAX_ROW_BYTES), so a wide or huge row is counted, never built: csv-parse turns
 * every cell into a string and a row into an array, all in one synchronous step per chunk it is
 * given. It follows csv-parse's reading exactly (double-quote quoting and escaping, a stray quote
 * read as text, blank lines skipped), holding the current record's text until it ends or passes a
 * limit (so memory is bounded by the limits), and counts lines as csv-parse does (every CR or LF).
 * A record kept out is replaced by as many line breaks, so the parser's line numbers stay right.
 * A record past `maxRecordBytes` inside a quoted cell (a quote opened and never closed) stops it:
 * `stoppedAt`. A property
 * test (test/unit/csv-record-guard.test.ts) checks it against csv-parse reading every row.
 *
 * The record delimiter is found as csv-parse finds it, the first line break outside quotes: LF
 * (lfLineEnds has turned CRLF into LF), or a lone CR (old Mac files). Handing it to csv-parse spares
 * its own search, which allocates four Buffers per byte of the first line.
 */
export class CsvRecordGuard {
  /** Null until the first line break outside quotes. */
  recordDelimiter: '\n' | '\r' | null = null;
  /** Set when a record passed `maxRecordBytes`: the line it starts on. Nothing more is read. */
  stoppedAt: number | null = null;
  /**
   * The record being read has passed CATALOGUE_MAX_COLUMNS: the line it starts on and how many
   * records were handed on before it. Null once it ends. A reader that knows it for the header
   * stops here instead of counting the rest of it (120,000 columns cost 0.6 s of CPU a second at 10 uploads a second).
   */
  wideRecord: { line: number; after: number } | null = null;

  readonly #delimiter: number;
  readonly #limits: RowLimits;
  readonly #maxRecordBytes: number;

  // csv-parse's reading state.
  #quoting = false;
  #escaping = false;
  #wasQuoting = false;
  #fieldStarted = false;
  // The current record, measured.
  #fieldBytes = 0;
  #cells = 0;
  #bytes = 0;
  #bigCell: { index: number; bytes: number } | null = null;
  #blank = true;
  #line = 1;
  #startLine = 1;
  #breaks = 0;
  /** Line breaks of the record being kept out already handed on (as empty lines) in earlier chunks. */
  #breaksHandedOn = 0;
  #dropping = false;
  /** It is kept out for its raw length alone (NULs measure nothing, line breaks are not cells). */
  #droppedForLength = false;
  // The record's raw length in UTF-16 units, every character counted: `#rawBase` at index
  // `#rawOrigin` of the chunk being scanned (#rawAt).
  #rawBase = 0;
  #rawOrigin = 0;
  /** Raw length of the record where its open quote opened. */
  #quoteOpenedAt = 0;
  /** Records handed on to the parser so far (each one it reads or skips). */
  #handedOn = 0;
  /** The current record's text from earlier chunks (empty while it is being kept out). */
  #held = '';
  /** A last character that needs the next one to be read (a quote inside quotes, a CR). */
  #carry = '';

  // Per scan: the chunk, the text handed on so far, where the chunk's text not yet handed on
  // starts and where the current record starts.
  #chunk = '';
  #parts: string[] = [];
  #kept: GuardedRecord[] = [];
  #keptFrom = 0;
  #recordStart = 0;
  #heldHandedOn = false;

  constructor(delimiter: string, limits: RowLimits, maxRecordBytes: number) {
    if (delimiter.length !== 1) throw new Error(`a CSV delimiter is one character, not "${delimiter}"`);
    this.#delimiter = delimiter.charCodeAt(0);
    this.#limits = limits;
    this.#maxRecordBytes = maxRecordBytes;
  }

  /** The next decoded text. */
  push(text: string): GuardOutput {
    const chunk = this.#carry + text;
    this.#carry = '';
    return this.#scan(chunk, false);
  }

  /** The end of the input: the last record, kept out when over a limit. */
  end(): GuardOutput {
    const chunk = this.#carry;
    this.#carry = '';
    return this.#scan(chunk, true);
  }

  #scan(chunk: string, eof: boolean): GuardOutput {
    this.#chunk = chunk;
    this.#parts = [];
    this.#kept = [];
    this.#keptFrom = 0;
    this.#recordStart = 0;
    this.#heldHandedOn = false;
    const n = chunk.length;
    const delimiter = this.#delimiter;
    let i = 0;
    for (; i < n && this.stoppedAt === null; i += 1) {
      // Bounds what is held whatever the record holds: past maxRecordBytes characters a record is
      // kept out (a line of NULs or lone CRs measures no bytes), and inside a quote that long the
      // reading stops (a quote never closed: where the record should end cannot be known).
      const raw = this.#rawAt(i);
      if (raw > this.#maxRecordBytes) this.#tooLong(raw);
      if (this.stoppedAt !== null) break;
      const c = chunk.charCodeAt(i);
      if (this.#escaping) {
        this.#escaping = false;
        this.#append(c);
        continue;
      }
      if (c !== QUOTE && c !== LF && c !== CR && (this.#quoting || c !== delimiter)) {
        i = this.#run(chunk, i) - 1;
        continue;
      }
      if (c === QUOTE) {
        if (this.#quoting) {
          if (i + 1 === n && !eof) {
            this.#carry = chunk.slice(i);
            break;
          }
          const next = i + 1 < n ? chunk.charCodeAt(i + 1) : -1;
          // `""` inside quotes: the second is a quote of the cell.
          if (next === QUOTE) {
            this.#escaping = true;
            continue;
          }
          this.#quoting = false;
          this.#wasQuoting = true;
          const nextEndsRecord = this.recordDelimiter === null ? next === LF || next === CR : next === this.recordDelimiter.charCodeAt(0);
          if (next === -1 || next === 0 || next === delimiter || nextEndsRecord) continue;
          // A quote inside a quoted cell not followed by a delimiter: csv-parse (relax_quotes) reads
          // both quotes as text and the cell as unquoted from here.
          this.#append(QUOTE);
          this.#append(QUOTE);
          continue;
        }
        if (!this.#fieldStarted) {
          this.#quoting = true;
          this.#quoteOpenedAt = this.#rawAt(i);
          continue;
        }
        this.#append(c);
        continue;
      }
      if (!this.#quoting) {
        if (c === LF || c === CR) {
          if (this.recordDelimiter === null) {
            if (c === CR && i + 1 === n && !eof) {
              this.#carry = chunk.slice(i);
              break;
            }
            this.recordDelimiter = c === CR && (i + 1 === n || chunk.charCodeAt(i + 1) !== LF) ? '\r' : '\n';
          }
          if (c === this.recordDelimiter.charCodeAt(0)) {
            this.#breaks += 1;
            this.#line += 1;
            this.#endRecord(i + 1);
            continue;
          }
        } else if (c === delimiter) {
          this.#endCell();
          continue;
        }
      }
      if (c === LF || c === CR) {
        this.#breaks += 1;
        this.#line += 1;
      }
      this.#append(c);
    }
    if (eof && this.stoppedAt === null) this.#endRecord(n, true);
    const scanned = this.#carry === '' ? n : n - this.#carry.length;
    // The next chunk starts where this one's scan ended (with the carry, read again).
    this.#rawBase = this.#rawAt(scanned);
    this.#rawOrigin = 0;
    if (!this.#dropping && this.stoppedAt === null) {
      if (this.#recordStart > this.#keptFrom) this.#parts.push(chunk.slice(this.#keptFrom, this.#recordStart));
      const rest = chunk.slice(this.#recordStart, scanned);
      this.#held = this.#heldHandedOn ? rest : this.#held + rest;
    } else if (this.#dropping && this.stoppedAt === null && this.recordDelimiter !== null) {
      // The line breaks of a record kept out go on as they are counted, not all at its end: a line
      // of a million lone CRs would otherwise be a string of a million line breaks.
      this.#parts.push(this.recordDelimiter.repeat(this.#breaks - this.#breaksHandedOn));
      this.#breaksHandedOn = this.#breaks;
    }
    const text = this.#parts.join('');
    const kept = this.#kept;
    this.#chunk = '';
    this.#parts = [];
    this.#kept = [];
    return { text, kept };
  }

  #append(c: number): void {
    this.#fieldStarted = true;
    this.#fieldBytes += utf8Width(c);
    if (this.#blank && !isBlank(c)) this.#blank = false;
    this.#checkLimits();
  }

  /** Appends the run of plain text from `from` (the commonest case, measured in one tight loop); returns where it ends. */
  #run(chunk: string, from: number): number {
    const quoting = this.#quoting;
    const delimiter = this.#delimiter;
    let blank = this.#blank;
    let bytes = 0;
    let j = from;
    for (; j < chunk.length; j += 1) {
      const c = chunk.charCodeAt(j);
      if (c === QUOTE || c === LF || c === CR || (c === delimiter && !quoting)) break;
      bytes += c < 0x80 ? (c === 0 ? 0 : 1) : utf8Width(c);
      if (blank && !isBlank(c)) blank = false;
    }
    this.#fieldStarted = true;
    this.#blank = blank;
    this.#fieldBytes += bytes;
    this.#checkLimits();
    return j;
  }

  #checkLimits(): void {
    const recordBytes = this.#bytes + this.#fieldBytes;
    if (!this.#dropping && (this.#fieldBytes > this.#limits.maxCellBytes || recordBytes > this.#limits.maxRowBytes)) this.#drop();
    // Only a quote left open runs on past its line: a quoted cell over the most a record may hold
    // stops the reading. Outside quotes a record ends at its line break however long, measured up
    // to it and kept out as a row over the limits.
    if (this.#quoting && this.#fieldBytes > this.#maxRecordBytes) this.#stop();
  }

  #endCell(): void {
    if (this.#fieldBytes > this.#limits.maxCellBytes && this.#bigCell === null) this.#bigCell = { index: this.#cells, bytes: this.#fieldBytes };
    this.#cells += 1;
    this.#bytes += this.#fieldBytes;
    this.#fieldBytes = 0;
    this.#fieldStarted = false;
    this.#wasQuoting = false;
    if (this.#cells > this.#limits.maxColumns) {
      if (!this.#dropping) this.#drop();
      this.wideRecord ??= { line: this.#startLine, after: this.#handedOn };
    }
  }

  /** The current record's raw length at index `i` of the chunk being scanned. */
  #rawAt(i: number): number {
    return this.#rawBase + i - this.#rawOrigin;
  }

  /** The record has more than maxRecordBytes characters at raw length `raw`. */
  #tooLong(raw: number): void {
    if (this.#quoting && raw - this.#quoteOpenedAt > this.#maxRecordBytes) {
      this.#stop();
      return;
    }
    if (!this.#dropping) {
      this.#drop();
      this.#droppedForLength = true;
    }
  }

  #stop(): void {
    if (!this.#dropping) this.#drop();
    this.stoppedAt = this.#startLine;
  }

  /** The record ends before `at` (after its delimiter, or at the end of the input). */
  #endRecord(at: number, eof = false): void {
    const empty = !this.#wasQuoting && this.#cells === 0 && !this.#fieldStarted;
    if (!empty || this.#quoting) {
      if (!this.#quoting) this.#endCell();
      if (this.#dropping) {
        this.#kept.push({
          line: this.#startLine,
          cells: this.#cells,
          bigCell: this.#bigCell,
          bytes: this.#droppedForLength ? Math.max(this.#bytes, this.#rawAt(at)) : this.#bytes + (this.#quoting ? this.#fieldBytes : 0),
          blank: this.#blank,
          quoteOpen: this.#quoting,
          after: this.#handedOn,
        });
        if (!eof) this.#parts.push((this.recordDelimiter ?? '\n').repeat(this.#breaks - this.#breaksHandedOn));
        this.#keptFrom = at;
      } else {
        this.#handedOn += 1;
      }
    }
    if (!this.#heldHandedOn) {
      // The record held from earlier chunks has ended: handed on before this chunk's text.
      if (!this.#dropping) this.#parts.push(this.#held);
      this.#held = '';
      this.#heldHandedOn = true;
    }
    this.#dropping = false;
    this.#droppedForLength = false;
    this.#breaksHandedOn = 0;
    this.#rawBase = 0;
    this.#rawOrigin = at;
    this.wideRecord = null;
    this.#recordStart = at;
    this.#quoting = false;
    this.#wasQuoting = false;
    this.#fieldStarted = false;
    this.#fieldBytes = 0;
    this.#cells = 0;
    this.#bytes = 0;
    this.#bigCell = null;
    this.#blank = true;
    this.#breaks = 0;
    this.#startLine = this.#line;
  }

  /** The current record passed a limit: the records before it go on, its text so far is dropped. */
  #drop(): void {
    this.#dropping = true;
    if (!this.#heldHandedOn) {
      this.#held = '';
      this.#heldHandedOn = true;
    }
    // Called from a scan: the records before this one in the chunk are handed on.
    if (this.#recordStart > this.#keptFrom) this.#parts.push(this.#chunk.slice(this.#keptFrom, this.#recordStart));
    this.#keptFrom = this.#recordStart;
  }
}

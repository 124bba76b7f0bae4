// Streaming RFC 4180 CSV tokenizer. Runtime-neutral: Web Streams, TextDecoder and strings only
// (runs on Bun and in a Cloudflare Worker).
//
// - Separator auto-detected from the header line: `,`, `;` or tab (whichever occurs most outside
//   quotes; a tie or none means `,`). Pass `separator` to force one.
// - A UTF-8 byte order mark is stripped; UTF-16LE files (Excel "Unicode text", BOM FF FE) are decoded too.
//   Anything else must be valid UTF-8: invalid bytes raise CsvFormatError rather than turning into "�".
// - Line breaks: CRLF, LF or a lone CR. Quoted fields may contain separators, `""` (an escaped quote) and
//   line breaks; the text inside quotes is kept as written.
// - Lenient where real files are sloppy: a quote inside an unquoted field is literal (`5" pipe`), and text
//   after a closing quote is appended (`"abc"def` → `abcdef`).
// - Empty lines are skipped. A quoted field that is never closed is a CsvFormatError naming its line.
// - Every record carries the 1-based physical line where it starts, so line numbers stay right after
//   multi-line quoted fields.

export type CsvSeparator = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based physical line on which the record starts (the header is usually line 1). */
  line: number;
  fields: string[];
}

/** The file cannot be read as CSV at all (not a row problem): unclosed quote, wrong encoding, empty file. */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
  readonly code = 'csv_format';
  /** Line the problem starts on, when there is one. */
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

export interface CsvReadOptions {
  /** Force a separator instead of detecting it from the header line. */
  separator?: CsvSeparator;
  /** Called once, before the first record is yielded, with the separator in use. */
  onSeparator?: (separator: CsvSeparator) => void;
}

export interface CsvReadSummary {
  separator: CsvSeparator;
  /** Physical lines in the file (a final line break does not start a new line). */
  lineCount: number;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Count `,` `;` and tab outside quotes in the first line of `text`; the most frequent wins, `,` on a tie. */
export function detectSeparator(text: string): CsvSeparator {
  let comma = 0;
  let semicolon = 0;
  let tab = 0;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (c === LF || c === CR) break;
    else if (c === 44) comma++;
    else if (c === 59) semicolon++;
    else if (c === 9) tab++;
  }
  if (semicolon > comma && semicolon >= tab) return ';';
  if (tab > comma && tab > semicolon) return '\t';
  return ',';
}

// Tokenizer states.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3; // inside a quoted field, just read `"`: either `""` or the closing quote
const AFTER_CR = 4; // a record just ended with CR: swallow one LF

/**
 * Incremental tokenizer: feed it text with `push` (any chunking, even one character at a time) and
 * finish with `end`. Records come out through the `emit` callback in order.
 */
export class CsvTokenizer {
  readonly separator: CsvSeparator;
  private readonly sep: number;
  private state = FIELD_START;
  private fields: string[] = [];
  private partial = '';
  private fieldQuoted = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private prevChunkEndedCR = false;

  constructor(separator: CsvSeparator) {
    this.separator = separator;
    this.sep = separator.charCodeAt(0);
  }

  /** The physical line being read (1-based); after `end`, one past the last line. */
  get lines(): number {
    return this.line;
  }

  push(text: string, emit: (record: CsvRecord) => void): void {
    const sep = this.sep;
    const n = text.length;
    let state = this.state;
    let segStart = 0;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      switch (state) {
        case FIELD_START:
          if (c === QUOTE) {
            state = QUOTED;
            this.fieldQuoted = true;
            this.quoteLine = this.line;
            segStart = ++i;
            continue;
          }
          state = UNQUOTED;
          segStart = i;
          continue; // look at the same character again as part of an unquoted field
        case UNQUOTED:
          if (c === sep) {
            this.endField(this.withPartial(text.slice(segStart, i)));
            state = FIELD_START;
          } else if (c === LF || c === CR) {
            this.endField(this.withPartial(text.slice(segStart, i)));
            this.endRecord(emit);
            state = c === CR ? AFTER_CR : FIELD_START;
          }
          i++;
          continue;
        case QUOTED:
          if (c === QUOTE) {
            this.partial = this.withPartial(text.slice(segStart, i));
            state = QUOTE_IN_QUOTED;
          } else if (c === CR) {
            this.line++;
          } else if (c === LF) {
            const prevCR = i > 0 ? text.charCodeAt(i - 1) === CR : this.prevChunkEndedCR;
            if (!prevCR) this.line++;
          }
          i++;
          continue;
        case QUOTE_IN_QUOTED:
          if (c === QUOTE) {
            // `""` inside quotes: one literal quote (the first one was already cut off the segment).
            state = QUOTED;
            segStart = i; // keep this quote character in the next segment
            i++;
            continue;
          }
          if (c === sep) {
            this.endField(this.partial);
            state = FIELD_START;
            i++;
            continue;
          }
          if (c === LF || c === CR) {
            this.endField(this.partial);
            this.endRecord(emit);
            state = c === CR ? AFTER_CR : FIELD_START;
            i++;
            continue;
          }
          // Text after the closing quote: keep it, as most spreadsheet programs do.
          state = UNQUOTED;
          segStart = i;
          continue;
        default: // AFTER_CR
          state = FIELD_START;
          if (c === LF) i++;
          continue;
      }
    }
    if (state === UNQUOTED || state === QUOTED) this.partial = this.withPartial(text.slice(segStart, n));
    this.prevChunkEndedCR = n > 0 && text.charCodeAt(n - 1) === CR;
    this.state = state;
  }

  end(emit: (record: CsvRecord) => void): void {
    switch (this.state) {
      case QUOTED:
        throw new CsvFormatError(
          `Line ${this.quoteLine}: a quoted field starts here but its closing quote (") is missing.`,
          this.quoteLine,
        );
      case UNQUOTED:
      case QUOTE_IN_QUOTED:
        this.endField(this.partial);
        this.endRecord(emit);
        break;
      case FIELD_START:
        // `a,b,` at the very end of the file: the trailing separator opens one more (empty) field.
        if (this.fields.length > 0) {
          this.endField('');
          this.endRecord(emit);
        }
        break;
      default:
        break;
    }
    this.state = AFTER_CR;
  }

  /**
   * The field's text so far followed by `piece`. Nearly every field lies in one piece of text with
   * no `""`: then it is the slice itself, since `'' + slice` makes a second string (a rope of the
   * two) for every cell (decision 087).
   */
  private withPartial(piece: string): string {
    return this.partial === '' ? piece : this.partial + piece;
  }

  private endField(value: string): void {
    this.fields.push(value);
    this.partial = '';
  }

  private endRecord(emit: (record: CsvRecord) => void): void {
    const fields = this.fields;
    const blank = fields.length === 1 && fields[0] === '' && !this.fieldQuoted;
    if (!blank) emit({ line: this.recordLine, fields });
    this.fields = [];
    this.fieldQuoted = false;
    this.line++;
    this.recordLine = this.line;
  }
}

/** Parse a whole CSV string (small inputs, tests). Same rules as the streaming reader. */
export function parseCsvText(
  text: string,
  options: { separator?: CsvSeparator } = {},
): { separator: CsvSeparator; records: CsvRecord[] } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = options.separator ?? detectSeparator(body);
  const tokenizer = new CsvTokenizer(separator);
  const records: CsvRecord[] = [];
  const emit = (record: CsvRecord) => {
    records.push(record);
  };
  tokenizer.push(body, emit);
  tokenizer.end(emit);
  return { separator, records };
}

const MAX_HEADER_SCAN = 64 * 1024;
const PIECE_BYTES = 64 * 1024;
const EMPTY = new Uint8Array(0);

/** True once `text` holds a complete first line (a line break outside quotes), so the separator can be detected. */
function hasFirstLine(text: string): boolean {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (c === LF || c === CR)) return true;
  }
  return false;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function notUtf8(): CsvFormatError {
  return new CsvFormatError(
    'The file is not UTF-8 text. In Excel choose "CSV UTF-8 (Comma delimited) (*.csv)" when saving, then upload it again.',
  );
}

/** A decoder for the first bytes: UTF-16 by its BOM, else UTF-8; an Excel workbook (a zip) is refused. */
function decoderFor(head: Uint8Array): TextDecoder {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
    throw new CsvFormatError(
      'This looks like an Excel workbook, not a CSV file. In Excel choose "Save As" → "CSV UTF-8 (Comma delimited) (*.csv)" and upload that file.',
    );
  }
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  // fatal: invalid bytes throw instead of becoming U+FFFD; ignoreBOM false: the decoder strips the BOM.
  return new TextDecoder(utf16 ? 'utf-16le' : 'utf-8', { fatal: true, ignoreBOM: false });
}

/** A piece of the stream as text (undefined: the end, flushing what the decoder holds). */
function decodePiece(decoder: TextDecoder, bytes: Uint8Array | undefined): string {
  try {
    return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
  } catch {
    throw notUtf8();
  }
}

/** The tokenizer for the text that holds the header line, its separator given or detected there. */
function startTokenizer(
  text: string,
  options: CsvReadOptions,
  emit: (record: CsvRecord) => void,
): CsvTokenizer {
  const separator = options.separator ?? detectSeparator(text);
  const tokenizer = new CsvTokenizer(separator);
  options.onSeparator?.(separator);
  tokenizer.push(text, emit);
  return tokenizer;
}

/**
 * Read a byte stream as CSV, yielding the records of each chunk of the stream — or of each 64 KiB piece
 * of a bigger chunk — as one array (cheaper than one `await` per record). Arrays are never empty.
 * Returns the separator and line count.
 */
export async function* readCsvChunks(
  stream: ReadableStream<Uint8Array>,
  options: CsvReadOptions = {},
): AsyncGenerator<CsvRecord[], CsvReadSummary, undefined> {
  const reader = stream.getReader();
  let decoder: TextDecoder | undefined;
  let tokenizer: CsvTokenizer | undefined;
  let pending = ''; // decoded text held back until the header line is complete
  let head: Uint8Array = new Uint8Array(0); // the first bytes, until there are enough to sniff
  let out: CsvRecord[] = [];
  let finished = false;
  let any = false;
  const emit = (record: CsvRecord) => {
    any = true;
    out.push(record);
  };

  try {
    for (;;) {
      const read = await reader.read();
      const done = read.done;
      let value = read.value;
      if (!decoder) {
        // Sniff the first 4 bytes (however the stream is chunked) for a zip signature or a UTF-16 BOM.
        if (value && value.length > 0) head = head.length === 0 ? value : concatBytes(head, value);
        if (head.length < 4 && !done) continue;
        decoder = decoderFor(head);
        value = head;
      }
      // Decode and tokenise a chunk in pieces, handing over each piece's records: Bun's File.stream()
      // gives 2 MiB chunks, which made one 2 MB string and ~33,000 records (with their field
      // strings) live at once, and every row kept a slice of that string alive until its batch was
      // written. A 64 KiB piece is ~1,000 rows.
      const bytes = value ?? EMPTY;
      let offset = 0;
      for (;;) {
        const end = Math.min(bytes.length, offset + PIECE_BYTES);
        let text = end > offset ? decodePiece(decoder, bytes.subarray(offset, end)) : '';
        offset = end;
        const lastPiece = offset >= bytes.length;
        if (done && lastPiece) text += decodePiece(decoder, undefined);
        if (text.charCodeAt(0) === 0xfeff && !tokenizer && pending === '') text = text.slice(1);
        if (tokenizer) {
          if (text) tokenizer.push(text, emit);
        } else {
          pending += text;
          if ((done && lastPiece) || hasFirstLine(pending) || pending.length > MAX_HEADER_SCAN) {
            const all = pending;
            pending = '';
            tokenizer = startTokenizer(all, options, emit);
          }
        }
        // The file's last records are handed over with those its end() still gives.
        if (lastPiece && done) break;
        if (out.length > 0) {
          const records = out;
          out = [];
          yield records;
        }
        if (lastPiece) break;
      }
      if (done) {
        finished = true;
        tokenizer?.end(emit);
        if (!any) throw new CsvFormatError('The file is empty.');
        if (out.length > 0) yield out;
        // After end() the line counter stands one past the last line.
        return { separator: tokenizer?.separator ?? ',', lineCount: (tokenizer?.lines ?? 1) - 1 };
      }
    }
  } finally {
    // Stopped early (an error, or the caller gave up): cancel the upload rather than leave it half read.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Read a byte stream as CSV, one record at a time. See `readCsvChunks` for the batched form. */
export async function* readCsv(
  stream: ReadableStream<Uint8Array>,
  options: CsvReadOptions = {},
): AsyncGenerator<CsvRecord, CsvReadSummary, undefined> {
  const chunks = readCsvChunks(stream, options);
  for (;;) {
    const step = await chunks.next();
    if (step.done) return step.value;
    yield* step.value;
  }
}

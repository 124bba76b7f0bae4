import { describe, expect, test } from 'bun:test';
import {
  CsvFormatError,
  type CsvRecord,
  detectSeparator,
  parseCsvText,
  readCsv,
  readCsvChunks,
} from './csv-reader.ts';
import { rejection, streamOf } from './test-helpers.ts';

async function readAll(stream: ReadableStream<Uint8Array>) {
  const records: CsvRecord[] = [];
  let separator: string | undefined;
  const reader = readCsv(stream, {
    onSeparator: (s) => {
      separator = s;
    },
  });
  for (;;) {
    const step = await reader.next();
    if (step.done) return { records, separator, summary: step.value };
    records.push(step.value);
  }
}

const TRICKY =
  '\uFEFFdate;site;"note"\r\n' +
  '2025-01-01;"London; HQ";"He said ""hi"""\r\n' +
  '\r\n' +
  '2025-01-02;Leeds;"two\r\nlines\nand three"\r\n' +
  '2025-01-03;Café ³ €;last\r\n';

describe('separator detection', () => {
  test('picks the separator used most in the header line, outside quotes', () => {
    expect(detectSeparator('date,site,quantity')).toBe(',');
    expect(detectSeparator('date;site;quantity')).toBe(';');
    expect(detectSeparator('date\tsite\tquantity')).toBe('\t');
    expect(detectSeparator('"a;b;c",d,e')).toBe(',');
    expect(detectSeparator('Date;Amount, GBP;Site')).toBe(';');
    expect(detectSeparator('date')).toBe(',');
    // Only the first line counts.
    expect(detectSeparator('a,b\n1;2;3;4')).toBe(',');
  });
});

describe('parseCsvText', () => {
  test('strips a BOM, detects ";", handles CRLF, quotes, escaped quotes, newlines in quotes, empty lines', () => {
    const { separator, records } = parseCsvText(TRICKY);
    expect(separator).toBe(';');
    expect(records).toEqual([
      { line: 1, fields: ['date', 'site', 'note'] },
      { line: 2, fields: ['2025-01-01', 'London; HQ', 'He said "hi"'] },
      { line: 4, fields: ['2025-01-02', 'Leeds', 'two\r\nlines\nand three'] },
      { line: 7, fields: ['2025-01-03', 'Café ³ €', 'last'] },
    ]);
  });

  test('comma separated with quoted commas, numbers with thousands separators and an empty last field', () => {
    const { separator, records } = parseCsvText('a,b,c\n"1,234.5","x, y",\n,,\n');
    expect(separator).toBe(',');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1,234.5', 'x, y', ''] },
      { line: 3, fields: ['', '', ''] },
    ]);
  });

  test('tab separated, lone CR line ends, no final newline, trailing separator at end of file', () => {
    expect(parseCsvText('a\tb\r1\t2\r3\t').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', ''] },
    ]);
  });

  test('blank lines anywhere are skipped but still counted for line numbers', () => {
    expect(parseCsvText('\n\na,b\n\n\n1,2\n\n').records).toEqual([
      { line: 3, fields: ['a', 'b'] },
      { line: 6, fields: ['1', '2'] },
    ]);
  });

  test('an empty quoted field is a field, not a blank line', () => {
    expect(parseCsvText('a\n""\nb').records.map((r) => r.fields)).toEqual([['a'], [''], ['b']]);
  });

  test('lenient with stray quotes: literal inside unquoted fields, text after a closing quote kept', () => {
    expect(parseCsvText('size,name\n5" pipe,"abc"def\n').records[1]!.fields).toEqual(['5" pipe', 'abcdef']);
  });

  test('a quoted field that is never closed is an error naming the line it starts on', () => {
    const error = (() => {
      try {
        parseCsvText('a,b\n1,2\n3,"open\n4,5\n');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).line).toBe(3);
    expect((error as Error).message).toBe(
      'Line 3: a quoted field starts here but its closing quote (") is missing.',
    );
  });

  test('a forced separator wins over detection', () => {
    expect(parseCsvText('a,b;c', { separator: ';' }).records[0]!.fields).toEqual(['a,b', 'c']);
  });
});

describe('readCsv (streaming)', () => {
  test('same records whatever the chunking, including BOM, CRLF and multi-byte characters split across chunks', async () => {
    const expected = parseCsvText(TRICKY).records;
    for (const chunkSize of [1, 2, 3, 5, 7, 64, 1 << 16]) {
      const { records, separator, summary } = await readAll(streamOf(TRICKY, chunkSize));
      expect(separator).toBe(';');
      expect(records).toEqual(expected);
      expect(summary.lineCount).toBe(7);
    }
  });

  test('records of a long file come through in order with their line numbers', async () => {
    let text = 'n,text\n';
    for (let i = 0; i < 5000; i++) text += i % 10 === 0 ? `${i},"multi\nline"\n` : `${i},plain\n`;
    const { records } = await readAll(streamOf(text, 999));
    expect(records.length).toBe(5001);
    let line = 2;
    for (let i = 0; i < 5000; i++) {
      const record = records[i + 1]!;
      expect(record.line).toBe(line);
      expect(record.fields[0]).toBe(String(i));
      line += i % 10 === 0 ? 2 : 1;
    }
  });

  test('a big chunk (Bun File streams give 2 MiB) is read in pieces, with characters and CRLF split across them', async () => {
    // Rows of varying width, so multi-byte characters, CR/LF pairs and quoted line breaks land on the
    // 64 KiB piece boundaries somewhere.
    let text = '\uFEFFdate;site;note\r\n';
    for (let i = 0; text.length < 700_000; i++) {
      const note =
        i % 7 === 0
          ? `"two\r\nlines ${i}"`
          : i % 5 === 0
            ? `"say ""€${i}"""`
            : `Zürich ${'é'.repeat(i % 13)}`;
      text += `2025-01-${String((i % 28) + 1).padStart(2, '0')};Café ${i};${note}\r\n`;
    }
    const expected = parseCsvText(text).records;
    const sizes: number[] = [];
    const chunks = readCsvChunks(streamOf(text, 4 << 20));
    const records: CsvRecord[] = [];
    for (;;) {
      const step = await chunks.next();
      if (step.done) break;
      sizes.push(step.value.length);
      records.push(...step.value);
    }
    expect(records).toEqual(expected);
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.max(...sizes)).toBeLessThan(expected.length / 5);
  });

  test('a header with no line break at all', async () => {
    const { records, separator } = await readAll(streamOf('date;site;category', 4));
    expect(separator).toBe(';');
    expect(records).toEqual([{ line: 1, fields: ['date', 'site', 'category'] }]);
  });

  test('UTF-16LE (Excel "Unicode text") is decoded', async () => {
    const text = '\uFEFFdate\tsite\n2025-01-01\tZürich\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[2 * i] = text.charCodeAt(i) & 0xff;
      bytes[2 * i + 1] = text.charCodeAt(i) >> 8;
    }
    const { records, separator } = await readAll(streamOf(bytes, 1));
    expect(separator).toBe('\t');
    expect(records[1]!.fields).toEqual(['2025-01-01', 'Zürich']);
  });

  test('refuses bytes that are not UTF-8 (a Windows-1252 export) with advice', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('site,cost\nCaf'), 0xe9, 0x2c, 0x31, 0x0a]);
    const error = await rejection(readAll(streamOf(bytes)));
    expect(error).toBeInstanceOf(CsvFormatError);
    expect(error.message).toContain('not UTF-8');
    expect(error.message).toContain('CSV UTF-8');
  });

  test('recognises an Excel workbook uploaded instead of a CSV', async () => {
    const error = await rejection(readAll(streamOf(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 6, 0]), 1)));
    expect(error).toBeInstanceOf(CsvFormatError);
    expect(error.message).toContain('Excel workbook');
  });

  test('an empty file (or only blank lines / a BOM) is an error', async () => {
    for (const text of ['', '\uFEFF', '\r\n\r\n']) {
      const error = await rejection(readAll(streamOf(text)));
      expect(error).toBeInstanceOf(CsvFormatError);
      expect(error.message).toBe('The file is empty.');
    }
  });

  test('an unclosed quote at the end of a stream is a CsvFormatError', async () => {
    const error = await rejection(readAll(streamOf('a,b\n1,"2\n3,4\n', 2)));
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).line).toBe(2);
  });
});

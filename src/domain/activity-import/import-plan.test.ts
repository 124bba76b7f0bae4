import { describe, expect, test } from 'bun:test';
import { CsvFormatError } from './csv-reader.ts';
import { HeaderMappingRequired, type ImportedLine, ImportRowsInvalid, runImport } from './import-plan.ts';
import { ImportTooLargeError, limitBytes, MAX_IMPORT_BYTES } from './limits.ts';
import { drainImport, rejection, streamOf } from './test-helpers.ts';

// A European spreadsheet export: BOM, ";" separators, CRLF, decimal commas, quoted fields holding ";",
// escaped quotes and a line break, blank lines and an all-empty ";;;;" row, and some bad rows.
const EUROPEAN =
  '\uFEFFDate;Site;Type;Sub-type;Qty;UOM;Cost;Currency;Ref\r\n' + // line 1
  '01/01/2025;London HQ;Electricity;;1.234,5;kWh;;;"INV; 1"\r\n' + // 2
  '\r\n' + // 3 (blank)
  '2025-01;"Leeds ""North"" Depot";Natural gas;;8320,25;kWh;;;"meter\r\nMPRN 75"\r\n' + // 4-5
  '15/01/2025;Leeds;Diesel;;640;litres;;;\r\n' + // 6
  '20/01/2025;Leeds;Water;;12;kWh;;;\r\n' + // 7: wrong unit for water
  '31/02/2025;Leeds;Waste;food_landfill;420;kgs;;;\r\n' + // 8: not a real date
  ';;;;;;;;\r\n' + // 9 (all empty)
  '2025-02-28;London HQ;purchased_goods;541611;;;4.800,00;GBP;"INV\r\n88213"\r\n' + // 10-11
  '2025-03-01;London HQ;flight;long_haul_economy;-10;passenger_km;;;\r\n' + // 12: negative
  '2025-03-02;London HQ;hotel;;2;bags;;;\r\n'; // 13: unknown unit

describe('readImport', () => {
  test('a European export: valid rows with the right line numbers and values, every bad row reported', async () => {
    for (const chunkSize of [3, 17, 1 << 16]) {
      const { lines, summary } = await drainImport(streamOf(EUROPEAN, chunkSize));
      expect(summary.separator).toBe(';');
      expect(lines.map((l) => [l.line, l.row.site, l.row.quantity ?? l.row.spend])).toEqual([
        [2, 'London HQ', 1234.5],
        [4, 'Leeds "North" Depot', 8320.25],
        [6, 'Leeds', 640],
        [10, 'London HQ', 4800],
      ]);
      expect(lines[1]!.row).toMatchObject({
        date: '2025-01-01',
        periodEnd: '2025-01-31',
        category: 'natural_gas',
        reference: 'meter MPRN 75',
        calorificBasis: 'gross',
      });
      expect(lines[3]!.row).toMatchObject({
        reference: 'INV 88213',
        currency: 'GBP',
        dataQuality: 'spend_based',
      });
      expect(summary).toMatchObject({ rowCount: 8, validCount: 4, invalidCount: 4, errorsTruncated: false });
      expect(summary.errors).toEqual([
        {
          line: 7,
          errors: [
            'unit "kWh" does not fit Water, which is measured in volume (litre, m3, gal_us, gal_uk, ft3 or scf)',
          ],
        },
        { line: 8, errors: ['date "31/02/2025" is not a real date'] },
        {
          line: 12,
          errors: [
            'quantity "-10" is negative; negative values are not accepted (enter credits and corrections separately)',
          ],
        },
        {
          line: 13,
          errors: ['unit "bags" is not a unit we know; use room_night'],
        },
      ]);
    }
  });

  test('batches hold at most batchSize rows, in file order', async () => {
    let text = 'date,site,category,quantity,unit\n';
    for (let i = 0; i < 1234; i++) text += `2025-01-01,Site ${i},electricity,${i},kWh\n`;
    const { batches, summary } = await drainImport(streamOf(text, 1000), { batchSize: 500 });
    expect(batches.map((b) => b.length)).toEqual([500, 500, 234]);
    expect(batches.flat().map((l) => l.line)).toEqual(Array.from({ length: 1234 }, (_, i) => i + 2));
    expect(summary.validCount).toBe(1234);
    const defaults = await drainImport(streamOf(text));
    expect(defaults.batches.map((b) => b.length)).toEqual([500, 500, 234]);
  });

  test('a File stream (2 MiB chunks) gives the same lines, fingerprints and batches as a trickle', async () => {
    let text = 'date;site;category;quantity;unit;reference\n';
    for (let i = 0; i < 40_000; i++) {
      const reference = i % 9 === 0 ? `"INV ${i}\nline two"` : `INV ${i % 30_000}`;
      text += `${i % 3 ? '2025-02-03' : '03/02/2025'};Site ${i % 5};electricity;${i % 1000},5;kWh;${reference}\n`;
    }
    const fromFile = await drainImport(new File([text], 'a.csv').stream(), { batchSize: 5000 });
    const trickle = await drainImport(streamOf(text, 777), { batchSize: 5000 });
    expect(fromFile.batches.map((b) => b.length)).toEqual(Array(8).fill(5000));
    expect(fromFile.lines).toEqual(trickle.lines);
    expect(fromFile.summary).toEqual(trickle.summary);
    expect(fromFile.summary.repeatedRows).toBeGreaterThan(0);
  });

  test('line numbers stay right after multi-line quoted fields', async () => {
    const text =
      'date,site,category,quantity,unit,reference\n' +
      '2025-01-01,A,electricity,1,kWh,"one\ntwo\nthree"\n' + // 2-4
      '2025-01-01,B,electricity,x,kWh,\n' + // 5: bad
      '2025-01-01,C,electricity,3,kWh,"a\r\nb"\n' + // 6-7
      '2025-01-01,D,electricity,4,parsecs,\n'; // 8: bad
    const { lines, summary } = await drainImport(streamOf(text, 2));
    expect(lines.map((l) => l.line)).toEqual([2, 6]);
    expect(summary.errors.map((e) => e.line)).toEqual([5, 8]);
    expect(summary.errors[0]!.errors[0]).toStartWith('quantity "x" is not a number');
  });

  test('stores the first 1,000 bad rows but counts them all', async () => {
    let text = 'date,site,category,quantity,unit\n';
    for (let i = 0; i < 1500; i++) text += `2025-01-01,S,electricity,${i % 2 ? -1 : 1},kWh\n`;
    const { summary } = await drainImport(streamOf(text));
    expect(summary.invalidCount).toBe(750);
    expect(summary.validCount).toBe(750);
    expect(summary.errors).toHaveLength(750);
    const many = await drainImport(streamOf(text), { maxStoredErrors: 100 });
    expect(many.summary.errors).toHaveLength(100);
    expect(many.summary.errorsTruncated).toBe(true);
    expect(many.summary.errors[99]!.line).toBe(201);

    let worse = 'date,site,category,quantity,unit\n';
    for (let i = 0; i < 1200; i++) worse += `2025-01-01,S,electricity,-1,kWh\n`;
    const capped = await drainImport(streamOf(worse));
    expect(capped.summary.invalidCount).toBe(1200);
    expect(capped.summary.errors).toHaveLength(1000);
    expect(capped.summary.errorsTruncated).toBe(true);
  });

  test('unrecognised required columns: HeaderMappingRequired, then the mapping step fixes it', async () => {
    const text = 'When;Building;Thing;How much;Unit;Remarks\n2025-01-01;HQ;electricity;10;kWh;hello\n';
    const error = await rejection(drainImport(streamOf(text)));
    expect(error).toBeInstanceOf(HeaderMappingRequired);
    const mappingError = error as HeaderMappingRequired;
    expect(mappingError.code).toBe('header_mapping_required');
    expect(mappingError.missingRequired).toEqual(['date', 'category', 'quantity or spend']);
    expect(mappingError.unknownColumns).toEqual(['When', 'Thing', 'How much', 'Remarks']);
    expect(mappingError.columns).toEqual(['When', 'Building', 'Thing', 'How much', 'Unit', 'Remarks']);
    expect(mappingError.mapping).toEqual({ site: 1, unit: 4 });
    expect(mappingError.message).toBe(
      'Some required columns are missing or not recognised: date, category, quantity or spend. Tell us what these columns hold: "When", "Thing", "How much", "Remarks".',
    );

    const { lines, summary } = await drainImport(streamOf(text), {
      userMapping: { When: 'date', Thing: 'category', 'How much': 'quantity', Remarks: 'ignore' },
    });
    expect(lines.map((l) => l.row.quantity)).toEqual([10]);
    expect(summary.headers.ignoredColumns).toEqual(['Remarks']);
  });

  test('unknown extra columns do not block the import; they are listed in the summary', async () => {
    const text = 'Date,Site,Category,Qty,Unit,Cost centre\n2025-01-01,HQ,electricity,10,kWh,CC-1\n';
    const { summary } = await drainImport(streamOf(text));
    expect(summary.validCount).toBe(1);
    expect(summary.headers.unknownColumns).toEqual(['Cost centre']);
  });

  test('a header-only file imports nothing; an empty file is a CsvFormatError', async () => {
    const { batches, summary } = await drainImport(streamOf('date,site,category,quantity,unit\r\n'));
    expect(batches).toEqual([]);
    expect(summary).toMatchObject({ rowCount: 0, validCount: 0, invalidCount: 0 });
    const error = await rejection(drainImport(streamOf('')));
    expect(error).toBeInstanceOf(CsvFormatError);
  });

  test('stopBatchesAfterError: no batch after the first bad row, but every bad row still reported', async () => {
    let text = 'date,site,category,quantity,unit\n';
    for (let i = 0; i < 3000; i++)
      text += `2025-01-01,S${i},electricity,${i === 1200 || i === 2900 ? 'x' : i},kWh\n`;
    const { lines, summary } = await drainImport(streamOf(text, 4096), { stopBatchesAfterError: true });
    expect(lines.length).toBeLessThan(1200);
    expect(lines.length % 500).toBe(0);
    expect(summary.invalidCount).toBe(2);
    expect(summary.errors.map((e) => e.line)).toEqual([1202, 2902]);
    expect(summary.validCount).toBe(2998);
  });
});

describe('10 MB limit', () => {
  test('MAX_IMPORT_BYTES is 10 MiB', () => {
    expect(MAX_IMPORT_BYTES).toBe(10 * 1024 * 1024);
  });

  test('a 10.5 MB upload is refused with a clear message, without reading it all', async () => {
    // 2,000 ordinary rows, then a note column that goes on and on (cheap to tokenise, so the test is quick).
    const encoder = new TextEncoder();
    const total = Math.round(10.5 * 1024 * 1024);
    let head = 'date,site,category,quantity,unit,reference\n';
    for (let i = 0; i < 2000; i++) head += `2025-01-01,London HQ,electricity,${i},kWh,MPAN ${i}\n`;
    head += '2025-01-02,London HQ,electricity,1,kWh,"';
    const filler = encoder.encode('filler text, padding; for size '.repeat(2000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = encoder.encode(head);
        sent += bytes.length;
        controller.enqueue(bytes);
      },
      pull(controller) {
        if (sent >= total) return controller.close();
        const piece = filler.subarray(0, Math.min(filler.length, total - sent));
        sent += piece.length;
        controller.enqueue(piece);
      },
    });
    let written = 0;
    const error = await rejection(
      runImport(body, {}, (lines: ImportedLine[]) => {
        written += lines.length;
      }),
    );
    expect(error).toBeInstanceOf(ImportTooLargeError);
    expect(error.message).toBe('The file is larger than 10 MB. Split it into smaller files.');
    expect((error as ImportTooLargeError).code).toBe('import_too_large');
    expect(sent).toBeGreaterThan(MAX_IMPORT_BYTES);
    expect(sent).toBeLessThan(MAX_IMPORT_BYTES + 4 * filler.length); // stopped reading at the limit
    expect(written).toBe(2000); // batches before the limit were handed over: the caller's transaction rolls back
  }, 30_000);

  test('limitBytes lets exactly maxBytes through and refuses one byte more', async () => {
    const read = async (size: number, max: number) => {
      const reader = limitBytes(streamOf(new Uint8Array(size), 7), max).getReader();
      let n = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return n;
        n += value.length;
      }
    };
    expect(await read(100, 100)).toBe(100);
    const error = await rejection(read(101, 100));
    expect(error).toBeInstanceOf(ImportTooLargeError);
    expect(error.message).toBe('The file is larger than 100 bytes. Split it into smaller files.');
  });
});

describe('runImport', () => {
  const good =
    'date,site,category,quantity,unit\n2025-01-01,HQ,electricity,1,kWh\n2025-01-02,HQ,electricity,2,kWh\n';

  test('hands every batch to the writer and resolves with the summary', async () => {
    const written: ImportedLine[] = [];
    const summary = await runImport(streamOf(good), { batchSize: 1 }, async (lines) => {
      written.push(...lines);
    });
    expect(written.map((l) => l.row.quantity)).toEqual([1, 2]);
    expect(summary).toMatchObject({ rowCount: 2, validCount: 2, invalidCount: 0 });
  });

  test('rejects with ImportRowsInvalid (so a surrounding transaction rolls back), carrying every error', async () => {
    const bad = `${good}2025-01-03,HQ,electricity,-3,kWh\n2025-01-04,HQ,water,3,kWh\n`;
    const error = await rejection(runImport(streamOf(bad), {}, () => {}));
    expect(error).toBeInstanceOf(ImportRowsInvalid);
    const { summary } = error as ImportRowsInvalid;
    expect(summary.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(error.message).toBe(
      '2 of 4 rows have problems; nothing was imported. Fix them and upload the file again.',
    );
  });

  test('a malformed file mid-way rejects after earlier batches were written', async () => {
    let text = 'date,site,category,quantity,unit\n';
    for (let i = 0; i < 600; i++) text += `2025-01-01,HQ,electricity,${i},kWh\n`;
    text += '2025-01-01,"HQ,electricity,1,kWh\n';
    let written = 0;
    const error = await rejection(
      runImport(streamOf(text, 1024), {}, (lines) => {
        written += lines.length;
      }),
    );
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).line).toBe(602);
    expect(written).toBe(500);
  });
});

import { describe, expect, test } from 'bun:test';
import { attachmentDisposition, cleanFileName, MAX_FILE_NAME_LENGTH } from './file-name.ts';

describe('uploaded file names', () => {
  test('keep the last path segment without control characters', () => {
    expect(cleanFileName('C:\\Users\\ada\\bill.pdf', 'receipt')).toBe('bill.pdf');
    expect(cleanFileName('../../etc/passwd', 'receipt')).toBe('passwd');
    expect(cleanFileName('bad\r\nname.pdf', 'receipt')).toBe('badname.pdf');
    expect(cleanFileName('   ', 'evidence')).toBe('evidence');
  });

  test('lose C1 controls and lone surrogate halves too, and keep whole emoji', () => {
    expect(cleanFileName('a\u0085b\u009b.png', 'receipt')).toBe('ab.png');
    expect(cleanFileName('bill\ud800 \udfff🌍.pdf', 'receipt')).toBe('bill 🌍.pdf');
    expect(cleanFileName('\u0000\u0085\ud83d', 'upload.csv')).toBe('upload.csv');
  });

  test(`are at most ${MAX_FILE_NAME_LENGTH} code units, never cut between the halves of a pair`, () => {
    expect(cleanFileName('x'.repeat(300), 'receipt')).toHaveLength(MAX_FILE_NAME_LENGTH);
    const cut = cleanFileName(`${'x'.repeat(MAX_FILE_NAME_LENGTH - 1)}🌍.pdf`, 'receipt');
    expect(cut).toBe('x'.repeat(MAX_FILE_NAME_LENGTH - 1));
    // Whatever is stored can be sent back: encodeURIComponent throws on a lone surrogate.
    expect(() => attachmentDisposition(cut)).not.toThrow();
  });

  test('are sent in RFC 5987 form', () => {
    expect(attachmentDisposition("Ada's bill (März).pdf")).toBe(
      "attachment; filename*=UTF-8''Ada%27s%20bill%20%28M%C3%A4rz%29.pdf",
    );
  });
});

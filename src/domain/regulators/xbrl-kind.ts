// Which kind of XBRL a generated report file is, so an adapter can tell a tagged document from
// any other file: Inline XBRL, xBRL-JSON or an XBRL 2.1 instance, looking inside a report package
// (zip) when the file is one.
import { unzipSync } from 'fflate';

/** The Inline XBRL 1.1 namespace: present in every iXBRL document. */
const INLINE_XBRL_NAMESPACE = 'http://www.xbrl.org/2013/inlineXBRL';
/** xBRL-JSON 1.0 `documentInfo.documentType`. */
const XBRL_JSON_DOCUMENT_TYPE = 'https://xbrl.org/2021/xbrl-json';
/** XBRL 2.1 instance namespace. */
const XBRL_INSTANCE_NAMESPACE = 'http://www.xbrl.org/2003/instance';

export type XbrlKind = 'inline' | 'xbrl-json' | 'instance';

/** What kind of XBRL the file is, looking inside a report package (zip) when it is one. */
export function xbrlKind(bytes: Uint8Array): XbrlKind | null {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) return documentKind(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    return null;
  }
  // Report Packages 1.0 keep the reports in reports/; the rest (an extension taxonomy's schema,
  // which declares the XBRL instance namespace too) is not the report.
  const reports = Object.keys(entries).filter((path) => /(^|\/)reports\/[^/]+$/.test(path));
  const kinds = (reports.length > 0 ? reports : Object.keys(entries)).map((path) =>
    documentKind(entries[path]!),
  );
  return kinds.find((kind) => kind === 'inline') ?? kinds.find((kind) => kind !== null) ?? null;
}

function documentKind(bytes: Uint8Array): XbrlKind | null {
  // Namespace declarations and the xBRL-JSON document type sit near the start of a document.
  const head = new TextDecoder().decode(bytes.subarray(0, 65_536));
  if (head.includes(INLINE_XBRL_NAMESPACE)) return 'inline';
  if (head.includes(XBRL_JSON_DOCUMENT_TYPE)) return 'xbrl-json';
  if (head.includes(XBRL_INSTANCE_NAMESPACE)) return 'instance';
  return null;
}

// Issue 19 item 1: every upload route answers a malformed multipart body, a missing file field, a
// text value in its place and a file without a name with 400 (415 for a body that is not
// multipart) that says what is wrong, and stores nothing (decision 039, lib/upload-form.ts).
import { describe, expect, test } from 'bun:test';
import { count, eq, isNotNull } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies } from '../../db/schema/auth.ts';
import { userPhotos } from '../../db/schema/auth-photo.ts';
import { companyBranding } from '../../db/schema/branding.ts';
import { esgEvidence } from '../../db/schema/esg-wizard.ts';
import { activityImports, activityLines } from '../../db/schema/ledger.ts';
import { receiptFiles } from '../../db/schema/receipts.ts';
import { MALFORMED_MULTIPART_MESSAGE, MISSING_BOUNDARY_MESSAGE } from '../../src/server/lib/upload-form.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });

interface UploadRoute {
  path: string;
  field: string;
  noun: string;
  missingMessage: string;
  /** Other form fields the route reads, valid, so that only the file is wrong. */
  fields?: Record<string, string>;
}

const ROUTES: UploadRoute[] = [
  {
    path: '/api/integrations/ocr/upload',
    field: 'receipt',
    noun: 'the receipt',
    missingMessage: 'Choose a receipt image or PDF',
  },
  {
    path: '/api/auth/user/photo',
    field: 'photo',
    noun: 'the photo',
    missingMessage: 'Choose a photo to upload',
  },
  {
    path: '/api/company/branding/logo',
    field: 'logo',
    noun: 'the logo',
    missingMessage: 'Choose a logo to upload',
  },
  {
    path: '/api/activities/import',
    field: 'file',
    noun: 'the file',
    missingMessage: 'Choose a CSV file to upload',
  },
  {
    path: '/api/esg/evidence',
    field: 'file',
    noun: 'the file',
    missingMessage: 'Choose a file to attach',
    fields: { jurisdiction: 'CSRD', indicator: 'scope_1_emissions' },
  },
];

const BOUNDARY = 'upload-boundary-7f3a';

function textPart(name: string, value: string) {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function filePart(name: string, fileName: string, content: string) {
  return (
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${content}\r\n`
  );
}

function body(route: UploadRoute, ...parts: string[]) {
  const fields = Object.entries(route.fields ?? {}).map(([name, value]) => textPart(name, value));
  return [...fields, ...parts, `--${BOUNDARY}--\r\n`].join('');
}

async function post(cookie: string, path: string, contentType: string, payload: string) {
  const response = await t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie, 'Content-Type': contentType },
    body: payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (await response.json()) as any };
}

/** Every row an upload could leave behind, across the five features and the audit log. */
async function storedRows() {
  const tally = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  return {
    receipts: await tally(t.db.select({ n: count() }).from(receiptFiles)),
    photos: await tally(t.db.select({ n: count() }).from(userPhotos)),
    logos: await tally(
      t.db.select({ n: count() }).from(companyBranding).where(isNotNull(companyBranding.logoBytes)),
    ),
    imports: await tally(t.db.select({ n: count() }).from(activityImports)),
    lines: await tally(t.db.select({ n: count() }).from(activityLines)),
    evidence: await tally(t.db.select({ n: count() }).from(esgEvidence)),
    audits: await tally(t.db.select({ n: count() }).from(auditLogs)),
  };
}

const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const malformed = { message: MALFORMED_MULTIPART_MESSAGE, code: 'malformed_multipart' };

/** Each case: the request, and the answer it must get. */
interface Answer {
  status: number;
  json: unknown;
}

const CASES: [string, (route: UploadRoute) => [string, string], (route: UploadRoute) => Answer][] = [
  [
    'a multipart Content-Type without a boundary',
    (route) => ['multipart/form-data', body(route, filePart(route.field, 'a.png', 'abc'))],
    () => ({ status: 400, json: { message: MISSING_BOUNDARY_MESSAGE, code: 'malformed_multipart' } }),
  ],
  [
    'a boundary that does not match the body',
    (route) => ['multipart/form-data; boundary=another', body(route, filePart(route.field, 'a.png', 'abc'))],
    () => ({ status: 400, json: malformed }),
  ],
  [
    'a body cut off before its closing boundary',
    (route) => [multipart, body(route, filePart(route.field, 'a.png', 'abc')).slice(0, -12)],
    () => ({ status: 400, json: malformed }),
  ],
  ['an empty body', () => [multipart, ''], () => ({ status: 400, json: malformed })],
  [
    'a file part with an empty file name and no bytes (nothing chosen)',
    (route) => [multipart, body(route, filePart(route.field, '', ''))],
    (route) => fieldRefusal(route, route.missingMessage),
  ],
  [
    'a file part with an empty file name',
    (route) => [multipart, body(route, filePart(route.field, '', 'abc'))],
    (route) => fieldRefusal(route, `The file has no name. ${route.missingMessage}`),
  ],
  [
    'the file field sent as text',
    (route) => [multipart, body(route, textPart(route.field, 'abc'))],
    (route) =>
      fieldRefusal(route, `"${route.field}" must be a file; it was sent as text. ${route.missingMessage}`),
  ],
  [
    'no file field',
    (route) => [multipart, body(route, filePart('other', 'a.png', 'abc'))],
    (route) => fieldRefusal(route, route.missingMessage),
  ],
  ['a JSON body', () => ['application/json', '{"file":"abc"}'], (route) => mediaTypeRefusal(route)],
  [
    'a url-encoded form',
    (route) => ['application/x-www-form-urlencoded', `${route.field}=abc`],
    (route) => mediaTypeRefusal(route),
  ],
];

function fieldRefusal(route: UploadRoute, message: string): Answer {
  return {
    status: 400,
    json: {
      message,
      code: 'validation_failed',
      details: { formErrors: [], fieldErrors: { [route.field]: [message] } },
    },
  };
}

function mediaTypeRefusal(route: UploadRoute): Answer {
  return {
    status: 415,
    json: {
      message: `Send ${route.noun} as multipart/form-data in a field named "${route.field}"`,
      code: 'unsupported_media_type',
    },
  };
}

describe('malformed uploads on every upload route', () => {
  for (const route of ROUTES) {
    test(`POST ${route.path} refuses each malformed form in words and stores nothing`, async () => {
      const owner = await t.signUpCompany();
      // Enterprise: the logo route checks the plan before it reads the body.
      await t.db.update(companies).set({ plan: 'enterprise' }).where(eq(companies.id, owner.user.companyId));
      const before = await storedRows();
      for (const [name, request, expected] of CASES) {
        const [contentType, payload] = request(route);
        const answer = await post(owner.cookie, route.path, contentType, payload);
        expect({ case: name, ...answer }).toEqual({ case: name, ...expected(route) });
      }
      expect(await storedRows()).toEqual(before);
    });
  }
});

// The public API of value-chain data requests (issue 22 item 6, decisions 077 and 078): the
// company-side operations an API key may call, the public shared-pack route and the JWKS.
import {
  CreateDataRequestSchema,
  CreateShareSchema,
  DataRequestListSchema,
  DataRequestSchema,
  DataRequestTemplateListSchema,
  DeclineDraftSchema,
  DeclineRequestSchema,
  JwksSchema,
  LenderViewQuerySchema,
  LenderViewSchema,
  QuestionsCsvResultSchema,
  QuestionsCsvSchema,
  ShareCreatedSchema,
  SignedPackSchema,
  UpdateAnswerSchema,
} from '../contracts/data-requests.ts';
import { named, type PublicOperation } from './operation-types.ts';

const TAG = 'Data requests';
const request = named('DataRequest', DataRequestSchema);
const id = { id: 'The data request’s id' };

export const DATA_REQUEST_OPERATIONS: readonly PublicOperation[] = [
  {
    method: 'get',
    path: '/api/data-requests/templates',
    operationId: 'listDataRequestTemplates',
    tag: TAG,
    summary:
      'The template library (VSME Basic, VSME Comprehensive, bank, core climate set, custom) and every known item key',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'The library',
      json: named('DataRequestTemplateList', DataRequestTemplateListSchema),
    },
  },
  {
    method: 'get',
    path: '/api/data-requests',
    operationId: 'listDataRequests',
    tag: TAG,
    summary: 'The company’s data requests with their status and answer counts, and those due soonest',
    minimumRole: 'viewer',
    response: {
      status: 200,
      description: 'The requests, newest first',
      json: named('DataRequestList', DataRequestListSchema),
    },
  },
  {
    method: 'post',
    path: '/api/data-requests',
    operationId: 'createDataRequest',
    tag: TAG,
    summary: 'Record a request from a template, or a custom list of questions (JSON or CSV)',
    description:
      'A CSV with bad rows is refused whole: 400 with code csv_rows and details.rows [{ row, message }]. A custom question answers from a known item only when it names its key; otherwise it stays missing.',
    minimumRole: 'member',
    body: {
      ...named('CreateDataRequest', CreateDataRequestSchema),
      example: {
        requesterName: 'Acme Retail',
        requesterType: 'customer',
        template: 'vsme_basic',
        period: '2025',
        dueDate: '2026-12-31',
      },
    },
    response: { status: 201, description: 'The request with its answers', json: request },
  },
  {
    method: 'post',
    path: '/api/data-requests/questions-csv',
    operationId: 'readDataRequestQuestionsCsv',
    tag: TAG,
    summary:
      'Read a CSV of questions (header question, optional key and unit) without saving: the questions and each bad row',
    minimumRole: 'member',
    body: {
      ...named('QuestionsCsv', QuestionsCsvSchema),
      example: { csv: 'question,key\nScope 1 emissions,scope_1_emissions\n' },
    },
    response: {
      status: 200,
      description: 'Questions and row errors',
      json: named('QuestionsCsvResult', QuestionsCsvResultSchema),
    },
  },
  {
    method: 'get',
    path: '/api/data-requests/lender-view',
    operationId: 'getLenderView',
    tag: TAG,
    summary:
      'PCAF data-quality score (1–5) per scope from the ledger’s data tiers, and the lines to change first',
    minimumRole: 'viewer',
    query: LenderViewQuerySchema,
    response: { status: 200, description: 'The lender view', json: named('LenderView', LenderViewSchema) },
  },
  {
    method: 'get',
    path: '/api/data-requests/{id}',
    operationId: 'getDataRequest',
    tag: TAG,
    summary:
      'One request with each answer’s value, unit, period, status and sources, the value-chain cap and the share',
    minimumRole: 'viewer',
    pathParams: id,
    response: { status: 200, description: 'The request', json: request },
  },
  {
    method: 'patch',
    path: '/api/data-requests/{id}/answers/{key}',
    operationId: 'updateDataRequestAnswer',
    tag: TAG,
    summary:
      'Edit an answer (marked and audited), reset it to the computed one, decline it, or answer an item beyond the cap',
    minimumRole: 'member',
    pathParams: { ...id, key: 'The item’s key' },
    body: {
      ...named('UpdateAnswer', UpdateAnswerSchema),
      example: { action: 'edit', value: 12.5, unit: 'tCO2e' },
    },
    response: { status: 200, description: 'The request', json: request },
  },
  {
    method: 'get',
    path: '/api/data-requests/{id}/decline-draft',
    operationId: 'getDataRequestDeclineDraft',
    tag: TAG,
    summary:
      'A polite decline of the items beyond the VSME value-chain cap (Directive (EU) 2026/470), citing the rule',
    description: '409 when the cap does not apply to the company or nothing goes beyond the VSME.',
    minimumRole: 'viewer',
    pathParams: id,
    response: { status: 200, description: 'The draft', json: named('DeclineDraft', DeclineDraftSchema) },
  },
  {
    method: 'post',
    path: '/api/data-requests/{id}/decline',
    operationId: 'declineDataRequest',
    tag: TAG,
    summary: 'Decline the items beyond the cap, or the whole request',
    minimumRole: 'member',
    pathParams: id,
    body: { ...named('DeclineRequest', DeclineRequestSchema), example: { scope: 'beyond_cap' } },
    response: { status: 200, description: 'The request', json: request },
  },
  {
    method: 'post',
    path: '/api/data-requests/{id}/share',
    operationId: 'shareDataRequest',
    tag: TAG,
    summary: 'Freeze the answers into a signed pack and create a link that expires (the token is shown once)',
    description: 'A new share replaces the live one; later ledger changes never alter a published pack.',
    minimumRole: 'member',
    pathParams: id,
    body: { ...named('CreateShare', CreateShareSchema), example: { expiresInDays: 30 } },
    response: { status: 201, description: 'The link', json: named('ShareCreated', ShareCreatedSchema) },
  },
  {
    method: 'delete',
    path: '/api/data-requests/{id}/share',
    operationId: 'revokeDataRequestShare',
    tag: TAG,
    summary: 'Revoke the live link at once (it then answers 410)',
    minimumRole: 'member',
    pathParams: id,
    response: { status: 204, description: 'Revoked' },
  },
  {
    method: 'get',
    path: '/api/shared/{token}',
    operationId: 'getSharedPack',
    tag: TAG,
    summary:
      'A shared pack, without an account: the frozen answers, signed with Ed25519 over their RFC 8785 (JCS) bytes',
    description:
      'Verify `signature` (base64url) over the UTF-8 bytes of `pack` serialised as JCS with the key `keyId` of /.well-known/jwks.json. 410 when the link was revoked (share_revoked) or expired (share_expired), 404 when it never existed, 429 beyond 30 openings a minute per address.',
    minimumRole: null,
    pathParams: { token: 'The link’s token' },
    response: { status: 200, description: 'The signed pack', json: named('SignedPack', SignedPackSchema) },
  },
  {
    method: 'get',
    path: '/api/shared/{token}/download/{format}',
    operationId: 'downloadSharedPack',
    tag: TAG,
    summary: 'A shared pack’s file: json (the signed pack), xbrl (VSME Inline XBRL report package) or pdf',
    minimumRole: null,
    pathParams: { token: 'The link’s token', format: 'json, xbrl or pdf' },
    response: {
      status: 200,
      description: 'The file, as an attachment (410 and 404 as for the pack)',
      binary: { contentTypes: ['application/json', 'application/zip', 'application/pdf'] },
    },
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    operationId: 'getJwks',
    tag: TAG,
    summary: 'The instance’s Ed25519 public keys (OKP JWKs) that sign shared packs; rotated keys stay listed',
    minimumRole: null,
    response: { status: 200, description: 'The key set', json: named('Jwks', JwksSchema) },
  },
];

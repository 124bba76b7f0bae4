import { describe, expect, test } from 'bun:test';
import * as contract from '../../../domain/contracts/data-requests';
import { DATA_REQUESTS_PATH, dataRequestRoutes } from './api';
import { sharedPackApiPath } from './shared-pack-words';

describe('the client spells the routes of the contract (kept apart so the first load has no zod)', () => {
  test('every path matches the contract, ids and keys encoded the same way', () => {
    const id = 'a b/1';
    expect(DATA_REQUESTS_PATH).toBe(contract.DATA_REQUESTS_PATH);
    expect(dataRequestRoutes.templates).toBe(contract.DATA_REQUEST_TEMPLATES_PATH);
    expect(dataRequestRoutes.questionsCsv).toBe(contract.DATA_REQUEST_QUESTIONS_CSV_PATH);
    expect(dataRequestRoutes.lenderView).toBe(contract.LENDER_VIEW_PATH);
    expect(dataRequestRoutes.request(id)).toBe(contract.dataRequestPath(id));
    expect(dataRequestRoutes.share(id)).toBe(contract.dataRequestSharePath(id));
    expect(dataRequestRoutes.answer(id, 'scope_1_t')).toBe(contract.dataRequestAnswerPath(id, 'scope_1_t'));
    expect(dataRequestRoutes.declineDraft(id)).toBe(contract.dataRequestDeclineDraftPath(id));
    expect(dataRequestRoutes.decline(id)).toBe(contract.dataRequestDeclinePath(id));
    expect(sharedPackApiPath('tok_en-1')).toBe(contract.sharedPackPath('tok_en-1'));
  });
});

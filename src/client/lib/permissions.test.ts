import { describe, expect, test } from 'bun:test';
import { permissionNote, VIEWER_NOTE } from './permissions';

describe('permissionNote', () => {
  test('says nothing to a role that may act, or before the user has loaded', () => {
    expect(permissionNote('admin', 'offsets.purchase')).toBeNull();
    expect(permissionNote('member', 'data.edit')).toBeNull();
    expect(permissionNote('viewer', 'data.read')).toBeNull();
    expect(permissionNote(null, 'filing.submit')).toBeNull();
  });

  test('tells a viewer they read only where a member could act', () => {
    expect(permissionNote('viewer', 'data.edit')).toBe(VIEWER_NOTE);
    expect(permissionNote('viewer', 'narratives.edit')).toBe(VIEWER_NOTE);
  });

  test('names the admin action out of reach, for members and viewers alike', () => {
    expect(permissionNote('viewer', 'company.edit')).toBe(
      'Only an admin can change the company name or jurisdiction.',
    );
    expect(permissionNote('member', 'filing.submit')).toBe(
      'Only an admin can file a report with a regulator.',
    );
    expect(permissionNote('member', 'offsets.purchase')).toBe('Only an admin can buy offsets.');
    expect(permissionNote('member', 'sources.delete')).toBe('Only an admin can delete a data source.');
  });
});

import { describe, expect, test } from 'bun:test';
import { RoleSchema } from '../contracts/auth.ts';
import { ACTIONS, type Action, can, minimumRole, PERMISSIONS, roleAtLeast } from './permissions.ts';

const roles = RoleSchema.options;

describe('the permission matrix (docs/decisions/019-roles.md)', () => {
  test('admins alone manage team, billing and API keys, file, delete and spend money', () => {
    const adminOnly: Action[] = [
      'team.manage',
      'billing.manage',
      'apiKeys.manage',
      'filing.submit',
      'sources.delete',
      'evidence.delete',
      'account.delete',
      'company.edit',
      'offsets.purchase',
      'offsets.retire',
      'audit.read',
      'branding.manage',
    ];
    for (const action of adminOnly) {
      expect([action, can('admin', action)]).toEqual([action, true]);
      expect([action, can('member', action)]).toEqual([action, false]);
      expect([action, can('viewer', action)]).toEqual([action, false]);
    }
  });

  test('members edit data, narratives and reports; viewers do not', () => {
    const memberActions: Action[] = [
      'data.edit',
      'emissions.recalculate',
      'receipts.scan',
      'sources.manage',
      'esg.edit',
      'narratives.edit',
      'reports.edit',
      'offsets.sync',
      'reportingYear.set',
      'dataRequests.edit',
      'dataRequests.share',
    ];
    for (const action of memberActions) {
      expect([action, minimumRole(action)]).toEqual([action, 'member']);
      expect([action, can('viewer', action)]).toEqual([action, false]);
    }
  });

  test('viewers read and do only what concerns themselves or writes nothing', () => {
    const viewerActions: string[] = ACTIONS.filter((action) => can('viewer', action)).sort();
    expect(viewerActions).toEqual(
      [
        'analytics.track',
        'data.read',
        'feedback.submit',
        'narratives.check',
        'profile.edit',
        'profile.privacy',
        'reports.export',
      ].sort(),
    );
  });

  test('every action is covered by one of the three groups above', () => {
    // A new action must be placed in a group deliberately: this counts them.
    expect(ACTIONS).toHaveLength(30);
    expect(new Set(Object.values(PERMISSIONS))).toEqual(new Set(roles));
  });

  test('roles are ordered: a higher role may do everything a lower one may', () => {
    expect(roleAtLeast('admin', 'member')).toBe(true);
    expect(roleAtLeast('member', 'admin')).toBe(false);
    expect(roleAtLeast('viewer', 'viewer')).toBe(true);
    for (const action of ACTIONS) {
      if (can('viewer', action)) expect(can('member', action)).toBe(true);
      if (can('member', action)) expect(can('admin', action)).toBe(true);
      expect(can('admin', action)).toBe(true);
    }
  });
});

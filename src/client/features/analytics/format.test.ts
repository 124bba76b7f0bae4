import { describe, expect, test } from 'bun:test';
import { dailyUserPoints, eventLabel, formatRate, isHighlightedConversion, topEventPoints } from './format';

describe('analytics formatting', () => {
  test('the conversion badge is highlighted only above 50', () => {
    expect(isHighlightedConversion(50)).toBe(false);
    expect(isHighlightedConversion(50.1)).toBe(true);
    expect(isHighlightedConversion(100)).toBe(true);
  });

  test('event names read as words; rates with one decimal', () => {
    expect(eventLabel('data_source_sync')).toBe('Data source synced');
    expect(eventLabel('esg_progress_updated')).toBe('ESG progress updated');
    expect(eventLabel('something_new')).toBe('Something new');
    expect(formatRate(33.3)).toBe('33.3%');
    expect(formatRate(100)).toBe('100%');
  });

  test('chart points name each UTC day in full and briefly', () => {
    expect(dailyUserPoints([{ date: '2026-03-18', users: 4 }])).toEqual([
      { label: 'Wed, 18 Mar 2026', shortLabel: '18 Mar', value: 4 },
    ]);
    expect(topEventPoints([{ eventName: 'wizard_started', count: 3 }])).toEqual([
      { label: 'Wizard started', shortLabel: '#1', value: 3 },
    ]);
  });
});

import { describe, expect, test } from 'bun:test';
import { createElement, Fragment } from 'react';
import { itemLabel, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

const item = (value: string, label: string) => createElement(SelectItem, { key: value, value }, label);

describe('itemLabel (the placeholder trigger shows the current choice before Radix loads)', () => {
  const children = [
    createElement(SelectTrigger, { key: 'trigger' }, createElement(SelectValue)),
    createElement(
      SelectContent,
      { key: 'content' },
      item('all', 'All categories'),
      // Items made by a map, inside a fragment, as screens write them.
      createElement(Fragment, null, [item('electricity', 'Electricity'), item('natural_gas', 'Natural gas')]),
    ),
  ];

  test('finds the label of the chosen item wherever it sits among the children', () => {
    expect(itemLabel(children, 'natural_gas')).toBe('Natural gas');
    expect(itemLabel(children, 'all')).toBe('All categories');
  });

  test('gives nothing for no choice or a value no item has, so the placeholder text shows', () => {
    expect(itemLabel(children, undefined)).toBeUndefined();
    expect(itemLabel(children, 'water')).toBeUndefined();
  });
});

// The version choice on the export screen says which VSME taxonomy version is the default and why
// (issue 18), in the words the API also uses.
import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_VSME_TAXONOMY_VERSION, VSME_DEFAULT_VERSION_REASON } from '../../../domain/contracts/export';
import { TaxonomyVersionField } from './taxonomy-version-field';

describe('TaxonomyVersionField', () => {
  test('labels the choice and says, tied to it, which version is the default and why', () => {
    const html = renderToStaticMarkup(
      <TaxonomyVersionField value={DEFAULT_VSME_TAXONOMY_VERSION} onValueChange={() => {}} />,
    );
    expect(html).toContain('VSME taxonomy version');
    expect(VSME_DEFAULT_VERSION_REASON).toStartWith('The default is 2026-05-01');
    expect(html).toContain(VSME_DEFAULT_VERSION_REASON);
    // The hint is tied to the control, so a screen reader reads it with the choice.
    const hintId = /<p id="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`aria-describedby="${hintId}"`);
  });
});

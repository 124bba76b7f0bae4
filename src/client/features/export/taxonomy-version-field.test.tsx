// The version choice on the export screen says which VSME taxonomy version is the default and why
// (issue 18), in the words the API also uses.
import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import {
  DEFAULT_VSME_TAXONOMY_VERSION,
  VSME_DEFAULT_VERSION_REASON,
  VsmeTaxonomyVersionSchema,
} from '../../../domain/contracts/export';
import { useContractForm } from '../../forms/contract-form';
import { ContractFormRoot } from '../../forms/form-field';
import { TaxonomyVersionField } from './taxonomy-version-field';

/** The field inside a form, as the report generator holds it. */
function InForm() {
  const form = useContractForm(z.object({ taxonomyVersion: VsmeTaxonomyVersionSchema }), {
    taxonomyVersion: DEFAULT_VSME_TAXONOMY_VERSION,
  });
  return (
    <ContractFormRoot form={form} onSubmit={() => {}}>
      <TaxonomyVersionField />
    </ContractFormRoot>
  );
}

describe('TaxonomyVersionField', () => {
  test('labels the choice and says, tied to it, which version is the default and why', () => {
    const html = renderToStaticMarkup(<InForm />);
    expect(html).toContain('VSME taxonomy version');
    expect(html).toContain(DEFAULT_VSME_TAXONOMY_VERSION);
    expect(VSME_DEFAULT_VERSION_REASON).toStartWith('The default is 2026-05-01');
    expect(html).toContain(VSME_DEFAULT_VERSION_REASON);
    // The hint is tied to the control, so a screen reader reads it with the choice.
    const hintId = /<p id="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`aria-describedby="${hintId}"`);
  });
});

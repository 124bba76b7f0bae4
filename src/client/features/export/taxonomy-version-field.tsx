import { VSME_DEFAULT_VERSION_REASON, VSME_TAXONOMY_VERSIONS } from '../../../domain/contracts/export';
import { SelectField } from '../../forms/select-field';

const VERSION_CHOICES = [...VSME_TAXONOMY_VERSIONS]
  .reverse()
  .map((version) => ({ value: version, label: version }));

/**
 * The EFRAG VSME taxonomy version a CSRD XBRL report is tagged with (the form's `taxonomyVersion`),
 * and why the default is the default.
 */
export function TaxonomyVersionField() {
  return (
    <div className="sm:max-w-xs">
      <SelectField
        name="taxonomyVersion"
        label="VSME taxonomy version"
        choices={VERSION_CHOICES}
        hint={VSME_DEFAULT_VERSION_REASON}
      />
    </div>
  );
}

import { useId } from 'react';
import { FieldError, Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../ui/select';
import { IDENTIFIER_KINDS, type IdentifierKind } from './identifier';

export interface IdentifierFieldProps {
  /** The input's id, so the form can move focus to it when it is refused. */
  inputId: string;
  kind: IdentifierKind;
  onKindChange: (kind: IdentifierKind) => void;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown once the person has left the field or tried to generate. */
  problem: string | null;
  onBlur: () => void;
  /** The value shown is the company profile's (decision 057). */
  fromProfile: boolean;
}

/** The company identifier an XBRL report names the company by: an LEI or a UK company number. */
export function IdentifierField({
  inputId,
  kind,
  onKindChange,
  value,
  onValueChange,
  problem,
  onBlur,
  fromProfile,
}: IdentifierFieldProps) {
  const id = useId();
  const describedBy = problem ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Label htmlFor={`${id}-kind`}>Company identifier for XBRL</Label>
        <Select value={kind} onValueChange={(next) => onKindChange(next as IdentifierKind)}>
          <SelectTrigger id={`${id}-kind`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(IDENTIFIER_KINDS) as IdentifierKind[]).map((option) => (
              <SelectItem key={option} value={option}>
                {IDENTIFIER_KINDS[option].option}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={inputId}>{IDENTIFIER_KINDS[kind].field}</Label>
        <Input
          id={inputId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onBlur={onBlur}
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          className="font-mono uppercase"
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
        />
        <FieldError id={`${id}-error`}>{problem ?? undefined}</FieldError>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted sm:col-span-2">
        {fromProfile ? 'From your company profile. ' : ''}Needed for XBRL; optional for PDF and CSV. Export
        XBRL of a report later uses the company profile's when the report has none. Companies House files UK
        accounts under the company number; EU registers expect an LEI.
      </p>
    </div>
  );
}

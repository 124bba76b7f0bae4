/** How the header and the profile show a person (spec §2 "User menu"). */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const clean = (value: string | null | undefined) => value?.trim() ?? '';

/** Full name when both parts exist, otherwise the email, otherwise 'User'. */
export function getDisplayName(person: PersonName | null | undefined): string {
  const first = clean(person?.firstName);
  const last = clean(person?.lastName);
  if (first && last) return `${first} ${last}`;
  return clean(person?.email) || 'User';
}

/** First letters of first and last name, otherwise the email's first letter, otherwise 'U'. */
export function getInitials(person: PersonName | null | undefined): string {
  const first = clean(person?.firstName);
  const last = clean(person?.lastName);
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const email = clean(person?.email);
  return email ? email[0]!.toUpperCase() : 'U';
}

export function getCompanyLabel(companyName: string | null | undefined): string {
  return clean(companyName) || 'Company';
}

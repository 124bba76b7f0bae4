// What a person reads when this server has no app registration for a connector (issue 17 item 8,
// decision 054). The settings an administrator adds are named in the README and the server log,
// never in these words: the person cannot set them and should not need to know their names.

/** Before any connection: the connector cannot be offered here yet. */
export function notSetUpMessage(label: string): string {
  return `${label} is not set up on this server yet — ask your administrator.`;
}

/** A connection made while the registration was there, since removed. */
export function noLongerSetUpMessage(label: string): string {
  return `${label} is no longer set up on this server — ask your administrator.`;
}

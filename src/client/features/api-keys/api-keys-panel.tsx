// Replaced by the feature's panel (issue 9).
export function ApiKeysPanel() {
  return null;
}
